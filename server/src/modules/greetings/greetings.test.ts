/**
 * §7 Greetings against the real app: uploads accepted and refused by type (sniffed bytes, not only the declared
 * type) and size, text greetings rendered by real espeak-ng (or, where it is missing, the 503 that says so),
 * change by id, delete, 404 across companies, 403 by role, the speech preview, the voices, §8's messages, the
 * signed audio links, and greetingResolver as routing uses it.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  GREETING_FILE_AND_TEXT,
  GREETING_MAX_BYTES,
  GREETING_NAME_MAX,
  GREETING_NAME_TOO_LONG,
  GREETING_TEXT_MAX,
  GREETING_TEXT_REQUIRED,
  GREETING_TEXT_TOO_LONG,
  GREETING_TTS_UNAVAILABLE,
  GREETING_VOICE_UNKNOWN,
  type Greeting,
  type GreetingVoices,
} from '@shared/api/greetings';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { greetings, numbers } from '../../db/schema';
import { espeakTts, type TextToSpeech, TtsUnavailableError } from '../../lib/tts';
import { fieldErrors, sharedTestAppWithFiles } from '../../testing/testApp';
import { GREETING_CALL_URL_TTL_MS, MEDIA_URL_TTL_MS } from '../media/urls';
import { multipart, type Part, TINY_PNG } from '../messaging/testing';
import { routingConfigOf } from '../numbers/config/service/routing';
import { greetingResolver } from './service';
import { GREETING_UPLOAD_MESSAGES } from './upload';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** A WAV of `samples` silent 16-bit mono samples at 8 kHz, with a correct header. */
function wavFile(samples = 800): Buffer {
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(data, 40);
  return wav;
}
const pad = (head: number[] | string, length = 256) =>
  Buffer.concat([Buffer.from(head as never), Buffer.alloc(length)]);
