/** §7 Auth: signing in and out, tokens, the current user, passwords, sign-up and MFA. */
import { z } from 'zod';
import { MFA_KINDS, PASSWORD_MIN_LENGTH } from '../domain/auth';
import { IN_APP_CALLING_STATUSES, ORGANIZATION_ROLES, ROLES } from '../domain/users';
import { endpoint, enumOf, idNumber } from './contract';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address.' }));

/**
 * The minimum strength of a new password: at least 10 characters and not only letters (or only digits).
 * Each rule has its own message so a form can say exactly what is missing.
 */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(200, 'Use at most 200 characters.')
  .refine((value) => /[^A-Za-z]/.test(value), 'Add a digit or a symbol.')
  .refine((value) => /[^0-9]/.test(value), 'Add a letter.');

/** A new password is typed twice: the confirmation must match it (refused on the confirmation). */
export const passwordsMatch = (body: { password: string; password_confirmation: string }) =>
  body.password === body.password_confirmation;
export const PASSWORDS_DIFFER = { message: 'The passwords do not match.', path: ['password_confirmation'] };

export const MfaKindSchema = enumOf(MFA_KINDS);
export const RoleSchema = enumOf(ROLES);

/** §3 Session tokens. */
export const TokenPairSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string().min(1),
  /** Seconds until the access token expires. */
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** §5 "one carrying a kind means a second factor is required": the answer that asks for the second factor. */
export const MfaChallengeSchema = z.object({
  kind: MfaKindSchema,
  /** Short-lived, single-use: proves the password step passed. */
  mfa_token: z.string().min(1),
  /** Where a code was sent (masked), for sms and email. */
  destination: z.string().optional(),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

/**
 * A same-origin browser (one that fetched the XSRF cookie first) signs in with an httpOnly session cookie and
 * is never handed a token page scripts could read: its answer says so instead of carrying tokens.
 */
export const SessionSignInSchema = z.object({
  token_type: z.literal('session'),
  /** Seconds until the session expires. */
  expires_in: z.number().int().positive(),
});
export type SessionSignIn = z.infer<typeof SessionSignInSchema>;

/** What a completed sign-in answers: tokens for the desktop app and API clients, or the session cookie. */
export const SignInSchema = z.union([TokenPairSchema, SessionSignInSchema]);
export type SignIn = z.infer<typeof SignInSchema>;

export const LoginResponseSchema = z.union([TokenPairSchema, SessionSignInSchema, MfaChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** A company the user may use, with their role and presence there (§3 Company, §6). */
export const UserCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: RoleSchema,
  in_app_calling_status: enumOf(IN_APP_CALLING_STATUSES),
  organization_id: z.number().int().nullable(),
});

/** §3 User. */
export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  timezone: z.string(),
  role: RoleSchema,
  organization_role: enumOf(ORGANIZATION_ROLES).nullable(),
  support_pins: z.array(z.string()),
  read_whats_new_at: z.string().nullable(),
  hasBusinessUnits: z.boolean(),
  sip_address: z.string().nullable(),
  sip_password: z.string().nullable(),
  sip_user: z.string().nullable(),
  mfa_enabled: z.boolean(),
  /** Whether the user proved they read their address's mail: sending texts and campaigns and buying numbers wait for it. */
  email_verified: z.boolean(),
  is_platform_admin: z.boolean(),
  companies: z.array(UserCompanySchema),
  numbers: z.array(z.unknown()),
  eavAttributeValues: z.array(z.unknown()),
});
export type User = z.infer<typeof UserSchema>;

export const MessageSchema = z.object({ message: z.string() });

export const LoginBodySchema = z.strictObject({
  email,
  password: z.string().min(1, 'Enter your password.').max(200),
  remember: z.boolean().optional(),
});

export const MfaBodySchema = z.strictObject({
  mfa_token: z.string().min(1),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$|^[A-Za-z0-9]{4,5}-[A-Za-z0-9]{4,5}$/, 'Enter the 6-digit code, or a recovery code.'),
});

export const SignupBodySchema = z.strictObject({
  company_name: z.string().trim().min(1, 'Enter your company name.').max(120),
  name: z.string().trim().min(1, 'Enter your name.').max(120),
  email,
  password: NewPasswordSchema,
});

