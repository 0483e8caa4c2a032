/**
 * `npm run bench -- analytics`: call analytics at volume, each figure beside a baseline measured in the same run.
 *
 * On PGlite and (when one answers on 127.0.0.1:5432; BENCH_PG_URL names another server) on a fresh PostgreSQL
 * database: the demo seed plus 1,000,000 calls for Demo Motors over two years (bench/analytics/volume.ts), then,
 * as owner@demo.test over loopback HTTP, one request at a time (a person opening a report, not a load test):
 * - `GET /analytics/calls` for the last 90 days grouped by day, by source and by agent;
 * - `POST /companies/{id}/calls/kpi` for the last 90 days against the 90 before;
 * - `POST /dashboard` heatmap for the last 90 days;
 * beside `SELECT count(*)` of the company's calls in the same 90 days straight on the database (the least any
 * report over those rows costs). p50 / p99 / max of BENCH_REQUESTS requests each, after one warm-up.
 *
 * BENCH_CALLS scales the data down; BENCH_REQUESTS changes the sample. The database is dropped after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { composeServices } from '../server/src/composition';
import { type DatabaseSource, openDatabase } from '../server/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../server/src/seed/demo';
import { testConfig } from '../server/src/testing/config';
import { writeCalls } from './analytics/volume';
import { percentile, round1, seconds } from './lib/figures';
import { onAdmin, PG_ADMIN_URL, postgresAnswers } from './lib/postgres';

const CALLS = Number(process.env.BENCH_CALLS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const OWNER = 'owner@demo.test';
const DAYS = 90;

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp(): Promise<void> {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    await step().catch((error: unknown) => console.error('cleanup:', error));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

type Figures = Record<string, number | string>;
const results: Record<string, Figures> = {};
const seeding: Record<string, Figures> = {};
const started = performance.now();

try {
  console.log(
    `${CALLS.toLocaleString('en-US')} calls over two years; ${REQUESTS} requests per target; ${process.version}`,
  );
  const folder = await mkdtemp(join(tmpdir(), 'switchboard-bench-analytics-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await measure('PGlite', { kind: 'pglite', dataDir: join(folder, 'pglite') });

  if (await postgresAnswers()) {
    const name = `switchboard_bench_analytics_${process.pid}_${Date.now()}`;
    await onAdmin((client) => client.query(`create database ${name}`));
    cleanups.push(() => onAdmin((client) => client.query(`drop database if exists ${name} with (force)`)));
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    await measure('PostgreSQL', { kind: 'postgres', url: url.toString() });
  } else {
    console.log(`PostgreSQL does not answer at ${new URL(PG_ADMIN_URL).host}: PGlite only.`);
  }
} finally {
  console.log('\nData written by the bench (set-based SQL, after the demo seed)');
  console.table(seeding);
  console.log(`\nOne request at a time, last ${DAYS} days, as ${OWNER} over loopback HTTP`);
  console.table(results);
  console.log(`\nWhole run: ${seconds(performance.now() - started)} s`);
  await cleanUp();
}

async function measure(label: string, source: DatabaseSource): Promise<void> {
  const database = await openDatabase(source);
  let closed = false;
  const close = async () => {
    if (!closed) await database.close();
    closed = true;
  };
  cleanups.push(close);
  await database.migrate();
  const ids = await seedDemo(database.db);
  const now = new Date();
  const agents = Object.entries(ids.users)
    .filter(([email]) => email.startsWith('agent') || email.startsWith('owner'))
    .map(([, id]) => id as number);
  const writing = performance.now();
  await writeCalls(database.db, ids, agents, { count: CALLS, now });
  const written = performance.now();
  await database.db.execute(sql`analyze`);
  seeding[label] = {
    'calls written (s)': seconds(written - writing),
    'rows/s': Math.round(CALLS / ((written - writing) / 1000)),
    'analyze (s)': seconds(performance.now() - written),
  };

  const app = await buildApp(composeServices(testConfig({ rateLimitPerMinute: 10_000_000 }), database.db), {
    logger: false,
  });
  cleanups.push(() => app.close());
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    payload: { email: OWNER, password: DEMO_PASSWORD },
  });
  const token = login.json<{ access_token: string }>().access_token;
  const company = ids.companies.demoMotors;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const to = day(now);
  const from = day(new Date(now.getTime() - (DAYS - 1) * 86_400_000));
  const tz = 'America/Chicago';
  const report = (groupBy: string) =>
    `/api/analytics/calls?company_id=${company}&groupBy=${groupBy}&from=${from}&to=${to}&tz=${tz}`;

  // The baseline: counting the same rows, straight on the database, timed the same way.
  await sample(label, `baseline: SELECT count(*) of ${DAYS} days`, async () => {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from calls where company_id = ${company}
          and started_at >= ${`${from}T00:00:00Z`}::timestamptz - interval '1 day'`,
    )) as unknown as { rows: { n: number }[] };
    return `${result.rows[0]?.n ?? 0} rows`;
  });
  const targets: { name: string; method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
    { name: 'GET /analytics/calls by day', method: 'GET', path: report('day') },
    { name: 'GET /analytics/calls by source', method: 'GET', path: report('source') },
    { name: 'GET /analytics/calls by agent', method: 'GET', path: report('agent') },
    {
      name: 'POST /calls/kpi (previous period)',
      method: 'POST',
      path: `/api/companies/${company}/calls/kpi`,
      body: { currentRange: { start: from, end: to }, tz },
    },
    {
      name: 'POST /dashboard heatmap',
      method: 'POST',
      path: '/api/dashboard',
      body: { company_id: company, type: 'heatmap', tz, filters: { from, to } },
    },
  ];
  for (const target of targets) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (target.body) headers['content-type'] = 'application/json';
    const body = target.body ? JSON.stringify(target.body) : undefined;
    await sample(label, target.name, async () => {
      const response = await fetch(`${base}${target.path}`, { method: target.method, headers, body });
      const json = (await response.json()) as {
        totals?: { total: number };
        kpis?: unknown[];
        points?: unknown[];
      };
      if (response.status !== 200)
        throw new Error(`${target.name} answered ${response.status}: ${JSON.stringify(json)}`);
      if (json.totals) return `${json.totals.total} calls`;
      if (json.kpis) return `${json.kpis.length} KPIs`;
      return `${json.points?.length ?? 0} points`;
    });
  }
  await app.close();
  await close();
}

/** Runs `request` once to warm up, then REQUESTS times one after another; records p50/p99/max beside the baseline. */
async function sample(label: string, name: string, request: () => Promise<string>): Promise<void> {
  const answer = await request();
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const began = performance.now();
    await request();
    times.push(performance.now() - began);
  }
  const baseline = results[`${label}: baseline: SELECT count(*) of ${DAYS} days`]?.['p99 (ms)'];
  const p99 = round1(percentile(times, 99));
  results[`${label}: ${name}`] = {
    'p50 (ms)': round1(percentile(times, 50)),
    'p99 (ms)': p99,
    'max (ms)': round1(Math.max(...times)),
    'p99 ÷ baseline p99': typeof baseline === 'number' && baseline > 0 ? round1(p99 / baseline) : 1,
    answer,
  };
}
