/** Companies: what the caller sees of one, which they may use, and creating one (§6 creator becomes owner). */
import type { Company, CompanyUpdateSchema } from '@shared/api/companies';
import { resolveTimeZone } from '@shared/domain/time';
import type { InAppCallingStatus, Role } from '@shared/domain/users';
import { CREATOR_ROLE } from '@shared/domain/users';
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, memberships, organizationAdmins } from '../../db/schema';
import type { Caller } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { HttpError, notFound } from '../../lib/errors';
import { maySignIn } from '../auth/service';

export async function companyView(
  ctx: AppContext,
  companyId: number,
  userId: number,
  role: Role,
): Promise<Company> {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound('company');
  const [membership] = await ctx.db
    .select({ status: memberships.in_app_calling_status })
    .from(memberships)
    .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, userId)));
  return {
    id: row.id,
    name: row.name,
    organization_id: row.organization_id,
    account_status: row.account_status as Company['account_status'],
    timezone: row.timezone,
    website: row.website,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    phone: row.phone,
    links_enabled: row.links_enabled,
    role,
    in_app_calling_status: (membership?.status ?? 'away') as InAppCallingStatus,
    created_at: row.created_at.toISOString(),
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The companies a caller may use (members, their organizations' companies; a platform admin: all), by name. */
export async function searchCompanies(
  ctx: AppContext,
  caller: Caller,
  options: { search?: string; limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (!caller.user.is_platform_admin) {
    const member = ctx.db
      .select({ id: memberships.company_id })
      .from(memberships)
      .where(
        and(
          eq(memberships.user_id, caller.user.id),
          inArray(memberships.role, ['owner', 'administrator', 'billing', 'reporting', 'user']),
        ),
      );
    const orgs = ctx.db
      .select({ id: organizationAdmins.organization_id })
      .from(organizationAdmins)
      .where(eq(organizationAdmins.user_id, caller.user.id));
    const visible = or(inArray(companies.id, member), inArray(companies.organization_id, orgs));
    if (visible) conditions.push(visible);
  }
  if (options.search) conditions.push(ilike(companies.name, likePattern(options.search)));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await ctx.db
    .select({ id: companies.id, name: companies.name, organization_id: companies.organization_id })
    .from(companies)
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await ctx.db.select({ total: count() }).from(companies).where(where);
  return { rows, total: total?.total ?? 0 };
}

export async function createCompany(
  ctx: AppContext,
  caller: Caller,
  input: { name: string; timezone?: string; organization_id?: number | null },
): Promise<number> {
  if (input.organization_id) {
    const admin = await ctx.db
      .select()
      .from(organizationAdmins)
      .where(
        and(
          eq(organizationAdmins.user_id, caller.user.id),
          eq(organizationAdmins.organization_id, input.organization_id),
        ),
      );
    if (!admin.length && !caller.user.is_platform_admin) {
      throw new HttpError(403, 'Only an admin of that organization may add a company to it.');
    }
  }
  const companyId = await ctx.db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: input.name,
        organization_id: input.organization_id ?? null,
        timezone: resolveTimeZone(input.timezone, caller.user.timezone),
      })
      .returning({ id: companies.id });
    if (!company) throw new Error('company insert returned nothing');
    await tx
      .insert(memberships)
      .values({ user_id: caller.user.id, company_id: company.id, role: CREATOR_ROLE });
    return company.id;
  });
  // The creator may use it now; so may every admin of its organization, if it has one.
  if (input.organization_id) await ctx.callers.everyoneChanged();
  else await ctx.callers.usersChanged([caller.user.id]);
  return companyId;
}

/** The organization a company belongs to, or null (no such company, or none): organization routes about a company. */
export async function organizationOfCompany(ctx: AppContext, companyId: number): Promise<number | null> {
  const [company] = await ctx.db
    .select({ org: companies.organization_id })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.org ?? null;
}

/** Changes a company's settings (the fields sent). */
export async function updateCompany(
  ctx: AppContext,
  companyId: number,
  changes: z.output<typeof CompanyUpdateSchema>,
): Promise<void> {
  await ctx.db
    .update(companies)
    .set({ ...changes, updated_at: ctx.now() })
    .where(eq(companies.id, companyId));
  // Its name is in the company list of every member and organization admin (GET /user).
  if (changes.name !== undefined) await ctx.callers.everyoneChanged();
}

/** Sets a company's account status (ACTIVE, PARKED, DEACTIVATED), as its organization's admins do. */
export async function setAccountStatus(ctx: AppContext, companyId: number, status: number): Promise<void> {
  await ctx.db
    .update(companies)
    .set({ account_status: status, updated_at: ctx.now() })
    .where(eq(companies.id, companyId));
}

/** Someone deactivated in every company they had may not start a new one to get back in (403). */
export async function refuseIfDeactivated(ctx: AppContext, caller: Caller): Promise<void> {
  if (!(await maySignIn(ctx, caller.user))) {
    throw new HttpError(403, 'This account has been deactivated. Contact your administrator.');
  }
}
