/**
 * `npm run bench -- routing`: the routing engine and the voice webhook on the seeded workspace.
 * 1. Routing decisions per second: `route()` over Demo Motors' numbers (menu, ring groups, geo, in-app line)
 *    with a mix of steps (a call starting, a menu choice, a ring ending), p50/p99 per decision.
 * 2. The Twilio voice webhook's latency under load: a new signed call to the in-app line per request (so each
 *    creates its call, reads the configuration and agents, records events and rings the apps), beside a bare
 *    Fastify route answering the same form with fixed TwiML in the same run. Twilio allows 15 s; the figure to
 *    watch is p99.
 * BENCH_DATABASE_URL names an empty PostgreSQL database to run on instead of PGlite.
 */
import formbody from '@fastify/formbody';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import twilio from 'twilio';
import { buildApp } from '../server/src/app';
import { composeServices } from '../server/src/composition';
import { openDatabase } from '../server/src/db/client';
import { routingConfigOf } from '../server/src/modules/numbers/config/service/routing';
import { routingAgents } from '../server/src/modules/voice/session';
import { route } from '../server/src/routing/engine';
import type { RoutingInput, RoutingStep } from '../server/src/routing/types';
import { seedDemo } from '../server/src/seed/demo';
import { testConfig } from '../server/src/testing/config';

const DURATION_SEC = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const AUTH_TOKEN = 'bench-twilio-auth-token';
const PUBLIC_URL = 'https://switchboard.bench.test';
const IN_APP_LINE = '+13125550104';

const pgUrl = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(pgUrl ? { kind: 'postgres', url: pgUrl } : { kind: 'pglite' });
await database.migrate();
const ids = await seedDemo(database.db);
const ctx = composeServices(
  testConfig({
    rateLimitPerMinute: 10_000_000,
    publicUrl: PUBLIC_URL,
    twilio: { accountSid: 'AC00000000000000000000000000000000', authToken: AUTH_TOKEN },
  }),
  database.db,
);
const app = await buildApp(ctx, { logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });

console.log(`${pgUrl ? 'PostgreSQL' : 'PGlite in memory'}, ${process.version}`);

// ── 1. Decisions per second ───────────────────────────────────────────────────────────────────────────────
const motors = ids.companies.demoMotors;
const agents = await routingAgents(ctx, motors);
const inputs: RoutingInput[] = [];
const steps: RoutingStep[] = [
  { kind: 'start' },
  { kind: 'after-gather', attempt: 1, digits: '2' },
  { kind: 'after-dial', extension: 1, attempt: 1, tried: [], outcome: 'no-answer' },
];
for (const numberId of Object.values(ids.numbers)) {
  const config = await routingConfigOf(database.db, numberId);
  if (!config) continue;
  for (const step of steps) {
    inputs.push({
      ...config,
      agents,
      roundRobin: {},
      caller: { number: '+12125550188', state: 'NY' },
      now: new Date('2026-11-20T16:00:00Z'),
      step,
    });
  }
}
const samples: number[] = [];
const until = performance.now() + DURATION_SEC * 1000;
let decisions = 0;
while (performance.now() < until) {
  for (const input of inputs) {
    const started = performance.now();
    route(input);
    samples.push(performance.now() - started);
    decisions++;
  }
}
samples.sort((a, b) => a - b);
const quantile = (q: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? 0;
console.table({
  'route() decisions': {
    'per second': Math.round(decisions / DURATION_SEC),
    'p50 µs': Number((quantile(0.5) * 1000).toFixed(1)),
    'p99 µs': Number((quantile(0.99) * 1000).toFixed(1)),
    inputs: inputs.length,
  },
});

// ── 2. The voice webhook beside a bare route ──────────────────────────────────────────────────────────────
const bare = Fastify({ logger: false });
await bare.register(formbody);
bare.post('/api/webhooks/twilio/voice', async (_request, reply) =>
  reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>'),
);
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

let seq = 0;
/** Each request a new call (a replayed CallSid would be the cheaper replay path), signed for our PUBLIC_URL. */
function signedCall() {
  const params = {
    CallSid: `CA${String(++seq).padStart(32, '0')}`,
    AccountSid: 'AC00000000000000000000000000000000',
    From: `+1212555${String(1000 + (seq % 9000)).padStart(4, '0')}`,
    To: IN_APP_LINE,
    FromState: 'NY',
    CallStatus: 'ringing',
  };
  return {
    body: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(
        AUTH_TOKEN,
        `${PUBLIC_URL}/api/webhooks/twilio/voice`,
        params,
      ),
    },
  };
}

async function measure(base: string) {
  const result = await autocannon({
    url: `${base}/api/webhooks/twilio/voice`,
    connections: CONNECTIONS,
    duration: DURATION_SEC,
    requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, ...signedCall() }) }],
  });
  return {
    rps: result.requests.average,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    errors: result.errors + result.non2xx,
  };
}

const bareResult = await measure(bareUrl);
const webhookResult = await measure(url);
console.table({
  'bare Fastify POST (fixed TwiML)': bareResult,
  'voice webhook: new call to the in-app line': webhookResult,
});
console.log(
  `${CONNECTIONS} connections, ${DURATION_SEC} s each. The voice webhook's p99 is ${webhookResult['p99 ms']} ms (Twilio allows 15,000 ms); it serves ${((webhookResult.rps / bareResult.rps) * 100).toFixed(1)}% of the bare route's throughput.`,
);

await app.close();
await bare.close();
await database.close();
