/**
 * Business units (§7): organizations, the companies in them and their admins. Who may manage one is the route's
 * access (organization.manage); the rules here are the records' own: a company joins only from its owner (or a
 * platform admin) and from no other organization, and an organization keeps one admin. Admins join by accepting an
 * invitation (invitations.ts).
 */
import type { Organization } from '@shared/api/businessUnits';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { companies, memberships, organizationAdmins, organizations, users } from '../../db/schema';
import type { Caller } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { HttpError, notFound } from '../../lib/errors';
import { organizationView } from './view';

/** One organization as the contract shows it (404 for none). */
export async function organizationOf(ctx: AppContext, id: number): Promise<Organization> {
  const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, id));
  if (!row) throw notFound('organization');
  const [companiesCount] = await ctx.db
    .select({ n: count() })
    .from(companies)
    .where(eq(companies.organization_id, id));
  return organizationView(row, companiesCount?.n ?? 0);
}

/** The organizations the caller administers (a platform admin: all), by name: one page and the total. */
export async function listOrganizations(
  ctx: AppContext,
  caller: Caller,
  options: { limit: number; offset: number },
): Promise<{ rows: Organization[]; total: number }> {
  const mine = ctx.db
    .select({ id: organizationAdmins.organization_id })
    .from(organizationAdmins)
    .where(eq(organizationAdmins.user_id, caller.user.id));
  const where = caller.user.is_platform_admin ? undefined : inArray(organizations.id, mine);
  const rows = await ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.name))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await ctx.db.select({ n: count() }).from(organizations).where(where);
  const data = await Promise.all(rows.map((row) => organizationOf(ctx, row.id)));
  return { rows: data, total: total?.n ?? 0 };
}

/** Creates an organization; its creator owns and administers it. */
export async function createOrganization(
  ctx: AppContext,
  userId: number,
  name: string,
): Promise<Organization> {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(organizations).values({ name, owner_id: userId }).returning();
    if (!row) throw new Error('organization insert returned nothing');
    await tx.insert(organizationAdmins).values({ user_id: userId, organization_id: row.id });
    return row.id;
  });
  await ctx.callers.usersChanged([userId]);
  return organizationOf(ctx, id);
}

export async function updateOrganization(
  ctx: AppContext,
  id: number,
  changes: { name?: string; status?: string },
): Promise<Organization> {
  await ctx.db
    .update(organizations)
    .set({ ...changes, updated_at: ctx.now() })
    .where(eq(organizations.id, id));
  return organizationOf(ctx, id);
}

/** The organization's companies, by name. */
export function organizationCompanies(ctx: AppContext, organizationId: number) {
  return ctx.db
    .select({ id: companies.id, name: companies.name, account_status: companies.account_status })
    .from(companies)
    .where(eq(companies.organization_id, organizationId))
    .orderBy(asc(companies.name));
}

/**
 * Brings a company into the organization. Only the company's owner (or a platform admin) may: anyone else is told
 * there is no such company (404); a company of another organization must leave that one first (409).
 */
export async function addCompany(
  ctx: AppContext,
  organizationId: number,
  caller: Caller,
  companyId: number,
): Promise<void> {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  const [ownership] = await ctx.db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.company_id, companyId),
        eq(memberships.user_id, caller.user.id),
        eq(memberships.role, 'owner'),
      ),
    );
  if (!company || (!ownership && !caller.user.is_platform_admin)) throw notFound('company');
  if (company.organization_id && company.organization_id !== organizationId) {
    throw new HttpError(409, 'This company belongs to another organization. Take it out of that one first.');
  }
  await ctx.db.update(companies).set({ organization_id: organizationId }).where(eq(companies.id, company.id));
  // The organization's admins now administer it, and its members' company list names its organization.
  await ctx.callers.everyoneChanged();
}

/** Takes the company out of its organization. */
export async function removeCompany(ctx: AppContext, companyId: number): Promise<void> {
  await ctx.db.update(companies).set({ organization_id: null }).where(eq(companies.id, companyId));
  await ctx.callers.everyoneChanged();
}

/** The organization's admins, by name. */
export function adminsOf(ctx: AppContext, organizationId: number) {
  return ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(organizationAdmins)
    .innerJoin(users, eq(users.id, organizationAdmins.user_id))
    .where(eq(organizationAdmins.organization_id, organizationId))
    .orderBy(asc(users.name));
}

/** Takes an admin away (404 for one who is not); the last admin stays (409). */
export async function removeAdmin(ctx: AppContext, organizationId: number, userId: number): Promise<void> {
  const admins = await adminsOf(ctx, organizationId);
  if (!admins.some((admin) => admin.id === userId)) throw notFound('organization admin');
  if (admins.length <= 1)
    throw new HttpError(409, 'An organization needs at least one admin. Add another one first.');
  await ctx.db
    .delete(organizationAdmins)
    .where(
      and(eq(organizationAdmins.organization_id, organizationId), eq(organizationAdmins.user_id, userId)),
    );
  await ctx.callers.usersChanged([userId]);
}
