/**
 * Two server processes on one PostgreSQL never run one job twice: two real Node processes (tsx), each with a
 * runner polling every 20 ms and running three jobs at a time, share one fresh database; N jobs are enqueued and
 * each run records itself with its process's pid. Every job ran exactly once, and both processes took some.
 * PostgreSQL only (PGlite is one process's database): skipped unless SERVER_TEST_DB=postgres.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { jobs } from '../db/schema';
import { databaseUrl, onAdminConnection } from '../testing/postgresTemplate';
import { TEST_DB_KIND } from '../testing/testApp';
import { enqueueJob } from './queue';
import { jobSignals } from './signals';

const CHILD = fileURLToPath(new URL('./testing/runnerProcess.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const KIND = 'test-two-processes';
const N = 300;

describe.skipIf(TEST_DB_KIND !== 'postgres')('two runner processes on one PostgreSQL database', () => {
  let name: string;
  let database: Database;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const template = inject('pgTemplate');
    name = `${template.name.replace('_tpl_', '_test_')}_jobs_${process.pid}`;
    await onAdminConnection((client) => client.query(`create database ${name} template ${template.name}`));
    database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), maxConnections: 4 });
    await database.db.execute(sql`create table job_runs (key text not null, pid int not null)`);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database?.close();
    await onAdminConnection((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  /** Starts a runner process; resolves when it says it is ready. */
  function startRunner(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: ROOT,
      env: { ...process.env, JOBS_TEST_DATABASE_URL: databaseUrl(name), JOBS_TEST_KIND: KIND },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    return new Promise((resolve, reject) => {
      child.stdout?.on('data', (chunk) => {
        output += String(chunk);
        if (output.includes('ready')) resolve(child);
      });
      child.stderr?.on('data', (chunk) => {
        output += String(chunk);
      });
      child.once('exit', (code) =>
        reject(new Error(`runner exited (${code}) before it was ready:\n${output}`)),
      );
    });
  }

  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', (code) => resolve(code));
    });

  it(`runs each of ${N} jobs exactly once`, async () => {
    const runners = await Promise.all([startRunner(), startRunner()]);
    const ctx = { db: database.db, now: () => new Date(), jobSignals: jobSignals() };
    await Promise.all(Array.from({ length: N }, (_, n) => enqueueJob(ctx, { kind: KIND, key: `job-${n}` })));

    await vi.waitFor(
      async () =>
        expect(await database.db.$count(jobs, and(eq(jobs.kind, KIND), eq(jobs.state, 'finished')))).toBe(N),
      { timeout: 30_000, interval: 50 },
    );
    for (const runner of runners) runner.kill('SIGTERM');
    expect(await Promise.all(runners.map(exited))).toEqual([0, 0]);

    const runs = (await database.db.execute(sql`select key, pid from job_runs`)) as unknown as {
      rows: { key: string; pid: number }[];
    };
    const perKey = new Map<string, number>();
    for (const run of runs.rows) perKey.set(run.key, (perKey.get(run.key) ?? 0) + 1);
    expect(perKey.size).toBe(N);
    expect([...perKey.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect(runs.rows).toHaveLength(N);
    // Both processes took jobs: the claims really raced.
    const pids = new Set(runs.rows.map((run) => run.pid));
    expect(pids).toEqual(new Set(runners.map((runner) => runner.pid)));
    expect(await database.db.$count(jobs, eq(jobs.kind, KIND))).toBe(N);
  }, 60_000);
});
