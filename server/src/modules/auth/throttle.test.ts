/**
 * The sign-in throttle's rules, the same over each place failures are kept: this process's memory (one server)
 * and Redis (several instances). Then two instances of one deployment: failures through either count together.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
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
      failures: logs[kind](),
    });
    return { throttle, advance: (ms: number) => (now += ms) };
  };

  it.runIf(available).each([
    [0, { allowed: true, delayMs: 0 }],
    [1, { allowed: true, delayMs: 0 }],
    [2, { allowed: true, delayMs: 100 }],
    [3, { allowed: true, delayMs: 200 }],
    [4, { allowed: false, retryAfterSeconds: 60 }],
  ])('after %i failures → %j', async (failures, verdict) => {
    const { throttle } = make();
    for (let i = 0; i < failures; i++) await throttle.fail(['email:a']);
    expect(await throttle.check(['email:a'])).toEqual(verdict);
  });

  it.runIf(available)("an IP is slowed only after ipFactor times the account's failures", async () => {
    const { throttle } = make();
    for (let i = 0; i < 19; i++) await throttle.fail(['ip:1']);
    expect(await throttle.check(['ip:1'])).toEqual({ allowed: true, delayMs: 0 });
    await throttle.fail(['ip:1']);
    expect(await throttle.check(['ip:1'])).toEqual({ allowed: true, delayMs: 100 });
  });

  it.runIf(available)(
    'an IP may fail ipFactor times as often as an account before it is refused',
    async () => {
      const { throttle } = make();
      for (let i = 0; i < 39; i++) await throttle.fail(['ip:1']);
      expect((await throttle.check(['ip:1'])).allowed).toBe(true);
      await throttle.fail(['ip:1']);
      expect((await throttle.check(['ip:1'])).allowed).toBe(false);
    },
  );

  it.runIf(available)('the strictest key decides; keys are independent', async () => {
    const { throttle } = make();
    for (let i = 0; i < 40; i++) await throttle.fail(['ip:1']);
    expect((await throttle.check(['email:b', 'ip:1'])).allowed).toBe(false);
    expect((await throttle.check(['email:b', 'ip:2'])).allowed).toBe(true);
  });

  it.runIf(available)('failures leave the window; a success clears the account', async () => {
    const { throttle, advance } = make();
    for (let i = 0; i < 4; i++) await throttle.fail(['email:a']);
    advance(30_000);
    await throttle.fail(['email:a']);
    // Refused until the oldest of the last four leaves the window: 30 s from now.
    expect(await throttle.check(['email:a'])).toEqual({ allowed: false, retryAfterSeconds: 30 });
    advance(60_001);
    expect(await throttle.check(['email:a'])).toEqual({ allowed: true, delayMs: 0 });
    await throttle.fail(['email:a']);
    await throttle.fail(['email:a']);
    await throttle.succeed(['email:a']);
    expect(await throttle.check(['email:a'])).toEqual({ allowed: true, delayMs: 0 });
  });
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

  it('count failed sign-ins together: ten spread over A and B lock the account on both', async () => {
    const attempt = (instance: 'a' | 'b', password: string) =>
      instances[instance].app.inject({
        method: 'POST',
        url: '/api/sanctum/login',
        payload: { email: 'reporting@demo.test', password },
      });
    for (let i = 0; i < 10; i++)
      expect((await attempt(i % 2 ? 'a' : 'b', 'wrong-password-1')).statusCode).toBe(401);
    const [onA, onB] = await Promise.all([attempt('a', DEMO_PASSWORD), attempt('b', DEMO_PASSWORD)]);
    expect([onA.statusCode, onB.statusCode]).toEqual([429, 429]);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('a success on one instance clears the account for both', async () => {
    const attempt = (instance: 'a' | 'b', password: string) =>
      instances[instance].app.inject({
        method: 'POST',
        url: '/api/sanctum/login',
        payload: { email: 'agent@demo.test', password },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('a', 'wrong-password-1')).statusCode).toBe(401);
    const failures = await instances.b.ctx.loginThrottle.check(['email:agent@demo.test']);
    expect(failures).toEqual({ allowed: true, delayMs: 1 });
    expect((await attempt('a', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await instances.b.ctx.loginThrottle.check(['email:agent@demo.test'])).toEqual({
      allowed: true,
      delayMs: 0,
    });
  });
});
