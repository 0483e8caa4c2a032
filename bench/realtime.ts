/**
 * `npm run bench -- realtime`: one event delivered to many WebSocket clients subscribed to one company's private
 * channel on the embedded realtime endpoint — time from publish to each client's receipt (p50/p99/max), the
 * server's send loop, and the server's memory per connection (RSS and heap after GC, delta ÷ clients). Then the
 * same across two instances sharing one Redis, half the clients on each, published on one. Beside, in the same
 * run: a bare `ws` server broadcasting the same frame (the floor), and the endpoint delivering to one client.
 *
 * Each server runs in a process of its own (bench/realtime/instance.ts); the clients are raw `ws` sockets speaking
 * the Pusher protocol in this process, so thousands fit. Most sign their private-channel auth with the realtime
 * secret directly; the first BENCH_HTTP_AUTH (default 50) ask `/api/broadcasting/auth` as pusher-js does — on the
 * other instance when there are two, as behind a load balancer. The clients' own event loop is part of what is
 * measured (they read their frames one after another), for the baseline as much as for the endpoint.
 *
 * BENCH_CLIENTS (default 5,000, capped by the open-file limit), BENCH_ROUNDS (events published per case, default
 * 5, after one warm-up), BENCH_REDIS_URL (default the Redis on 127.0.0.1:6379, if it answers).
 */
import { execSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { channelAuth } from '../server/src/realtime/signing';
import { channels, EMBEDDED_APP_KEY } from '../shared/realtime';
import { BENCH_EVENT, clock, type FromInstance, type ToInstance } from './realtime/protocol';

const REQUESTED_CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const HTTP_AUTH = Number(process.env.BENCH_HTTP_AUTH ?? 50);
const TARGET_P99_MS = 500;
const CONNECTING_AT_ONCE = 100;
const DELIVERY_TIMEOUT_MS = 15_000;
const SECRET = randomBytes(16).toString('hex');

/** Every client holds one descriptor here and its server one in its process; some are left for the rest. */
function clientsTheFileLimitAllows(): number {
  const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  const allowed = Number.isFinite(limit) ? limit - 256 : REQUESTED_CLIENTS;
  if (allowed < REQUESTED_CLIENTS)
    console.warn(
      `!!! The open-file limit (ulimit -n = ${limit}) allows ${allowed} clients, not ${REQUESTED_CLIENTS}: raise it (ulimit -n ${REQUESTED_CLIENTS + 1024}) for the full run. !!!`,
    );
  return Math.max(1, Math.min(REQUESTED_CLIENTS, allowed));
}

// ---- The servers, each in a child process --------------------------------------------------------------------

interface Instance {
  port: number;
  companyId: number;
  token: string;
  ask<T extends FromInstance['type']>(
    message: ToInstance,
    answer: T,
  ): Promise<Extract<FromInstance, { type: T }>>;
  stop(): Promise<void>;
}

async function startInstance(kind: 'endpoint' | 'bare', env: Record<string, string> = {}): Promise<Instance> {
  const child = fork(fileURLToPath(new URL('./realtime/instance.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_INSTANCE: kind, BENCH_REALTIME_SECRET: SECRET, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // One question of each type at a time: the answer of that type settles it.
  const waiting = new Map<
    string,
    { resolve: (message: FromInstance) => void; reject: (error: Error) => void }
  >();
  child.on('message', (message: FromInstance) => {
    waiting.get(message.type)?.resolve(message);
    waiting.delete(message.type);
  });
  child.on('exit', (code) => {
    for (const { reject } of waiting.values()) reject(new Error(`the ${kind} instance exited (${code})`));
    waiting.clear();
  });
  const next = <T extends FromInstance['type']>(type: T) =>
    new Promise<Extract<FromInstance, { type: T }>>((resolve, reject) => {
      waiting.set(type, { resolve: resolve as (message: FromInstance) => void, reject });
    });
  const ready = await next('ready');
  return {
    port: ready.port,
    companyId: ready.companyId,
    token: ready.token,
    ask: (message, answer) => {
      const answered = next(answer);
      child.send(message);
      return answered;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' } satisfies ToInstance);
      }),
  };
}

// ---- The clients -------------------------------------------------------------------------------------------

interface Client {
  socket: WebSocket;
  /** Which of the case's instances it is connected to (0 publishes). */
  instance: number;
  /** When the benchmark's event arrived (this round), and its frame, read once the round is over. */
  receivedAt: number | null;
  frame: Buffer | null;
}

/**
 * A socket on `on` subscribed to `channel`: the Pusher handshake (connection_established, then a signed
 * subscribe), the signature asked of `authOn` over HTTP when `overHttp`, else signed here with the secret.
 * For the bare baseline, a socket that is open.
 */
async function connectClient(
  on: Instance,
  instance: number,
  channel: string | null,
  auth: { overHttp: boolean; authOn: Instance },
): Promise<Client> {
  const socket = new WebSocket(
    `ws://127.0.0.1:${on.port}/app/${EMBEDDED_APP_KEY}?protocol=7&client=js&version=8.4.0`,
  );
  const client: Client = { socket, instance, receivedAt: null, frame: null };
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    if (channel === null) socket.once('open', () => resolve());
    const handshake = (raw: Buffer) => {
      const message = JSON.parse(String(raw)) as { event: string; data: string };
      if (message.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(message.data) as { socket_id: string }).socket_id;
        const signature = auth.overHttp
          ? signedOverHttp(auth.authOn, socketId, channel as string)
          : Promise.resolve(channelAuth(EMBEDDED_APP_KEY, SECRET, socketId, channel as string));
        signature.then(
          (signed) =>
            socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: signed } })),
          reject,
        );
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        socket.off('message', handshake);
        resolve();
      } else {
        reject(new Error(`subscribing: ${String(raw)}`));
      }
    };
    if (channel !== null) socket.on('message', handshake);
  });
  // Only the time is taken on arrival, so the clients' reading adds as little as it can to what is measured.
  socket.on('message', (raw: Buffer) => {
    client.receivedAt ??= clock();
    client.frame ??= raw;
  });
  return client;
}

