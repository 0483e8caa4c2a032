/** Behaviour every route shares: idempotency, rate limits, errors, CORS, admin sign-in audit, the sandbox outbox. */
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { idempotencyKeys } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/demo';
import { createTestInstances } from '../testing/instances';
import { testRedisUrl } from '../testing/redis';
import { createTestApp, sharedTestApp } from '../testing/testApp';

const redisUrl = await testRedisUrl('the rate limit shared by two instances');

const t = sharedTestApp();

describe('Idempotency-Key', () => {
  const invite = (key: string, email: string) =>
    t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/users/invites?companyId=${t.ids.companies.demoMotors}`,
      headers: { 'idempotency-key': key },
      payload: { email, name: 'Replay', role: 'user' },
    });

  it('a repeat with the same key answers the first response and changes nothing', async () => {
    const first = await invite('offline-edit-0001', 'replay@demo.test');
    expect(first.statusCode).toBe(201);
    const again = await invite('offline-edit-0001', 'replay@demo.test');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const mails = await t.ctx.db.query.outbox.findMany({
      where: (o, { eq }) => eq(o.to, 'replay@demo.test'),
    });
    expect(mails).toHaveLength(1);
  });

  it('without a key the same request acts again (here: a clear conflict)', async () => {
    const response = await t.as('admin@demo.test', {
      method: 'POST',
      url: `/api/users/invites?companyId=${t.ids.companies.demoMotors}`,
      payload: { email: 'replay@demo.test', name: 'Replay', role: 'user' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('the same key for another request is refused; keys are per user; they last 24 hours', async () => {
    // The key admin@demo.test's invite used in the first test.
    const renameWithUsedKey = (email: string, name: string) =>
      t.as(email, {
        method: 'PUT',
        url: '/api/user',
        headers: { 'idempotency-key': 'offline-edit-0001' },
        payload: { name },
      });
    const other = await renameWithUsedKey('admin@demo.test', 'Adam');
    expect(other.statusCode).toBe(422);
    const otherUser = await renameWithUsedKey('owner@demo.test', 'Olivia');
    expect(otherUser.statusCode).toBe(200);
    await t.ctx.db.update(idempotencyKeys).set({ created_at: new Date(Date.now() - 25 * 3600_000) });
    const later = await invite('offline-edit-0001', 'replay-later@demo.test');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('errors', () => {
  it('an unknown route answers the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'There is no GET /api/nope.', errors: {} });
  });

  it('a body over 1 MB is a 413, a huge field a 422, non-JSON a 415', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(413);
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email: 'a@b.test', password: 'x'.repeat(5000) },
    });
    expect(long.statusCode).toBe(422);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(text.statusCode).toBe(415);
  });

  it('a failure on our side is a 500 with a correlation id and no internals', async () => {
    const app = await buildApp(t.ctx, { logger: false });
    app.get('/api/boom', { config: { access: 'public' } }, async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.json().message).toMatch(/^Something went wrong on our side\. .* quote [0-9a-f-]{36}\.$/);
  });

  it('a non-numeric id is a 422, not a 500', async () => {
    const response = await t.as('admin@demo.test', { method: 'GET', url: '/api/company/abc' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['params.id']);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After in seconds past RATE_LIMIT_PER_MINUTE per token', async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 3 });
    try {
      const token = await limited.tokenFor('agent@demo.test');
      const call = () =>
        limited.app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { authorization: `Bearer ${token}` },
        });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
      const over = await call();
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    } finally {
      await limited.close();
    }
  });
});

describe.runIf(redisUrl)('rate limit on two instances of one deployment', () => {
  const LIMIT = 4;
  it.each<[string, (token: string) => Partial<InjectOptions>]>([
    ['per token', (token) => ({ url: '/api/user', headers: { authorization: `Bearer ${token}` } })],
    ['per address, without credentials', () => ({ url: '/api/csrf-cookie', remoteAddress: '203.0.113.7' })],
  ])(
    'is spent across both, %s: requests alternating over A and B share one allowance',
    async (_key, request) => {
      const instances = await createTestInstances(redisUrl as string, { rateLimitPerMinute: LIMIT });
      try {
        const token = await instances.a.tokenFor('agent@demo.test');
        const send = (instance: 'a' | 'b') =>
          instances[instance].app.inject({ method: 'GET', ...request(token) } as InjectOptions);
        for (let i = 0; i < LIMIT; i++) expect((await send(i % 2 ? 'a' : 'b')).statusCode).toBeLessThan(300);
        const [onA, onB] = await Promise.all([send('a'), send('b')]);
        expect([onA.statusCode, onB.statusCode]).toEqual([429, 429]);
        expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await instances.close();
      }
    },
  );
});

describe('CORS', () => {
  it('bearer requests from the desktop app origin are allowed; other origins are not', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/user',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    expect((await preflight('app://switchboard')).headers['access-control-allow-origin']).toBe(
      'app://switchboard',
    );
    expect((await preflight('https://evil.test')).headers['access-control-allow-origin']).toBeUndefined();
    expect(
      (await preflight('app://switchboard')).headers['access-control-allow-credentials'],
    ).toBeUndefined();
  });

  // The probe's finding 5: the plugin's default allowed GET, HEAD and POST only, so the desktop app could not edit
  // or delete. Every method the API uses is allowed to the desktop origin.
  it.each(['PUT', 'PATCH', 'DELETE'])('a %s preflight from the desktop app is allowed', async (method) => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/contacts/1',
      headers: {
        origin: 'app://switchboard',
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method);
  });
});

describe('admin sign-in as another user (§4)', () => {
  it('only a platform admin may; every request is audit-logged with who really made it', async () => {
    const refused = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/admin/impersonate',
      payload: { user_id: t.ids.users['agent@demo.test'] },
    });
    expect(refused.statusCode).toBe(403);
    const pair = await t.as('superadmin@demo.test', {
      method: 'POST',
      url: '/api/admin/impersonate',
      payload: { user_id: t.ids.users['agent@demo.test'] },
    });
    expect(pair.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${pair.json().access_token}`, 'x-admin-session': '1' },
    });
    expect(me.json().email).toBe('agent@demo.test');
    const audit = await t.ctx.db.query.auditLog.findMany({
      where: (a, { eq }) => eq(a.impersonator_id, t.ids.users['superadmin@demo.test'] as number),
    });
    expect(audit.map((row) => row.action)).toEqual(['impersonation-started', 'impersonated-request']);
    expect(audit[1]?.detail).toEqual({ method: 'GET', path: '/api/user', status: 200 });
  });
});

