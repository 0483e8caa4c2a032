/**
 * Whether a migrated database is new: no users and no companies. Only a new one is seeded with the demo
 * workspace; a seed that failed half-way (it runs in one transaction) leaves the database new, so the next start
 * seeds it again.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export async function isNewDatabase(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select not exists (select 1 from users) and not exists (select 1 from companies) as fresh`,
  )) as unknown as { rows: { fresh: boolean }[] };
  return result.rows[0]?.fresh ?? true;
}
