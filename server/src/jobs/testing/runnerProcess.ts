/**
 * A job runner in a process of its own, for `processes.test.ts`: it opens the PostgreSQL database named by
 * JOBS_TEST_DATABASE_URL, runs jobs of JOBS_TEST_KIND (each run records itself in `job_runs` with this process's
 * pid, then dawdles a moment so the two processes' runs overlap), says "ready" on stdout, and stops gracefully
 * on SIGTERM.
 */

import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { createJobRunner } from '../runner';
import { jobSignals } from '../signals';

const url = process.env.JOBS_TEST_DATABASE_URL;
const kind = process.env.JOBS_TEST_KIND;
if (!url || !kind) throw new Error('JOBS_TEST_DATABASE_URL and JOBS_TEST_KIND are required');

const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
const ctx = { db: database.db, now: () => new Date(), jobSignals: jobSignals() };
const runner = createJobRunner(ctx, {
  pollMs: 20,
  handlers: [
    {
      kind,
      concurrency: 3,
      run: async (_ctx, job) => {
        await ctx.db.execute(sql`insert into job_runs (key, pid) values (${job.row.key}, ${process.pid})`);
        await delay(Math.floor(Math.random() * 4));
      },
    },
  ],
});
runner.start();
process.stdout.write('ready\n');

process.once('SIGTERM', async () => {
  await runner.stop();
  await database.close();
  process.exit(0);
});
