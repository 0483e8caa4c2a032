/**
 * The company a record belongs to, found by its id: what a route about one record needs before anything else, to
 * answer 404 for another company's record and check the caller's role in the record's own (http/route.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { liveNumber, numbers } from './schema';

/** A table whose rows each belong to one company. */
type CompanyOwned = PgTable & { id: AnyPgColumn; company_id: AnyPgColumn };

/** The company of row `id` of `table`, or null when there is no such row. */
export async function companyOfRow(db: Db, table: CompanyOwned, id: number): Promise<number | null> {
  const [row] = await db.select({ company: table.company_id }).from(table).where(eq(table.id, id));
  return (row?.company as number | undefined) ?? null;
}

/** The company of a tracked number, or null when there is no such number or it was released to the carrier. */
export async function companyOfNumber(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ company: numbers.company_id })
    .from(numbers)
    .where(and(eq(numbers.id, id), liveNumber));
  return row?.company ?? null;
}