describe('sandbox outbox', () => {
  it("a platform admin sees mail; a company member sees only their company's texts and calls", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: 'agent@demo.test' },
    });
    await t.ctx.outbox.send({
      channel: 'sms',
      to: '+15125550100',
      body: 'Motors text',
      companyId: t.ids.companies.demoMotors,
    });
    await t.ctx.outbox.send({
      channel: 'sms',
      to: '+15125550101',
      body: 'Other text',
      companyId: t.ids.companies.otherCo,
    });
    const admin = await t.as('superadmin@demo.test', {
      method: 'GET',
      url: '/api/sandbox/outbox?channel=mail',
    });
    expect(admin.json().data.some((m: { to: string }) => m.to === 'agent@demo.test')).toBe(true);
    const member = await t.as('agent2@demo.test', { method: 'GET', url: '/api/sandbox/outbox' });
    expect(member.json().data.map((m: { body: string }) => m.body)).toEqual(['Motors text']);
  });
});

describe('tenant config', () => {
  it('answers branding, support email and the realtime endpoint, without signing in', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tenant-config',
      headers: { host: '127.0.0.1:8123' },
    });
    expect(response.json()).toEqual({
      name: 'Switchboard',
      support_email: 'support@switchboard.test',
      branding: {},
      // The embedded endpoint is this server, as the client reached it.
      realtime: { key: 'switchboard', host: '127.0.0.1', port: 8123, tls: false },
    });
  });
});

describe('logs', () => {
  /** The app logging at `level` into `lines` (one JSON line each). */
  async function appLogging(level: string) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { app: await buildApp(t.ctx, { logger: { level, stream } }), lines };
  }

  it('never carry passwords, tokens or cookies', async () => {
    const { app, lines } = await appLogging('trace');
    const pair = await app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email: 'agent2@demo.test', password: DEMO_PASSWORD },
    });
    await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: {
        authorization: `Bearer ${pair.json().access_token}`,
        cookie: 'switchboard_session=sbs_secret',
      },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/user');
    expect(log).not.toContain(DEMO_PASSWORD);
    expect(log).not.toContain(pair.json().access_token);
    expect(log).not.toContain('sbs_secret');
  });

  // A request's own lines would bury the start banner (issue 17): they are debug, and LOG_LEVEL=debug shows them.
  it.each([
    { level: 'info', messages: [] },
    { level: 'debug', messages: ['incoming request', 'request completed'] },
  ])('at $level, a request logs $messages', async ({ level, messages }) => {
    const { app, lines } = await appLogging(level);
    await app.inject({ method: 'GET', url: '/api/tenant-config' });
    await app.close();
    const ofRequests = lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
      .filter((line) => line.reqId);
    expect(ofRequests.map((line) => line.msg)).toEqual(messages);
  });
});
