/**
 * `npm run bench -- routing`: the routing engine and the Twilio voice webhook of a new call, on the seeded
 * workspace, on PostgreSQL (a fresh database, dropped after, when one answers on 127.0.0.1:5432 or BENCH_PG_URL)
 * and on PGlite in memory.
 * 1. Routing decisions per second: `route()` over Demo Motors' numbers (menu, ring groups, geo, in-app line)
 *    with a mix of steps (a call starting, a menu choice, a ring ending), p50/p99 per decision.
 * 2. Round trips: BENCH_CALLS new calls to the in-app line one at a time, the SQL statements each sends before
 *    its answer (the webhook's round trips) and in all (with what follows the answer); then as many of the
 *    softphone's can-answer checks for the last call, as agent@demo.test. BENCH_SQL=1 prints the statements.
 * 3. The voice webhook at a fixed offered rate: a new signed call to the in-app line per request (so each creates
 *    its call and contact, reads the configuration and agents, records events and rings the apps), BENCH_RATE
 *    requests per second (100) evenly spaced for BENCH_SECONDS (10), each timed from when it was due, beside a
 *    bare Fastify route answering the same form with fixed TwiML at the same rate. The load comes from a worker
 *    thread (bench/lib/pacedLoad.cjs; bench/lib/twilioNewCall.cjs signs each request), so a busy server loop
 *    cannot delay sends and hide its own wait. A warm-up (BENCH_WARMUP_SECONDS, 2) runs first, not counted.
 *    Twilio allows 15 s; issue 18's target is p99 ≤ 50 ms on PostgreSQL at 100 req/s.
 * 4. Capacity: autocannon with BENCH_CONNECTIONS (10) connections, one request in flight each, for
 *    BENCH_CLOSED_SECONDS (5): the webhook's req/s as a share of the bare route's (the first figure).
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import formbody from '@fastify/formbody';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import twilio from 'twilio';
import { buildApp } from '../server/src/app';
import { composeServices } from '../server/src/composition';
import { type Database, type DatabaseSource, openDatabase } from '../server/src/db/client';
import { routingConfigOf } from '../server/src/modules/numbers/config/service/routing';
import { routingAgents } from '../server/src/modules/voice/session';
import { route } from '../server/src/routing/engine';
import type { RoutingInput, RoutingStep } from '../server/src/routing/types';
import { DEMO_PASSWORD, type DemoIds, seedDemo } from '../server/src/seed/demo';
import { testConfig } from '../server/src/testing/config';
import { onAdmin, PG_ADMIN_URL, postgresAnswers } from './lib/postgres';
import { logStatements } from './lib/statements';

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** The closed-loop capacity run: connections with one request in flight each, for this long. */
const CLOSED_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CLOSED_SECONDS = Number(process.env.BENCH_CLOSED_SECONDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const SHOW_SQL = process.env.BENCH_SQL === '1';
const AUTH_TOKEN = 'bench-twilio-auth-token';
const PUBLIC_URL = 'https://switchboard.bench.test';
const WEBHOOK = '/api/webhooks/twilio/voice';
const IN_APP_LINE = '+13125550104';
const NEW_CALL_REQUEST = fileURLToPath(new URL('./lib/twilioNewCall.cjs', import.meta.url));
const PACED_LOAD = fileURLToPath(new URL('./lib/pacedLoad.cjs', import.meta.url));

type Figures = Record<string, number | string>;
const rateResults: Record<string, Figures> = {};
const capacityResults: Record<string, Figures> = {};
const tripResults: Record<string, Figures> = {};
/** A distinct CallSid range per load run (one database sees several). */
let run = 0;

console.log(
  `${process.version}; ${RATE} req/s offered for ${SECONDS} s (after ${WARMUP_SECONDS} s of warm-up), ` +
    `then ${CLOSED_CONNECTIONS} connections for ${CLOSED_SECONDS} s (capacity)`,
);

// The bare route: the floor any webhook stands on (Fastify, the form parser, loopback HTTP).
const bare = Fastify({ logger: false });
await bare.register(formbody);
bare.post(WEBHOOK, async (_request, reply) =>
  reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>'),
);
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

try {
  if (await postgresAnswers()) {
    const name = `switchboard_bench_routing_${process.pid}_${Date.now()}`;
    await onAdmin((client) => client.query(`create database ${name}`));
    try {
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      await measureOn('PostgreSQL', { kind: 'postgres', url: url.toString() });
    } finally {
      await onAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    }
  } else {
    console.log(`PostgreSQL does not answer at ${new URL(PG_ADMIN_URL).host}: PGlite only.`);
  }
  await measureOn('PGlite', { kind: 'pglite' });
} finally {
  await bare.close();
}

console.log(
  '\nRound trips (SQL statements per request): a new call to the in-app line, and can-answer for it',
);
console.table(tripResults);
console.log(
  `\nThe voice webhook of a new call at ${RATE} req/s offered, beside a bare route at the same rate`,
);
console.table(rateResults);
console.log(
  `\nCapacity: ${CLOSED_CONNECTIONS} connections, one request in flight each, for ${CLOSED_SECONDS} s`,
);
console.table(capacityResults);

async function measureOn(label: string, source: DatabaseSource): Promise<void> {
  const database = await openDatabase(source);
  try {
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
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      console.log(`\n${label}`);
      console.table({ [`route() decisions, ${label}`]: await decisionsPerSecond(database, ctx, ids) });
      const { figures, lastCallId } = await roundTrips(database, base);
      tripResults[`voice webhook: new call, ${label}`] = figures;
      tripResults[`GET …/can-answer-call, ${label}`] = await canAnswerTrips(
        database,
        app,
        base,
        ids,
        lastCallId,
      );
      // The floor first: a webhook that falls behind leaves work queued that would slow what runs after it.
      rateResults[`bare Fastify POST, ${label} run`] = await offeredRate(bareUrl, SECONDS);
      await offeredRate(base, WARMUP_SECONDS);
      rateResults[`voice webhook: new call, ${label}`] = await offeredRate(base, SECONDS);
      const floor = await capacity(bareUrl);
      const webhook = await capacity(base);
      capacityResults[label] = {
        'bare Fastify POST req/s': Math.round(floor),
        'voice webhook req/s': Math.round(webhook),
        'share of the bare route': `${((webhook / floor) * 100).toFixed(1)}%`,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

// ── 1. Decisions per second ───────────────────────────────────────────────────────────────────────────────
async function decisionsPerSecond(
  database: Database,
  ctx: ReturnType<typeof composeServices>,
  ids: DemoIds,
): Promise<Figures> {
  const agents = await routingAgents(ctx, ids.companies.demoMotors);
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
  const seconds = Math.min(SECONDS, 3);
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    for (const input of inputs) {
      const started = performance.now();
      route(input);
      samples.push(performance.now() - started);
    }
  }
  samples.sort((a, b) => a - b);
  const quantile = (q: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? 0;
  return {
    'per second': Math.round(samples.length / seconds),
    'p50 µs': Number((quantile(0.5) * 1000).toFixed(1)),
    'p99 µs': Number((quantile(0.99) * 1000).toFixed(1)),
    inputs: inputs.length,
  };
}

// ── 2. Round trips ────────────────────────────────────────────────────────────────────────────────────────
async function roundTrips(
  database: Database,
  base: string,
): Promise<{ figures: Figures; lastCallId: number }> {
  const beforeAnswer: number[] = [];
  let lastCallId = 0;
  let shown = false;
  const log = logStatements(database);
  try {
    for (let call = 1; call <= CALLS; call++) {
      const params = {
        CallSid: `CA9999${String(call).padStart(28, '0')}`,
        AccountSid: 'AC00000000000000000000000000000000',
        From: `+1212999${String(call).padStart(4, '0')}`,
        To: IN_APP_LINE,
        FromState: 'NY',
        CallStatus: 'ringing',
      };
      const sent = log.texts.length;
      const response = await fetch(`${base}${WEBHOOK}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(
            AUTH_TOKEN,
            `${PUBLIC_URL}${WEBHOOK}`,
            params,
          ),
        },
        body: new URLSearchParams(params).toString(),
      });
      const answer = await response.text();
      if (!answer.includes('<Identity>')) throw new Error(`The webhook did not ring the apps: ${answer}`);
      lastCallId = Number(/name="call_id" value="(\d+)"/.exec(answer)?.[1]);
      beforeAnswer.push(log.texts.length - sent);
      // What follows the answer finishes before the next call, so each call's statements are its own.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (SHOW_SQL && !shown && call === CALLS) {
        shown = true;
        console.log(`Statements of the last call (${log.texts.length - sent}):`);
        for (const text of log.texts.slice(sent)) console.log(`  ${text.slice(0, 160)}`);
      }
    }
  } finally {
    log.stop();
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    figures: {
      'before the answer': Number(mean(beforeAnswer).toFixed(1)),
      'in all': Number((log.texts.length / CALLS).toFixed(1)),
      requests: CALLS,
    },
    lastCallId,
  };
}

/** The softphone's check as a rung agent asks it, for a call still ringing: statements per request. */
async function canAnswerTrips(
  database: Database,
  app: Awaited<ReturnType<typeof buildApp>>,
  base: string,
  ids: DemoIds,
  callId: number,
): Promise<Figures> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    payload: { email: 'agent@demo.test', password: DEMO_PASSWORD },
  });
  const token = login.json<{ access_token: string }>().access_token;
  const url = `${base}/api/companies/${ids.companies.demoMotors}/in-app-calling/calls/${callId}/can-answer-call`;
  const ask = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const answer = (await response.json()) as { can_answer?: boolean };
    if (answer.can_answer !== true) throw new Error(`can-answer did not say yes: ${JSON.stringify(answer)}`);
  };
  // The first request may fill caches (the signed-in caller): counted from the second on.
  await ask();
  const log = logStatements(database);
  try {
    for (let request = 0; request < CALLS; request++) await ask();
  } finally {
    log.stop();
  }
  if (SHOW_SQL) {
    console.log('Statements of GET …/can-answer-call:');
    for (const text of log.texts.slice(0, log.texts.length / CALLS)) console.log(`  ${text.slice(0, 160)}`);
  }
  const each = Number((log.texts.length / CALLS).toFixed(1));
  return { 'before the answer': each, 'in all': each, requests: CALLS };
}

// ── 3. and 4. The webhook at a fixed offered rate, and its capacity ───────────────────────────────────────
/** The worker threads read these when they start (their environment is a copy of ours then). */
function newCallsFor(): void {
  run += 1;
  process.env.BENCH_TWILIO_URL = `${PUBLIC_URL}${WEBHOOK}`;
  process.env.BENCH_TWILIO_TOKEN = AUTH_TOKEN;
  process.env.BENCH_TWILIO_TO = IN_APP_LINE;
  process.env.BENCH_TWILIO_RUN = String(run);
}

/** RATE new calls a second, evenly spaced, for `seconds` (bench/lib/pacedLoad.cjs): latency from each one's due time. */
async function offeredRate(base: string, seconds: number): Promise<Figures> {
  newCallsFor();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { latencies, errors } = await new Promise<{ latencies: number[]; errors: number }>(
    (resolve, reject) => {
      const worker = new Worker(PACED_LOAD, {
        workerData: { url: `${base}${WEBHOOK}`, rate: RATE, seconds, setupRequest: NEW_CALL_REQUEST },
      });
      worker.once('message', (result) => {
        resolve(result);
        void worker.terminate();
      });
      worker.once('error', reject);
    },
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number((latencies[Math.floor((latencies.length - 1) * q)] ?? 0).toFixed(1));
  return {
    'answered/s': Number((latencies.length / elapsed).toFixed(1)),
    // This process's CPU (the app, PGlite, and the load's worker thread) per request answered.
    'CPU ms/req': Number(((used.user + used.system) / 1000 / Math.max(1, latencies.length)).toFixed(2)),
    'p50 ms': at(0.5),
    'p99 ms': at(0.99),
    'max ms': at(1),
    requests: latencies.length + errors,
    errors,
  };
}

/** As many new calls as CLOSED_CONNECTIONS connections get answered, one at a time each (the first figure). */
async function capacity(base: string): Promise<number> {
  newCallsFor();
  const result = await autocannon({
    url: `${base}${WEBHOOK}`,
    connections: CLOSED_CONNECTIONS,
    duration: CLOSED_SECONDS,
    workers: 1,
    requests: [{ method: 'POST', setupRequest: NEW_CALL_REQUEST }],
  });
  return result.requests.total / CLOSED_SECONDS;
}
