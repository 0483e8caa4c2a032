/**
 * The greetings screen's rules, against the contract and the spec: §3 Greeting "id, content, voice, uploaded
 * file"; §7 `POST /greetings` multipart "with an `id` it changes that greeting", a file or text, not both.
 */
import {
  GREETING_FILE_AND_TEXT,
  GREETING_MAX_BYTES,
  GREETING_NAME_MAX,
  GREETING_NAME_TOO_LONG,
  GREETING_TEXT_MAX,
  GREETING_TEXT_REQUIRED,
  GREETING_TEXT_TOO_LONG,
  type Greeting,
  GreetingFieldsSchema,
} from '@shared/api/greetings';
import { describe, expect, it } from 'vitest';
import { toFormData } from '../../api/contractCall';
import {
  declaredAudioType,
  draftErrors,
  draftOf,
  FILE_REQUIRED,
  fileProblem,
  formatBytes,
  formatElapsed,
  type GreetingDraft,
  greetingFields,
  greetingSummary,
  levelOf,
  RECORDING_REQUIRED,
  recordingFileName,
  recordingType,
  searchGreetings,
  voiceName,
} from './greetingModel';

const VOICES = [
  { id: 'en-us', name: 'English (America)', language: 'en-us' },
  { id: 'fr-fr', name: 'French (France)', language: 'fr-fr' },
];

function greeting(changes: Partial<Greeting> = {}): Greeting {
  return {
    id: 7,
    company_id: 1,
    name: 'Welcome',
    kind: 'text',
    content: 'Thanks for calling Demo Motors.',
    voice: 'en-us',
    audio_url: '/api/greetings/7/audio?company=1&expires=1&sig=x',
    content_type: 'audio/wav',
    size: 48_000,
    playable_on_calls: true,
    created_by: 1,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...changes,
  };
}

const draft = (changes: Partial<GreetingDraft> = {}): GreetingDraft => ({
  ...draftOf(null, 'en-us'),
  ...changes,
});
const wav = (size = 1000, name = 'hello.wav', type = 'audio/wav') =>
  new File([new Uint8Array(size)], name, { type });

describe('the dialog’s starting values', () => {
  it('a new greeting speaks text in the server’s default voice', () => {
    expect(draftOf(null, 'en-gb')).toEqual({
      name: '',
      source: 'text',
      content: '',
      voice: 'en-gb',
      file: null,
    });
  });

  it('a text greeting keeps its text and voice; an upload starts as an upload with no new file', () => {
    expect(draftOf(greeting(), 'en-us')).toMatchObject({
      id: 7,
      source: 'text',
      content: greeting().content,
    });
    expect(draftOf(greeting({ kind: 'upload', content: null, voice: null }), 'en-us')).toMatchObject({
      id: 7,
      source: 'upload',
      content: '',
      voice: 'en-us',
      file: null,
    });
  });
});

describe('what is refused before sending (the contract’s own messages)', () => {
  it.each<[string, Partial<GreetingDraft>, Record<string, string>]>([
    ['blank text', { content: '   ' }, { content: GREETING_TEXT_REQUIRED }],
    [
      'text past the limit',
      { content: 'a'.repeat(GREETING_TEXT_MAX + 1) },
      { content: GREETING_TEXT_TOO_LONG },
    ],
    [
      'a name past the limit',
      { content: 'Hi', name: 'n'.repeat(GREETING_NAME_MAX + 1) },
      { name: GREETING_NAME_TOO_LONG },
    ],
    ['a new upload without a file', { source: 'upload' }, { file: FILE_REQUIRED }],
    ['a recording not made yet', { source: 'record' }, { file: RECORDING_REQUIRED }],
    ['text at the limit', { content: 'a'.repeat(GREETING_TEXT_MAX) }, {}],
    ['an upload with a WAV file', { source: 'upload', file: wav() }, {}],
  ])('%s', (_what, changes, errors) => {
    expect(draftErrors(draft(changes))).toEqual(errors);
  });

  it('a changed upload may keep its audio (no new file)', () => {
    expect(draftErrors({ ...draftOf(greeting({ kind: 'upload' }), 'en-us'), file: null })).toEqual({});
  });

  it.each<[string, File, string | undefined]>([
    ['WAV', wav(), undefined],
    ['a recording in WebM with its codec', wav(10, 'recording.webm', 'audio/webm;codecs=opus'), undefined],
    ['undeclared bytes (the server sniffs them)', wav(10, 'x.bin', 'application/octet-stream'), undefined],
    [
      'a PNG',
      wav(10, 'logo.png', 'image/png'),
      'logo.png is not audio a greeting can use: upload WAV, MP3, Ogg or WebM.',
    ],
    ['an empty file', wav(0), 'hello.wav is empty.'],
    [
      'a file past 5 MB',
      wav(GREETING_MAX_BYTES + 1),
      'hello.wav is larger than 5 MB, the limit for a greeting.',
    ],
  ])('a file: %s', (_what, file, problem) => {
    expect(fileProblem(file)).toBe(problem);
  });

  it('reads the declared type without its parameters', () => {
    expect(declaredAudioType('audio/ogg; codecs=opus')).toBe('audio/ogg');
    expect(declaredAudioType('')).toBe('');
  });
});

