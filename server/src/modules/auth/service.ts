/**
 * Sign-in rules: passwords, the second factor, refresh, resets and a platform admin's sign-in as another user
 * (§4 Login outcomes, §5, §6, §7 Auth). Sign-up is signup.ts; email verification verification.ts.
 */
import type { MfaChallenge, TokenPair } from '@shared/api/auth';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import {
  auditLog,
  credentials,
  memberships,
  organizationAdmins,
  passwordResets,
  users,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { HttpError, invalid, notFound } from '../../lib/errors';
import {
  hashPassword,
  hashToken,
  newNumericCode,
  newToken,
  safeEqual,
  verifyPassword,
} from '../../lib/secrets';
import { findLiveCredential } from './credentials';
import { issueTokenPair, LIFETIMES_SEC, revokeAllSignIns, revokeFamily } from './tokens';
import { markEmailVerified } from './verification';

type UserRow = typeof users.$inferSelect;

const RESET_LINK_MINUTES = 60;
const MAX_CODE_ATTEMPTS = 5;

export const WRONG_CREDENTIALS = 'These credentials do not match our records.';

/** A user may sign in when active and able to use something: a live membership, an organization, or the platform. */
export async function maySignIn(ctx: AppContext, user: UserRow): Promise<boolean> {
  if (user.state !== 'active') return false;
  if (user.is_platform_admin) return true;
  const live = await ctx.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(eq(memberships.user_id, user.id));
  if (live.some((m) => m.role !== 'deactivated')) return true;
  const orgs = await ctx.db
    .select()
    .from(organizationAdmins)
    .where(eq(organizationAdmins.user_id, user.id))
    .limit(1);
  return orgs.length > 0;
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}

/**
 * The password step, throttled (throttle.ts): per account and address together, per address, and per account
 * from anywhere, which is slowed but never refused. A wrong email and a wrong password look alike. Answers the
 * user, or a second-factor challenge when the user has one on.
 */
export async function checkPassword(
  ctx: AppContext,
  input: { email: string; password: string; address: string },
): Promise<{ user: UserRow } | { challenge: MfaChallenge }> {
  const attempt = { account: input.email, address: input.address };
  const verdict = await ctx.loginThrottle.check(attempt);
  if (!verdict.allowed) {
    const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
    throw new HttpError(
      429,
      `Too many failed sign-ins. For your security, signing in is paused for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      {},
      { 'retry-after': String(verdict.retryAfterSeconds) },
    );
  }
  if (verdict.delayMs) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));

  const user = await findUserByEmail(ctx, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash);
  if (!user || !ok) {
    await ctx.loginThrottle.fail(attempt);
    throw new HttpError(401, WRONG_CREDENTIALS, { email: [WRONG_CREDENTIALS] });
  }
  if (!(await maySignIn(ctx, user))) {
    throw new HttpError(403, 'This account has been deactivated. Contact your administrator.');
  }
  await ctx.loginThrottle.succeed(attempt);
  if (!user.mfa_enabled) return { user };
  return { challenge: await startChallenge(ctx, user) };
}

async function startChallenge(ctx: AppContext, user: UserRow): Promise<MfaChallenge> {
  const token = newToken('mfa');
  const kind = user.mfa_kind === 'email' ? 'email' : 'totp';
  const code = kind === 'email' ? await sendEmailCode(ctx, user, 'Your sign-in code') : null;
  await ctx.db.insert(credentials).values({
    user_id: user.id,
    kind: 'mfa',
    token_hash: hashToken(token),
    code_hash: code ? hashToken(code) : null,
    expires_at: new Date(ctx.now().getTime() + LIFETIMES_SEC.mfa * 1000),
  });
  return kind === 'email'
    ? { kind, mfa_token: token, destination: maskEmail(user.email) }
    : { kind, mfa_token: token };
}

function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}

async function sendEmailCode(ctx: AppContext, user: UserRow, subject: string): Promise<string> {
  const code = newNumericCode();
  await ctx.outbox.send({
    channel: 'mail',
    to: user.email,
    subject,
    body: `Your Switchboard code is ${code}. It expires in 5 minutes. If you did not ask for it, change your password.`,
  });
  return code;
}

export function totpFor(user: Pick<UserRow, 'email'>, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'Switchboard',
    label: user.email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** One drift step either way tolerates a phone clock a little off. */
export function totpMatches(ctx: AppContext, user: UserRow, secret: string | null, code: string): boolean {
  if (!secret || !/^\d{6}$/.test(code)) return false;
  return totpFor(user, secret).validate({ token: code, window: 1, timestamp: ctx.now().getTime() }) !== null;
}

/** Second-factor challenges always expire, so `findLiveCredential` fits them as is. */
const liveCredential = (ctx: AppContext, token: string, kind: string) =>
  findLiveCredential(ctx, token, [kind]);

const CHALLENGE_ENDED = 'This sign-in has expired. Please sign in again.';

/** The second-factor step: an authenticator code, an emailed code, or a recovery code (used up). */
export async function completeChallenge(
  ctx: AppContext,
  input: { mfa_token: string; code: string },
): Promise<UserRow> {
  const row = await liveCredential(ctx, input.mfa_token, 'mfa');
  if (!row) throw new HttpError(401, CHALLENGE_ENDED);
  const { credential, user } = row;
  const code = input.code.trim().toUpperCase();

  const byApp = user.mfa_kind !== 'email' && totpMatches(ctx, user, user.mfa_secret, code);
  const byEmail =
    user.mfa_kind === 'email' && !!credential.code_hash && safeEqual(credential.code_hash, hashToken(code));
  const recoveryHash = hashToken(code);
  const byRecovery = user.mfa_recovery_hashes.includes(recoveryHash);

  if (!byApp && !byEmail && !byRecovery) {
    const attempts = credential.attempts + 1;
    await ctx.db
      .update(credentials)
      .set({ attempts, revoked_at: attempts >= MAX_CODE_ATTEMPTS ? ctx.now() : null })
      .where(eq(credentials.id, credential.id));
    if (attempts >= MAX_CODE_ATTEMPTS)
      throw new HttpError(401, 'Too many wrong codes. Please sign in again.');
    throw invalid({ code: ['That code is not right. Check it and try again.'] });
  }
  await ctx.db.update(credentials).set({ revoked_at: ctx.now() }).where(eq(credentials.id, credential.id));
  if (byRecovery) {
    await ctx.db
      .update(users)
      .set({ mfa_recovery_hashes: user.mfa_recovery_hashes.filter((hash) => hash !== recoveryHash) })
      .where(eq(users.id, user.id));
    await ctx.callers.usersChanged([user.id]);
  }
  return user;
}

/** Sends a new emailed code for a pending challenge (authenticator challenges have nothing to send). */
export async function resendChallenge(ctx: AppContext, mfaToken: string): Promise<MfaChallenge> {
  const row = await liveCredential(ctx, mfaToken, 'mfa');
  if (!row) throw new HttpError(401, CHALLENGE_ENDED);
  if (row.user.mfa_kind !== 'email') return { kind: 'totp', mfa_token: mfaToken };
  const code = await sendEmailCode(ctx, row.user, 'Your sign-in code');
  await ctx.db
    .update(credentials)
    .set({ code_hash: hashToken(code) })
    .where(eq(credentials.id, row.credential.id));
  return { kind: 'email', mfa_token: mfaToken, destination: maskEmail(row.user.email) };
}

/**
 * Exchanges a refresh token for a new pair of the same family; the old pair is revoked, so a refresh token works
 * once. A refresh token used again (OAuth 2.0 Security BCP §4.14: refresh token rotation) means two parties hold
 * it, one of them a thief, and we cannot tell which: every token descended from that sign-in is revoked, the
 * pair issued from it too, and both must sign in again. The rotation and the new pair are one transaction: a rival
 * use of the same token waits on the old pair's rows until the new pair exists, then finds the token spent and
 * revokes the family with the new pair in it (issued after, the new pair would outlive the revocation).
 */
export async function refreshTokenPair(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const ended = () => new HttpError(401, 'Unauthenticated. Please sign in again.');
  const [row] = await ctx.db
    .select({ credential: credentials, user: users })
    .from(credentials)
    .innerJoin(users, eq(users.id, credentials.user_id))
    .where(and(eq(credentials.token_hash, hashToken(refreshToken)), eq(credentials.kind, 'refresh')));
  if (!row) throw ended();
  const { credential, user } = row;
  if (credential.revoked_at) {
    await revokeFamily(ctx, credential);
    throw ended();
  }
  if ((credential.expires_at?.getTime() ?? 0) <= ctx.now().getTime() || user.state !== 'active')
    throw ended();
  const pair = await ctx.db.transaction(async (tx) => {
    // Compare-and-set: of two uses at once, one rotates the pair and the other is a reuse like any other.
    const rotated = await tx
      .update(credentials)
      .set({ revoked_at: ctx.now() })
      .where(and(eq(credentials.pair_id, credential.pair_id ?? ''), isNull(credentials.revoked_at)))
      .returning({ id: credentials.id });
    if (!rotated.some(({ id }) => id === credential.id)) return null;
    // Its name and impersonator go on to the new pair, in the same family.
    return issueTokenPair(
      ctx,
      user.id,
      { impersonatorId: credential.impersonator_id, name: credential.name, familyId: credential.family_id },
      tx,
    );
  });
  if (!pair) {
    await revokeFamily(ctx, credential);
    throw ended();
  }
  // The old pair's access token goes with it: no instance may still take it.
  await ctx.callers.usersChanged([user.id]);
  return pair;
}

/**
 * A platform admin's sign-in as another user: never as themselves (404, as for no such user), another platform
 * admin (403) or an inactive user (409). Recorded in the audit log; answers the user to sign in as.
 */
export async function startImpersonation(ctx: AppContext, adminId: number, userId: number): Promise<UserRow> {
  const [target] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), ne(users.id, adminId)));
  if (!target) throw notFound('user');
  if (target.is_platform_admin)
    throw new HttpError(403, 'A platform administrator cannot sign in as another one.');
  if (target.state !== 'active')
    throw new HttpError(409, 'This user is not active, so nobody can sign in as them.');
  await ctx.db.insert(auditLog).values({
    actor_id: target.id,
    impersonator_id: adminId,
    action: 'impersonation-started',
    detail: { email: target.email },
  });
  return target;
}

/**
 * How often a reset link may be mailed (issue 33, finding 6: five requests for one address sent five mails).
 * Per account: one mail every few minutes and a few an hour, whoever asks and from wherever — the answer stays
 * the same whether a mail went or not, so it tells nobody whether the account exists. Per address (the route's
 * allowance, a 429): a few requests a quarter hour, so one client cannot mail a different account each time.
 */
export const RESET_MAIL_LIMITS = { everyMinutes: 5, perHour: 3 } as const;
export const RESET_REQUESTS_PER_ADDRESS = { max: 10, timeWindow: 15 * 60_000 } as const;

/** Whether another reset mail may go now, given when the account's links of the past hour were mailed. */
export function mayMailReset(mailedAt: readonly Date[], now: Date): boolean {
  const since = (minutes: number) => mailedAt.filter((at) => at.getTime() > now.getTime() - minutes * 60_000);
  return since(RESET_MAIL_LIMITS.everyMinutes).length === 0 && since(60).length < RESET_MAIL_LIMITS.perHour;
}

/**
 * Sends a single-use, expiring reset link, within `RESET_MAIL_LIMITS`. Answers the same whether or not the
 * account exists and whether or not a mail went.
 */
export async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (user?.state !== 'active') return;
  const token = newToken('reset');
  const now = ctx.now();
  // The links already mailed are the count: read and added to under the user's row lock, so requests at once (on
  // any instance: they share the database) cannot each find the allowance unspent.
  const allowed = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const mailed = await tx
      .select({ at: passwordResets.created_at })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.user_id, user.id),
          gt(passwordResets.created_at, new Date(now.getTime() - 60 * 60_000)),
        ),
      );
    const mailedAt = mailed.map(({ at }) => at);
    if (!mayMailReset(mailedAt, now)) return false;
    await tx.insert(passwordResets).values({
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
      // By the server's clock, as the limits are counted.
      created_at: now,
    });
    return true;
  });
  if (!allowed) return;
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await ctx.outbox.send({
    channel: 'mail',
    to: user.email,
    subject: 'Reset your Switchboard password',
    body: `Someone asked to reset the password of ${user.email}. If it was you, open this link within ${RESET_LINK_MINUTES} minutes:\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.`,
  });
}

/** Sets a new password from a reset link; every session and token is revoked, as after any password change. */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const [reset] = await ctx.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.user_id))
    .where(eq(passwordResets.token_hash, hashToken(input.token)));
  if (!reset || reset.reset.used_at || reset.user.email !== input.email) {
    throw invalid({ token: ['This reset link is not valid. Ask for a new one.'] });
  }
  if (reset.reset.expires_at.getTime() <= ctx.now().getTime()) {
    throw invalid({ token: [ERROR_MESSAGES.resetLinkExpired] }, ERROR_MESSAGES.resetLinkExpired);
  }
  await ctx.db
    .update(passwordResets)
    .set({ used_at: ctx.now() })
    .where(eq(passwordResets.id, reset.reset.id));
  await setPassword(ctx, reset.user.id, input.password);
  // The link came by mail to this address: it is proven as a verification link would prove it.
  await markEmailVerified(ctx, reset.user.id, reset.user.email);
}

/** Sets a password and signs the user out everywhere, except (when given) the sign-in that changed it. */
export async function setPassword(
  ctx: AppContext,
  userId: number,
  password: string,
  keepCredentialId?: number,
): Promise<void> {
  await ctx.db
    .update(users)
    .set({
      password_hash: await hashPassword(password),
      password_changed_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .where(eq(users.id, userId));
  // The sign-in kept must check the new password from now on, not the hash it was resolved with.
  await ctx.callers.usersChanged([userId]);
  await revokeAllSignIns(ctx, userId, keepCredentialId);
}
