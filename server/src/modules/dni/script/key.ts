/**
 * A company's tracking key: what its website's snippet sends (`data-key`) so the platform knows whose pools to
 * serve. It is not stored: it is derived, `{companyId}.{signature}`, from the server's media secret (a key of its
 * own, so it can never pass for a media link's or a calling token's signature), so every server instance and every
 * restart gives the same key, and a key cannot be made up for another company. Not a secret — it is on every page
 * of the customer's site — it only asks for numbers.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../http/context';
import { safeEqual } from '../../../lib/secrets';

// `npm start` and the tests always configure the media secret; a bare buildApp without it still signs, for its
// own lifetime (as media/urls.ts does).
const processSecret = randomBytes(32).toString('hex');

function signature(ctx: AppContext, companyId: number): string {
  const key = createHmac('sha256', ctx.config.mediaSecret ?? processSecret)
    .update('dni tracking key')
    .digest();
  // 128 bits, base64url: short enough for a snippet, far too many to guess.
  return createHmac('sha256', key).update(String(companyId)).digest().subarray(0, 16).toString('base64url');
}

/** The company's tracking key, as its snippet carries it. */
export function trackingKeyFor(ctx: AppContext, companyId: number): string {
  return `${companyId}.${signature(ctx, companyId)}`;
}

const KEY_SHAPE = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/;

/**
 * The company a tracking key names, when its signature is this server's (compared in constant time); null for
 * anything else. It says nothing of whether the company still exists or has pools: the caller looks.
 */
export function companyOfTrackingKey(ctx: AppContext, key: string): number | null {
  const match = KEY_SHAPE.exec(key.trim());
  if (!match) return null;
  const companyId = Number(match[1]);
  if (!Number.isSafeInteger(companyId)) return null;
  return safeEqual(match[2] ?? '', signature(ctx, companyId)) ? companyId : null;
}
