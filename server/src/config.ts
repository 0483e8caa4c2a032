/**
 * The server's settings, read once from the environment (see README "Runs"). Unset means the embedded default:
 * PGlite in the per-user data folder, the embedded realtime endpoint, the sandbox carrier.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SendingPace } from '@shared/domain/campaignSending';
import envPaths from 'env-paths';
import { z } from 'zod';

/** The app's name: the data folder is named after it, the same folder Electron's `userData` names. */
export const APP_NAME = 'Switchboard';

/** Where `npm run build` puts the account UI. */
const REPO_DIST = fileURLToPath(new URL('../../dist', import.meta.url));
/** Where `npm run build` puts the website tracking script (vite.tracker.config.ts). */
const REPO_TRACKER_SCRIPT = fileURLToPath(new URL('../../dist-tracker/dni.js', import.meta.url));

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine((url) => !url || /^postgres(ql)?:\/\//.test(url), {
    message: 'DATABASE_URL must be a postgres:// URL',
  }),
  API_PREFIX: z
    .string()
    .trim()
    .default('/api')
    .refine((prefix) => prefix === '' || /^\/[\w/-]*[\w-]$/.test(prefix), {
      message: 'API_PREFIX must look like /api',
    }),
  PUBLIC_URL: optionalText,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
  /** The rate limiter's window; a minute unless a test shortens it. */
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(100).default(60_000),
  CORS_ORIGINS: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUSHER_APP_ID: optionalText,
  PUSHER_KEY: optionalText,
  PUSHER_SECRET: optionalText,
  PUSHER_HOST: optionalText,
  PUSHER_PORT: z.coerce.number().int().optional(),
  PUSHER_TLS: optionalText,
  SUPPORT_EMAIL: z.string().trim().default('support@switchboard.test'),
  REALTIME_SECRET: optionalText,
  /** Signs short-lived media URLs (MMS, voicemail, recordings); kept in the data folder when unset. */
  MEDIA_SECRET: optionalText,
  /** The sandbox porting desk's wait before each step of a port request (modules/ports/desk.ts). */
  PORT_DESK_STEP_MS: z.coerce.number().int().min(0).optional(),
  /** Twilio as the real carrier: both set, or neither (the built-in sandbox carrier). */
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  /** In-app calling with Twilio (Voice grant access tokens): all three set, or none; they need the account. */
  TWILIO_API_KEY: optionalText,
  TWILIO_API_SECRET: optionalText,
  TWILIO_TWIML_APP_SID: optionalText,
  UI_DIR: optionalText,
  TRACKER_SCRIPT: optionalText,
  /** Several instances share state through this Redis (issue 18); unset, one instance keeps it in memory. */
  REDIS_URL: optionalText.refine((url) => !url || /^rediss?:\/\//.test(url), {
    message: 'REDIS_URL must be a redis:// or rediss:// URL',
  }),
  /** Names this deployment's keys and topics in that Redis, so several can share one. */
  REDIS_PREFIX: z.string().trim().min(1).default('switchboard:'),
  /** Behind a load balancer or proxy: the client's address comes from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['', '0', '1', 'false', 'true'], { message: 'TRUST_PROXY must be 1 or true (or 0, false, empty)' })
    .default(''),
  /** Campaign pace per sending number, `<texts a second>[/<texts a day>]` (campaignSending.ts has the defaults). */
  CAMPAIGN_PACE_LOCAL: optionalText.pipe(paceSchema('CAMPAIGN_PACE_LOCAL')),
  CAMPAIGN_PACE_TOLL_FREE: optionalText.pipe(paceSchema('CAMPAIGN_PACE_TOLL_FREE')),
  CAMPAIGN_PACE_BULK: optionalText.pipe(paceSchema('CAMPAIGN_PACE_BULK')),
  /** `off`: campaigns send as fast as the engine can (benchmarks, tests); the carrier's limits still apply. */
  CAMPAIGN_PACING: z.enum(['on', 'off'], { message: 'CAMPAIGN_PACING must be on or off' }).default('on'),
  /** `ignore`: campaigns do not wait for recipients' texting hours — for test environments only. */
  CAMPAIGN_TEXTING_HOURS: z
    .enum(['enforce', 'ignore'], { message: 'CAMPAIGN_TEXTING_HOURS must be enforce or ignore' })
    .default('enforce'),
  /** How long a campaign run holds its send job between checkpoints (a dead server's run is taken over after it). */
  CAMPAIGN_LEASE_MS: z.coerce.number().int().min(500).default(30_000),
  /**
   * Origins (`http://127.0.0.1:40123`) the registration's website check may fetch although they are not public: only
   * for tests that serve a brand's website themselves (tests/e2e/registration.spec.ts). Comma-separated.
   */
  SMS_REGISTRATION_TEST_ORIGINS: optionalText,
});

