/**
 * Brute-force protection for sign-in: failures are counted per account and per IP in a sliding window. After
 * `slowAfter` failures each further attempt waits a little longer; after `lockAfter` the key is refused until
 * the window has passed, with a message that says for how long. A success clears the account's count.
 * An IP gets `ipFactor` times the account's allowance: an office behind one address must not be locked out by
 * one person's typos, while a script guessing across many accounts still is.
 *
 * The rules are here once; where the failures are kept is a `FailureLog`. One server alone keeps them in its
 * memory (`memoryFailures`); several instances keep them in their shared Redis (`redisFailures`), so a guesser
 * spreading attempts over the instances behind a load balancer is counted as one.
 */
import type { Redis } from 'ioredis';
import type { Cluster } from '../../cluster';
import type { LoginThrottle as LoginThrottleService, ThrottleVerdict } from '../../services/loginThrottle';

export interface ThrottleOptions {
  windowMs: number;
  slowAfter: number;
  lockAfter: number;
  /** Extra wait per failure past `slowAfter`, capped at 5 s. */
  stepMs: number;
  /** IP keys (`ip:…`) allow this many times the failures of an account key. */
  ipFactor: number;
  now: () => number;
}

/** Where the failures of each key are kept: their times (ms), oldest first. */
export interface FailureLog {
  /** The times of the key's failures after `since`, oldest first (older ones may be forgotten now). */
  recent(key: string, since: number): Promise<number[]>;
  /** Records a failure at `at` for each key; a key may forget it once `keepMs` has passed. */
  add(keys: readonly string[], at: number, keepMs: number): Promise<void>;
  clear(keys: readonly string[]): Promise<void>;
}

export class LoginThrottle implements LoginThrottleService {
  /** Read and changed in place by tests (a shorter step keeps a lock-out test fast). */
  readonly options: ThrottleOptions;
  private readonly failures: FailureLog;

  constructor(options: Partial<ThrottleOptions> & { failures?: FailureLog } = {}) {
    const { failures, ...rules } = options;
    this.failures = failures ?? memoryFailures();
    this.options = {
      windowMs: 15 * 60_000,
      slowAfter: 3,
      lockAfter: 10,
      stepMs: 500,
      ipFactor: 10,
      now: Date.now,
      ...rules,
    };
  }

  /** What to do with an attempt on these keys (e.g. `email:…`, `ip:…`): the strictest key decides. */
  async check(keys: readonly string[]): Promise<ThrottleVerdict> {
    const now = this.options.now();
    const since = now - this.options.windowMs;
    const recentByKey = await Promise.all(keys.map((key) => this.failures.recent(key, since)));
    let delayMs = 0;
    for (const [index, key] of keys.entries()) {
      const recent = recentByKey[index] ?? [];
      const factor = key.startsWith('ip:') ? this.options.ipFactor : 1;
      const lockAfter = this.options.lockAfter * factor;
      const slowAfter = this.options.slowAfter * factor;
      if (recent.length >= lockAfter) {
        const oldest = recent[recent.length - lockAfter] ?? now;
        const retryAfterMs = oldest + this.options.windowMs - now;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      if (recent.length >= slowAfter) {
        delayMs = Math.max(delayMs, Math.min(5000, (recent.length - slowAfter + 1) * this.options.stepMs));
      }
    }
    return { allowed: true, delayMs };
  }

  async fail(keys: readonly string[]): Promise<void> {
    await this.failures.add(keys, this.options.now(), this.options.windowMs);
  }

  async succeed(keys: readonly string[]): Promise<void> {
    await this.failures.clear(keys);
  }
}

/** Failures in this process's memory: the single-instance default. */
export function memoryFailures(): FailureLog {
  const times = new Map<string, number[]>();
  const recent = (key: string, since: number) => {
    const kept = (times.get(key) ?? []).filter((at) => at > since);
    if (kept.length) times.set(key, kept);
    else times.delete(key);
    return kept;
  };
  return {
    recent: async (key, since) => recent(key, since),
    async add(keys, at, keepMs) {
      for (const key of keys) times.set(key, [...recent(key, at - keepMs), at]);
    },
    async clear(keys) {
      for (const key of keys) times.delete(key);
    },
  };
}

/**
 * Failures in the cluster's Redis, shared by every instance: a sorted set per key (`throttle:<key>`), scored by
 * the failure's time (`keyOf` names it under the deployment's prefix), trimmed to the window when read and
 * expiring a window after its last failure.
 */
export function redisFailures(redis: Redis, keyOf: (key: string) => string): FailureLog {
  return {
    async recent(key, since) {
      const results = await redis
        .multi()
        .zremrangebyscore(keyOf(key), '-inf', since)
        .zrangebyscore(keyOf(key), `(${since}`, '+inf', 'WITHSCORES')
        .exec();
      const [, scored] = results?.[1] ?? [];
      const pairs = (scored as string[] | undefined) ?? [];
      const times: number[] = [];
      for (let index = 1; index < pairs.length; index += 2) times.push(Number(pairs[index]));
      return times;
    },
    async add(keys, at, keepMs) {
      const write = redis.multi();
      for (const key of keys) {
        // Members must differ for two failures of one millisecond (on two instances, or two tabs).
        write.zadd(keyOf(key), at, `${at}:${Math.random().toString(36).slice(2)}`);
        write.pexpire(keyOf(key), keepMs);
      }
      await write.exec();
    },
    async clear(keys) {
      if (keys.length) await redis.del(...keys.map(keyOf));
    },
  };
}

/** The throttle for this deployment: counted in the cluster's Redis when there is one, else in memory. */
export function loginThrottleFor(cluster: Cluster, now: () => number): LoginThrottle {
  const failures = cluster.redis
    ? redisFailures(cluster.redis, (key) => cluster.key('throttle', key))
    : memoryFailures();
  return new LoginThrottle({ now, failures });
}
