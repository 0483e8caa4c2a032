/**
 * Several instances behind a load balancer (issue 18): two real server processes (`npm run server`'s entry
 * point) on one PostgreSQL database and one Redis, started together on an empty database. What one instance
 * does, the other knows at once: a text delivered through A reaches a pusher-js client connected to B; of two
 * agents answering one ringing call on A and B exactly one wins; a token revoked on A is refused on B; presence
 * reported on A is seen on B; the rate limit is spent across both.
 *
 * Runs in the PostgreSQL project only (PGlite takes one server per data folder), and only with Redis (skipped
 * loudly without).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { channels, EVENTS } from '@shared/realtime';
import type PusherClient from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, onAdminConnection } from '../testing/postgresTemplate';
import { pusherClient } from '../testing/pusher';
import { answers, testRedisPrefix, testRedisUrl } from '../testing/redis';
import { type ServerProcess, startServerProcess } from '../testing/serverProcess';

const onPostgres = process.env.SERVER_TEST_DB === 'postgres';
const redisUrl = onPostgres ? await testRedisUrl('two server instances on PostgreSQL and Redis') : null;
// The PostgreSQL project runs these; without PostgreSQL there is none, and that is said, not passed over.
if (!onPostgres && !process.env.TEST_DATABASE_URL && !(await answers('127.0.0.1', 5432)))
  console.warn('\n!!! SKIPPED: two server instances — no PostgreSQL answers on 127.0.0.1:5432 !!!\n');
/** Low enough to spend in a test, high enough for the other tests' requests with their own tokens. */
const RATE_LIMIT = 60;
const IN_APP_LINE = '+13125550104';

describe.runIf(onPostgres && redisUrl)('two instances on one PostgreSQL database and one Redis', () => {
  const database = `switchboard_instances_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-instances-'));
  let a: ServerProcess;
  let b: ServerProcess;
  const pushers: PusherClient[] = [];

  beforeAll(async () => {
    await onAdminConnection((client) => client.query(`create database ${database}`));
    const env = {
      PORT: '0',
      DATABASE_URL: databaseUrl(database),
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: testRedisPrefix(),
      // One folder for both, as a shared volume would be: uploads and the kept secrets.
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    };
    // Started together on an empty database: one migrates and seeds, the other waits for it.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 180_000);

  afterAll(async () => {
    for (const pusher of pushers) pusher.disconnect();
    await Promise.all([a?.stop(), b?.stop()]);
    await onAdminConnection((client) => client.query(`drop database if exists ${database} with (force)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrated and seeded the empty database once, whichever started first', async () => {
    const owner = await a.tokenFor('owner@demo.test');
    const user = await b.api('GET', '/user', undefined, owner);
    expect(user.status).toBe(200);
    const names = (user.body.companies as { name: string }[]).map((company) => company.name);
    expect(names.filter((name) => name === 'Demo Motors')).toHaveLength(1);
  });

  it('a text delivered through A reaches a pusher-js client connected to B', async () => {
    const agent = await b.tokenFor('agent@demo.test');
    const user = await b.api('GET', '/user', undefined, agent);
    const companyId = (user.body.companies as { id: number; name: string }[]).find(
      (company) => company.name === 'Demo Motors',
    )?.id as number;
    const pusher = pusherClient(Number(new URL(b.url).port), agent);
    pushers.push(pusher);
    const channel = pusher.subscribe(channels.conversations(companyId));
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(JSON.stringify(error))));
    });
    const heard: { item?: { body?: string } }[] = [];
    channel.bind(EVENTS.conversationUpdated, (event: { item?: { body?: string } }) => heard.push(event));

    const body = `Across instances ${Date.now()}`;
    const sent = await a.api(
      'POST',
      '/sandbox/messages',
      { from: '+14155550190', to: '+13125550100', body },
      agent,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    await expect
      .poll(() => heard.some((event) => JSON.stringify(event).includes(body)), { timeout: 5_000 })
      .toBe(true);
    expect(heard.filter((event) => JSON.stringify(event).includes(body))).toHaveLength(1);
  });

  it('of two agents answering one ringing call on A and on B, exactly one wins', async () => {
    const [agent, agent2] = await Promise.all([
      a.tokenFor('agent@demo.test'),
      b.tokenFor('agent2@demo.test'),
    ]);
    const placed = await a.api(
      'POST',
      '/sandbox/calls',
      { from: '+14155550191', to: IN_APP_LINE, voicemail: false },
      agent,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const answers = await Promise.all([
      a.api('POST', `/sandbox/calls/${placed.body.id}/answer`, { as: 'agent' }, agent),
      b.api('POST', `/sandbox/calls/${placed.body.id}/answer`, { as: 'agent' }, agent2),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The call is the winner's, as the other instance reads it too.
    const winner = answers.find((answer) => answer.status === 200)?.body.agent as { id: number };
    const loser = answers.find((answer) => answer.status === 409);
    const call = await b.api('GET', `/sandbox/calls/${placed.body.id}`, undefined, agent);
    expect(call.body).toMatchObject({ phase: 'connected', agent: { id: winner.id } });
    expect(loser?.body.message).toMatch(/answered this call/);
    await a.api('POST', `/sandbox/calls/${placed.body.id}/hangup`, {}, agent);
  });

  it('a token revoked on A is refused on B at once', async () => {
    const token = await a.tokenFor('reporting@demo.test');
    expect((await b.api('GET', '/user', undefined, token)).status).toBe(200);
    expect((await a.api('GET', '/sanctum/logout', undefined, token)).status).toBe(200);
    expect((await b.api('GET', '/user', undefined, token)).status).toBe(401);
  });

  it('presence reported on A is seen on B', async () => {
    const [agent, owner] = await Promise.all([a.tokenFor('agent@demo.test'), b.tokenFor('owner@demo.test')]);
    const user = await a.api('GET', '/user', undefined, agent);
    const companyId = (user.body.companies as { id: number; name: string }[]).find(
      (company) => company.name === 'Demo Motors',
    )?.id as number;
    const list = await a.api(
      'GET',
      `/companies/${companyId}/conversations?page=1&perPage=1`,
      undefined,
      agent,
    );
    const conversationId = list.body.data[0].id as number;
    expect(
      (await a.api('POST', `/conversations/${conversationId}/presence`, { state: 'viewing' }, agent)).status,
    ).toBe(200);
    const seen = await b.api(
      'POST',
      `/conversations/${conversationId}/presence`,
      { state: 'viewing' },
      owner,
    );
    expect(seen.status).toBe(200);
    const owners = await b.api('GET', '/user', undefined, owner);
    expect((seen.body.people as { name: string }[]).map((person) => person.name).sort()).toEqual(
      [user.body.name as string, owners.body.name as string].sort(),
    );
  });

  it('the rate limit is spent across both instances', async () => {
    const token = await a.tokenFor('billing@demo.test');
    const statuses: number[] = [];
    for (let request = 0; request < RATE_LIMIT; request++)
      statuses.push((await (request % 2 ? a : b).api('GET', '/user', undefined, token)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const [onA, onB] = await Promise.all([
      a.api('GET', '/user', undefined, token),
      b.api('GET', '/user', undefined, token),
    ]);
    expect([onA.status, onB.status]).toEqual([429, 429]);
  });
});