async function signedOverHttp(authOn: Instance, socketId: string, channel: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${authOn.port}/api/broadcasting/auth`, {
    method: 'POST',
    headers: { authorization: `Bearer ${authOn.token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
  });
  if (!response.ok)
    throw new Error(`broadcasting/auth answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { auth: string }).auth;
}

/** `count` clients spread over `instances` in turn, each signed by the next instance over (itself when alone). */
async function connectClients(
  instances: Instance[],
  channel: string | null,
  count: number,
): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < count; start += CONNECTING_AT_ONCE) {
    const batch = [];
    for (let index = start; index < Math.min(count, start + CONNECTING_AT_ONCE); index++) {
      const on = index % instances.length;
      const authOn = instances[(index + 1) % instances.length] as Instance;
      batch.push(
        connectClient(instances[on] as Instance, on, channel, { overHttp: index < HTTP_AUTH, authOn }),
      );
    }
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

// ---- One case: connect, measure memory, publish rounds -----------------------------------------------------

interface Delivery {
  clients: number;
  p50: number;
  p99: number;
  max: number;
  missed: number;
}

interface CaseResult {
  /** Every client's, then those of each instance (when there are several). */
  all: Delivery;
  byInstance: Delivery[];
  /** The publishing instance's `publish` call, median and longest: its loop over its own sockets. */
  sendLoopMs: { p50: number; max: number };
  rssPerConnKb: number | null;
  heapPerConnKb: number | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const round1 = (value: number) => Math.round(value * 10) / 10;

function delivery(latencies: number[], clients: number, missed: number): Delivery {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    clients,
    p50: round1(percentile(sorted, 50)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? Number.NaN),
    missed,
  };
}

async function measureCase(instances: Instance[], subscribed: boolean, count: number): Promise<CaseResult> {
  const publisher = instances[0] as Instance;
  const channel = channels.companies(publisher.companyId);
  const before = await Promise.all(instances.map((one) => one.ask({ type: 'memory' }, 'memory')));
  const clients = await connectClients(instances, subscribed ? channel : null, count);
  const after = await Promise.all(instances.map((one) => one.ask({ type: 'memory' }, 'memory')));
  const grown = (key: 'rss' | 'heapUsed') =>
    after.reduce((total, one) => total + one[key], 0) - before.reduce((total, one) => total + one[key], 0);
  // Below a hundred connections the delta is noise.
  const perConnKb = (key: 'rss' | 'heapUsed') => (count >= 100 ? round1(grown(key) / count / 1024) : null);

  const latencies = instances.map(() => [] as number[]);
  const missed = instances.map(() => 0);
  const sendLoops: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    for (const client of clients) {
      client.receivedAt = null;
      client.frame = null;
    }
    const published = await publisher.ask({ type: 'publish', channel }, 'published');
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (clients.some((client) => client.receivedAt === null) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    for (const client of clients) checkFrame(client, channel, published.sentAt);
    if (round === 0) continue; // the warm-up
    sendLoops.push(published.sendLoopMs);
    for (const client of clients) {
      if (client.receivedAt === null) missed[client.instance] = (missed[client.instance] ?? 0) + 1;
      else latencies[client.instance]?.push(client.receivedAt - published.sentAt);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  await Promise.all(
    clients.map(
      (client) =>
        new Promise<void>((resolve) => {
          if (client.socket.readyState === WebSocket.CLOSED) return resolve();
          client.socket.once('close', () => resolve());
          client.socket.terminate();
        }),
    ),
  );
  const byInstance = instances.map((_, index) =>
    delivery(
      latencies[index] ?? [],
      clients.filter((client) => client.instance === index).length,
      missed[index] ?? 0,
    ),
  );
  return {
    all: delivery(
      latencies.flat(),
      count,
      missed.reduce((total, one) => total + one, 0),
    ),
    byInstance,
    sendLoopMs: {
      p50: round1(
        percentile(
          sendLoops.sort((a, b) => a - b),
          50,
        ),
      ),
      max: round1(sendLoops.at(-1) ?? Number.NaN),
    },
    rssPerConnKb: perConnKb('rss'),
    heapPerConnKb: perConnKb('heapUsed'),
  };
}

/** What arrived is the event that was published, on its channel: a client that heard something else failed. */
function checkFrame(client: Client, channel: string, sentAt: number) {
  if (client.frame === null) return;
  const frame = JSON.parse(String(client.frame)) as { event: string; channel: string; data: string };
  const data = JSON.parse(frame.data) as { sent_at: number };
  if (frame.event !== BENCH_EVENT || frame.channel !== channel || data.sent_at !== sentAt)
    throw new Error(`a client received ${String(client.frame)}`);
}

function redisAnswers(url: string): Promise<boolean> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: target.hostname, port: Number(target.port || 6379), timeout: 500 });
    socket.once('connect', () => resolve(!!socket.end()));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(!!socket.destroy() && false));
  });
}

// ---- The run -----------------------------------------------------------------------------------------------

const clients = clientsTheFileLimitAllows();
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const withRedis = await redisAnswers(redisUrl);
console.log(
  `${clients} clients, ${ROUNDS} events per case after a warm-up, ${Math.min(HTTP_AUTH, clients)} signed over HTTP, ${process.version}; the machine's load shows in these figures`,
);

