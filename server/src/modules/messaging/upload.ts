/**
 * Reading a send (multipart, or JSON without files): the fields, and up to MEDIA_MAX_FILES `media[]` files
 * streamed straight to `<dataDir>/media/<companyId>/<uuid>` (never buffered whole). Each file must be of an
 * allowed declared type, at most MEDIA_MAX_BYTES, and its first bytes must say the same type (a renamed .exe
 * declared as image/png is refused). Anything refused answers 422 on `media` naming the file, and every file
 * this request wrote is removed again.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_MAX_BYTES, MEDIA_MAX_FILES, MEDIA_TYPES, type MediaType } from '@shared/api/messaging';
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
import { storedFilePath } from '../../lib/storedFiles';

/** An attachment as the item stores it: relative to the data folder. */
export interface StoredMedia {
  path: string;
  content_type: string;
  size: number;
  name?: string;
}

export interface SendRequest {
  fields: Record<string, unknown>;
  media: StoredMedia[];
}

const MB = Math.round(MEDIA_MAX_BYTES / (1024 * 1024));
const ALLOWED = new Set<string>(MEDIA_TYPES);

export const MEDIA_MESSAGES = {
  tooMany: `Attach at most ${MEDIA_MAX_FILES} files to one message.`,
  tooLarge: (name: string) => `${name} is larger than ${MB} MB, the limit for each attachment.`,
  type: (name: string) =>
    `${name} is not a file a text can carry: send images (JPEG, PNG, GIF, WebP), audio, MP4 video, PDF or vCard.`,
  mismatch: (name: string, declared: string) =>
    `${name} does not contain what its type says (${declared}); it was not attached.`,
  empty: (name: string) => `${name} is empty.`,
} as const;

/**
 * Where a file we are writing goes: `relative` is a name we made (never one from input). Files served back are
 * found with `storedFilePath` (lib/storedFiles.ts), which also checks the name.
 */
export function mediaPath(ctx: AppContext, relative: string): string {
  return join(ctx.config.dataDir, relative);
}

/**
 * Removes stored attachments (a refused send, a cancelled schedule); missing files are fine, and so is a path
 * that is not one of ours (it names no file we may touch).
 */
export async function removeMedia(ctx: AppContext, media: readonly { path?: string }[]): Promise<void> {
  await Promise.all(
    media.map((file) => {
      const absolute = storedFilePath(ctx.config.dataDir, 'media', file.path);
      return absolute ? rm(absolute, { force: true }) : undefined;
    }),
  );
}

/** What a file's first bytes say it is (the family of types it may be declared as), or null. */
export function sniffMediaType(head: Buffer): MediaType[] | null {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return ['image/jpeg'];
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return ['image/png'];
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return ['image/gif'];
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return ['image/webp'];
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return ['audio/wav', 'audio/x-wav'];
  if (ascii(0, 5) === '%PDF-') return ['application/pdf'];
  if (ascii(4, 8) === 'ftyp') return ['video/mp4', 'audio/mp4'];
  if (ascii(0, 4) === 'OggS') return ['audio/ogg'];
  if (ascii(0, 5) === '#!AMR') return ['audio/amr'];
  if (ascii(0, 3) === 'ID3') return ['audio/mpeg'];
  // An MPEG audio frame (MP3) or an ADTS frame (AAC): 11 sync bits.
  if (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe0) === 0xe0) {
    return (head[1] & 0x06) === 0 ? ['audio/aac', 'audio/mpeg'] : ['audio/mpeg'];
  }
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^BEGIN:VCARD/i.test(text)) return ['text/vcard', 'text/x-vcard'];
  return null;
}

/** Stores one file part; throws 422 (after removing it) when it is too large, empty or not what it says. */
async function storeFile(ctx: AppContext, companyId: number, part: FilePart): Promise<StoredMedia> {
  const name = part.filename || 'attachment';
  const declared = part.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!ALLOWED.has(declared)) {
    part.file.resume();
    throw invalid({ media: [MEDIA_MESSAGES.type(name)] });
  }
  const relative = join('media', String(companyId), randomUUID());
  const { size, head, refuse } = await receiveFilePart(part, mediaPath(ctx, relative), {
    field: 'media',
    tooLarge: MEDIA_MESSAGES.tooLarge(name),
    empty: MEDIA_MESSAGES.empty(name),
  });
  const sniffed = sniffMediaType(head);
  if (!sniffed?.includes(declared as MediaType)) throw await refuse(MEDIA_MESSAGES.mismatch(name, declared));
  return { path: relative, content_type: declared, size, name };
}

/** What a form other than a message's reads beyond the defaults (a campaign: lists of groups, more fields). */
export interface SendRequestOptions {
  /** Fields sent as repeated `name[]` parts, gathered into one list under `name` (only these names). */
  lists?: readonly string[];
  /** Field parts allowed in all (default 20). */
  maxFields?: number;
}

/**
 * The send's fields and its stored files. Fields may come before or after the files (they are only read once
 * the whole request has arrived); files are written as they arrive. On any refusal every file is removed.
 */
export async function readSendRequest(
  ctx: AppContext,
  companyId: number,
  request: FastifyRequest,
  options: SendRequestOptions = {},
): Promise<SendRequest> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? { ...(body as object) } : {}, media: [] };
  }
  const fields: Record<string, unknown> = {};
  const media: StoredMedia[] = [];
  const lists = new Set((options.lists ?? []).map((name) => `${name}[]`));
  try {
    const parts = multipartParts(request, {
      limits: {
        files: MEDIA_MAX_FILES,
        fileSize: MEDIA_MAX_BYTES,
        fields: options.maxFields ?? 20,
        fieldSize: 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (lists.has(part.fieldname)) {
          const name = part.fieldname.slice(0, -2);
          const list = Array.isArray(fields[name]) ? (fields[name] as unknown[]) : [];
          fields[name] = [...list, part.value];
        } else fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'media[]' && part.fieldname !== 'media') {
        part.file.resume();
        continue;
      }
      media.push(await storeFile(ctx, companyId, part));
    }
  } catch (error) {
    await removeMedia(ctx, media);
    if (hasErrorCode(error, 'FST_FILES_LIMIT')) throw invalid({ media: [MEDIA_MESSAGES.tooMany] });
    if (hasErrorCode(error, 'FST_REQ_FILE_TOO_LARGE'))
      throw invalid({ media: [MEDIA_MESSAGES.tooLarge('A file')] });
    throw uploadError(error);
  }
  return { fields, media };
}
