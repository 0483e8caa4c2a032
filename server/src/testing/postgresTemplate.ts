/**
 * Vitest global setup for the server suite on PostgreSQL: one template database, migrated and seeded once per
 * run; every test app clones it (`create database … template …`), and teardown drops the template and every
 * clone, so runs on a shared server never see each other's data nor leave databases behind.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../seed/demo';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(database: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function onAdminConnection<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: { name: string; ids: import('../seed/demo').DemoIds };
  }
}

export default async function setup(project: TestProject) {
  const name = `switchboard_tpl_${process.pid}_${Date.now()}`;
  await onAdminConnection((client) => client.query(`create database ${name}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), maxConnections: 2 });
  await database.migrate();
  const ids = await seedDemo(database.db);
  await database.close();
  project.provide('pgTemplate', { name, ids });

  return async () => {
    await onAdminConnection(async (client) => {
      const clones = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${name.replace('_tpl_', '_test_')}%`],
      );
      for (const { datname } of clones.rows)
        await client.query(`drop database if exists ${datname} with (force)`);
      await client.query(`drop database if exists ${name} with (force)`);
    });
  };
}
