/**
 * Brute-force protection for sign-in: failures are counted per account and per IP in a sliding window. After
 * `slowAfter` failures each further attempt waits a little longer; after `lockAfter` the key is refused until
 * the window has passed, with a message that says for how long. A success clears the account's count.
 * An IP gets `ipFactor` times the account's allowance: an office behind one address must not be locked out by
 * one person's typos, while a script guessing across many accounts still is.
 * Kept in memory: one server process owns its data folder (the lock), so one process sees every attempt.
 */
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

export class LoginThrottle implements LoginThrottleService {
  private readonly failures = new Map<string, number[]>();
  private readonly options: ThrottleOptions;

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = {
      windowMs: 15 * 60_000,
      slowAfter: 3,
      lockAfter: 10,
      stepMs: 500,
      ipFactor: 10,
      now: Date.now,
      ...options,
    };
  }

  private recent(key: string): number[] {
    const since = this.options.now() - this.options.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** What to do with an attempt on these keys (e.g. `email:…`, `ip:…`): the strictest key decides. */
  check(keys: readonly string[]): ThrottleVerdict {
    let delayMs = 0;
    for (const key of keys) {
      const recent = this.recent(key);
      const factor = key.startsWith('ip:') ? this.options.ipFactor : 1;
      const lockAfter = this.options.lockAfter * factor;
      const slowAfter = this.options.slowAfter * factor;
      if (recent.length >= lockAfter) {
        const oldest = recent[recent.length - lockAfter] ?? this.options.now();
        const retryAfterMs = oldest + this.options.windowMs - this.options.now();
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      if (recent.length >= slowAfter) {
        delayMs = Math.max(delayMs, Math.min(5000, (recent.length - slowAfter + 1) * this.options.stepMs));
      }
    }
    return { allowed: true, delayMs };
  }

  fail(keys: readonly string[]): void {
    const at = this.options.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key), at]);
  }

  succeed(keys: readonly string[]): void {
    for (const key of keys) this.failures.delete(key);
  }
}
