/**
 * Media (MMS attachments, voicemails, recordings, fax PDFs) is served by short-lived signed URLs, so `<img>` and
 * `<audio>` work without a bearer header, and a copied link stops working after a while and never opens
 * another company's file. The signature covers the company, the item, the attachment's index and the expiry.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../http/context';
import { forbidden } from '../../lib/errors';

/** How long a media link works. */
export const MEDIA_URL_TTL_MS = 15 * 60_000;

// Tests and `npm start` always configure one; a bare buildApp without it still signs, for its own lifetime.
const processSecret = randomBytes(32).toString('hex');

function secretOf(ctx: AppContext): string {
  return ctx.config.mediaSecret ?? processSecret;
}

function signature(
  ctx: AppContext,
  companyId: number,
  itemId: number,
  index: number,
  expires: number,
): string {
  return createHmac('sha256', secretOf(ctx))
    .update(`${companyId}.${itemId}.${index}.${expires}`)
    .digest('hex');
}

/** `/api/media/{itemId}/{index}?company=…&expires=…&sig=…`, valid for MEDIA_URL_TTL_MS from now. */
export function signMediaUrl(
  ctx: AppContext,
  media: { companyId: number; itemId: number; index: number },
): string {
  const expires = ctx.now().getTime() + MEDIA_URL_TTL_MS;
  const sig = signature(ctx, media.companyId, media.itemId, media.index, expires);
  return `${ctx.config.apiPrefix}/media/${media.itemId}/${media.index}?company=${media.companyId}&expires=${expires}&sig=${sig}`;
}

