/**
 * What a user may use — their memberships, the organizations they administer and those organizations' companies —
 * read as three columns of the query that reads the user (correlated subqueries aggregated to JSON), so the
 * caller of a request is known in one round trip (http/caller.ts), and GET /user builds from it without another.
 */
import type { User } from '@shared/api/auth';
import { effectiveRole } from '@shared/domain/permissions';
import type { InAppCallingStatus } from '@shared/domain/users';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { companies, memberships, organizationAdmins, users } from '../../../db/schema';
import type { CallerAccess, UserRow } from '../../../http/caller';
import type { AppContext } from '../../../http/context';

/** JSON from the driver: node-postgres and PGlite parse `json` already; a string is parsed here just in case. */
const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * `"table"."column"`, always qualified. Drizzle leaves a column unqualified in a query of one table (as
 * `userWithAccess` is), where inside these subqueries `"id"` would name the subquery's own table's id.
 */
const col = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** The access columns of a select that reads `users` (any query where `users.id` names the user). */
export const accessColumns = {
  memberships: sql`(
    select coalesce(json_agg(json_build_object(
      'companyId', ${col(companies.id)},
      'companyName', ${col(companies.name)},
      'organizationId', ${col(companies.organization_id)},
      'role', ${col(memberships.role)},
      'inAppCallingStatus', ${col(memberships.in_app_calling_status)}
    )), '[]'::json)
    from ${memberships} inner join ${companies} on ${col(companies.id)} = ${col(memberships.company_id)}
    where ${col(memberships.user_id)} = ${col(users.id)}
  )`.mapWith(fromJson<CallerAccess['memberships']>),
  administers: sql`(
    select coalesce(json_agg(${col(organizationAdmins.organization_id)}), '[]'::json)
    from ${organizationAdmins} where ${col(organizationAdmins.user_id)} = ${col(users.id)}
  )`.mapWith(fromJson<CallerAccess['administers']>),
  organizationCompanies: sql`(
    select coalesce(json_agg(json_build_object(
      'id', ${col(companies.id)}, 'name', ${col(companies.name)}, 'organizationId', ${col(companies.organization_id)}
    )), '[]'::json)
    from ${companies} inner join ${organizationAdmins}
      on ${col(organizationAdmins.organization_id)} = ${col(companies.organization_id)}
    where ${col(organizationAdmins.user_id)} = ${col(users.id)}
  )`.mapWith(fromJson<CallerAccess['organizationCompanies']>),
};

/** The user and their access, read fresh (after a change the request itself made), or undefined for none. */
export async function userWithAccess(
  ctx: AppContext,
  userId: number,
): Promise<{ user: UserRow; access: CallerAccess } | undefined> {
  const [row] = await ctx.db
    .select({ user: users, ...accessColumns })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { user, ...access } = row;
  return { user, access };
}

/**
 * The companies of §3's User: their memberships (not deactivated ones), plus every company of the organizations
 * they administer (as administrator, "away"), by name; and whether they administer an organization.
 */
export function companiesFrom(access: CallerAccess): {
  companies: User['companies'];
  administersOrganization: boolean;
} {
  const result = new Map<number, User['companies'][number]>();
  for (const membership of access.memberships) {
    const role = effectiveRole({
      membershipRole: membership.role,
      isOrganizationAdmin:
        membership.organizationId !== null && access.administers.includes(membership.organizationId),
    });
    if (!role || role === 'deactivated') continue;
    result.set(membership.companyId, {
      id: membership.companyId,
      name: membership.companyName,
      role,
      in_app_calling_status: membership.inAppCallingStatus as InAppCallingStatus,
      organization_id: membership.organizationId,
    });
  }
  const memberOf = new Set(access.memberships.map((membership) => membership.companyId));
  for (const company of access.organizationCompanies) {
    if (memberOf.has(company.id) || result.has(company.id)) continue;
    result.set(company.id, {
      id: company.id,
      name: company.name,
      role: 'administrator',
      in_app_calling_status: 'away',
      organization_id: company.organizationId,
    });
  }
  return {
    companies: [...result.values()].sort((a, b) => a.name.localeCompare(b.name)),
    administersOrganization: access.administers.length > 0,
  };
}
