/** Signing in: outcomes and the shape of a login answer (§3 Session, §4, §5). */
import { codes } from './codes';

/** §4 "Login outcomes: success, failed, logout, after-logout, password changed." */
export const LOGIN_OUTCOMES = codes([
  { value: 'success', label: 'Signed in' },
  { value: 'failed', label: 'Sign-in failed' },
  { value: 'logout', label: 'Signed out' },
  { value: 'after-logout', label: 'Signed out' },
  { value: 'password-changed', label: 'Password changed' },
]);
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number]['value'];

/** The shortest new password (§5 leaves it open; see NewPasswordSchema for the whole rule). */
export const PASSWORD_MIN_LENGTH = 10;
/** What a new-password field says under it: the rule of NewPasswordSchema in words. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a digit or a symbol.`;

/** The second factors a login may ask for (§7 MFA: an authenticator app, or a code sent by text or email). */
export const MFA_KINDS = codes([
  { value: 'totp', label: 'Authenticator app' },
  { value: 'sms', label: 'Text message' },
  { value: 'email', label: 'Email' },
]);
export type MfaKind = (typeof MFA_KINDS)[number]['value'];

/**
 * §5 "Login response with a token means success; one carrying a kind means a second factor is required."
 * A browser's cookie session (`token_type: 'session'`) is a success too. Anything else is a failed sign-in.
 */
export function classifyLoginResponse(body: unknown): 'success' | 'mfa-required' | 'failed' {
  if (typeof body !== 'object' || body === null) return 'failed';
  const record = body as Record<string, unknown>;
  if (typeof record.access_token === 'string' && record.access_token !== '') return 'success';
  if (typeof record.token === 'string' && record.token !== '') return 'success';
  // A same-origin browser's sign-in carries a session cookie instead of tokens (docs/decisions.md).
  if (record.token_type === 'session') return 'success';
  if (typeof record.kind === 'string' && record.kind !== '') return 'mfa-required';
  return 'failed';
}

/** The header an admin's session sends (§4 "sends an admin header", §6). */
export const ADMIN_HEADER = 'X-Admin-Session';