const MP3 = pad('ID3\x04\x00\x00\x00\x00\x00\x00');
const OGG = pad('OggS\x00\x02');
const WEBM = pad([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);

/** A working engine for machines without espeak-ng: every other test then still runs. */
const fakeSpeakingTts: TextToSpeech = {
  available: async () => true,
  voices: async () => [{ id: 'en-us', name: 'English (America)', language: 'en-us' }],
  speak: async (text) => wavFile(400 + text.length),
};
/** A server without text-to-speech. */
const unavailableTts: TextToSpeech = {
  available: async () => false,
  voices: async () => [],
  speak: async () => {
    throw new TtsUnavailableError();
  },
};

const espeakInstalled = await espeakTts().available();

const t = sharedTestAppWithFiles();
beforeAll(() => {
  if (!espeakInstalled) t.ctx.tts = fakeSpeakingTts;
});

const OWNER = 'owner@demo.test';
const AGENT = 'agent@demo.test';
const motors = () => t.ids.companies.demoMotors;
const otherCo = () => t.ids.companies.otherCo;

/** `POST /greetings` as multipart. */
async function upload(parts: Part[], options: { email?: string; companyId?: number } = {}) {
  const body = await multipart(parts);
  return t.as(options.email ?? OWNER, {
    method: 'POST',
    url: `/api/greetings?companyId=${options.companyId ?? motors()}`,
    ...body,
  });
}
/** `POST /greetings` as JSON (a text greeting, or a change without a file). */
const saveJson = (payload: object, email = OWNER, companyId = motors()) =>
  t.as(email, { method: 'POST', url: `/api/greetings?companyId=${companyId}`, payload });
const getOne = (id: number, email = OWNER) => t.as(email, { method: 'GET', url: `/api/greetings/${id}` });
const remove = (id: number, email = OWNER) => t.as(email, { method: 'DELETE', url: `/api/greetings/${id}` });
const speak = (payload: object, email = OWNER) =>
  t.as(email, { method: 'POST', url: `/api/greetings/speak?companyId=${motors()}`, payload });
const greetingOf = (response: LightMyRequestResponse) => response.json<{ greeting: Greeting }>().greeting;

/** The audio files stored for a company. */
async function storedFiles(companyId = motors()): Promise<string[]> {
  return (await readdir(join(t.ctx.config.dataDir, 'greetings', String(companyId))).catch(() => [])).sort();
}

/** `send` is refused (422) with those per-field messages, and no audio file is stored. */
async function expectRefusedStoringNothing(
  send: () => Promise<LightMyRequestResponse>,
  errors: Record<string, string[]>,
) {
  const before = await storedFiles();
  const response = await send();
  expect(response.statusCode, response.body).toBe(422);
  expect(fieldErrors(response)).toEqual(errors);
  expect(await storedFiles()).toEqual(before);
}

/** Fetches a signed audio URL (relative, or absolute on PUBLIC_URL) without signing in. */
function fetchAudio(url: string) {
  const { pathname, search } = new URL(url, 'http://local.test');
  return t.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

/** Runs `body` with this engine in place of the server's. */
async function withTts<T>(tts: TextToSpeech, body: () => Promise<T>): Promise<T> {
  const before = t.ctx.tts;
  t.ctx.tts = tts;
  try {
    return await body();
  } finally {
    t.ctx.tts = before;
  }
}

describe('POST /greetings: uploads', () => {
  it.each<[string, Buffer, string, string, string]>([
    ['WAV', wavFile(), 'welcome.wav', 'audio/wav', 'audio/wav'],
    ['WAV declared audio/x-wav', wavFile(), 'welcome.wav', 'audio/x-wav', 'audio/wav'],
    [
      'WAV declared as nothing in particular',
      wavFile(),
      'welcome.wav',
      'application/octet-stream',
      'audio/wav',
    ],
    ['MP3', MP3, 'welcome.mp3', 'audio/mpeg', 'audio/mpeg'],
    ['MP3 declared audio/mp3', MP3, 'welcome.mp3', 'audio/mp3', 'audio/mpeg'],
    ['Ogg', OGG, 'welcome.ogg', 'audio/ogg', 'audio/ogg'],
    ['WebM (a browser recording)', WEBM, 'recording.webm', 'audio/webm', 'audio/webm'],
  ])(
    'accepts %s, stored as its canonical type, and serves it back',
    async (_name, bytes, file, type, stored) => {
      const response = await upload([
        ['name', 'Main welcome'],
        ['file', bytes, file, type],
      ]);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ message: string }>().message).toBe('Greeting added successfully.');
      const greeting = greetingOf(response);
      expect(greeting).toMatchObject({
        company_id: motors(),
        name: 'Main welcome',
        kind: 'upload',
        content: null,
        voice: null,
        content_type: stored,
        size: bytes.length,
        playable_on_calls: stored === 'audio/wav' || stored === 'audio/mpeg',
        created_by: t.ids.users[OWNER],
      });
      expect(greeting.audio_url).toMatch(new RegExp(`^/api/greetings/${greeting.id}/audio\\?company=`));
      const audio = await fetchAudio(greeting.audio_url ?? '');
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe(stored);
      expect(audio.headers['x-content-type-options']).toBe('nosniff');
      expect(audio.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('names a greeting saved without a name after its file', async () => {
    const response = await upload([['file', wavFile(), 'Spring sale.wav', 'audio/wav']]);
    expect(greetingOf(response).name).toBe('Spring sale');
  });

  const tooBig = Buffer.concat([wavFile(), Buffer.alloc(GREETING_MAX_BYTES)]);
  it.each<[string, Part[], Record<string, string[]>]>([
    [
      'a PNG named .wav',
      [['file', TINY_PNG, 'welcome.wav', 'audio/wav']],
      { file: [GREETING_UPLOAD_MESSAGES.mismatch('welcome.wav', 'audio/wav')] },
    ],
    [
      'a PNG declared as nothing in particular',
      [['file', TINY_PNG, 'welcome.wav', 'application/octet-stream']],
      { file: [GREETING_UPLOAD_MESSAGES.type('welcome.wav')] },
    ],
    [
      'an image',
      [['file', TINY_PNG, 'logo.png', 'image/png']],
      { file: [GREETING_UPLOAD_MESSAGES.type('logo.png')] },
    ],
    [
      'an MP3 that says it is Ogg',
      [['file', MP3, 'welcome.ogg', 'audio/ogg']],
      { file: [GREETING_UPLOAD_MESSAGES.mismatch('welcome.ogg', 'audio/ogg')] },
    ],
    [
      'text called audio',
      [['file', 'hello there', 'welcome.mp3', 'audio/mpeg']],
      { file: [GREETING_UPLOAD_MESSAGES.mismatch('welcome.mp3', 'audio/mpeg')] },
    ],
    [
      'an empty file',
      [['file', '', 'empty.wav', 'audio/wav']],
      { file: [GREETING_UPLOAD_MESSAGES.empty('empty.wav')] },
    ],
    [
      `a file over ${GREETING_MAX_BYTES / (1024 * 1024)} MB`,
      [['file', tooBig, 'long.wav', 'audio/wav']],
      { file: [GREETING_UPLOAD_MESSAGES.tooLarge('long.wav')] },
    ],
    [
      'two files',
      [
        ['file', wavFile(), 'a.wav', 'audio/wav'],
        ['file', wavFile(), 'b.wav', 'audio/wav'],
      ],
      { file: [GREETING_UPLOAD_MESSAGES.oneFile] },
    ],
    [
      'a file in another field',
      [['audio', wavFile(), 'a.wav', 'audio/wav']],
      { file: [GREETING_UPLOAD_MESSAGES.fieldName] },
    ],
    [
      'a file and text to speak',
      [
        ['content', 'Hello'],
        ['file', wavFile(), 'a.wav', 'audio/wav'],
      ],
      { file: [GREETING_FILE_AND_TEXT], content: [GREETING_FILE_AND_TEXT] },
    ],
    [
      'a name too long',
      [
        ['name', 'n'.repeat(GREETING_NAME_MAX + 1)],
        ['file', wavFile(), 'a.wav', 'audio/wav'],
      ],
      { name: [GREETING_NAME_TOO_LONG] },
    ],
  ])('refuses %s (422 on the field), storing nothing', async (_name, parts, errors) => {
    await expectRefusedStoringNothing(() => upload(parts), errors);
  });
});

describe('POST /greetings: text spoken by a voice', () => {
  it.runIf(espeakInstalled)(
    'renders the text with real espeak-ng into a WAV that is served back',
    async () => {
      const response = await saveJson({
        name: 'Welcome',
        content: '  Thanks for calling Demo Motors.  ',
        voice: 'en-gb',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ message: string }>().message).toBe(SUCCESS_MESSAGES.greetingAdded);
      const greeting = greetingOf(response);
      expect(greeting).toMatchObject({
        name: 'Welcome',
        kind: 'text',
        content: 'Thanks for calling Demo Motors.',
        voice: 'en-gb',
        content_type: 'audio/wav',
        playable_on_calls: true,
      });
      const audio = await fetchAudio(greeting.audio_url ?? '');
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/wav');
      const wav = audio.rawPayload;
      expect(wav.length).toBe(greeting.size);
      expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
      expect(wav.toString('latin1', 8, 12)).toBe('WAVE');
      expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    },
  );

  it.runIf(!espeakInstalled)('without espeak-ng on this machine, the real engine answers 503', async () => {
    await withTts(espeakTts(), async () => {
      const response = await saveJson({ content: 'Thanks for calling.' });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ message: string }>().message).toBe(GREETING_TTS_UNAVAILABLE);
    });
  });

  it('takes the text as multipart fields too, in the default voice, named after its start', async () => {
    const response = await upload([
      ['content', 'Please hold while we connect you to the next available agent.'],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(greetingOf(response)).toMatchObject({
      kind: 'text',
      voice: 'en-us',
      name: 'Please hold while we connect you to the next available agen…',
    });
  });

  it.each<[string, object, Record<string, string[]>]>([
    ['nothing to play', { name: 'Empty' }, { content: [GREETING_TEXT_REQUIRED] }],
    ['blank text', { content: '   ' }, { content: [GREETING_TEXT_REQUIRED] }],
    ['text too long', { content: 'a'.repeat(GREETING_TEXT_MAX + 1) }, { content: [GREETING_TEXT_TOO_LONG] }],
    ['an unknown voice', { content: 'Hello', voice: 'xx-nowhere' }, { voice: [GREETING_VOICE_UNKNOWN] }],
    ['an id that is no id', { id: 'seven', content: 'Hello' }, { id: [expect.any(String)] as never }],
  ])('refuses %s (422 on the field)', async (_name, payload, errors) => {
    await expectRefusedStoringNothing(() => saveJson(payload), errors);
  });

  it('without text-to-speech on the server: 503 saying so and that uploads work, never a 500', async () => {
    await withTts(unavailableTts, async () => {
      const response = await saveJson({ content: 'Thanks for calling.' });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ message: string }>().message).toBe(GREETING_TTS_UNAVAILABLE);
      expect(GREETING_TTS_UNAVAILABLE).toMatch(/not installed.*Upload an audio file/);
      // Uploading still works.
      const uploaded = await upload([['file', wavFile(), 'welcome.wav', 'audio/wav']]);
      expect(uploaded.statusCode).toBe(201);
    });
  });
});

describe('POST /greetings with an id: changes that greeting', () => {
  async function textGreeting(content = 'Thanks for calling.'): Promise<Greeting> {
    const response = await saveJson({ name: 'To change', content });
    expect(response.statusCode, response.body).toBe(201);
    return greetingOf(response);
  }

  it('a new name keeps the audio (not rendered again)', async () => {
    const greeting = await textGreeting();
    const files = await storedFiles();
    const response = await saveJson({ id: greeting.id, name: 'Renamed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe('Greeting updated successfully.');
    expect(greetingOf(response)).toMatchObject({
      id: greeting.id,
      name: 'Renamed',
      content: greeting.content,
      voice: greeting.voice,
      size: greeting.size,
    });
    expect(await storedFiles()).toEqual(files);
    // Without espeak-ng the unchanged text still saves: nothing is rendered.
    await withTts(unavailableTts, async () => {
      const again = await saveJson({
        id: greeting.id,
        name: 'Renamed again',
        content: greeting.content ?? '',
      });
      expect(again.statusCode, again.body).toBe(200);
    });
  });

  it('new text renders new audio and the old file goes', async () => {
    const greeting = await textGreeting();
    const before = await storedFiles();
    const response = await saveJson({ id: greeting.id, content: 'We are closed for the holiday. Goodbye.' });
    expect(response.statusCode, response.body).toBe(200);
    const changed = greetingOf(response);
    expect(changed).toMatchObject({ content: 'We are closed for the holiday. Goodbye.', name: 'To change' });
    expect(changed.size).not.toBe(greeting.size);
    const after = await storedFiles();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
  });

  it('an upload replaces text: the greeting becomes an upload', async () => {
    const greeting = await textGreeting();
    const response = await upload([
      ['id', String(greeting.id)],
      ['file', MP3, 'jingle.mp3', 'audio/mpeg'],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(greetingOf(response)).toMatchObject({
      id: greeting.id,
      kind: 'upload',
      content: null,
      voice: null,
      content_type: 'audio/mpeg',
      size: MP3.length,
      name: 'To change',
    });
  });

  it('blank text on a change is refused, and a voice alone cannot make an upload speak', async () => {
    const greeting = await textGreeting();
    const blank = await saveJson({ id: greeting.id, content: '' });
    expect(blank.statusCode).toBe(422);
    expect(fieldErrors(blank)).toEqual({ content: [GREETING_TEXT_REQUIRED] });
    const uploaded = greetingOf(await upload([['file', wavFile(), 'a.wav', 'audio/wav']]));
    const voiceOnly = await saveJson({ id: uploaded.id, voice: 'en-us' });
    expect(voiceOnly.statusCode).toBe(422);
    expect(fieldErrors(voiceOnly)).toEqual({ content: [GREETING_TEXT_REQUIRED] });
  });

  it('another company’s greeting, or none, answers 404 and stores nothing', async () => {
    const [foreign] = await t.ctx.db
      .insert(greetings)
      .values({ company_id: otherCo(), name: 'Theirs', content: 'Hello', voice: 'en-us' })
      .returning();
    const before = await storedFiles();
    for (const id of [foreign?.id ?? 0, 999_999]) {
      const response = await upload([
        ['id', String(id)],
        ['file', wavFile(), 'a.wav', 'audio/wav'],
      ]);
      expect(response.statusCode).toBe(404);
    }
    expect(await storedFiles()).toEqual(before);
    const [row] = await t.ctx.db
      .select()
      .from(greetings)
      .where(eq(greetings.id, foreign?.id ?? 0));
    expect(row).toMatchObject({ name: 'Theirs', file_path: null });
  });
});

describe('GET /greetings, GET and DELETE /greetings/{id}', () => {
  it('lists the company’s greetings only, newest first', async () => {
    const made = greetingOf(await upload([['file', wavFile(), 'Newest.wav', 'audio/wav']]));
    const response = await t.as(AGENT, { method: 'GET', url: `/api/greetings?companyId=${motors()}` });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Greeting[] }>().data;
    expect(data[0]).toMatchObject({ id: made.id, name: 'Newest' });
    expect(data.every((greeting) => greeting.company_id === motors())).toBe(true);
  });

  it('reads one greeting; reporting may read, billing may not', async () => {
    const made = greetingOf(await upload([['file', wavFile(), 'One.wav', 'audio/wav']]));
    const response = await getOne(made.id, 'reporting@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json<Greeting>()).toMatchObject({ id: made.id, name: 'One', kind: 'upload' });
    expect((await getOne(made.id, 'billing@demo.test')).statusCode).toBe(403);
  });

  it('agents read but do not change greetings (403)', async () => {
    const made = greetingOf(await upload([['file', wavFile(), 'Keep.wav', 'audio/wav']]));
    expect((await upload([['file', wavFile(), 'a.wav', 'audio/wav']], { email: AGENT })).statusCode).toBe(
      403,
    );
    expect((await remove(made.id, AGENT)).statusCode).toBe(403);
    expect((await speak({ content: 'Hi' }, AGENT)).statusCode).toBe(403);
  });

  it('deletes a greeting and its audio, with §8’s message', async () => {
    const made = greetingOf(await upload([['file', wavFile(), 'Gone.wav', 'audio/wav']]));
    const before = await storedFiles();
    const response = await remove(made.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Greeting deleted successfully.' });
    expect((await getOne(made.id)).statusCode).toBe(404);
    expect(await storedFiles()).toHaveLength(before.length - 1);
    expect((await fetchAudio(made.audio_url ?? '')).statusCode).toBe(404);
    expect((await remove(made.id)).statusCode).toBe(404);
  });

  it('another company’s greeting answers 404 to read and to delete, and stays', async () => {
    const [foreign] = await t.ctx.db
      .insert(greetings)
      .values({ company_id: otherCo(), name: 'Theirs', content: 'Hello', voice: 'en-us' })
      .returning();
    const id = foreign?.id ?? 0;
    expect((await getOne(id)).statusCode).toBe(404);
    expect((await remove(id)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(greetings).where(eq(greetings.id, id))).toHaveLength(1);
    // Nor can one be added there.
    expect((await saveJson({ content: 'Hello' }, OWNER, otherCo())).statusCode).toBe(404);
  });
});

describe('the signed audio link', () => {
  it('lasts MEDIA_URL_TTL_MS and is refused once expired or tampered with', async () => {
    const start = new Date();
    t.setNow(start);
    try {
      const made = greetingOf(await upload([['file', wavFile(), 'Link.wav', 'audio/wav']]));
      const url = made.audio_url ?? '';
      expect(url).toContain(`expires=${start.getTime() + MEDIA_URL_TTL_MS}`);
      for (const tampered of [
        url.replace(/company=\d+/, `company=${otherCo()}`),
        url.replace(/\/greetings\/\d+\//, `/greetings/${made.id + 1}/`),
        url.replace(/sig=[0-9a-f]{4}/, 'sig=0000'),
      ]) {
        const response = await fetchAudio(tampered);
        expect(response.statusCode, tampered).toBe(403);
        expect(response.json<{ message: string }>().message).toBe('This link is not valid.');
      }
      t.setNow(new Date(start.getTime() + MEDIA_URL_TTL_MS + 1000));
      const expired = await fetchAudio(url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json<{ message: string }>().message).toBe('This link has expired.');
    } finally {
      t.setNow(new Date());
    }
  });
});

describe('POST /greetings/speak and GET /greetings/voices', () => {
  it('speaks a preview as audio/wav and stores nothing', async () => {
    const before = await storedFiles();
    const response = await speak({ content: 'This is how it will sound.', voice: 'en-us' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.toString('latin1', 0, 4)).toBe('RIFF');
    expect(await storedFiles()).toEqual(before);
  });

  it.each<[string, object, Record<string, string[]>]>([
    ['no text', {}, { content: ['Enter the text to speak.'] }],
    ['blank text', { content: '  ' }, { content: ['Enter the text to speak.'] }],
    ['text too long', { content: 'a'.repeat(GREETING_TEXT_MAX + 1) }, { content: [GREETING_TEXT_TOO_LONG] }],
    ['an unknown voice', { content: 'Hi', voice: 'xx-nowhere' }, { voice: [GREETING_VOICE_UNKNOWN] }],
  ])('refuses %s (422)', async (_name, payload, errors) => {
    const response = await speak(payload);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual(errors);
  });

  it('answers 503 without text-to-speech', async () => {
    await withTts(unavailableTts, async () => {
      const response = await speak({ content: 'Hello' });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ message: string }>().message).toBe(GREETING_TTS_UNAVAILABLE);
    });
  });

  it('lists the voices to any signed-in user, or says text-to-speech is missing', async () => {
    const response = await t.as('billing@demo.test', { method: 'GET', url: '/api/greetings/voices' });
    expect(response.statusCode).toBe(200);
    const voices = response.json<GreetingVoices>();
    expect(voices).toMatchObject({ available: true, default_voice: 'en-us', message: null });
    expect(voices.data).toContainEqual({ id: 'en-us', name: 'English (America)', language: 'en-us' });
    await withTts(unavailableTts, async () => {
      const missing = await t.as(AGENT, { method: 'GET', url: '/api/greetings/voices' });
      expect(missing.json<GreetingVoices>()).toEqual({
        available: false,
        default_voice: 'en-us',
        message: GREETING_TTS_UNAVAILABLE,
        data: [],
      });
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/greetings/voices' })).statusCode).toBe(401);
  });
});

describe('greetingResolver', () => {
  it('gives a call the absolute audio link, valid an hour, and the text; routingConfigOf plays it', async () => {
    const now = new Date();
    t.setNow(now);
    const made = greetingOf(await saveJson({ name: 'Sales welcome', content: 'Welcome to sales.' }));
    const resolve = greetingResolver(t.ctx, motors());
    const ref = await resolve(made.id);
    expect(ref).toEqual({
      audioUrl: expect.stringMatching(
        new RegExp(`^${t.ctx.config.publicUrl}/api/greetings/${made.id}/audio\\?company=${motors()}&`),
      ),
      text: 'Welcome to sales.',
    });
    expect(ref?.audioUrl).toContain(`expires=${now.getTime() + GREETING_CALL_URL_TTL_MS}`);
    expect(GREETING_CALL_URL_TTL_MS).toBeGreaterThanOrEqual(60 * 60_000);
    const audio = await fetchAudio(ref?.audioUrl ?? '');
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.toString('latin1', 0, 4)).toBe('RIFF');

    await t.ctx.db
      .update(numbers)
      .set({ greeting: { greeting_id: made.id } })
      .where(eq(numbers.id, t.ids.numbers.motorsSales));
    const config = await routingConfigOf(t.ctx.db, t.ids.numbers.motorsSales, { resolveGreeting: resolve });
    expect(config?.number.greeting).toEqual(ref);
  });

  it('leaves out audio a phone cannot play, keeping text; null when nothing is left', async () => {
    const ogg = greetingOf(await upload([['file', OGG, 'recorded.ogg', 'audio/ogg']]));
    expect(ogg.playable_on_calls).toBe(false);
    expect(await greetingResolver(t.ctx, motors())(ogg.id)).toBeNull();
    const [textOnly] = await t.ctx.db
      .insert(greetings)
      .values({ company_id: motors(), name: 'Text only', content: 'Hello there.', voice: 'en-us' })
      .returning();
    expect(await greetingResolver(t.ctx, motors())(textOnly?.id ?? 0)).toEqual({
      audioUrl: null,
      text: 'Hello there.',
    });
  });

  it('resolves another company’s greeting, or none, to null', async () => {
    const made = greetingOf(await upload([['file', wavFile(), 'Ours.wav', 'audio/wav']]));
    expect(await greetingResolver(t.ctx, otherCo())(made.id)).toBeNull();
    expect(await greetingResolver(t.ctx, motors())(999_999)).toBeNull();
  });
});
