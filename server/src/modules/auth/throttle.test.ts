/**
 * The sign-in throttle's rules, the same over each place failures are kept: this process's memory (one server)
 * and Redis (several instances). Then two instances of one deployment: failures through either count together.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import type { SignInAttempt } from '../../services/loginThrottle';
import { createTestInstances, type TestInstances } from '../../testing/instances';
import { testRedisPrefix, testRedisUrl } from '../../testing/redis';
import { type FailureLog, LoginThrottle, memoryFailures, redisFailures } from './throttle';

const redisUrl = await testRedisUrl('the sign-in throttle over Redis');
let redis: Redis | undefined;
beforeAll(() => {
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  await redis?.quit();
});

/** A fresh log of its own: memory, or keys under a prefix no other test uses. */
const logs: Record<'memory' | 'redis', () => FailureLog> = {
  memory: () => memoryFailures(),
  redis: () => {
    const prefix = testRedisPrefix();
    return redisFailures(redis as Redis, (key) => `${prefix}throttle:${key}`);
  },
};

describe.each([
  ['memory', true],
  ['redis', redisUrl !== null],
] as const)('LoginThrottle with failures kept in %s', (kind, available) => {
  const make = () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle({
      now: () => now,
      windowMs: 60_000,
      slowAfter: 2,
      lockAfter: 4,
      stepMs: 100,
      maxDelayMs: 1000,
      failures: logs[kind](),
    });
    return { throttle, advance: (ms: number) => (now += ms) };
  };
  /** `account` from `address`: a sign-in attempt. */
  const from = (address: string, account = 'a@x.test') => ({ account, address });
  const failTimes = async (throttle: LoginThrottle, times: number, attempt: (i: number) => SignInAttempt) => {
    for (let i = 0; i < times; i++) await throttle.fail(attempt(i));
  };

  it.runIf(available).each([
    [0, { allowed: true, delayMs: 0 }],
    [1, { allowed: true, delayMs: 0 }],
    [2, { allowed: true, delayMs: 100 }],
    [3, { allowed: true, delayMs: 200 }],
    [4, { allowed: false, retryAfterSeconds: 60 }],
  ])('one account from one address: after %i failures → %j', async (failures, verdict) => {
    const { throttle } = make();
    await failTimes(throttle, failures, () => from('1'));
    expect(await throttle.check(from('1'))).toEqual(verdict);
  });

  it.runIf(available)(
    'failures from one address refuse that address only: the account from another is slowed, not refused',
    async () => {
      const { throttle } = make();
      await failTimes(throttle, 4, () => from('1'));
      expect((await throttle.check(from('1'))).allowed).toBe(false);
      // The account's own count (4 failures, from anywhere) slows the other address as the pair's would.
      expect(await throttle.check(from('2'))).toEqual({ allowed: true, delayMs: 300 });
      // And the refused address may still try other accounts.
      expect(await throttle.check(from('1', 'b@x.test'))).toEqual({ allowed: true, delayMs: 0 });
    },
  );

  it.runIf(available)(
    'an account guessed from many addresses is slowed more and more, up to maxDelayMs, and never refused',
    async () => {
      const { throttle } = make();
      // Three failures from each of 100 addresses: no pair and no address reaches its refusal.
      await failTimes(throttle, 300, (i) => from(`10.0.0.${i % 100}`));
      expect(await throttle.check(from('10.0.1.1'))).toEqual({ allowed: true, delayMs: 1000 });
      expect(await throttle.check(from('10.0.0.1'))).toEqual({ allowed: true, delayMs: 1000 });
    },
  );

  it.runIf(available)(
    "an address is slowed only after addressFactor times a pair's failures, over every account",
    async () => {
      const { throttle } = make();
      await failTimes(throttle, 19, (i) => from('1', `user${i}@x.test`));
      expect(await throttle.check(from('1', 'other@x.test'))).toEqual({ allowed: true, delayMs: 0 });
      await throttle.fail(from('1', 'user19@x.test'));
      expect(await throttle.check(from('1', 'other@x.test'))).toEqual({ allowed: true, delayMs: 100 });
    },
  );

  it.runIf(available)(
    'an address may fail addressFactor times as often as a pair before it is refused every account',
    async () => {
      const { throttle } = make();
      await failTimes(throttle, 39, (i) => from('1', `user${i}@x.test`));
      expect((await throttle.check(from('1', 'other@x.test'))).allowed).toBe(true);
      await throttle.fail(from('1', 'user39@x.test'));
      expect((await throttle.check(from('1', 'other@x.test'))).allowed).toBe(false);
      expect((await throttle.check(from('2', 'other@x.test'))).allowed).toBe(true);
    },
  );

  it.runIf(available)(
    "failures leave the window; a success clears the pair and the account, not the address's count",
    async () => {
      const { throttle, advance } = make();
      await failTimes(throttle, 4, () => from('1'));
      advance(30_000);
      await throttle.fail(from('1'));
      // Refused until the oldest of the last four leaves the window: 30 s from now.
      expect(await throttle.check(from('1'))).toEqual({ allowed: false, retryAfterSeconds: 30 });
      advance(60_001);
      expect(await throttle.check(from('1'))).toEqual({ allowed: true, delayMs: 0 });
      // 20 failures from address 1 over other accounts (the address is slowed), then 3 on this account.
      await failTimes(throttle, 20, (i) => from('1', `user${i}@x.test`));
      await failTimes(throttle, 3, () => from('1'));
      expect(await throttle.check(from('1'))).toEqual({ allowed: true, delayMs: 400 });
      await throttle.succeed(from('1'));
      expect(await throttle.check(from('1'))).toEqual({ allowed: true, delayMs: 400 });
      expect(await throttle.check(from('2'))).toEqual({ allowed: true, delayMs: 0 });
    },
  );
});

