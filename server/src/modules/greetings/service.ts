/**
 * §7 Greetings: a company's audio that calls play (§3 Greeting "id, content, voice, uploaded file"). A greeting
 * is an uploaded file, or text spoken by a voice — rendered to WAV by text-to-speech when it is saved, so a call
 * plays the same audio every time and a server that later loses espeak-ng still plays what it has. Audio lives
 * under the data folder and is served by short-lived signed URLs (media/urls.ts), like every other media.
 */

import {
  DEFAULT_GREETING_VOICE,
  GREETING_FILE_AND_TEXT,
  GREETING_TEXT_REQUIRED,
  GREETING_TTS_UNAVAILABLE,
  GREETING_VOICE_UNKNOWN,
  type Greeting,
  GreetingFieldsSchema,
  type GreetingVoices,
} from '@shared/api/greetings';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { and, desc, eq } from 'drizzle-orm';
import { greetings } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { parseInput } from '../../http/route';
import { HttpError, invalid, notFound } from '../../lib/errors';
import { TtsUnavailableError, UnknownVoiceError } from '../../lib/tts';
import type { GreetingRef } from '../../routing/types';
import { GREETING_CALL_URL_TTL_MS, signGreetingUrl } from '../media/urls';
import { removeAudio, type StoredAudio, storeAudio } from './upload';
import { type GreetingRow, greetingView, isCallPlayable } from './view';

/** A name for a greeting saved without one: the file's name without its extension, or the text's start. */
const DEFAULT_NAME_LENGTH = 60;

/** The company of greeting `id`, or null when there is none (the route then answers 404). */
export async function greetingCompany(ctx: AppContext, id: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ company_id: greetings.company_id })
    .from(greetings)
    .where(eq(greetings.id, id));
  return row?.company_id ?? null;
}

async function greetingOf(ctx: AppContext, companyId: number, id: number): Promise<GreetingRow> {
  const [row] = await ctx.db
    .select()
    .from(greetings)
    .where(and(eq(greetings.id, id), eq(greetings.company_id, companyId)));
  if (!row) throw notFound('greeting');
  return row;
}

export async function listGreetings(ctx: AppContext, companyId: number): Promise<Greeting[]> {
  const rows = await ctx.db
    .select()
    .from(greetings)
    .where(eq(greetings.company_id, companyId))
    .orderBy(desc(greetings.created_at), desc(greetings.id));
  return rows.map((row) => greetingView(ctx, row));
}

export async function getGreeting(ctx: AppContext, companyId: number, id: number): Promise<Greeting> {
  return greetingView(ctx, await greetingOf(ctx, companyId, id));
}

