/** What every route and service can reach: the database, settings, the clock and the outbound channels. */
import type { TwilioVoiceClient } from '../carriers/twilio';
import type { Carrier } from '../carriers/types';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { fetchPublic } from '../lib/publicFetch';
import type { TextToSpeech } from '../lib/tts';
import type { LoginThrottle } from '../modules/auth/throttle';
import type { Outbox } from '../modules/sandbox/outbox';
import type { VoiceTimers } from '../modules/voice/timers';
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
  /**
   * Text-to-speech for greetings, when set; unset, `ttsFor(ctx)` uses espeak-ng (lib/tts.ts). Tests set a fake
   * here to play a server without espeak-ng.
   */
  tts?: TextToSpeech;
  /**
   * The sandbox telephone network's waits (a ring's timeout, the menu's, a caller speaking), when set; unset,
   * real timers. Tests set manual timers here and fire them, so "nobody answers" takes no 20 s.
   */
  voiceTimers?: VoiceTimers;
  /**
   * Twilio's REST client for holding and transferring live calls, when set; unset, `twilioVoiceClient(ctx)`
   * builds the SDK's (Twilio configured). Tests set a fake here that records the calls made.
   */
  twilioClient?: TwilioVoiceClient;
  /**
   * Fetches a carrier's media URL, when set; unset, `fetchPublic` (lib/publicFetch.ts: public addresses only).
   * Tests set a fake here that answers as Twilio's media host would.
   */
  fetchMedia?: typeof fetchPublic;
}
