/**
 * `npm run bench -- api`: requests per second and p50/p99 latency of `GET /api/user` with a valid token (the
 * whole stack: rate limiter, token lookup, user and companies queries on PGlite), beside a bare Fastify route in
 * the same run, printed with their ratio. Loopback only; bounded in time.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app';
import { composeServices } from '../server/src/composition';
import { openDatabase } from '../server/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../server/src/seed/demo';
import { testConfig } from '../server/src/testing/config';

const DURATION_SEC = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SEC, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

// BENCH_DATABASE_URL: an empty PostgreSQL database to compare with (it is migrated and seeded).
const pgUrl = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(pgUrl ? { kind: 'postgres', url: pgUrl } : { kind: 'pglite' });
await database.migrate();
await seedDemo(database.db);
const app = await buildApp(composeServices(testConfig({ rateLimitPerMinute: 10_000_000 }), database.db), {
  logger: false,
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({
  method: 'POST',
  url: '/api/sanctum/login',
  payload: { email: 'owner@demo.test', password: DEMO_PASSWORD },
});
const token = login.json<{ access_token: string }>().access_token;

const bare = Fastify({ logger: false });
bare.get('/user', async () => ({ ok: true }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

console.log(
  `${CONNECTIONS} connections, ${DURATION_SEC} s each, ${pgUrl ? 'PostgreSQL' : 'PGlite in memory'}, ${process.version}`,
);
const bareResult = await measure(`${bareUrl}/user`);
const apiResult = await measure(`${url}/api/user`, { authorization: `Bearer ${token}` });
console.table({
  'bare Fastify GET /user': bareResult,
  'API GET /api/user (bearer)': apiResult,
});
console.log(
  `GET /api/user serves ${((apiResult.rps / bareResult.rps) * 100).toFixed(1)}% of the bare route's throughput (${(bareResult.rps / apiResult.rps).toFixed(1)}× slower).`,
);

await app.close();
await bare.close();
await database.close();