/** Where greeting `id` of the company keeps its audio (undefined: no such greeting; a null path: no audio). */
export async function greetingAudioOf(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<{ path: string | null; type: string | null } | undefined> {
  const [row] = await ctx.db
    .select({ path: greetings.file_path, type: greetings.content_type })
    .from(greetings)
    .where(and(eq(greetings.id, id), eq(greetings.company_id, companyId)));
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Text-to-speech

/** `GET /greetings/voices`: what this server can speak, and why not when it cannot. */
export async function greetingVoices(ctx: AppContext): Promise<GreetingVoices> {
  const voices = await ctx.tts.voices();
  return {
    available: voices.length > 0,
    default_voice: DEFAULT_GREETING_VOICE,
    message: voices.length ? null : GREETING_TTS_UNAVAILABLE,
    data: voices,
  };
}

const ttsUnavailable = () => new HttpError(503, GREETING_TTS_UNAVAILABLE);
const voiceUnknown = () => invalid({ voice: [GREETING_VOICE_UNKNOWN] });

/**
 * The text spoken in the voice, as WAV. 503 when this server has no text-to-speech (not a 500: it is a missing
 * optional tool, and uploads still work), 422 on `voice` for one it does not offer.
 */
export async function renderSpeech(ctx: AppContext, text: string, voice: string): Promise<Buffer> {
  const tts = ctx.tts;
  const voices = await tts.voices();
  if (!voices.length) throw ttsUnavailable();
  if (!voices.some((known) => known.id === voice)) throw voiceUnknown();
  try {
    return await tts.speak(text, voice);
  } catch (error) {
    if (error instanceof TtsUnavailableError) throw ttsUnavailable();
    if (error instanceof UnknownVoiceError) throw voiceUnknown();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Saving

function defaultName(audio: { content: string | null; fileName: string | null }): string {
  const source = audio.content ?? audio.fileName?.replace(/\.[^.]*$/, '') ?? '';
  const flat = source.replace(/\s+/g, ' ').trim();
  return flat.length > DEFAULT_NAME_LENGTH ? `${flat.slice(0, DEFAULT_NAME_LENGTH - 1)}…` : flat;
}

export interface SaveGreetingInput {
  companyId: number;
  userId: number;
  fields: Record<string, unknown>;
  /** The uploaded audio, already stored and checked (upload.ts); removed again when the save is refused. */
  file: StoredAudio | null;
}

/**
 * `POST /greetings`: adds a greeting, or with `id` changes that one of the company (404 otherwise). A file
 * makes it an upload greeting; `content` a text greeting, rendered now in `voice` (else the one it had, else
 * the default). Fields left out keep their value, and unchanged text is not rendered again.
 */
export async function saveGreeting(
  ctx: AppContext,
  input: SaveGreetingInput,
): Promise<{ created: boolean; message: string; greeting: Greeting }> {
  const { companyId, file } = input;
  let rendered: StoredAudio | null = null;
  let result: { created: boolean; message: string; greeting: Greeting };
  let replaced: string | null = null;
  try {
    // Multipart fields are read by the upload, not the route: validated here as a JSON body would be.
    const fields = parseInput(GreetingFieldsSchema, input.fields, 'body');
    const existing = fields.id ? await greetingOf(ctx, companyId, fields.id) : null;

    // Where the audio comes from: the file, new text (or a new voice for the old text), or unchanged.
    let audio: StoredAudio | null = null;
    let content: string | null = existing?.content ?? null;
    let voice: string | null = existing?.voice ?? null;
    if (file) {
      if (fields.content)
        throw invalid({ file: [GREETING_FILE_AND_TEXT], content: [GREETING_FILE_AND_TEXT] });
      audio = file;
      content = null;
      voice = null;
    } else if (!existing || fields.content !== undefined || fields.voice !== undefined) {
      const text = fields.content ?? existing?.content ?? '';
      if (!text) throw invalid({ content: [GREETING_TEXT_REQUIRED] });
      const nextVoice = fields.voice ?? existing?.voice ?? DEFAULT_GREETING_VOICE;
      const unchanged = existing?.file_path && text === existing.content && nextVoice === existing.voice;
      if (!unchanged) {
        const wav = await renderSpeech(ctx, text, nextVoice);
        rendered = await storeAudio(ctx, companyId, wav, 'audio/wav');
        audio = rendered;
      }
      content = text;
      voice = nextVoice;
    }

    // A name sent blank is derived again; one left out stays.
    const name =
      fields.name ||
      (fields.name === undefined ? existing?.name : '') ||
      defaultName({ content, fileName: file?.name ?? null });
    const values = {
      name,
      content,
      voice,
      ...(audio ? { file_path: audio.path, content_type: audio.content_type, size: audio.size } : {}),
      updated_at: ctx.now(),
    };

    if (!existing) {
      const [row] = await ctx.db
        .insert(greetings)
        .values({ ...values, company_id: companyId, created_by: input.userId, created_at: ctx.now() })
        .returning();
      if (!row) throw new Error('The greeting was not stored.');
      result = { created: true, message: SUCCESS_MESSAGES.greetingAdded, greeting: greetingView(ctx, row) };
    } else {
      const [row] = await ctx.db
        .update(greetings)
        .set(values)
        .where(and(eq(greetings.id, existing.id), eq(greetings.company_id, companyId)))
        .returning();
      if (!row) throw notFound('greeting');
      if (audio) replaced = existing.file_path;
      result = {
        created: false,
        message: SUCCESS_MESSAGES.greetingUpdated,
        greeting: greetingView(ctx, row),
      };
    }
  } catch (error) {
    await removeAudio(ctx, file?.path);
    await removeAudio(ctx, rendered?.path);
    throw error;
  }
  // The old audio goes only once the row names the new one.
  await removeAudio(ctx, replaced);
  return result;
}

/** `DELETE /greetings/{id}`: the row and its audio. Numbers naming it fall back to their own text, or none. */
export async function deleteGreeting(ctx: AppContext, companyId: number, id: number): Promise<string> {
  const [row] = await ctx.db
    .delete(greetings)
    .where(and(eq(greetings.id, id), eq(greetings.company_id, companyId)))
    .returning({ file_path: greetings.file_path });
  if (!row) throw notFound('greeting');
  await removeAudio(ctx, row.file_path);
  return SUCCESS_MESSAGES.greetingDeleted;
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

/**
 * For routingConfigOf's resolveGreeting: a stored greeting as a call plays it (signed audio URL, else its text).
 * The URL is absolute (the carrier fetches it from PUBLIC_URL) and lasts GREETING_CALL_URL_TTL_MS, longer than a
 * call waits to play it. Audio a phone cannot play (Ogg, WebM) is left out; a greeting of another company, or
 * one with nothing a call can play, resolves to null.
 */
export function greetingResolver(
  ctx: AppContext,
  companyId: number,
): (greetingId: number) => Promise<GreetingRef | null> {
  return async (greetingId) => {
    const [row] = await ctx.db
      .select()
      .from(greetings)
      .where(and(eq(greetings.id, greetingId), eq(greetings.company_id, companyId)));
    if (!row) return null;
    const audioUrl =
      row.file_path && isCallPlayable(row.content_type)
        ? signGreetingUrl(ctx, { companyId, id: row.id }, { absolute: true, ttlMs: GREETING_CALL_URL_TTL_MS })
        : null;
    const text = row.content?.trim() || null;
    return audioUrl || text ? { audioUrl, text } : null;
  };
}
