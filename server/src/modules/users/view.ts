/** The User of spec §3 as the API answers it, with the companies the user may use (role and presence in each). */
import type { User } from '@shared/api/auth';
import { effectiveRole } from '@shared/domain/permissions';
import { formatWhatsNewReadAt } from '@shared/domain/time';
import type { InAppCallingStatus, Role } from '@shared/domain/users';
import { asc, eq, inArray } from 'drizzle-orm';
import { companies, memberships, organizationAdmins, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { notFound } from '../../lib/errors';

type UserRow = typeof users.$inferSelect;

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

/** The User of §3. Pass the row when the caller already has it (GET /user), else it is read by id. */
export async function userView(ctx: AppContext, userOrId: number | UserRow): Promise<User> {
  const [user] =
    typeof userOrId === 'number'
      ? await ctx.db.select().from(users).where(eq(users.id, userOrId))
      : [userOrId];
  if (!user) throw notFound('user');
  const { companies: list, administersOrganization: orgAdmin } = await companiesOf(ctx, user);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    first_name: user.first_name,
    last_name: user.last_name,
    timezone: user.timezone,
    role: list[0]?.role ?? (user.is_platform_admin ? 'owner' : 'deactivated'),
    organization_role: orgAdmin ? 'org-administrator' : null,
    support_pins: user.support_pins,
    read_whats_new_at: user.read_whats_new_at ? formatWhatsNewReadAt(user.read_whats_new_at) : null,
    hasBusinessUnits: orgAdmin,
    sip_address: user.sip_address,
    sip_password: user.sip_password,
    sip_user: user.sip_user,
    mfa_enabled: user.mfa_enabled,
    is_platform_admin: user.is_platform_admin,
    companies: list,
    numbers: [],
    eavAttributeValues: [],
  };
}
