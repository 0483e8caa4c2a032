/**
 * What every route and service can reach: the database, settings, the clock and the services. The composition
 * root (composition.ts, `composeServices`) builds them once, from configuration; every field is set. Tests give
 * their fakes to it (createTestApp's second argument), or swap a field between requests.
 * Only interfaces are named here (carriers/, cluster/, lib/, realtime/, services/): no module.
 */
import type { NumberCarrier } from '../carriers/numbers';
import type { Carrier } from '../carriers/types';
import type { VoiceCarriers } from '../carriers/voice';
import type { Cluster } from '../cluster';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { JobSignals } from '../jobs/signals';
import type { fetchPublic, fetchPublicOutcome } from '../lib/publicFetch';
import type { TextToSpeech } from '../lib/tts';
import type { Realtime } from '../realtime/publish';
import type { BillingProvider } from '../services/billing';
import type { CallerIdLookups } from '../services/callerId';
import type { LoginThrottle } from '../services/loginThrottle';
import type { Outbox } from '../services/outbox';
import type { StandingCheck } from '../services/standing';
import type { CallerCache } from './callerCache';

export interface AppContext {
  db: Db;
  config: ServerConfig;
  /** The time, injectable so tests can move it (token expiry, reset links, idempotency windows). */
  now: () => Date;
  /** Outbound mail, and the sandbox carriers' texts and calls: the sandbox outbox (a table). */
  outbox: Outbox;
  realtime: Realtime;
  loginThrottle: LoginThrottle;
  /** The carrier texts go through: Twilio when configured, else the sandbox. */
  carrier: Carrier;
  /** Where numbers are found and bought: Twilio's inventory when configured, else the sandbox's. */
  numberCarrier: NumberCarrier;
  /** The carriers of live calls: Twilio and the sandbox network, and which of them places new calls. */
  voice: VoiceCarriers;
  /** Text-to-speech for greetings and the sandbox caller's voice: espeak-ng (lib/tts.ts). */
  tts: TextToSpeech;
  /** Caller ID lookups (the sandbox provider), each answer kept: in memory, or the cluster's Redis. */
  callerId: CallerIdLookups;
  /** Fetches a carrier's media URL: `fetchPublic` (lib/publicFetch.ts: public addresses only). */
  fetchMedia: typeof fetchPublic;
  /**
   * Fetches a customer's web page (the DNI script verifier): `fetchPublicOutcome`, public addresses only. A test
   * gives one that also lets its own local page's origin through (`allowOrigins`).
   */
  fetchPage: typeof fetchPublicOutcome;
  /** Wakes this server's job runners when a job is enqueued or cancelled here (jobs/signals.ts). */
  jobSignals: JobSignals;
  /** What the server's instances share: Redis with REDIS_URL, else this process's memory (cluster/index.ts). */
  cluster: Cluster;
  /**
   * The signed-in callers this instance remembers (http/callerCache.ts). Whatever changes a credential, a user,
   * a membership or an organization's admins or companies tells it after committing: `usersChanged([ids])`.
   */
  callers: CallerCache;
  /** Where the account's subscription and card live: Maxio when configured, else the sandbox provider. */
  billing: BillingProvider;
  /** What a company's standing (past due, parked, deactivated) still lets it do: the route wrapper asks it. */
  standing: StandingCheck;
}