/** Checks a media URL's parts: `ok`, `expired`, or `invalid` (tampered, or signed for something else). */
export function verifyMediaUrl(
  ctx: AppContext,
  media: { companyId: number; itemId: number; index: number; expires: number; sig: string },
): 'ok' | 'expired' | 'invalid' {
  const expected = Buffer.from(signature(ctx, media.companyId, media.itemId, media.index, media.expires));
  const given = Buffer.from(media.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return media.expires < ctx.now().getTime() ? 'expired' : 'ok';
}

export const MEDIA_LINK_MESSAGES = {
  expired: 'This link has expired.',
  invalid: 'This link is not valid.',
} as const;

/**
 * What a route serving a signed link does with its verdict: 403 with the reason when the link is not valid now;
 * else how many seconds it stays valid, which is as long as the file may be cached.
 */
export function linkMaxAgeSeconds(
  ctx: AppContext,
  verdict: 'ok' | 'expired' | 'invalid',
  expires: number,
): number {
  if (verdict !== 'ok') throw forbidden(MEDIA_LINK_MESSAGES[verdict]);
  return Math.max(0, Math.floor((expires - ctx.now().getTime()) / 1000));
}

/** Recordings of calls and voicemails are signed like attachments, with a negative index naming the table. */
const RECORDING_INDEX = { call: -1, voicemail: -2 } as const;
export type RecordingKind = keyof typeof RECORDING_INDEX;

/** `/api/recordings/{kind}/{id}?company=…&expires=…&sig=…`, valid for MEDIA_URL_TTL_MS from now. */
export function signRecordingUrl(
  ctx: AppContext,
  recording: { companyId: number; kind: RecordingKind; id: number },
): string {
  const expires = ctx.now().getTime() + MEDIA_URL_TTL_MS;
  const index = RECORDING_INDEX[recording.kind];
  const sig = signature(ctx, recording.companyId, recording.id, index, expires);
  return `${ctx.config.apiPrefix}/recordings/${recording.kind}/${recording.id}?company=${recording.companyId}&expires=${expires}&sig=${sig}`;
}

/** Checks a recording URL's parts, as verifyMediaUrl does an attachment's. */
export function verifyRecordingUrl(
  ctx: AppContext,
  recording: { companyId: number; kind: RecordingKind; id: number; expires: number; sig: string },
): 'ok' | 'expired' | 'invalid' {
  return verifyMediaUrl(ctx, {
    companyId: recording.companyId,
    itemId: recording.id,
    index: RECORDING_INDEX[recording.kind],
    expires: recording.expires,
    sig: recording.sig,
  });
}

/**
 * Greetings (§7) are signed like attachments too, under an index of their own. The app's links last
 * MEDIA_URL_TTL_MS and are relative; a call's link must be absolute (the carrier fetches it) and outlive a call.
 */
const GREETING_INDEX = -3;
export const GREETING_CALL_URL_TTL_MS = 60 * 60_000;

/** `/api/greetings/{id}/audio?company=…&expires=…&sig=…`; `absolute` prefixes PUBLIC_URL (for carriers). */
export function signGreetingUrl(
  ctx: AppContext,
  greeting: { companyId: number; id: number },
  options: { ttlMs?: number; absolute?: boolean } = {},
): string {
  const expires = ctx.now().getTime() + (options.ttlMs ?? MEDIA_URL_TTL_MS);
  const sig = signature(ctx, greeting.companyId, greeting.id, GREETING_INDEX, expires);
  const origin = options.absolute ? ctx.config.publicUrl.replace(/\/+$/, '') : '';
  return `${origin}${ctx.config.apiPrefix}/greetings/${greeting.id}/audio?company=${greeting.companyId}&expires=${expires}&sig=${sig}`;
}

/** Checks a greeting URL's parts, as verifyMediaUrl does an attachment's. */
export function verifyGreetingUrl(
  ctx: AppContext,
  greeting: { companyId: number; id: number; expires: number; sig: string },
): 'ok' | 'expired' | 'invalid' {
  return verifyMediaUrl(ctx, {
    companyId: greeting.companyId,
    itemId: greeting.id,
    index: GREETING_INDEX,
    expires: greeting.expires,
    sig: greeting.sig,
  });
}

/**
 * Campaign attachments (MMS) are signed like a message's, under indices of their own (-1000 down, one per
 * attachment), so a campaign's link never opens a conversation item's file of the same id, nor the reverse.
 */
const CAMPAIGN_MEDIA_INDEX = (index: number) => -1000 - index;

/**
 * `/api/campaigns/{id}/media/{index}?company=…&expires=…&sig=…`, valid for MEDIA_URL_TTL_MS from now (or
 * `ttlMs`); `absolute` prefixes PUBLIC_URL (for carriers).
 */
export function signCampaignMediaUrl(
  ctx: AppContext,
  media: { companyId: number; campaignId: number; index: number },
  options: { ttlMs?: number; absolute?: boolean } = {},
): string {
  const expires = ctx.now().getTime() + (options.ttlMs ?? MEDIA_URL_TTL_MS);
  const sig = signature(ctx, media.companyId, media.campaignId, CAMPAIGN_MEDIA_INDEX(media.index), expires);
  const origin = options.absolute ? ctx.config.publicUrl.replace(/\/+$/, '') : '';
  return `${origin}${ctx.config.apiPrefix}/campaigns/${media.campaignId}/media/${media.index}?company=${media.companyId}&expires=${expires}&sig=${sig}`;
}

/** Checks a campaign attachment URL's parts, as verifyMediaUrl does a message's. */
export function verifyCampaignMediaUrl(
  ctx: AppContext,
  media: { companyId: number; campaignId: number; index: number; expires: number; sig: string },
): 'ok' | 'expired' | 'invalid' {
  return verifyMediaUrl(ctx, {
    companyId: media.companyId,
    itemId: media.campaignId,
    index: CAMPAIGN_MEDIA_INDEX(media.index),
    expires: media.expires,
    sig: media.sig,
  });
}

/**
 * Port request documents (a bill, a letter of authorisation) are signed like attachments, under indices of their
 * own (-2000 down, one per document), so a port's link never opens another record's file of the same id.
 */
const PORT_DOCUMENT_INDEX = (index: number) => -2000 - index;

/** `/api/ports/{id}/documents/{index}?company=…&expires=…&sig=…`, valid for MEDIA_URL_TTL_MS from now. */
export function signPortDocumentUrl(
  ctx: AppContext,
  document: { companyId: number; portId: number; index: number },
): string {
  const expires = ctx.now().getTime() + MEDIA_URL_TTL_MS;
  const sig = signature(
    ctx,
    document.companyId,
    document.portId,
    PORT_DOCUMENT_INDEX(document.index),
    expires,
  );
  return `${ctx.config.apiPrefix}/ports/${document.portId}/documents/${document.index}?company=${document.companyId}&expires=${expires}&sig=${sig}`;
}

/** Checks a port document URL's parts, as verifyMediaUrl does an attachment's. */
export function verifyPortDocumentUrl(
  ctx: AppContext,
  document: { companyId: number; portId: number; index: number; expires: number; sig: string },
): 'ok' | 'expired' | 'invalid' {
  return verifyMediaUrl(ctx, {
    companyId: document.companyId,
    itemId: document.portId,
    index: PORT_DOCUMENT_INDEX(document.index),
    expires: document.expires,
    sig: document.sig,
  });
}

/**
 * DNI call reports (modules/dni/reports) are signed like attachments, under an index of their own and company 0
 * (no company has it): a report may be a business unit's, and its id alone says whose it is.
 */
const DNI_REPORT_INDEX = -3000;

/** `/api/dni/reports/{id}/download?expires=…&sig=…`, valid for MEDIA_URL_TTL_MS from now. */
export function signDniReportUrl(ctx: AppContext, reportId: number): string {
  const expires = ctx.now().getTime() + MEDIA_URL_TTL_MS;
  const sig = signature(ctx, 0, reportId, DNI_REPORT_INDEX, expires);
  return `${ctx.config.apiPrefix}/dni/reports/${reportId}/download?expires=${expires}&sig=${sig}`;
}

/** Checks a DNI report URL's parts, as verifyMediaUrl does an attachment's. */
export function verifyDniReportUrl(
  ctx: AppContext,
  report: { id: number; expires: number; sig: string },
): 'ok' | 'expired' | 'invalid' {
  return verifyMediaUrl(ctx, {
    companyId: 0,
    itemId: report.id,
    index: DNI_REPORT_INDEX,
    expires: report.expires,
    sig: report.sig,
  });
}
