/** What every route and service can reach: the database, settings, the clock and the outbound channels. */
import type { Carrier } from '../carriers/types';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { LoginThrottle } from '../modules/auth/throttle';
import type { Outbox } from '../modules/sandbox/outbox';
import type { Realtime } from '../realtime/publish';

export interface AppContext {
  db: Db;
  config: ServerConfig;
  /** The time, injectable so tests can move it (token expiry, reset links, idempotency windows). */
  now: () => Date;
  outbox: Outbox;
  realtime: Realtime;
  loginThrottle: LoginThrottle;
  /**
   * The carrier texts go through, when set; unset, `carrierFor(ctx)` builds Twilio (configured) or the sandbox.
   * Tests set a sandbox with `receiptDelayMs: 0` here.
   */
  carrier?: Carrier;
}