/** §7 Auth, the calls of this area. Paths are below the API prefix. */
export const AUTH_ENDPOINTS = {
  csrfCookie: endpoint({
    method: 'GET',
    path: '/csrf-cookie',
    summary: 'Sets the XSRF-TOKEN cookie a same-origin browser echoes on writes.',
    response: null,
  }),
  login: endpoint({
    method: 'POST',
    path: '/sanctum/login',
    summary: 'Signs in: a token pair, or a second-factor challenge carrying a kind.',
    body: LoginBodySchema,
    response: LoginResponseSchema,
  }),
  mfa: endpoint({
    method: 'POST',
    path: '/sanctum/mfa',
    summary: 'Completes a sign-in with the second factor.',
    body: MfaBodySchema,
    response: SignInSchema,
  }),
  mfaToken: endpoint({
    method: 'POST',
    path: '/sanctum/mfaToken',
    summary: 'Sends a new code for a pending second-factor challenge.',
    body: z.strictObject({ mfa_token: z.string().min(1) }),
    response: MfaChallengeSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/sanctum/refresh',
    summary: 'Exchanges a refresh token for a new pair; the old pair is revoked.',
    body: z.strictObject({ refresh_token: z.string().min(1) }),
    response: TokenPairSchema,
  }),
  createTokenSession: endpoint({
    method: 'POST',
    path: '/sanctum/createTokenSession',
    summary:
      'Creates a token pair for the signed-in user (e.g. handing a browser session to the desktop app).',
    body: z.strictObject({ device_name: z.string().trim().min(1).max(120) }),
    response: TokenPairSchema,
  }),
  clearTokenSessions: endpoint({
    method: 'POST',
    path: '/sanctum/clearTokenSessions',
    summary: 'Signs the user out everywhere: every token and session revoked.',
    response: MessageSchema,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/sanctum/logout',
    summary: 'Ends the calling session or token.',
    response: MessageSchema,
  }),
  user: endpoint({ method: 'GET', path: '/user', summary: 'The signed-in user.', response: UserSchema }),
  whatsNewRead: endpoint({
    method: 'POST',
    path: '/user/whats_new_read',
    summary: "Marks what's new as read now.",
    response: UserSchema,
  }),
  passwordForgot: endpoint({
    method: 'POST',
    path: '/password/forgot',
    summary: 'Sends a single-use, expiring reset link.',
    body: z.strictObject({ email }),
    response: MessageSchema,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/password/reset',
    summary: 'Sets a new password with a reset link token.',
    body: z
      .strictObject({
        token: z.string().min(1),
        email,
        password: NewPasswordSchema,
        password_confirmation: z.string(),
      })
      .refine(passwordsMatch, PASSWORDS_DIFFER),
    response: MessageSchema,
  }),
  signupCheck: endpoint({
    method: 'POST',
    path: '/signup/check',
    summary:
      'Checks the sign-up form as it is filled in: the email and any other field given, by the sign-up’s own rules (422 naming each field). It never says whether an address has an account.',
    body: SignupBodySchema.partial().required({ email: true }),
    response: null,
  }),
  signup: endpoint({
    method: 'POST',
    path: '/signup',
    status: 201,
    summary:
      'Creates a company and its owner (§6 "A company\'s creator becomes owner"), signed in, and mails a link to verify the email; sending and buying wait for it. 409 when the email has an account (its owner is told by mail).',
    body: SignupBodySchema,
    response: SignInSchema,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/email/verify',
    summary:
      'Verifies the user’s email with the token of a link we mailed (single use, expires after a day).',
    body: z.strictObject({
      token: z.string().trim().min(1, 'The link has no token. Open the link from the email again.'),
    }),
    response: MessageSchema,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/email/verification-notification',
    summary:
      'Mails the signed-in user a new link to verify their email (at most one a minute and five an hour: 429 with Retry-After). 409 when it is verified already.',
    response: MessageSchema,
  }),
  impersonate: endpoint({
    method: 'POST',
    path: '/admin/impersonate',
    summary: 'A platform admin signs in as another user (§4 Admin login); every request is audit-logged.',
    body: z.strictObject({ user_id: idNumber() }),
    response: TokenPairSchema,
  }),
  mfaStatus: endpoint({
    method: 'GET',
    path: '/mfa',
    summary: 'Whether the user has a second factor, and which.',
    response: z.object({ enabled: z.boolean(), kind: MfaKindSchema.nullable() }),
  }),
  mfaQr: endpoint({
    method: 'GET',
    path: '/mfa/qr',
    summary: 'A new authenticator secret with its QR code, to confirm with /mfa/verify.',
    response: z.object({ qr: z.string(), secret: z.string(), otpauth_url: z.string() }),
  }),
  mfaSendCode: endpoint({
    method: 'POST',
    path: '/mfa/sendCode',
    summary: 'Sends a code by text or email to set up that second factor.',
    body: z.strictObject({ kind: MfaKindSchema }),
    response: MessageSchema,
  }),
  mfaVerify: endpoint({
    method: 'POST',
    path: '/mfa/verify',
    summary: 'Confirms a second factor with a code and turns it on; answers the recovery codes once.',
    body: z.strictObject({
      kind: MfaKindSchema,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
    }),
    response: z.object({ enabled: z.literal(true), recovery_codes: z.array(z.string()) }),
  }),
  mfaReactivate: endpoint({
    method: 'POST',
    path: '/mfa/reactivate',
    summary: 'Replaces the recovery codes.',
    response: z.object({ recovery_codes: z.array(z.string()) }),
  }),
  mfaDisable: endpoint({
    method: 'DELETE',
    path: '/mfa',
    summary: 'Turns the second factor off (asks for the password again).',
    body: z.strictObject({ password: z.string().min(1, 'Enter your password.') }),
    response: MessageSchema,
  }),
} as const;