/** `1`, `3/10000`: texts a second and, optionally, a day. */
function paceSchema(name: string) {
  return z
    .string()
    .regex(/^\d+(\.\d+)?(\/\d+)?$/, `${name} must look like 1 or 1/2000 (texts a second / a day)`)
    .transform((value): SendingPace => {
      const [perSecond = '1', perDay] = value.split('/');
      return { perSecond: Number(perSecond), perDay: perDay ? Number(perDay) : null };
    })
    .refine((pace) => pace.perSecond > 0, `${name}: texts a second must be above 0`)
    .optional();
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for PGlite data, uploads and the lock; always set (used for uploads even with DATABASE_URL). */
  dataDir: string;
  databaseUrl: string | undefined;
  apiPrefix: string;
  /** The server's public origin (for links in mail and Twilio signatures); defaults to http://HOST:PORT. */
  publicUrl: string;
  rateLimitPerMinute: number;
  rateLimitWindowMs: number;
  /** Origins besides the desktop app's `app://` allowed to call with bearer tokens. */
  corsOrigins: string[];
  logLevel: string;
  supportEmail: string;
  pusher:
    | { appId: string; key: string; secret: string; host?: string; port?: number; tls: boolean }
    | undefined;
  /**
   * The embedded realtime endpoint's signing secret (channel auth and the HTTP trigger API). From
   * REALTIME_SECRET, else kept in the data folder (main.ts), so restarts keep it.
   */
  realtimeSecret: string | undefined;
  /** Signs media URLs; from MEDIA_SECRET, else kept in the data folder (main.ts). */
  mediaSecret: string | undefined;
  /** Twilio credentials when Twilio is the carrier; undefined means the sandbox carrier. */
  twilio:
    | {
        accountSid: string;
        authToken: string;
        /** What signs in-app calling access tokens (an API key, its secret, the TwiML app outgoing calls use). */
        voice?: { apiKey: string; apiSecret: string; twimlAppSid: string };
      }
    | undefined;
  /** The built account UI to serve (UI_DIR, default the repository's dist/ when it exists); none: API only. */
  uiDir: string | undefined;
  /**
   * The built website tracking script served at `GET /api/dni/script.js` (TRACKER_SCRIPT, default the
   * repository's dist-tracker/dni.js, which `npm run server` and `npm start` build before the server starts);
   * unset, or not built, that route says to run `npm run build`. Tests point it at a file of their own.
   */
  trackerScript?: string;
  /** The Redis several instances share state through (cluster/index.ts); undefined: this instance alone. */
  redisUrl: string | undefined;
  redisPrefix: string;
  /**
   * Trust X-Forwarded-For for the client's address (TRUST_PROXY): behind a load balancer, else every anonymous
   * request and sign-in would share the balancer's address for the rate limit and the sign-in throttle.
   */
  trustProxy: boolean;
  /** How campaigns are sent (modules/campaigns/engine). */
  campaigns: CampaignSettings;
  /** The sandbox porting desk (modules/ports/desk.ts); unset: its defaults. */
  portDesk?: { stepMs: number };
  /** Text-messaging registration (modules/registration); unset: public websites only. */
  registration?: { testOrigins: string[] };
  /**
   * Hold every answer to its contract response schema, strictly, and fail a drifting one with a 500
   * (http/responseCheck.ts). The API tests' apps only (testing/testApp.ts): never read from the environment.
   */
  checkResponses?: boolean;
}

export interface CampaignSettings {
  /** Pace overrides by §3 number-type code (the rest keep DEFAULT_SENDING_PACE). */
  pace: Record<number, SendingPace>;
  /** False: no pacing at all (benchmarks, tests). */
  pacing: boolean;
  /** False: recipients' texting hours are not waited for (test environments only). */
  textingHours: boolean;
  leaseMs: number;
  /**
   * How often a sending campaign asks again whether its account's standing and its number's registration still let
   * it send (default 10 s: a renewal declined or a registration withdrawn pauses it within that). Tests shorten it.
   */
  sendRightsRecheckMs?: number;
}

