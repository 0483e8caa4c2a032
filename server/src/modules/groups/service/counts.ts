/**
 * §3 Contact group counts (members; active = neither invalid nor unsubscribed; invalid; unsubscribed), all counted
 * in SQL for a whole list at once: one query for plain groups, one for virtual ones, whose members are whoever
 * matches their filters now.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contactGroupMembers, contacts } from '../../../db/schema';
import { ContactFilterCompiler } from '../../contacts/service/filters';
import type { GroupCounts, GroupRow } from '../view';

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
): Promise<Map<number, GroupCounts>> {
  const counts = new Map<number, GroupCounts>();
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
