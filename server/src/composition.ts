/**
 * The composition root: the one place the application's services are built, once per server, from its
 * configuration — what the instances share (Redis or this process), the outbox, realtime, the sign-in throttle, the text carrier and the voice carriers (Twilio
 * when configured, else the sandbox), the billing provider (Maxio when configured, else the sandbox), the account
 * standing check, text-to-speech, caller ID, the media fetch, the job runners' signals and
 * the clock. The server (main.ts), the tests (testing/testApp.ts) and the benchmarks all build their context here; tests and
 * benchmarks give their fakes through `overrides`.
 */
import { numberCarrier, textCarrier } from './carriers';
import { type TwilioVoiceClient, twilioVoiceClient } from './carriers/twilio';
import type { VoiceCarriers } from './carriers/voice';
import { clusterFor } from './cluster';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import { CallerCache } from './http/callerCache';
import type { AppContext } from './http/context';
import { jobSignals } from './jobs/signals';
import { fetchPublic, fetchPublicOutcome } from './lib/publicFetch';
import { espeakTts } from './lib/tts';
import { loginThrottleFor } from './modules/auth/throttle';
import { billingProviderFrom } from './modules/billing/provider';
import { standingCheck } from './modules/billing/standing/standing';
import { sandboxCallerId } from './modules/callerId/sandbox';
import { callerIdCacheFor, callerIdLookups } from './modules/callerId/service';
import { sandboxOutbox } from './modules/sandbox/outbox';
import { SandboxVoice } from './modules/voice/sandbox/carrier';
import { realTimers, type VoiceTimers } from './modules/voice/sandbox/timers';
import { TwilioVoice } from './modules/voice/twilio/carrier';
import { realtimeFor } from './realtime/publish';

/** The services a server is built with, each one replaceable: what a test or benchmark sets instead. */
export interface ServiceOverrides
  extends Partial<
    Pick<
      AppContext,
      | 'now'
      | 'outbox'
      | 'realtime'
      | 'loginThrottle'
      | 'carrier'
      | 'numberCarrier'
      | 'tts'
      | 'callerId'
      | 'fetchMedia'
      | 'fetchPage'
      | 'cluster'
      | 'billing'
    >
  > {
  /** The sandbox network's waits (a ring's timeout, the menu's, a caller speaking): tests fire them by hand. */
  voiceTimers?: VoiceTimers;
  /** Twilio's REST client for holding and transferring live calls (used only with Twilio configured). */
  twilioClient?: TwilioVoiceClient;
}

export function composeServices(config: ServerConfig, db: Db, overrides: ServiceOverrides = {}): AppContext {
  const now = overrides.now ?? (() => new Date());
  const outbox = overrides.outbox ?? sandboxOutbox(db);
  const cluster = overrides.cluster ?? clusterFor(config);
  const services: Omit<AppContext, 'voice'> = {
    db,
    config,
    now,
    outbox,
    realtime: overrides.realtime ?? realtimeFor(config, cluster),
    loginThrottle: overrides.loginThrottle ?? loginThrottleFor(cluster, () => now().getTime()),
    carrier: overrides.carrier ?? textCarrier(config, outbox),
    numberCarrier: overrides.numberCarrier ?? numberCarrier(config, db),
    tts: overrides.tts ?? espeakTts(),
    callerId: overrides.callerId ?? callerIdLookups(sandboxCallerId, now, callerIdCacheFor(cluster)),
    fetchMedia: overrides.fetchMedia ?? fetchPublic,
    fetchPage: overrides.fetchPage ?? fetchPublicOutcome,
    jobSignals: jobSignals(),
    cluster,
    // Told of changes through the cluster, so what one instance changes every instance forgets.
    callers: new CallerCache(cluster),
    billing: overrides.billing ?? billingProviderFrom(process.env, now),
    standing: standingCheck(db),
  };
  // The voice carriers act through the context they are part of (call records, ringing and routing take it),
  // so they are added to it last.
  const ctx = services as AppContext;
  ctx.voice = voiceCarriers(ctx, overrides);
  return ctx;
}

/** Both voice carriers (a call stays with the one it started on), and the configured one for new calls. */
function voiceCarriers(ctx: AppContext, overrides: ServiceOverrides): VoiceCarriers {
  const account = ctx.config.twilio;
  const client = account ? (overrides.twilioClient ?? twilioVoiceClient(account)) : null;
  const twilio = new TwilioVoice(ctx, client);
  const sandbox = new SandboxVoice(ctx, overrides.voiceTimers ?? realTimers);
  return { current: account ? twilio : sandbox, twilio, sandbox };
}