describe.runIf(redisUrl)('two instances of one deployment', () => {
  let instances: TestInstances;
  beforeAll(async () => {
    instances = await createTestInstances(redisUrl as string);
    for (const instance of [instances.a, instances.b]) {
      // Keep the test fast: the slowing itself is the rules' (above).
      (instance.ctx.loginThrottle as LoginThrottle).options.stepMs = 1;
    }
  });
  afterAll(async () => {
    await instances?.close();
  });

  it('count failed sign-ins together: ten from one address, spread over A and B, refuse that address on both', async () => {
    const attempt = (instance: 'a' | 'b', password: string, remoteAddress = '203.0.113.1') =>
      instances[instance].app.inject({
        method: 'POST',
        url: '/api/sanctum/login',
        remoteAddress,
        payload: { email: 'reporting@demo.test', password },
      });
    for (let i = 0; i < 10; i++)
      expect((await attempt(i % 2 ? 'a' : 'b', 'wrong-password-1')).statusCode).toBe(401);
    const [onA, onB] = await Promise.all([attempt('a', DEMO_PASSWORD), attempt('b', DEMO_PASSWORD)]);
    expect([onA.statusCode, onB.statusCode]).toEqual([429, 429]);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(800);
    // The account's count is shared too: another address is slowed on either instance, and signs in.
    expect(
      await instances.a.ctx.loginThrottle.check({ account: 'reporting@demo.test', address: '203.0.113.2' }),
    ).toEqual({ allowed: true, delayMs: 8 });
    expect((await attempt('b', DEMO_PASSWORD, '203.0.113.2')).statusCode).toBe(200);
  });

  it('a success on one instance clears the account for both', async () => {
    const agent = { account: 'agent@demo.test', address: '127.0.0.1' };
    const attempt = (instance: 'a' | 'b', password: string) =>
      instances[instance].app.inject({
        method: 'POST',
        url: '/api/sanctum/login',
        payload: { email: agent.account, password },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('a', 'wrong-password-1')).statusCode).toBe(401);
    expect(await instances.b.ctx.loginThrottle.check(agent)).toEqual({ allowed: true, delayMs: 1 });
    expect((await attempt('a', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await instances.b.ctx.loginThrottle.check(agent)).toEqual({ allowed: true, delayMs: 0 });
  });
});
