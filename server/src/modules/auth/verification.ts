/**
 * Email verification: a user proves they read the mail of their address by opening a link we mailed them. Until
 * then they may sign in and set their account up, but not send texts or campaigns or buy numbers — what a stranger
 * signing up with someone else's address, or none at all, would abuse (docs/decisions.md "Email verification").
 *
 * A link is single-use, expires after EMAIL_VERIFICATION_LINK_HOURS and is kept as the hash of its token with the
 * address it went to (a link mailed before a change of address does not verify the new one). A new link may be
 * asked for at most once a minute and RESEND_PER_HOUR times an hour, counted from the links themselves, so every
 * instance agrees.
 */
import {
  EMAIL_VERIFICATION_LINK_HOURS,
  EMAIL_VERIFICATION_MESSAGES as MESSAGES,
  type UnverifiedActivity,
} from '@shared/domain/auth';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailVerifications, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { HttpError, invalid } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/secrets';

type UserRow = typeof users.$inferSelect;

const RESEND_GAP_MS = 60_000;
const RESEND_WINDOW_MS = 60 * 60_000;
const RESEND_PER_HOUR = 5;

/** Refuses (403) what waits for a verified email, saying where the link went. */
export function refuseUnverifiedEmail(
  user: Pick<UserRow, 'email' | 'email_verified_at'>,
  activity: UnverifiedActivity,
): void {
  if (!user.email_verified_at) throw new HttpError(403, MESSAGES.required(activity, user.email));
}

/** `refuseUnverifiedEmail` for a user known by id (a service that was given only the id). */
export async function refuseUnverifiedSender(
  ctx: AppContext,
  userId: number,
  activity: UnverifiedActivity,
): Promise<void> {
  const [user] = await ctx.db
    .select({ email: users.email, email_verified_at: users.email_verified_at })
    .from(users)
    .where(eq(users.id, userId));
  if (user) refuseUnverifiedEmail(user, activity);
}

/**
 * Makes a link for the user's address and mails it. `db` is the transaction that made the user, when there is
 * one: the link is kept with it. The mail goes once the caller's writes are committed (`send` answers it).
 */
export async function makeVerificationLink(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email'>,
  db: Db = ctx.db,
): Promise<{ send: () => Promise<void> }> {
  const token = newToken('verify');
  await db.insert(emailVerifications).values({
    user_id: user.id,
    email: user.email,
    token_hash: hashToken(token),
    expires_at: new Date(ctx.now().getTime() + EMAIL_VERIFICATION_LINK_HOURS * 3_600_000),
    created_at: ctx.now(),
  });
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return {
    send: () =>
      ctx.outbox.send({
        channel: 'mail',
        to: user.email,
        subject: 'Verify your email address for Switchboard',
        body: `Open this link within ${EMAIL_VERIFICATION_LINK_HOURS} hours to verify ${user.email} for your Switchboard account:\n${link}\n\nUntil then you can set your account up, but not send texts or campaigns or buy numbers. If you did not sign up for Switchboard, ignore this message.`,
      }),
  };
}

/** Sign-up and a change of address: a link for the address, mailed at once. */
export async function mailVerificationLink(ctx: AppContext, user: Pick<UserRow, 'id' | 'email'>) {
  await (await makeVerificationLink(ctx, user)).send();
}

/** `POST /email/verify`: the link's token verifies the address it was mailed to, once. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const [found] = await ctx.db
    .select({ link: emailVerifications, user: users })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.user_id))
    .where(eq(emailVerifications.token_hash, hashToken(token)));
  const refuse = (message: string) => invalid({ token: [message] }, message);
  if (!found) throw refuse(MESSAGES.linkInvalid);
  const { link, user } = found;
  if (link.used_at) throw refuse(MESSAGES.linkUsed);
  if (link.expires_at.getTime() <= ctx.now().getTime()) throw refuse(MESSAGES.linkExpired);
  if (link.email !== user.email) throw refuse(MESSAGES.linkForOldAddress);
  // Compare-and-set: of two uses at once, one verifies and the other is told the link was used.
  const [used] = await ctx.db
    .update(emailVerifications)
    .set({ used_at: ctx.now() })
    .where(and(eq(emailVerifications.id, link.id), isNull(emailVerifications.used_at)))
    .returning({ id: emailVerifications.id });
  if (!used) throw refuse(MESSAGES.linkUsed);
  await markEmailVerified(ctx, user.id, link.email);
}

/**
 * Records that the user proved they read the mail of `email` (a verification link; a password reset link; the
 * invitation they were added by), unless their address has changed since. Callers forget the user's cached row.
 */
export async function markEmailVerified(ctx: AppContext, userId: number, email: string): Promise<void> {
  await ctx.db
    .update(users)
    .set({ email_verified_at: ctx.now(), updated_at: ctx.now() })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.email_verified_at)));
  await ctx.callers.usersChanged([userId]);
}

/**
 * `POST /email/verification-notification`: a new link for the signed-in user, at most one a minute and
 * RESEND_PER_HOUR an hour (429 with Retry-After and when to ask again); 409 once the address is verified.
 */
export async function resendVerificationLink(ctx: AppContext, userId: number): Promise<string> {
  const link = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The user's row, locked: two asks at once are counted one after the other.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new HttpError(401, 'Unauthenticated. Please sign in again.');
    if (user.email_verified_at) throw new HttpError(409, MESSAGES.alreadyVerified);
    const now = ctx.now().getTime();
    const recent = await tx
      .select({ at: emailVerifications.created_at })
      .from(emailVerifications)
      .where(
        and(
          eq(emailVerifications.user_id, userId),
          gt(emailVerifications.created_at, new Date(now - RESEND_WINDOW_MS)),
        ),
      )
      .orderBy(desc(emailVerifications.created_at));
    const latest = recent[0]?.at.getTime();
    if (latest !== undefined && latest > now - RESEND_GAP_MS) {
      const seconds = Math.ceil((latest + RESEND_GAP_MS - now) / 1000);
      throw tooSoon(MESSAGES.tooSoon(user.email, seconds), seconds);
    }
    const oldestCounted = recent[RESEND_PER_HOUR - 1]?.at.getTime();
    if (oldestCounted !== undefined) {
      const seconds = Math.ceil((oldestCounted + RESEND_WINDOW_MS - now) / 1000);
      throw tooSoon(MESSAGES.tooMany(user.email, Math.ceil(seconds / 60)), seconds);
    }
    return { email: user.email, ...(await makeVerificationLink(ctx, user, tx)) };
  });
  await link.send();
  return MESSAGES.sent(link.email);
}

const tooSoon = (message: string, seconds: number) =>
  new HttpError(429, message, {}, { 'retry-after': String(seconds) });
