/**
 * The signed-in user's own record: the User of §3 with the companies they may use (memberships, plus every
 * company of the organizations they administer), and the changes they make to themselves — name, email and time
 * zone, their password (every other sign-in ends), the "what's new" they have read.
 */
import type { User } from '@shared/api/auth';
import { effectiveRole } from '@shared/domain/permissions';
import type { InAppCallingStatus, Role } from '@shared/domain/users';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { companies, memberships, organizationAdmins, users } from '../../../db/schema';
import type { Caller } from '../../../http/caller';
import type { AppContext } from '../../../http/context';
import { HttpError, invalid, notFound } from '../../../lib/errors';
import { verifyPassword } from '../../../lib/secrets';
import { setPassword } from '../../auth/service';
import { type UserRow, userView } from '../view';

/** The companies a user may use: their memberships, plus every company of the organizations they administer. */
export async function companiesOf(
  ctx: AppContext,
  user: UserRow,
): Promise<{ companies: User['companies']; administersOrganization: boolean }> {
  const own = await ctx.db
    .select({
      id: companies.id,
      name: companies.name,
      organization_id: companies.organization_id,
      role: memberships.role,
      status: memberships.in_app_calling_status,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.company_id))
    .where(eq(memberships.user_id, user.id))
    .orderBy(asc(companies.name));
  const adminOf = (
    await ctx.db
      .select({ organizationId: organizationAdmins.organization_id })
      .from(organizationAdmins)
      .where(eq(organizationAdmins.user_id, user.id))
  ).map((row) => row.organizationId);
  const viaOrganization = adminOf.length
    ? await ctx.db
        .select({ id: companies.id, name: companies.name, organization_id: companies.organization_id })
        .from(companies)
        .where(inArray(companies.organization_id, adminOf))
        .orderBy(asc(companies.name))
    : [];

  const result = new Map<number, User['companies'][number]>();
  for (const row of own) {
    const role = effectiveRole({
      membershipRole: row.role as Role,
      isOrganizationAdmin: row.organization_id !== null && adminOf.includes(row.organization_id),
    });
    if (!role || role === 'deactivated') continue;
    result.set(row.id, {
      id: row.id,
      name: row.name,
      role,
      in_app_calling_status: row.status as InAppCallingStatus,
      organization_id: row.organization_id,
    });
  }
  for (const row of viaOrganization) {
    if (result.has(row.id) || own.some((o) => o.id === row.id)) continue;
    result.set(row.id, {
      id: row.id,
      name: row.name,
      role: 'administrator',
      in_app_calling_status: 'away',
      organization_id: row.organization_id,
    });
  }
  return {
    companies: [...result.values()].sort((a, b) => a.name.localeCompare(b.name)),
    administersOrganization: adminOf.length > 0,
  };
}

/** The User of §3. Pass the row when the caller already has it, else it is read by id (404 for none). */
export async function userOf(ctx: AppContext, userOrId: number | UserRow): Promise<User> {
  const [user] =
    typeof userOrId === 'number'
      ? await ctx.db.select().from(users).where(eq(users.id, userOrId))
      : [userOrId];
  if (!user) throw notFound('user');
  return userView(user, await companiesOf(ctx, user));
}

/** Changes the user's own name, email or time zone; an email another account uses is refused (409). */
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
  await ctx.db
    .update(users)
    .set({ ...changes, updated_at: ctx.now() })
    .where(eq(users.id, user.id));
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
}
