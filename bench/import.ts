/**
 * `npm run bench -- import`: a 100,000-row contact CSV imported through the real path — a multipart upload over
 * HTTP to `PUT /api/companies/{id}/contacts` (streamed into staged rows), then the app's own worker (checked,
 * normalised, upserted in 500-row transactions) — timed to the `contact-import.completed` event, with peak RSS and
 * heap sampled during the run. On PGlite, and on a fresh PostgreSQL database when one answers on 127.0.0.1:5432
 * (BENCH_PG_URL names another server), beside `COPY` of the same file into a scratch table in the same run: the
 * floor a bulk load cannot go below (no checks, no merge, no indexes).
 * BENCH_ROWS changes the row count.
 */
import { createReadStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../server/src/app';
import { composeServices } from '../server/src/composition';
import { openDatabase } from '../server/src/db/client';
import { embeddedRealtime } from '../server/src/realtime/publish';
import { DEMO_PASSWORD, seedDemo } from '../server/src/seed/demo';
import { testConfig } from '../server/src/testing/config';
import { onAdmin, PG_ADMIN_URL, postgresAnswers } from './lib/postgres';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/** Area codes the demo seed does not use, 10,000 numbers each (NXX 555 XXXX). */
const AREAS = ['415', '646', '206', '503', '617', '212', '213', '404', '702', '808', '919', '971'];
const GENDERS = ['Male', 'Female', 'Other', ''];
const COLUMNS = 'name,number,email,city,gender';

function csvRows(): string {
  const lines = [COLUMNS];
  for (let i = 0; i < ROWS; i++) {
    const area = AREAS[Math.floor(i / 10_000) % AREAS.length];
    const line = String(i % 10_000).padStart(4, '0');
    lines.push(
      `Bench Person ${i},(${area}) 555-${line},person${i}@example.com,Springfield,${GENDERS[i % 4]}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Samples the process's memory until stopped; answers the peaks (MB). */
function memorySampler() {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heap = Math.max(heap, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 25);
  return () => {
    clearInterval(timer);
    sample();
    return { rssMb: Math.round(rss / 2 ** 20), heapMb: Math.round(heap / 2 ** 20) };
  };
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const perSecond = (rows: number, ms: number) => Math.round(rows / (ms / 1000));

async function importThroughApi(kind: 'pglite' | 'postgres', file: string, url?: string) {
  const database = await openDatabase(
    kind === 'postgres' && url ? { kind: 'postgres', url } : { kind: 'pglite' },
  );
  await database.migrate();
  const ids = await seedDemo(database.db);
  const realtime = embeddedRealtime();
  const app = await buildApp(
    composeServices(testConfig({ rateLimitPerMinute: 10_000_000 }), database.db, { realtime }),
    { logger: false },
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const token = login.json<{ access_token: string }>().access_token;
  const completed = new Map<number, { created: number; updated: number; failed: number; state: string }>();
  realtime.listen((_channel, event, payload) => {
    if (event === 'contact-import.completed') {
      const batch = payload as {
        id: number;
        created: number;
        updated: number;
        failed: number;
        state: string;
      };
      completed.set(batch.id, batch);
    }
  });

  global.gc?.();
  const before = process.memoryUsage();
  const stopSampling = memorySampler();
  const started = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'bench.csv');
  const response = await fetch(`${base}/api/companies/${ids.companies.demoMotors}/contacts`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const batch = (await response.json()) as { id: number; total_rows: number };
  if (response.status !== 202)
    throw new Error(`upload answered ${response.status}: ${JSON.stringify(batch)}`);
  const staged = performance.now();
  while (!completed.has(batch.id)) await new Promise((resolve) => setTimeout(resolve, 20));
  const finished = performance.now();
  const peaks = stopSampling();
  const result = completed.get(batch.id);
  if (result?.state !== 'finished' || result.created + result.updated !== ROWS) {
    throw new Error(`the import did not take every row: ${JSON.stringify(result)}`);
  }
  await app.close();
  await database.close();
  return {
    'upload + staging (rows/s)': perSecond(ROWS, staged - started),
    'worker (rows/s)': perSecond(ROWS, finished - staged),
    'end to end (rows/s)': perSecond(ROWS, finished - started),
    'end to end (s)': Number(((finished - started) / 1000).toFixed(1)),
    'RSS before (MB)': mb(before.rss),
    'peak RSS (MB)': peaks.rssMb,
    'heap before (MB)': mb(before.heapUsed),
    'peak heap (MB)': peaks.heapMb,
    created: result.created,
    updated: result.updated,
  };
}

const SCRATCH = 'create table copy_scratch (name text, number text, email text, city text, gender text)';

async function copyIntoPostgres(url: string, file: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(SCRATCH);
  const stopSampling = memorySampler();
  const started = performance.now();
  await pipeline(
    createReadStream(file),
    client.query(copyFrom('copy copy_scratch from stdin with (format csv, header true)')),
  );
  const ms = performance.now() - started;
  const peaks = stopSampling();
  const { rows } = await client.query<{ n: string }>('select count(*) as n from copy_scratch');
  await client.end();
  if (Number(rows[0]?.n) !== ROWS) throw new Error(`COPY loaded ${rows[0]?.n} rows`);
  return { 'COPY (rows/s)': perSecond(ROWS, ms), 'COPY (s)': Number((ms / 1000).toFixed(2)), ...peaks };
}

async function copyIntoPglite(file: string) {
  const db = new PGlite();
  await db.waitReady;
  await db.exec(SCRATCH);
  const blob = await openAsBlob(file);
  const started = performance.now();
  await db.query(`copy copy_scratch from '/dev/blob' with (format csv, header true)`, [], { blob });
  const ms = performance.now() - started;
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from copy_scratch');
  await db.close();
  if (rows[0]?.n !== ROWS) throw new Error(`COPY loaded ${rows[0]?.n} rows`);
  return { 'COPY (rows/s)': perSecond(ROWS, ms), 'COPY (s)': Number((ms / 1000).toFixed(2)) };
}

const folder = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
const file = join(folder, 'contacts.csv');
try {
  await writeFile(file, csvRows());
  const size = (await openAsBlob(file)).size;
  console.log(
    `${ROWS.toLocaleString('en-US')} rows (${(size / 2 ** 20).toFixed(1)} MB CSV), ${process.version}, ` +
      'upload over loopback HTTP, worker chunks of 500 rows',
  );

  const results: Record<string, Record<string, number>> = {};
  results['import via API, PGlite (in process)'] = await importThroughApi('pglite', file);
  results['COPY into scratch table, PGlite'] = await copyIntoPglite(file);

  if (await postgresAnswers()) {
    const name = `switchboard_bench_${process.pid}_${Date.now()}`;
    await onAdmin((client) => client.query(`create database ${name}`));
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      results['import via API, PostgreSQL'] = await importThroughApi('postgres', file, url.toString());
      results['COPY into scratch table, PostgreSQL'] = await copyIntoPostgres(url.toString(), file);
    } finally {
      await onAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    }
  } else {
    console.log(`PostgreSQL does not answer at ${new URL(PG_ADMIN_URL).host}: PGlite only.`);
  }

  for (const [name, figures] of Object.entries(results)) {
    console.log(`\n${name}`);
    console.table(figures);
  }
  const pgImport = results['import via API, PostgreSQL']?.['end to end (rows/s)'];
  const pgCopy = results['COPY into scratch table, PostgreSQL']?.['COPY (rows/s)'];
  if (pgImport && pgCopy) {
    console.log(
      `\nOn PostgreSQL the import runs at ${((pgImport / pgCopy) * 100).toFixed(1)}% of raw COPY's speed (${(pgCopy / pgImport).toFixed(1)}× slower).`,
    );
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
