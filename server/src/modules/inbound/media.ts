/**
 * Twilio's inbound media (MediaUrlN): fetched once, with the account's credentials (Twilio may enforce HTTP auth
 * on media), into `<dataDir>/media/<companyId>/<uuid>` like sent attachments, so the inbox serves them through
 * its signed media URLs. A file that cannot be fetched (too large, slow, refused) is kept by reference (its URL
 * in `path`, size 0) rather than losing the text.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MEDIA_MAX_BYTES } from '@shared/api/messaging';
import type { AppContext } from '../../http/context';

export interface StoredInboundMedia {
  path: string;
  content_type: string;
  size: number;
}

/** How long one download may take (Twilio waits 15 s for the webhook's answer). */
const DOWNLOAD_TIMEOUT_MS = 8_000;

async function download(
  ctx: AppContext,
  companyId: number,
  media: { url: string; content_type: string },
): Promise<StoredInboundMedia | null> {
  const twilio = ctx.config.twilio;
  if (!twilio || !/^https:\/\//.test(media.url)) return null;
  const response = await fetch(media.url, {
    headers: {
      authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
    },
    redirect: 'follow',
    signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
  });
  if (!response.ok) return null;
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MEDIA_MAX_BYTES) return null;
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MEDIA_MAX_BYTES) return null;
  const relative = join('media', String(companyId), randomUUID());
  const absolute = join(ctx.config.dataDir, relative);
  await mkdir(dirname(absolute), { recursive: true });
  try {
    await writeFile(absolute, body);
  } catch (error) {
    await rm(absolute, { force: true });
    throw error;
  }
  const type = media.content_type || response.headers.get('content-type') || 'application/octet-stream';
  return { path: relative, content_type: type, size: body.length };
}

/** Stores each attachment (or keeps its reference when it cannot be fetched). */
export async function storeTwilioMedia(
  ctx: AppContext,
  companyId: number,
  media: readonly { url: string; content_type: string }[],
): Promise<StoredInboundMedia[]> {
  return Promise.all(
    media.map(async (file) => {
      const stored = await download(ctx, companyId, file).catch(() => null);
      return stored ?? { path: file.url, content_type: file.content_type, size: 0 };
    }),
  );
}
