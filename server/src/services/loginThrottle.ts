/**
 * The sign-in throttle as the context holds it: what sign-in asks (check), and what it reports (a failure, a
 * success). The interface lives here so the context names it without importing a module; the implementation,
 * counts per account and per IP in a sliding window, is modules/auth/throttle.ts. Asynchronous, since several
 * instances keep the counts in their shared Redis.
 */

export type ThrottleVerdict =
  | { allowed: true; delayMs: number }
  | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** What to do with an attempt on these keys (e.g. `email:…`, `ip:…`): the strictest key decides. */
  check(keys: readonly string[]): Promise<ThrottleVerdict>;
  fail(keys: readonly string[]): Promise<void>;
  succeed(keys: readonly string[]): Promise<void>;
}
