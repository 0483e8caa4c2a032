/**
 * Files we keep in the data folder and serve back (attachments, greetings, call audio, exports). Two rules keep
 * a stored path from ever reaching another file (the data folder also holds the database and the signing
 * secrets):
 * - names are ours: each folder's files are named by us (`media/<companyId>/<uuid>`), and a stored path that is
 *   not of that shape — however it got into the database — names no file;
 * - the resolved path must lie inside its own folder (and the company's, where files are per company).
 * And one way to answer with a file: a type from our allow-list, never sniffed, only audio and images inline, and a
 * Content-Security-Policy that lets nothing in it run.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { MEDIA_TYPES } from '@shared/api/messaging';
import type { FastifyReply } from 'fastify';

/** What each served folder's files are named (relative to the data folder). */
const STORED_NAMES = {
  /** MMS attachments, sent and received: `media/<companyId>/<uuid>`. */
  media: /^media\/(\d+)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  /** Greeting audio: `greetings/<companyId>/<uuid>.<ext>`. */
  greetings:
    /^greetings\/(\d+)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:wav|mp3|ogg|webm)$/,
  /** The sandbox's call recordings and voicemails: `voice/call-<id>.wav`, `voice/voicemail-<id>.wav`. */
  voice: /^voice\/(?:call|voicemail)-\d+\.wav$/,
  /** Text-messaging registration's opt-in proof: `registration/<companyId>/<uuid>.<ext>`. */
  registration:
    /^registration\/(\d+)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg|gif|pdf)$/,
} as const;
export type StoredFolder = keyof typeof STORED_NAMES;

/**
 * The absolute path of a stored file, or null when `relative` is not a name we give in `folder` (for `companyId`
 * where the folder is per company) or would resolve outside the folder.
 */
export function storedFilePath(
  dataDir: string,
  folder: StoredFolder,
  relative: string | null | undefined,
  companyId?: number,
): string | null {
  if (!relative) return null;
  const match = STORED_NAMES[folder].exec(relative);
  if (!match) return null;
  if (companyId !== undefined && match[1] !== undefined && Number(match[1]) !== companyId) return null;
  const root = resolve(dataDir, folder);
  const absolute = resolve(dataDir, relative);
  return absolute.startsWith(root + sep) ? absolute : null;
}

/** Types a served file may be announced as; anything else goes out as opaque bytes. */
const SERVABLE_TYPES = new Set<string>([...MEDIA_TYPES, 'audio/webm', 'text/csv']);

/** The Content-Type we announce for a stored type: one of ours, or `application/octet-stream`. */
export function servedContentType(stored: string | null | undefined): string {
  const type = (stored ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return SERVABLE_TYPES.has(type) ? type : 'application/octet-stream';
}

/** Audio and images show in the app (`<img>`, `<audio>`); everything else is a download, never a page. */
function isInline(type: string): boolean {
  return type.startsWith('audio/') || type.startsWith('image/');
}

/** `inline|attachment; filename="…"` with a plain-ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string | null | undefined): string {
  if (!name) return kind;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A served file is data, never a document: nothing in it may load, run or be framed. */
export const FILE_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/**
 * Answers with a stored file (404 via `missing` when it is not there) and the headers every served file carries.
 * `maxAgeSeconds`: how long the browser may keep it (a signed link's remaining life); omitted, not cached.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  file: {
    absolute: string | null;
    contentType: string | null | undefined;
    name?: string | null;
    maxAgeSeconds?: number;
    missing: () => Error;
  },
): Promise<FastifyReply> {
  const info = file.absolute ? await stat(file.absolute).catch(() => null) : null;
  if (!file.absolute || !info?.isFile()) throw file.missing();
  const type = servedContentType(file.contentType);
  return reply
    .status(200)
    .header('content-type', type === 'text/csv' ? 'text/csv; charset=utf-8' : type)
    .header('content-length', String(info.size))
    .header(
      'cache-control',
      file.maxAgeSeconds === undefined ? 'private, no-store' : `private, max-age=${file.maxAgeSeconds}`,
    )
    .header('content-disposition', contentDisposition(isInline(type) ? 'inline' : 'attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .send(createReadStream(file.absolute));
}
