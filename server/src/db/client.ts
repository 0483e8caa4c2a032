/**
 * Opens the database: PGlite in a data folder (the embedded default, or in memory for tests) or a PostgreSQL
 * server (`DATABASE_URL`). Both are driven by Drizzle with one schema and one set of migrations.
 */
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/** The advisory lock key servers take while they migrate and seed (any number no other code uses). */
const STARTUP_LOCK = 7_342_001;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations not yet applied. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server on this database runs its own (PostgreSQL: a session advisory lock), so
   * instances starting together migrate and seed a new database once. PGlite has one server by its folder lock.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data folder as a tarball, to open copies of a seeded database quickly (tests). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseSource =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: source.maxConnections ?? 10 });
    // An idle connection the server ends (a restart, a failover, a dropped test database) is taken out of the
    // pool by pg; without a listener its 'error' event would instead crash the process.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
    // Fail fast with the server's own message when it cannot be reached.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS }),
      async exclusively(work) {
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
          holder.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = new PGlite({ dataDir: source.dataDir, loadDataDir: source.loadDataDir });
  await client.waitReady;
  const pglite = drizzlePglite(client, { schema });
  return {
    db: pglite as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pglite, { migrationsFolder: MIGRATIONS }),
    exclusively: (work) => work(),
    dump: () => client.dumpDataDir('none') as Promise<Blob>,
    close: () => client.close(),
  };
}
