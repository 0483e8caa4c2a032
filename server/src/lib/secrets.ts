/** Passwords, tokens and codes: generated with the OS's CSPRNG, stored only as hashes, compared in constant time. */
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

const SCRYPT = { N: 16_384, r: 8, p: 1, keylen: 32 };

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, SCRYPT.keylen, {
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
  });
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

/** A hash of a password nobody has, so an unknown email costs as much time as a wrong password. */
const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'));

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const encoded = stored ?? (await DUMMY_HASH);
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected) && stored != null;
}

/** Prefixes make leaked tokens recognisable to secret scanners and tell the kinds apart in logs. */
export const TOKEN_PREFIXES = {
  access: 'sba_',
  refresh: 'sbr_',
  session: 'sbs_',
  personal: 'sbp_',
  mfa: 'sbm_',
  reset: 'sbx_',
  invite: 'sbi_',
  verify: 'sbv_',
} as const;
export type TokenKind = keyof typeof TOKEN_PREFIXES;

export function newToken(kind: TokenKind): string {
  return TOKEN_PREFIXES[kind] + randomBytes(32).toString('base64url');
}

/** SHA-256 of a high-entropy token: what the database keeps. (Passwords use scrypt; tokens need no slow hash.) */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two strings of possibly different lengths. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

/** Recovery codes like `7KQ2M-XW9PD`: no 0/O or 1/I to misread. */
export function newRecoveryCode(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A six-digit code for email second factors. */
export function newNumericCode(): string {
  return String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, '0');
}
