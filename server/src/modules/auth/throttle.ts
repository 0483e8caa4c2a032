/**
 * Brute-force protection for sign-in (docs/decisions.md "Throttles"), after OWASP's authentication guidance:
 * failures are counted in a sliding window three ways, and each way has its own rule.
 * - One account from one address (the pair): after `slowAfter` failures each further attempt waits a little
 *   longer; after `lockAfter` that address may not try that account until the window has passed, with a message
 *   that says for how long. Only that address: the owner elsewhere still signs in.
 * - One address over every account (password spraying): the same at `addressFactor` times the counts, since an
 *   office behind one address must not be refused for one person's typos.
 * - One account from every address: slowed from `slowAfter` failures on, never refused — a stranger spreading
 *   guesses over many addresses gets a growing wait, and cannot lock the owner out.
 * The right password forgets the pair's and the account's failures, not the address's: a guesser must not clear
 * its count by signing in to an account of its own.
 *
 * The rules are here once; where the failures are kept is a `FailureLog`. One server alone keeps them in its
 * memory (`memoryFailures`); several instances keep them in their shared Redis (`redisFailures`), so a guesser
 * spreading attempts over the instances behind a load balancer is counted as one.
 */
import type { Redis } from 'ioredis';
import type { Cluster } from '../../cluster';
import type {
  LoginThrottle as LoginThrottleService,
  SignInAttempt,
  ThrottleVerdict,
} from '../../services/loginThrottle';

export interface ThrottleOptions {
  windowMs: number;
  /** Failures (of a pair, or of an account from anywhere) before each further attempt waits. */
  slowAfter: number;
  /** Failures of a pair before its address is refused that account for the rest of the window. */
  lockAfter: number;
  /** Extra wait per failure past `slowAfter`, up to `maxDelayMs`. */
  stepMs: number;
  maxDelayMs: number;
  /** An address's failures over every account are slowed and refused at this many times a pair's counts. */
  addressFactor: number;
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

/** One of the counts an attempt is judged by, and its rule. */
interface Count {
  key: string;
  slowAfter: number;
  /** Infinity for a count that only slows. */
  lockAfter: number;
  /** Whether the right password forgets it. */
  clearedBySuccess: boolean;
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
      maxDelayMs: 5000,
      addressFactor: 10,
      now: Date.now,
      ...rules,
    };
  }

  /** The counts of an attempt. An e-mail (validated) and an address hold no space, so a pair's key is one pair's. */
  private countsOf({ account, address }: SignInAttempt): Count[] {
    const { slowAfter, lockAfter, addressFactor } = this.options;
    return [
      { key: `pair:${account} ${address}`, slowAfter, lockAfter, clearedBySuccess: true },
      {
        key: `address:${address}`,
        slowAfter: slowAfter * addressFactor,
        lockAfter: lockAfter * addressFactor,
        clearedBySuccess: false,
      },
      { key: `account:${account}`, slowAfter, lockAfter: Number.POSITIVE_INFINITY, clearedBySuccess: true },
    ];
  }

  /** What to do with an attempt: refused while any count refuses it (for the longest wait), else the longest delay. */
  async check(attempt: SignInAttempt): Promise<ThrottleVerdict> {
    const { windowMs, stepMs, maxDelayMs } = this.options;
    const now = this.options.now();
    const counts = this.countsOf(attempt);
    const recentByKey = await Promise.all(counts.map(({ key }) => this.failures.recent(key, now - windowMs)));
    let delayMs = 0;
    let refusedForMs: number | null = null;
    for (const [index, { slowAfter, lockAfter }] of counts.entries()) {
      const recent = recentByKey[index] ?? [];
      if (recent.length >= lockAfter) {
        // Refused until enough of these failures have left the window to bring the count under `lockAfter`.
        const oldest = recent[recent.length - lockAfter] ?? now;
        refusedForMs = Math.max(refusedForMs ?? 0, oldest + windowMs - now);
      } else if (recent.length >= slowAfter) {
        delayMs = Math.max(delayMs, Math.min(maxDelayMs, (recent.length - slowAfter + 1) * stepMs));
      }
    }
    if (refusedForMs !== null)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusedForMs / 1000)) };
    return { allowed: true, delayMs };
  }

  async fail(attempt: SignInAttempt): Promise<void> {
    const keys = this.countsOf(attempt).map(({ key }) => key);
    await this.failures.add(keys, this.options.now(), this.options.windowMs);
  }

  async succeed(attempt: SignInAttempt): Promise<void> {
    const counts = this.countsOf(attempt).filter(({ clearedBySuccess }) => clearedBySuccess);
    await this.failures.clear(counts.map(({ key }) => key));
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
  let sweptAt = Number.NEGATIVE_INFINITY;
  return {
    recent: async (key, since) => recent(key, since),
    async add(keys, at, keepMs) {
      // A key nobody asks about again (one guess at an account from an address) is forgotten once its window has
      // passed, so the map does not grow with every address and e-mail ever tried: a sweep at most once a window.
      if (at - sweptAt >= keepMs) {
        sweptAt = at;
        for (const key of [...times.keys()]) recent(key, at - keepMs);
      }
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
