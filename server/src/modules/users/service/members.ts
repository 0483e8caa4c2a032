/**
 * Users inside a company (§6, §7 Users): listing, one user, roles, activation, and one user's accounts across an
 * organization's companies. Only an owner makes, unmakes or deactivates an owner, and a company never loses its
 * last owner; a user deactivated everywhere loses every sign-in at once. Every change tells the cache of callers
 * (http/callerCache.ts) once committed, so the next request of the user changed, on any instance, sees it.
 */
import type { CompanyUser } from '@shared/api/users';
import type { Role } from '@shared/domain/users';
import { and, asc, count, eq, exists, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  companies,
  invitations,
  memberships,
  organizationAdmins,
  organizations,
  users,
} from '../../../db/schema';
import type { Caller } from '../../../http/caller';
import type { AppContext } from '../../../http/context';
import { roleInCompany } from '../../../http/route';
import { HttpError, invalid, notFound } from '../../../lib/errors';
import { maySignIn } from '../../auth/service';
import { revokeAllAccess } from '../../auth/tokens';
import { likePattern } from '../../companies/service';
import { companyUserView } from '../view';

/** What a company's user is read as (view.ts `CompanyUserRow`): the account and its membership of the company. */
const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  userState: users.state,
  in_app_calling_status: memberships.in_app_calling_status,
  mfa_enabled: users.mfa_enabled,
  sip_address: users.sip_address,
  sip_user: users.sip_user,
  sip_password: users.sip_password,
  timezone: users.timezone,
};

export async function listCompanyUsers(
  ctx: AppContext,
  companyId: number,
  options: { search?: string; limit: number; offset: number },
) {
  const search = options.search
    ? or(ilike(users.name, likePattern(options.search)), ilike(users.email, likePattern(options.search)))
    : undefined;
  const where = and(eq(memberships.company_id, companyId), search);
  const rows = await ctx.db
    .select(columns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await ctx.db
    .select({ total: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(where);
  return { rows: rows.map(companyUserView), total: total?.total ?? 0 };
}

export async function companyUser(ctx: AppContext, companyId: number, userId: number): Promise<CompanyUser> {
  const [row] = await ctx.db
    .select(columns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, userId)));
  if (!row) throw notFound('user');
  return companyUserView(row);
}

async function owners(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.user_id })
    .from(memberships)
    .where(and(eq(memberships.company_id, companyId), eq(memberships.role, 'owner')));
  return rows.map((row) => row.id);
}

/**
 * The rules of every change of someone's role in a company (PUT /users/{id}, bulk accounts): only an owner makes or
 * unmakes an owner, and a company never loses its last owner. `from` null: not a member yet; `to` null: taken out.
 */
export async function checkRoleChange(
  db: Db,
  companyId: number,
  actorRole: Role | null,
  change: { from: Role | null; to: Role | null },
): Promise<void> {
  if ((change.to === 'owner' || change.from === 'owner') && actorRole !== 'owner') {
    throw new HttpError(403, 'Only an owner can give or take away the owner role.');
  }
  if (change.from === 'owner' && change.to !== 'owner' && (await owners(db, companyId)).length <= 1) {
    throw new HttpError(409, 'A company needs at least one owner. Make someone else owner first.');
  }
}

export async function changeRole(
  ctx: AppContext,
  companyId: number,
  actorRole: Role,
  userId: number,
  role: Role,
) {
  const current = await companyUser(ctx, companyId, userId);
  await checkRoleChange(ctx.db, companyId, actorRole, { from: current.role, to: role });
  await ctx.db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, userId)));
  await ctx.callers.usersChanged([userId]);
}

export async function setActivation(
  ctx: AppContext,
  companyId: number,
  actor: { id: number; role: Role },
  userIds: number[],
  active: boolean,
): Promise<void> {
  const targets = await ctx.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.company_id, companyId), inArray(memberships.user_id, userIds)));
  const missing = userIds.filter((id) => !targets.some((row) => row.user_id === id));
  if (missing.length) throw notFound('user');
  if (!active) {
    if (userIds.includes(actor.id)) throw new HttpError(409, 'You cannot deactivate yourself.');
    if (targets.some((row) => row.role === 'owner') && actor.role !== 'owner') {
      throw new HttpError(403, 'Only an owner can deactivate an owner.');
    }
    const remainingOwners = (await owners(ctx.db, companyId)).filter((id) => !userIds.includes(id));
    if (targets.some((row) => row.role === 'owner') && remainingOwners.length === 0) {
      throw new HttpError(409, 'A company needs at least one owner. Make someone else owner first.');
    }
  }
  await ctx.db.transaction(async (tx) => {
    for (const row of targets) {
      if (active && row.role === 'deactivated') {
        await tx
          .update(memberships)
          .set({ role: row.previous_role ?? 'user', previous_role: null })
          .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, row.user_id)));
      } else if (!active && row.role !== 'deactivated') {
        await tx
          .update(memberships)
          .set({ role: 'deactivated', previous_role: row.role, in_app_calling_status: 'away' })
          .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, row.user_id)));
      }
    }
  });
  await ctx.callers.usersChanged(targets.map((row) => row.user_id));
  if (active) return;
  // "A user deactivated everywhere cannot sign in" (docs/permissions.md) — nor keep working with what they signed
  // in with before: their last company's deactivation ends every session, token, refresh and API key at once.
  for (const row of targets) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, row.user_id));
    if (user && !(await maySignIn(ctx, user))) await revokeAllAccess(ctx, user.id);
  }
}

