/**
 * The PostgreSQL server a benchmark measures beside PGlite: where it is (BENCH_PG_URL, else the machine's own on
 * 127.0.0.1:5432), whether it answers, and statements on its admin database (creating and dropping the scratch
 * database each run uses, so runs never see each other's data).
 */
import { connect } from 'node:net';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function postgresAnswers(): Promise<boolean> {
  const target = new URL(PG_ADMIN_URL);
  return new Promise((resolve) => {
    const socket = connect({ host: target.hostname, port: Number(target.port || 5432), timeout: 500 });
    socket.once('connect', () => resolve(!!socket.end()));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(!!socket.destroy() && false));
  });
}

export async function onAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
