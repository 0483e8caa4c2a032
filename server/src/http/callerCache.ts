/**
 * The signed-in callers this instance has recently served, by the hash of the token they present: the credential,
 * the user and what they may use (issue 18 "per-request cost"). A request by a known token then reads nothing
 * from the database to learn who is calling and what their role is in a company.
 *
 * Correctness comes from invalidation, not from expiry. Whatever changes what a record holds — a credential
 * revoked (sign-out, sign-out everywhere, a used refresh token, an API key), a user's row (password, profile,
 * second factor, line), a membership (role, deactivation, presence), an organization's admins or companies —
 * says so after its write has committed: `usersChanged([ids])`, or `everyoneChanged()` for a change that touches
 * many users (a company renamed or moved between organizations). This instance forgets at once, before the call
 * returns; the others hear it on the cluster's `callers` topic. Redis writes the message to them before it answers
 * the publisher, and the change's response leaves only after that answer, so a client that saw the change done
 * finds every instance told. Told is not yet heard (the message may still wait to be read), so a remembered record
 * is answered only once the instance has heard everything published before the request (`heardAllSoFar`: one
 * round trip to Redis, the price of a cache hit with several instances).
 *
 * Backstops for what invalidation cannot see: a record is kept at most `ttlMs`; while the instance cannot hear the
 * others (either Redis connection down) the cache is bypassed and emptied, and it is emptied again when hearing
 * resumes, since messages published meanwhile were missed. A read that raced a change is never kept: each
 * invalidation moves a generation, and a record read across one is answered but not stored.
 */
import type { Cluster } from '../cluster';
import type { CallerRecord } from './caller';

export const CALLERS_TOPIC = 'callers';

/** A message on the `callers` topic: the users whose records to forget, or everyone's. */
type Invalidation = { users: number[] } | { everyone: true };

export interface CallerCacheOptions {
  /** How long a record is kept at most (the backstop; invalidation is what keeps records right). */
  ttlMs?: number;
  /** How many tokens are remembered; the oldest are forgotten first. */
  maxEntries?: number;
}

interface Entry {
  record: CallerRecord;
  storedAt: number;
}

export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  /** Each user's remembered tokens, so a change to a user forgets every sign-in of theirs. */
  private readonly tokensOf = new Map<number, Set<string>>();
  /** Moves on every invalidation: a record read while it moved may predate the change and is not kept. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly cluster: Cluster,
    options: CallerCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    cluster.subscribe(CALLERS_TOPIC, (message) => this.apply(JSON.parse(message) as Invalidation));
    // Back after a break in hearing the others: what they changed meanwhile was missed, so nothing kept holds.
    cluster.onHearingResumed(() => this.apply({ everyone: true }));
  }

  /**
   * The record of the token with this hash: remembered, or read by `load` (undefined for no live credential,
   * which is never remembered: a refused token costs a query each time, as before).
   */
  async get(
    tokenHash: string,
    load: () => Promise<CallerRecord | undefined>,
  ): Promise<CallerRecord | undefined> {
    if (!this.usable()) return load();
    if (this.entries.has(tokenHash)) {
      // A remembered record is trusted only once this instance has heard what the others published before the
      // request came (an invalidation may still be on its way from Redis): else it is read again.
      const caughtUp = await this.cluster.heardAllSoFar().then(
        () => true,
        () => false,
      );
      if (!caughtUp || !this.usable()) return load();
    }
    const entry = this.entries.get(tokenHash);
    if (entry && performance.now() - entry.storedAt < this.ttlMs) return entry.record;
    if (entry) this.forgetToken(tokenHash);
    const generation = this.generation;
    const record = await load();
    if (record && generation === this.generation && this.usable()) this.remember(tokenHash, record);
    return record;
  }

  /**
   * After a change to these users (their credentials, their row, their memberships or organizations) has
   * committed: forgets their records here now, and on every other instance.
   */
  usersChanged(userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return Promise.resolve();
    return this.invalidate({ users: [...new Set(userIds)] });
  }

  /** After a change that touches many users' records has committed (a company renamed or moved): forgets all. */
  everyoneChanged(): Promise<void> {
    return this.invalidate({ everyone: true });
  }

  /** How many tokens are remembered (tests, benchmarks). */
  get size(): number {
    return this.entries.size;
  }

  private async invalidate(change: Invalidation): Promise<void> {
    // Forgotten here before anything else can run; the message comes back to `apply` too, which is harmless.
    this.apply(change);
    try {
      await this.cluster.publish(CALLERS_TOPIC, JSON.stringify(change));
    } catch (error) {
      // The change itself is done; the other instances bypass their caches while Redis is unreachable
      // (`usable`), and the TTL bounds what a connection that looked healthy may have missed.
      process.emitWarning(
        `Could not tell the other instances to forget callers: ${(error as Error).message}`,
      );
    }
  }

  private apply(change: Invalidation): void {
    this.generation++;
    if ('everyone' in change) {
      this.entries.clear();
      this.tokensOf.clear();
      return;
    }
    for (const userId of change.users) {
      for (const tokenHash of this.tokensOf.get(userId) ?? []) this.entries.delete(tokenHash);
      this.tokensOf.delete(userId);
    }
  }

  /** An instance that cannot hear the others' changes (Redis out of reach) remembers nothing meanwhile. */
  private usable(): boolean {
    if (this.cluster.hearing()) return true;
    if (this.entries.size > 0) this.apply({ everyone: true });
    return false;
  }

  private remember(tokenHash: string, record: CallerRecord): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forgetToken(oldest);
    }
    this.entries.set(tokenHash, { record, storedAt: performance.now() });
    const userId = record.user.id;
    const tokens = this.tokensOf.get(userId) ?? new Set<string>();
    tokens.add(tokenHash);
    this.tokensOf.set(userId, tokens);
  }

  private forgetToken(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const tokens = this.tokensOf.get(entry.record.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOf.delete(entry.record.user.id);
  }
}
