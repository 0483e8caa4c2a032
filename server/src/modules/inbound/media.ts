/**
 * Inbound attachments. Twilio's (MediaUrlN) are fetched once, with the account's credentials (Twilio may enforce
 * HTTP auth on media), into `<dataDir>/media/<companyId>/<uuid>` like sent attachments, so the inbox serves them
 * through its signed media URLs. Only http(s) URLs on public addresses are fetched (lib/publicFetch.ts): a
 * webhook must not make us read our own network. A file that cannot be fetched (too large, slow, refused), and
 * every sandbox attachment, is kept by reference: its http(s) URL, never a path, so nothing from outside ever
 * names a file of ours.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MEDIA_MAX_BYTES } from '@shared/api/messaging';
import type { AppContext } from '../../http/context';
import { mediaPath } from '../messaging/upload';

export interface StoredInboundMedia {
  path?: string;
  url?: string;
  content_type: string;
  size: number;
}

/** How long one download may take (Twilio waits 15 s for the webhook's answer). */
const DOWNLOAD_TIMEOUT_MS = 8_000;

/** An attachment kept where the sender's carrier keeps it; only an http(s) URL is kept at all. */
export function mediaByReference(file: { url: string; content_type: string }): StoredInboundMedia | null {
  return /^https?:\/\//i.test(file.url) ? { url: file.url, content_type: file.content_type, size: 0 } : null;
}

async function download(
  ctx: AppContext,
  companyId: number,
  media: { url: string; content_type: string },
): Promise<StoredInboundMedia | null> {
  const twilio = ctx.config.twilio;
  if (!twilio) return null;
  const fetched = await ctx.fetchMedia(media.url, {
    headers: {
      authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
    },
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    maxBytes: MEDIA_MAX_BYTES,
  });
  if (!fetched) return null;
  const relative = join('media', String(companyId), randomUUID());
  const absolute = mediaPath(ctx, relative);
  await mkdir(dirname(absolute), { recursive: true });
  try {
    await writeFile(absolute, fetched.body);
  } catch (error) {
    await rm(absolute, { force: true });
    throw error;
  }
  const type = media.content_type || fetched.contentType || 'application/octet-stream';
  return { path: relative, content_type: type, size: fetched.body.length };
}

/** Stores each attachment, or keeps its reference when it cannot be fetched (a non-http(s) one is dropped). */
export async function storeTwilioMedia(
  ctx: AppContext,
  companyId: number,
  media: readonly { url: string; content_type: string }[],
): Promise<StoredInboundMedia[]> {
  const stored = await Promise.all(
    media.map(
      async (file) => (await download(ctx, companyId, file).catch(() => null)) ?? mediaByReference(file),
    ),
  );
  return stored.filter((file): file is StoredInboundMedia => file !== null);
}
