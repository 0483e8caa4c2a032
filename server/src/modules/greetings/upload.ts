/**
 * Reading `POST /greetings`: its fields, and at most one audio `file` streamed straight to
 * `<dataDir>/greetings/<companyId>/<uuid>.<ext>` (never buffered whole). The file must be at most
 * GREETING_MAX_BYTES, declared as an audio type a greeting takes (or as nothing in particular), and its first
 * bytes must say that same type — a PNG renamed to .wav is refused. Anything refused answers 422 on `file` and
 * leaves nothing behind. Rendered speech is stored here too (`storeAudio`).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GREETING_AUDIO_TYPES, GREETING_MAX_BYTES, type GreetingAudioType } from '@shared/api/greetings';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context';
import { invalid } from '../../lib/errors';
import {
  type FilePart,
  hasErrorCode,
  multipartParts,
  receiveFilePart,
  uploadError,
} from '../../lib/multipart';
import { mediaPath, sniffMediaType } from '../messaging/upload';

/** Audio as a greeting row stores it: the path relative to the data folder. */
export interface StoredAudio {
  path: string;
  content_type: GreetingAudioType;
  size: number;
  /** The uploaded file's name (a default for the greeting's name). */
  name: string;
}

export interface GreetingRequest {
  fields: Record<string, unknown>;
  file: StoredAudio | null;
}

const MB = Math.round(GREETING_MAX_BYTES / (1024 * 1024));
const KINDS = 'WAV, MP3, Ogg or WebM';

export const GREETING_UPLOAD_MESSAGES = {
  type: (name: string) => `${name} is not audio a greeting can use: upload ${KINDS}.`,
  mismatch: (name: string, declared: string) =>
    `${name} does not contain what its type says (${declared}): upload ${KINDS} audio.`,
  tooLarge: (name: string) => `${name} is larger than ${MB} MB, the limit for a greeting.`,
  empty: (name: string) => `${name} is empty.`,
  oneFile: 'Upload one audio file.',
  fieldName: 'Send the audio file in the field named "file".',
} as const;

const EXTENSIONS: Record<GreetingAudioType, string> = {
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
};

/** Declared types that say nothing about the content: the bytes decide. */
const UNDECLARED = new Set(['', 'application/octet-stream']);
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** What the first bytes say the audio is, or null when they are no audio a greeting takes. */
export function sniffAudioType(head: Buffer): GreetingAudioType | null {
  // WebM is Matroska's EBML container; the messaging sniffer does not know it (texts cannot carry it).
  if (head.subarray(0, 4).equals(EBML_MAGIC)) return 'audio/webm';
  const sniffed = sniffMediaType(head) ?? [];
  if (sniffed.includes('audio/wav')) return 'audio/wav';
  if (sniffed.includes('audio/ogg')) return 'audio/ogg';
  if (sniffed.includes('audio/mpeg')) return 'audio/mpeg';
  return null;
}

function newAudioPath(companyId: number, type: GreetingAudioType): string {
  return join('greetings', String(companyId), `${randomUUID()}.${EXTENSIONS[type]}`);
}

/** Writes audio (rendered speech) under the data folder; answers where, as a greeting stores it. */
export async function storeAudio(
  ctx: AppContext,
  companyId: number,
  audio: Buffer,
  type: GreetingAudioType,
): Promise<StoredAudio> {
  const path = newAudioPath(companyId, type);
  const absolute = mediaPath(ctx, path);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, audio);
  return { path, content_type: type, size: audio.length, name: '' };
}

/** Removes a stored audio file; a missing one is fine. */
export async function removeAudio(ctx: AppContext, path: string | null | undefined): Promise<void> {
  if (path) await rm(mediaPath(ctx, path), { force: true });
}

/** Stores the uploaded file; throws 422 on `file` (leaving nothing behind) when it is not acceptable audio. */
async function storeUpload(ctx: AppContext, companyId: number, part: FilePart): Promise<StoredAudio> {
  const name = part.filename || 'greeting';
  const declared = part.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  const declaredType: GreetingAudioType | null =
    GREETING_AUDIO_TYPES[declared as keyof typeof GREETING_AUDIO_TYPES] ?? null;
  if (!declaredType && !UNDECLARED.has(declared)) {
    part.file.resume();
    throw invalid({ file: [GREETING_UPLOAD_MESSAGES.type(name)] });
  }
  // Stored under a neutral name first: the extension follows what the bytes turn out to be.
  const absolute = mediaPath(ctx, join('greetings', String(companyId), `${randomUUID()}.upload`));
  const { size, head, refuse } = await receiveFilePart(part, absolute, {
    field: 'file',
    tooLarge: GREETING_UPLOAD_MESSAGES.tooLarge(name),
    empty: GREETING_UPLOAD_MESSAGES.empty(name),
  });
  const sniffed = sniffAudioType(head);
  if (!sniffed) {
    throw await refuse(
      declaredType ? GREETING_UPLOAD_MESSAGES.mismatch(name, declared) : GREETING_UPLOAD_MESSAGES.type(name),
    );
  }
  if (declaredType && sniffed !== declaredType)
    throw await refuse(GREETING_UPLOAD_MESSAGES.mismatch(name, declared));
  const path = newAudioPath(companyId, sniffed);
  await rename(absolute, mediaPath(ctx, path));
  return { path, content_type: sniffed, size, name };
}

/**
 * The request's fields and its stored file (null without one). JSON without a file works too. On any refusal
 * the file written is removed again.
 */
export async function readGreetingRequest(
  ctx: AppContext,
  companyId: number,
  request: FastifyRequest,
): Promise<GreetingRequest> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? { ...(body as object) } : {}, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: StoredAudio | null = null;
  try {
    const parts = multipartParts(request, {
      limits: { files: 1, fileSize: GREETING_MAX_BYTES, fields: 10, fieldSize: 16 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw invalid({ file: [GREETING_UPLOAD_MESSAGES.fieldName] });
      }
      file = await storeUpload(ctx, companyId, part);
    }
  } catch (error) {
    await removeAudio(ctx, file?.path);
    if (hasErrorCode(error, 'FST_FILES_LIMIT')) throw invalid({ file: [GREETING_UPLOAD_MESSAGES.oneFile] });
    if (hasErrorCode(error, 'FST_REQ_FILE_TOO_LARGE'))
      throw invalid({ file: [GREETING_UPLOAD_MESSAGES.tooLarge('The file')] });
    throw uploadError(error);
  }
  return { fields, file };
}
