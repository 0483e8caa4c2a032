/**
 * The sign-in throttle as the context holds it: what sign-in asks (check), and what it reports (a failure, a
 * success). The interface lives here so the context names it without importing a module; the implementation,
 * counts per account and per IP in a sliding window, is modules/auth/throttle.ts.
 */

export type ThrottleVerdict =
  | { allowed: true; delayMs: number }
  | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** What to do with an attempt on these keys (e.g. `email:…`, `ip:…`): the strictest key decides. */
  check(keys: readonly string[]): ThrottleVerdict;
  fail(keys: readonly string[]): void;
  succeed(keys: readonly string[]): void;
}
