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

/** How long a link to verify an email works. */
export const EMAIL_VERIFICATION_LINK_HOURS = 24;

/** What waits until the user has verified their email (the server refuses it, the renderer says so). */
export type UnverifiedActivity = 'texts' | 'campaigns' | 'numbers';

const UNVERIFIED_DOING: Record<UnverifiedActivity, string> = {
  texts: 'sending texts',
  campaigns: 'sending campaigns',
  numbers: 'buying numbers',
};

/** The words of email verification: the refusal of what waits for it, the link's outcomes, the resend. */
export const EMAIL_VERIFICATION_MESSAGES = Object.freeze({
  /** "Verify your email address before sending texts. We sent a link to x; open it, or ask for a new one." */
  required: (activity: UnverifiedActivity, email: string) =>
    `Verify your email address before ${UNVERIFIED_DOING[activity]}. We sent a link to ${email}; open it, or ask for a new one.`,
  verified: 'Your email address is verified. You can send texts and campaigns and buy numbers.',
  alreadyVerified: 'Your email address is already verified.',
  linkInvalid: 'This verification link is not valid. Sign in and ask for a new one.',
  linkUsed: 'This verification link has already been used. Sign in to see whether your address is verified.',
  linkExpired: 'This verification link has expired. Sign in and ask for a new one.',
  /** The link was mailed to an address the user has changed since. */
  linkForOldAddress:
    'This link was sent to an address you have changed since. Sign in and ask for a new one.',
  sent: (email: string) =>
    `We sent a new link to ${email}. It works for ${EMAIL_VERIFICATION_LINK_HOURS} hours.`,
  tooSoon: (email: string, seconds: number) =>
    `We sent a link to ${email} a moment ago. You can ask for another in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  tooMany: (email: string, minutes: number) =>
    `We have sent several links to ${email} this hour. You can ask for another in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
});
