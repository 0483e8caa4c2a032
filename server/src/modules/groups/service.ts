/**
 * §3 Contact group: groups with their counts (members; active = neither invalid nor unsubscribed; invalid;
 * unsubscribed), all counted in SQL for a whole list at once: one query for plain groups, one for virtual ones,
 * whose members are whoever matches their filters now.
 */
import type { ContactFilters } from '@shared/api/contacts';
import { ContactFiltersSchema } from '@shared/api/contacts';
import type { ContactGroup } from '@shared/api/groups';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactGroupMembers, contactGroups, contacts } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import { ContactFilterCompiler } from '../contacts/filters';

export type GroupRow = typeof contactGroups.$inferSelect;

interface Counts {
  contact_count: number;
  active_count: number;
  invalid_count: number;
  unsubscriber_count: number;
}

const ZERO: Counts = { contact_count: 0, active_count: 0, invalid_count: 0, unsubscriber_count: 0 };

/** The four counts over the contacts matching `where` (a condition that narrows to the group's members). */
function countColumns(where: SQL, prefix: string): SQL {
  return sql.join(
    [
      sql`(count(*) filter (where ${where}))::int as ${sql.identifier(`${prefix}_contact`)}`,
      sql`(count(*) filter (where ${where} and not ${contacts.is_invalid} and not ${contacts.is_unsubscribed}))::int as ${sql.identifier(`${prefix}_active`)}`,
      sql`(count(*) filter (where ${where} and ${contacts.is_invalid}))::int as ${sql.identifier(`${prefix}_invalid`)}`,
      sql`(count(*) filter (where ${where} and ${contacts.is_unsubscribed}))::int as ${sql.identifier(`${prefix}_unsubscribed`)}`,
    ],
    sql`, `,
  );
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The counts of many groups of one company, by group id. */
export async function groupCounts(
  db: Db,
  companyId: number,
  groups: readonly GroupRow[],
): Promise<Map<number, Counts>> {
  const counts = new Map<number, Counts>();
  const plain = groups.filter((group) => group.filters === null).map((group) => group.id);
  const virtual = groups.filter((group) => group.filters !== null);
  if (plain.length) {
    const rows = await db
      .select({
        id: contactGroupMembers.group_id,
        contact_count: sql<number>`count(*)::int`,
        active_count: sql<number>`(count(*) filter (where not ${contacts.is_invalid} and not ${contacts.is_unsubscribed}))::int`,
        invalid_count: sql<number>`(count(*) filter (where ${contacts.is_invalid}))::int`,
        unsubscriber_count: sql<number>`(count(*) filter (where ${contacts.is_unsubscribed}))::int`,
      })
      .from(contactGroupMembers)
      .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contact_id))
      .where(and(inArray(contactGroupMembers.group_id, plain), eq(contacts.company_id, companyId)))
      .groupBy(contactGroupMembers.group_id);
    for (const row of rows) {
      counts.set(row.id, {
        contact_count: Number(row.contact_count),
        active_count: Number(row.active_count),
        invalid_count: Number(row.invalid_count),
        unsubscriber_count: Number(row.unsubscriber_count),
      });
    }
  }
  if (virtual.length) {
    const compiler = new ContactFilterCompiler(db, companyId);
    const columns: SQL[] = [];
    for (const group of virtual) {
      columns.push(countColumns(await compiler.condition({ groups: [group.id] }), `g${group.id}`));
    }
    const result = await db.execute(
      sql`select ${sql.join(columns, sql`, `)} from ${contacts} where ${eq(contacts.company_id, companyId)}`,
    );
    const row = rowsOf(result)[0] ?? {};
    for (const group of virtual) {
      const read = (name: string) => Number(row[`g${group.id}_${name}`] ?? 0);
      counts.set(group.id, {
        contact_count: read('contact'),
        active_count: read('active'),
        invalid_count: read('invalid'),
        unsubscriber_count: read('unsubscribed'),
      });
    }
  }
  return counts;
}

/** Where the API lists a group's contacts. */
export function contactsLink(companyId: number, groupId: number): string {
  return `/api/contacts?companyId=${companyId}&filters=${encodeURIComponent(JSON.stringify({ groups: [groupId] }))}`;
}

function storedFilters(value: unknown): ContactFilters | null {
  if (value === null || value === undefined) return null;
  const parsed = ContactFiltersSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

export function groupView(row: GroupRow, counts: Counts = ZERO): ContactGroup {
  return {
    id: row.id,
    name: row.name,
    company_id: row.company_id,
    ...counts,
    contacts_link: contactsLink(row.company_id, row.id),
    virtual: row.filters !== null,
    filters: storedFilters(row.filters),
    user_id: row.user_id,
    link: `/contacts?group=${row.id}`,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Groups of one company with their counts, in their order. */
export async function groupViews(
  db: Db,
  companyId: number,
  rows: readonly GroupRow[],
): Promise<ContactGroup[]> {
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
export async function refuseDuplicateName(
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