/** The OS's per-user data folder for the app (e.g. ~/.local/share/Switchboard, %APPDATA%\Switchboard\Data). */
export function defaultDataDir(): string {
  return join(envPaths(APP_NAME, { suffix: '' }).data);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the environment; a bad value fails with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid server settings:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const pusherSet = [e.PUSHER_APP_ID, e.PUSHER_KEY, e.PUSHER_SECRET].filter(Boolean).length;
  if (Boolean(e.TWILIO_ACCOUNT_SID) !== Boolean(e.TWILIO_AUTH_TOKEN)) {
    throw new ConfigError(
      'Set both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, or neither (for the sandbox carrier).',
    );
  }
  const voiceSet = [e.TWILIO_API_KEY, e.TWILIO_API_SECRET, e.TWILIO_TWIML_APP_SID].filter(Boolean).length;
  if (voiceSet !== 0 && voiceSet !== 3) {
    throw new ConfigError(
      'Set all of TWILIO_API_KEY, TWILIO_API_SECRET and TWILIO_TWIML_APP_SID, or none (in-app calling needs all three with Twilio).',
    );
  }
  if (voiceSet === 3 && !e.TWILIO_ACCOUNT_SID) {
    throw new ConfigError(
      'TWILIO_API_KEY, TWILIO_API_SECRET and TWILIO_TWIML_APP_SID need TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN too.',
    );
  }
  if (pusherSet !== 0 && pusherSet !== 3) {
    throw new ConfigError(
      'Set all of PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET, or none (for the embedded endpoint).',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR ?? defaultDataDir(),
    databaseUrl: e.DATABASE_URL,
    apiPrefix: e.API_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitWindowMs: e.RATE_LIMIT_WINDOW_MS,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    supportEmail: e.SUPPORT_EMAIL,
    realtimeSecret: e.REALTIME_SECRET,
    mediaSecret: e.MEDIA_SECRET,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            ...(e.TWILIO_API_KEY && e.TWILIO_API_SECRET && e.TWILIO_TWIML_APP_SID
              ? {
                  voice: {
                    apiKey: e.TWILIO_API_KEY,
                    apiSecret: e.TWILIO_API_SECRET,
                    twimlAppSid: e.TWILIO_TWIML_APP_SID,
                  },
                }
              : {}),
          }
        : undefined,
    uiDir: e.UI_DIR ?? (existsSync(join(REPO_DIST, 'index.html')) ? REPO_DIST : undefined),
    trackerScript: e.TRACKER_SCRIPT ?? REPO_TRACKER_SCRIPT,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    ...(e.PORT_DESK_STEP_MS !== undefined ? { portDesk: { stepMs: e.PORT_DESK_STEP_MS } } : {}),
    ...(e.SMS_REGISTRATION_TEST_ORIGINS
      ? { registration: { testOrigins: e.SMS_REGISTRATION_TEST_ORIGINS.split(',').map((o) => o.trim()) } }
      : {}),
    campaigns: {
      pace: Object.fromEntries(
        (
          [
            [2, e.CAMPAIGN_PACE_LOCAL],
            [1, e.CAMPAIGN_PACE_TOLL_FREE],
            [4, e.CAMPAIGN_PACE_BULK],
          ] as const
        ).filter((entry): entry is [2 | 1 | 4, SendingPace] => entry[1] !== undefined),
      ),
      pacing: e.CAMPAIGN_PACING === 'on',
      textingHours: e.CAMPAIGN_TEXTING_HOURS === 'enforce',
      leaseMs: e.CAMPAIGN_LEASE_MS,
    },
    pusher:
      e.PUSHER_APP_ID && e.PUSHER_KEY && e.PUSHER_SECRET
        ? {
            appId: e.PUSHER_APP_ID,
            key: e.PUSHER_KEY,
            secret: e.PUSHER_SECRET,
            host: e.PUSHER_HOST,
            port: e.PUSHER_PORT,
            tls: e.PUSHER_TLS !== 'false',
          }
        : undefined,
  };
}