describe('the multipart body of POST /greetings', () => {
  it('text: content and voice, no file; the contract’s fields schema takes them', () => {
    const fields = greetingFields(draft({ name: ' Welcome ', content: ' Hello there ', voice: 'fr-fr' }));
    expect(fields).toEqual({ name: 'Welcome', content: 'Hello there', voice: 'fr-fr' });
    expect(GreetingFieldsSchema.safeParse(fields).success).toBe(true);
  });

  it('with an id it changes that greeting', () => {
    const fields = greetingFields({ ...draftOf(greeting(), 'en-us'), content: 'New words' });
    expect(fields).toMatchObject({ id: 7, name: 'Welcome', content: 'New words', voice: 'en-us' });
    expect(toFormData(fields).get('id')).toBe('7');
  });

  it('an upload sends the file alone (a file and text together are refused)', () => {
    const file = wav();
    const fields = greetingFields(draft({ source: 'upload', content: 'left over', file }));
    expect(fields).toEqual({ name: '', file });
    expect(fields).not.toHaveProperty('content');
    expect(GREETING_FILE_AND_TEXT).toBe('Upload an audio file or enter text to speak, not both.');
  });

  it('a recording is sent as a named file of its type', () => {
    const recording = new Blob([new Uint8Array(20)], { type: 'audio/webm;codecs=opus' });
    const fields = greetingFields(draft({ source: 'record', file: recording }));
    const sent = toFormData(fields).get('file') as File;
    expect(sent.name).toBe('recording.webm');
    expect(sent.type).toBe('audio/webm;codecs=opus');
    expect(sent.size).toBe(20);
  });

  it('a changed upload without a new file sends its name only, keeping its audio', () => {
    const fields = greetingFields({ ...draftOf(greeting({ kind: 'upload' }), 'en-us'), name: 'Hold music' });
    expect(fields).toEqual({ id: 7, name: 'Hold music' });
  });

  it.each([
    ['audio/webm;codecs=opus', 'recording.webm'],
    ['audio/ogg;codecs=opus', 'recording.ogg'],
    ['', 'recording.webm'],
  ])('a recording of type %s is named %s', (type, name) => {
    expect(recordingFileName(type)).toBe(name);
  });
});

describe('the recorder', () => {
  it('prefers Opus in WebM, then Ogg; nothing when the browser supports none', () => {
    expect(recordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(recordingType((type) => type.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(recordingType(() => false)).toBeUndefined();
  });

  it('the timer reads minutes and seconds', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7_900)).toBe('0:07');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(-5)).toBe('0:00');
  });

  it('the level meter: silence is 0, a full-scale signal fills it, a quiet one shows a little', () => {
    expect(levelOf(new Uint8Array(256).fill(128))).toBe(0);
    expect(levelOf(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(100);
    const quiet = levelOf(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 138 : 118)));
    expect(quiet).toBeGreaterThan(0);
    expect(quiet).toBeLessThan(40);
    expect(levelOf([])).toBe(0);
  });
});

describe('the list', () => {
  it('says what a greeting plays: its text and voice, or its file', () => {
    expect(greetingSummary(greeting(), VOICES)).toBe('“Thanks for calling Demo Motors.” — English (America)');
    expect(
      greetingSummary(
        greeting({ kind: 'upload', content: null, voice: null, content_type: 'audio/mpeg', size: 1_572_864 }),
        VOICES,
      ),
    ).toBe('MP3 file, 1.5 MB');
    expect(voiceName('xx', VOICES)).toBe('xx');
  });

  it('sizes in bytes, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(48_000)).toBe('47 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('searches names, texts and voices', () => {
    const list = [
      greeting(),
      greeting({ id: 8, name: 'Après', content: 'Bonjour', voice: 'fr-fr' }),
      greeting({ id: 9, name: 'Hold', kind: 'upload', content: null, voice: null }),
    ];
    expect(searchGreetings(list, '', VOICES)).toHaveLength(3);
    expect(searchGreetings(list, 'french', VOICES).map((g) => g.id)).toEqual([8]);
    expect(searchGreetings(list, 'DEMO motors', VOICES).map((g) => g.id)).toEqual([7]);
    expect(searchGreetings(list, 'hold', VOICES).map((g) => g.id)).toEqual([9]);
  });
});
