/**
 * `npm run bench -- api`: the per-request cost of the API (issue 18). Requests per second and p50/p99 latency of
 * `GET /api/user` and of the conversation list's first page (`GET /api/companies/{id}/conversations`), with a
 * valid bearer token — the whole stack: CORS, the rate limiter, the caller's resolution (remembered after the
 * first request: http/callerCache.ts), the route's checks, the handler and its queries — each beside a bare
 * Fastify route measured in the same run, printed with their ratio to it.
 *
 * On PGlite in memory and, when one answers on 127.0.0.1:5432 (BENCH_PG_URL names another), on a fresh PostgreSQL
 * database of a random name, dropped afterwards. Both on the demo seed. Loopback only; autocannon runs in this
 * process, as the servers do, for the bare route as for the API. BENCH_SECONDS per endpoint (default 8),
 * BENCH_CONNECTIONS (default 10).
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app';
import { composeServices } from '../server/src/composition';
import { type DatabaseSource, openDatabase } from '../server/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../server/src/seed/demo';
import { testConfig } from '../server/src/testing/config';
import { onAdmin, PG_ADMIN_URL, postgresAnswers } from './lib/postgres';

const DURATION_SEC = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Issue 18's targets for GET /api/user: a share of the bare route's throughput, and p99 on PostgreSQL. */
const TARGETS = { postgresShare: 20, pgliteShare: 5, postgresP99Ms: 10 };

interface Figures {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
  '% of bare': string;
}

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SEC, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The bare route: what Fastify itself costs on this machine right now, the baseline of each ratio. */
async function bareFastify(): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get('/user', async () => ({ ok: true }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${url}/user`, close: () => bare.close() };
}

/** The demo workspace on `source`, the app listening on it, and the owner's bearer token. */
async function measureApi(label: string, source: DatabaseSource): Promise<Record<string, Figures>> {
  const database = await openDatabase(source);
  const bare = await bareFastify();
  try {
    await database.migrate();
    const ids = await seedDemo(database.db);
    const app = await buildApp(composeServices(testConfig({ rateLimitPerMinute: 10_000_000 }), database.db), {
      logger: false,
    });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const login = await app.inject({
        method: 'POST',
        url: '/api/sanctum/login',
        payload: { email: 'owner@demo.test', password: DEMO_PASSWORD },
      });
      const token = login.json<{ access_token: string }>().access_token;
      const headers = { authorization: `Bearer ${token}` };
      const endpoints = {
        'GET /api/user': `${url}/api/user`,
        'GET …/conversations?page=1&perPage=30': `${url}/api/companies/${ids.companies.demoMotors}/conversations?page=1&perPage=30`,
      };
      // Each answers 200 before it is measured: a benchmark of error answers would flatter the API.
      for (const [name, target] of Object.entries(endpoints)) {
        const response = await fetch(target, { headers });
        if (response.status !== 200)
          throw new Error(`${label} ${name}: ${response.status} ${await response.text()}`);
      }

      const baseline = await measure(bare.url);
      const rows: Record<string, Figures> = { 'bare Fastify GET /user': row(baseline, baseline) };
      for (const [name, target] of Object.entries(endpoints)) {
        rows[name] = row(await measure(target, headers), baseline);
      }
      return rows;
    } finally {
      await app.close();
    }
  } finally {
    await bare.close();
    await database.close();
  }
}

function row(figures: Awaited<ReturnType<typeof measure>>, baseline: { rps: number }): Figures {
  return {
    'req/s': figures.rps,
    'p50 ms': figures.p50,
    'p99 ms': figures.p99,
    errors: figures.errors,
    '% of bare': `${((figures.rps / baseline.rps) * 100).toFixed(1)}%`,
  };
}

function verdict(label: string, rows: Record<string, Figures>, targetShare: number, targetP99?: number) {
  const user = rows['GET /api/user'];
  if (!user) return;
  const share = Number.parseFloat(user['% of bare']);
  const parts = [
    `${share.toFixed(1)}% of bare (target ≥ ${targetShare}%: ${share >= targetShare ? 'met' : 'NOT met'})`,
  ];
  if (targetP99 !== undefined) {
    parts.push(
      `p99 ${user['p99 ms']} ms (target ≤ ${targetP99} ms: ${user['p99 ms'] <= targetP99 ? 'met' : 'NOT met'})`,
    );
  }
  console.log(`GET /api/user on ${label}: ${parts.join(', ')}`);
}

console.log(
  `${CONNECTIONS} connections, ${DURATION_SEC} s per endpoint, as owner@demo.test on the demo seed, ${process.version}`,
);

const pglite = await measureApi('PGlite', { kind: 'pglite' });
console.log('\nPGlite in memory');
console.table(pglite);

let postgres: Record<string, Figures> | undefined;
if (await postgresAnswers()) {
  const name = `switchboard_bench_api_${randomBytes(6).toString('hex')}`;
  await onAdmin((client) => client.query(`create database ${name}`));
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    postgres = await measureApi('PostgreSQL', { kind: 'postgres', url: url.toString() });
    console.log(`\nPostgreSQL (${url.host}, fresh database ${name}, dropped after)`);
    console.table(postgres);
  } finally {
    await onAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
} else {
  console.log(`\nPostgreSQL does not answer at ${new URL(PG_ADMIN_URL).host}: PGlite only.`);
}

console.log('');
verdict('PGlite', pglite, TARGETS.pgliteShare);
if (postgres) verdict('PostgreSQL', postgres, TARGETS.postgresShare, TARGETS.postgresP99Ms);