/** Renames a user of the company and changes their role there (404 for none; the role rules of `changeRole`). */
export async function updateCompanyUser(
  ctx: AppContext,
  companyId: number,
  actorRole: Role,
  userId: number,
  changes: { name?: string | undefined; role?: Role | undefined },
): Promise<CompanyUser> {
  await companyUser(ctx, companyId, userId);
  if (changes.role) await changeRole(ctx, companyId, actorRole, userId, changes.role);
  if (changes.name) {
    await ctx.db.update(users).set({ name: changes.name, updated_at: ctx.now() }).where(eq(users.id, userId));
    await ctx.callers.usersChanged([userId]);
  }
  return companyUser(ctx, companyId, userId);
}

/**
 * Gives one user a role in many companies of an organization at once, or (role null) takes them out. Every company
 * must belong to the organization, and the user to it already — a member of one of its companies, one of its admins,
 * or invited to one of its companies — so nobody is put into a company without an invitation (an unknown id gets
 * the same answer as a stranger's). Each company's change follows PUT /users/{id}'s rules (`checkRoleChange`) with
 * the caller's role there: an organization admin acts as administrator, so only an owner touches an owner.
 */
export async function setAccounts(
  ctx: AppContext,
  organizationId: number,
  caller: Caller,
  input: { userId: number; companyIds: number[]; role: Role | null },
): Promise<void> {
  const { userId, companyIds, role } = input;
  const inOrganization = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, companyIds), eq(companies.organization_id, organizationId)));
  const outside = companyIds.filter((id) => !inOrganization.some((company) => company.id === id));
  if (outside.length) {
    throw new HttpError(422, 'The given data was invalid.', {
      company_ids: [`Not companies of this organization: ${outside.join(', ')}.`],
    });
  }
  if (!(await belongsToOrganization(ctx.db, organizationId, userId))) {
    throw invalid({
      user_id: [
        "Only people of this organization's companies, or invited to one of them, can be given accounts here. Invite them to a company first.",
      ],
    });
  }
  const actorRoles = new Map<number, Role | null>();
  for (const companyId of companyIds) {
    actorRoles.set(companyId, (await roleInCompany(ctx, caller, companyId))?.role ?? null);
  }
  await ctx.db.transaction(async (tx) => {
    for (const companyId of companyIds) {
      const [current] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, userId)));
      await checkRoleChange(tx, companyId, actorRoles.get(companyId) ?? null, {
        from: (current?.role as Role | undefined) ?? null,
        to: role,
      });
      if (role === null) {
        await tx
          .delete(memberships)
          .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, userId)));
      } else {
        await tx
          .insert(memberships)
          .values({ user_id: userId, company_id: companyId, role })
          .onConflictDoUpdate({
            target: [memberships.user_id, memberships.company_id],
            set: { role, previous_role: null },
          });
      }
    }
  });
  await ctx.callers.usersChanged([userId]);
}

/**
 * Whether the user already belongs to the organization: a member of one of its companies (deactivated there too),
 * one of its admins, or invited (invitation not yet accepted) to one of its companies. False for no such user.
 */
async function belongsToOrganization(db: Db, organizationId: number, userId: number): Promise<boolean> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const organizationCompanies = db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.organization_id, organizationId));
  const [found] = await db
    .select({ one: sql<number>`1` })
    .from(organizations)
    .where(
      and(
        eq(organizations.id, organizationId),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(memberships)
              .where(
                and(eq(memberships.user_id, userId), inArray(memberships.company_id, organizationCompanies)),
              ),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(organizationAdmins)
              .where(
                and(
                  eq(organizationAdmins.user_id, userId),
                  eq(organizationAdmins.organization_id, organizationId),
                ),
              ),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(invitations)
              .where(
                and(
                  eq(sql`lower(${invitations.email})`, user.email.toLowerCase()),
                  isNull(invitations.accepted_at),
                  inArray(invitations.company_id, organizationCompanies),
                ),
              ),
          ),
        ),
      ),
    );
  return found !== undefined;
}
