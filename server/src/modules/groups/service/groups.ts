/**
 * A company's contact groups: listing with their counts, one by id (another company's is no group: 404), names
 * unique in any letter case, and the change rules — a plain group keeps its members and never becomes a saved
 * filter, a virtual group is its filters and never includes itself.
 */
import type { ContactFilters } from '@shared/api/contacts';
import type { ContactGroup } from '@shared/api/groups';
import { and, asc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companyOfRow } from '../../../db/companyOf';
import { contactGroups } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { invalid, notFound } from '../../../lib/errors';
import { likePattern } from '../../companies/service';
import { type GroupRow, groupView } from '../view';
import { groupCounts } from './counts';

/** The company a group belongs to (null: no such group), for the route wrapper. */
export function companyOfGroup(db: Db, id: number): Promise<number | null> {
  return companyOfRow(db, contactGroups, id);
}

/** Groups of one company with their counts, in their order. */
async function groupViews(db: Db, companyId: number, rows: readonly GroupRow[]): Promise<ContactGroup[]> {
  const counts = await groupCounts(db, companyId, rows);
  return rows.map((row) => groupView(row, counts.get(row.id)));
}

/** One group of the company, or 404. */
export async function companyGroup(db: Db, companyId: number, id: number): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(contactGroups)
    .where(and(eq(contactGroups.id, id), eq(contactGroups.company_id, companyId)));
  if (!row) throw notFound('group');
  return row;
}

/** A group name the company already has (any letter case) is refused. */
async function refuseDuplicateName(
  db: Db,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<void> {
  const [taken] = await db
    .select({ id: contactGroups.id, name: contactGroups.name })
    .from(contactGroups)
    .where(
      and(
        eq(contactGroups.company_id, companyId),
        sql`lower(${contactGroups.name}) = lower(${name})`,
        exceptId ? ne(contactGroups.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw invalid({ name: [`There is a group named "${taken.name}" already.`] });
}

/** One group of the company with its counts (404 for none). */
export async function oneGroup(db: Db, companyId: number, id: number): Promise<ContactGroup> {
  const [group] = await groupViews(db, companyId, [await companyGroup(db, companyId, id)]);
  if (!group) throw notFound('group');
  return group;
}

/** The company's groups whose name has `search` (all without one), by name in any letter case. */
export async function listGroups(
  ctx: AppContext,
  companyId: number,
  search?: string,
): Promise<ContactGroup[]> {
  const rows = await ctx.db
    .select()
    .from(contactGroups)
    .where(
      and(
        eq(contactGroups.company_id, companyId),
        search ? ilike(contactGroups.name, likePattern(search)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${contactGroups.name})`), asc(contactGroups.id));
  return groupViews(ctx.db, companyId, rows);
}

/** Creates a group (virtual when it has filters); a name the company has already is a 422 on `name`. */
export async function createGroup(
  ctx: AppContext,
  companyId: number,
  userId: number,
  input: { name: string; filters?: ContactFilters | null | undefined },
): Promise<ContactGroup> {
  await refuseDuplicateName(ctx.db, companyId, input.name);
  const [row] = await ctx.db
    .insert(contactGroups)
    .values({
      company_id: companyId,
      name: input.name,
      filters: input.filters ?? null,
      user_id: userId,
      created_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .returning();
  if (!row) throw new Error('group insert returned nothing');
  return oneGroup(ctx.db, companyId, row.id);
}

/** Renames a group or changes a virtual group's filters (404 for none; 422 for a change the rules refuse). */
export async function updateGroup(
  ctx: AppContext,
  companyId: number,
  id: number,
  input: { name?: string | undefined; filters?: ContactFilters | null | undefined },
): Promise<ContactGroup> {
  const group = await companyGroup(ctx.db, companyId, id);
  if (input.name !== undefined) await refuseDuplicateName(ctx.db, companyId, input.name, group.id);
  const changes: Partial<typeof contactGroups.$inferInsert> = { updated_at: ctx.now() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.filters !== undefined) {
    const virtual = group.filters !== null;
    if (!virtual && input.filters !== null) {
      throw invalid({
        filters: [
          'This group has members of its own, so it cannot become a saved filter. Create a new group with these filters instead.',
        ],
      });
    }
    if (virtual && input.filters === null) {
      throw invalid({
        filters: ['A virtual group is its filters: change them, or delete the group.'],
      });
    }
    if (input.filters?.groups?.includes(group.id)) {
      throw invalid({ 'filters.groups': ['A virtual group cannot include itself.'] });
    }
    if (input.filters) changes.filters = input.filters;
  }
  await ctx.db.update(contactGroups).set(changes).where(eq(contactGroups.id, group.id));
  return oneGroup(ctx.db, companyId, group.id);
}

/** Deletes a group of the company (404 for none); its contacts stay. */
export async function deleteGroup(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const group = await companyGroup(ctx.db, companyId, id);
  await ctx.db.delete(contactGroups).where(eq(contactGroups.id, group.id));
}
