/**
 * The signed-in user's own record: the User of §3 with the companies they may use (memberships, plus every
 * company of the organizations they administer: service/access.ts), and the changes they make to themselves —
 * name, email and time zone, their password (every other sign-in ends), the "what's new" they have read. Each
 * change tells the cache of callers (http/callerCache.ts) once it is written.
 */
import type { User } from '@shared/api/auth';
import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { Caller } from '../../../http/caller';
import type { AppContext } from '../../../http/context';
import { HttpError, invalid, notFound } from '../../../lib/errors';
import { verifyPassword } from '../../../lib/secrets';
import { setPassword } from '../../auth/service';
import { mailVerificationLink } from '../../auth/verification';
import { type UserRow, userView } from '../view';
import { companiesFrom, userWithAccess } from './access';

/** The User of §3 for the caller of a request: built from what was read with their credential, no query. */
export function callerUser(caller: Caller): User {
  return userView(caller.user, companiesFrom(caller.access));
}

/** The User of §3, read fresh by id (after a change the request made to it), in one query; 404 for none. */
export async function userOf(ctx: AppContext, userId: number): Promise<User> {
  const found = await userWithAccess(ctx, userId);
  if (!found) throw notFound('user');
  return userView(found.user, companiesFrom(found.access));
}

/**
 * Changes the user's own name, email or time zone; an email another account uses is refused (409). A new address
 * is not verified until the link mailed to it is opened (auth/verification.ts).
 */
export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  changes: { name?: string | undefined; email?: string | undefined; timezone?: string | undefined },
): Promise<void> {
  if (changes.email && changes.email !== user.email) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, changes.email), ne(users.id, user.id)));
    if (taken)
      throw new HttpError(409, 'Another account uses this email.', {
        email: ['Another account uses this email.'],
      });
  }
  const newAddress = changes.email !== undefined && changes.email !== user.email;
  await ctx.db
    .update(users)
    .set({ ...changes, ...(newAddress ? { email_verified_at: null } : {}), updated_at: ctx.now() })
    .where(eq(users.id, user.id));
  await ctx.callers.usersChanged([user.id]);
  if (newAddress && changes.email) await mailVerificationLink(ctx, { id: user.id, email: changes.email });
}

/** Changes the caller's password given their current one; every other sign-in ends (this one stays). */
export async function changeOwnPassword(
  ctx: AppContext,
  caller: Caller,
  input: { current_password: string; password: string },
): Promise<void> {
  if (!(await verifyPassword(input.current_password, caller.user.password_hash))) {
    throw invalid({ current_password: ['That is not your current password.'] });
  }
  await setPassword(ctx, caller.user.id, input.password, caller.credentialId);
}

/** Marks the "what's new" notes read now. */
export async function markWhatsNewRead(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.update(users).set({ read_whats_new_at: ctx.now() }).where(eq(users.id, userId));
  await ctx.callers.usersChanged([userId]);
}