const results: Record<string, CaseResult> = {};
const runCase = async (name: string, instances: Promise<Instance>[], subscribed: boolean, count: number) => {
  const began = Date.now();
  const started = await Promise.all(instances);
  try {
    results[name] = await measureCase(started, subscribed, count);
  } finally {
    await Promise.all(started.map((one) => one.stop()));
  }
  console.log(
    `  ${name}: done in ${Math.round((Date.now() - began) / 1000)} s (server start, connecting, events)`,
  );
};

await runCase('baseline: bare ws broadcast', [startInstance('bare')], false, clients);
await runCase('endpoint, 1 client', [startInstance('endpoint')], true, 1);
await runCase('endpoint, 1 instance', [startInstance('endpoint')], true, clients);
if (withRedis) {
  const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `switchboard-bench-${randomBytes(4).toString('hex')}:` };
  await runCase(
    'endpoint, 2 instances + Redis',
    [startInstance('endpoint', env), startInstance('endpoint', env)],
    true,
    clients,
  );
} else {
  console.warn(`!!! SKIPPED: two instances — no Redis answers at ${redisUrl} (set BENCH_REDIS_URL) !!!`);
}

const rows: Record<string, object> = {};
for (const [name, result] of Object.entries(results)) {
  const row = (figures: Delivery, withServer: boolean) => ({
    clients: figures.clients,
    'p50 ms': figures.p50,
    'p99 ms': figures.p99,
    'max ms': figures.max,
    missed: figures.missed,
    'send loop p50 ms': withServer ? result.sendLoopMs.p50 : '',
    'send loop max ms': withServer ? result.sendLoopMs.max : '',
    'RSS KB/conn': withServer ? (result.rssPerConnKb ?? '—') : '',
    'heap KB/conn': withServer ? (result.heapPerConnKb ?? '—') : '',
  });
  rows[name] = row(result.all, true);
  if (result.byInstance.length > 1)
    result.byInstance.forEach((figures, index) => {
      rows[`  … on ${index === 0 ? 'A (published there)' : 'B'}`] = row(figures, false);
    });
}
console.table(rows);
const one = results['endpoint, 1 instance']?.all;
const bare = results['baseline: bare ws broadcast']?.all;
if (one && bare) {
  const met = one.p99 <= TARGET_P99_MS && one.missed === 0;
  console.log(
    `${one.clients} clients on one instance: p99 ${one.p99} ms against the target of ${TARGET_P99_MS} ms (${met ? 'met' : 'MISSED'}); ${round1(one.p99 / bare.p99)}× the bare ws broadcast's p99.`,
  );
}
