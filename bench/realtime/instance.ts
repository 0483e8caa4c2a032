/**
 * One server for bench/realtime.ts, in a process of its own so its memory is its sockets' alone and its event loop
 * is not the clients': the app with its embedded realtime endpoint (BENCH_INSTANCE=endpoint; over the Redis at
 * REDIS_URL when set, as one of several instances), or the baseline, a bare `ws` server that broadcasts a frame to
 * every socket (BENCH_INSTANCE=bare). Driven over IPC: it answers `ready` once listening, then `memory` (after a
 * full GC) and `publish` (one event on a channel, stamped with the time it was published) until `stop`.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { buildApp } from '../../server/src/app';
import { composeServices } from '../../server/src/composition';
import { openDatabase } from '../../server/src/db/client';
import { pusherFrame } from '../../server/src/realtime/publish';
import { DEMO_PASSWORD, seedDemo } from '../../server/src/seed/demo';
import { testConfig } from '../../server/src/testing/config';
import { BENCH_EVENT, clock, type FromInstance, type ToInstance } from './protocol';

const reply = (message: FromInstance) => process.send?.(message);
const gc = (globalThis as { gc?: () => void }).gc;

async function endpointInstance() {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const ids = await seedDemo(database.db);
  const config = testConfig({
    rateLimitPerMinute: 10_000_000,
    realtimeSecret: process.env.BENCH_REALTIME_SECRET,
    redisUrl: process.env.REDIS_URL,
    redisPrefix: process.env.REDIS_PREFIX ?? 'switchboard-bench:',
  });
  const ctx = composeServices(config, database.db);
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    payload: { email: 'agent@demo.test', password: DEMO_PASSWORD },
  });
  const address = app.server.address();
  reply({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    companyId: ids.companies.demoMotors,
    token: login.json<{ access_token: string }>().access_token,
  });
  return {
    publish: (channel: string, sentAt: number) =>
      ctx.realtime.relay(channel, BENCH_EVENT, { sent_at: sentAt }),
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function bareInstance() {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  reply({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    companyId: 0,
    token: '',
  });
  return {
    publish: async (channel: string, sentAt: number) => {
      const frame = pusherFrame(channel, BENCH_EVENT, { sent_at: sentAt });
      for (const socket of wss.clients) socket.send(frame);
    },
    stop: async () => {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const instance = process.env.BENCH_INSTANCE === 'bare' ? await bareInstance() : await endpointInstance();
process.on('message', async (message: ToInstance) => {
  if (message.type === 'memory') {
    // Collected, given time to hand freed pages back, and collected again, so what start-up left is not counted.
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    gc?.();
    const usage = process.memoryUsage();
    reply({ type: 'memory', rss: usage.rss, heapUsed: usage.heapUsed });
  } else if (message.type === 'publish') {
    const sentAt = clock();
    // The publish call runs the send loop to this instance's sockets before it returns.
    await instance.publish(message.channel, sentAt);
    reply({ type: 'published', sentAt, sendLoopMs: clock() - sentAt });
  } else {
    await instance.stop();
    process.exit(0);
  }
});
