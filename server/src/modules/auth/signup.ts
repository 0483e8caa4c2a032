/**
 * Sign-up (§7 "Signup check and create", §6 "A company's creator becomes owner"). The check only checks the form:
 * it never looks an address up, so nobody can ask it who has an account. A sign-up signs the new owner in at once
 * with their address not yet verified (auth/verification.ts: sending and buying wait for the link we mail).
 *
 * An address that has an account cannot be signed in as, so that sign-up is refused (409, as §8 answers the
 * consumer app's sign-up) — the one answer that tells an account exists; docs/decisions.md "Sign-up and who has an
 * account" says why it stays and what limits it: few sign-ups an hour per client address, and the address's owner
 * told by mail (at most once an hour, so sign-ups cannot flood their inbox).
 */
import { CREATOR_ROLE } from '@shared/domain/users';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, memberships, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { HttpError } from '../../lib/errors';
import { hashPassword } from '../../lib/secrets';
import { isUniqueViolation } from '../contacts/service/checks';
import { findUserByEmail } from './service';
import { makeVerificationLink } from './verification';

type UserRow = typeof users.$inferSelect;

/** Sign-ups one client address may make in an hour (the route's own rate limit). */
export const SIGNUP_ALLOWANCE = { max: 10, timeWindow: 60 * 60_000 };
/** The owner of an address is told of sign-ups with it at most this often. */
const ATTEMPT_MAIL_GAP_MS = 60 * 60_000;

const accountExists = () =>
  new HttpError(409, 'An account with this email already exists. Sign in, or reset your password.', {
    email: ['An account with this email already exists. Sign in, or reset your password.'],
  });

/** §6 "A company's creator becomes owner": the company, its owner (unverified) and the link to verify, mailed. */
export async function signUp(
  ctx: AppContext,
  input: { company_name: string; name: string; email: string; password: string },
): Promise<UserRow> {
  const existing = await findUserByEmail(ctx, input.email);
  if (existing) {
    await tellOwnerOfSignUp(ctx, existing);
    throw accountExists();
  }
  const passwordHash = await hashPassword(input.password);
  let created: { user: UserRow; send: () => Promise<void> };
  try {
    created = await ctx.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [company] = await tx.insert(companies).values({ name: input.company_name }).returning();
      const [first = input.name, ...rest] = input.name.split(/\s+/);
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          name: input.name,
          first_name: first,
          last_name: rest.join(' ') || null,
          password_hash: passwordHash,
        })
        .returning();
      if (!company || !user) throw new Error('sign-up insert returned nothing');
      await tx.insert(memberships).values({ user_id: user.id, company_id: company.id, role: CREATOR_ROLE });
      return { user, ...(await makeVerificationLink(ctx, user, tx)) };
    });
  } catch (error) {
    // Two sign-ups with one address at once: the second finds the first's account.
    if (isUniqueViolation(error)) throw accountExists();
    throw error;
  }
  await created.send();
  return created.user;
}

/** Mails the owner of an address someone tried to sign up with, unless they were told within the hour. */
async function tellOwnerOfSignUp(ctx: AppContext, user: UserRow): Promise<void> {
  const now = ctx.now();
  // Compare-and-set on the user's row: of many attempts at once, across instances, one mails.
  const [due] = await ctx.db
    .update(users)
    .set({ signup_attempt_mailed_at: now })
    .where(
      and(
        eq(users.id, user.id),
        or(
          isNull(users.signup_attempt_mailed_at),
          lt(users.signup_attempt_mailed_at, new Date(now.getTime() - ATTEMPT_MAIL_GAP_MS)),
        ),
      ),
    )
    .returning({ id: users.id });
  if (!due || user.state !== 'active') return;
  const site = ctx.config.publicUrl;
  await ctx.outbox.send({
    channel: 'mail',
    to: user.email,
    subject: 'Someone tried to sign up with your address',
    body: `Someone tried to create a Switchboard account with ${user.email}, which already has one.\n\nIf it was you, sign in: ${site}/sign-in\nIf you forgot your password, reset it: ${site}/forgot-password\n\nIf it was not you, you need do nothing: nothing was changed.`,
  });
}
