/** The Pusher protocol's signatures: private-channel auth and the HTTP trigger API (see ../shared/TOOLCHAIN.md). */
import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from '../lib/secrets';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** `key:hex(HMAC-SHA256(secret, "socket_id:channel"))`, what /broadcasting/auth answers and subscribe carries. */
export function channelAuth(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${hmac(secret, `${socketId}:${channel}`)}`;
}

export function checkChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
): boolean {
  return typeof auth === 'string' && safeEqual(auth, channelAuth(key, secret, socketId, channel));
}

/**
 * The HTTP trigger API signature: HMAC-SHA256(secret, "METHOD\nPATH\n" + the query sorted by key, without
 * auth_signature). `body_md5` is the MD5 of the raw body.
 */
export function checkTriggerSignature(input: {
  method: string;
  path: string;
  query: Record<string, string>;
  rawBody: string;
  key: string;
  secret: string;
  now: Date;
}): string | null {
  const { auth_signature: signature, ...rest } = input.query;
  if (rest.auth_key !== input.key) return 'Unknown auth_key.';
  if (!signature) return 'Missing auth_signature.';
  const timestamp = Number(rest.auth_timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(input.now.getTime() / 1000 - timestamp) > 600) {
    return 'auth_timestamp is more than 600 s away from the server time.';
  }
  if (input.rawBody && rest.body_md5 !== createHash('md5').update(input.rawBody).digest('hex'))
    return 'body_md5 does not match the body.';
  const sorted = Object.keys(rest)
    .sort()
    .map((name) => `${name}=${rest[name]}`)
    .join('&');
  const expected = hmac(input.secret, `${input.method}\n${input.path}\n${sorted}`);
  return safeEqual(expected, signature) ? null : 'Invalid signature.';
}
