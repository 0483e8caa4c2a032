/**
 * The sign-in throttle as the context holds it: what sign-in asks (check), and what it reports (a failure, a
 * success). The interface lives here so the context names it without importing a module; the implementation —
 * counts per account and address together, per address and per account in a sliding window — is
 * modules/auth/throttle.ts. Asynchronous, since several instances keep the counts in their shared Redis.
 */

export type ThrottleVerdict =
  | { allowed: true; delayMs: number }
  | { allowed: false; retryAfterSeconds: number };

/** One sign-in attempt: the account it names (the e-mail, as the contract normalises it) and where it comes from. */
export interface SignInAttempt {
  account: string;
  /** The client's address, as `clientAddress` gives it (an IPv6 one by its /64). */
  address: string;
}

export interface LoginThrottle {
  /** What to do with this attempt: wait `delayMs` first, or refuse it for `retryAfterSeconds`. */
  check(attempt: SignInAttempt): Promise<ThrottleVerdict>;
  /** A wrong password, or an account that does not exist (they look alike). */
  fail(attempt: SignInAttempt): Promise<void>;
  /** The right password. */
  succeed(attempt: SignInAttempt): Promise<void>;
}
