/**
 * Settings for an app under test or benchmark: no data folder, silent logs, a generous rate limit, campaigns
 * neither paced nor held for texting hours.
 */
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../config';

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    apiPrefix: '/api',
    publicUrl: 'http://127.0.0.1:8080',
    rateLimitPerMinute: 100_000,
    rateLimitWindowMs: 60_000,
    corsOrigins: [],
    logLevel: 'silent',
    supportEmail: 'support@switchboard.test',
    pusher: undefined,
    realtimeSecret: 'test-realtime-secret',
    mediaSecret: 'test-media-secret',
    twilio: undefined,
    uiDir: undefined,
    // A stand-in for the built website tracking script, so GET /api/dni/script.js answers as when it is built.
    trackerScript: fileURLToPath(new URL('./trackerScript.js', import.meta.url)),
    redisUrl: undefined,
    redisPrefix: 'switchboard-test:',
    trustProxy: false,
    // Campaigns send at once in tests; the tests of pacing and texting hours turn them on.
    campaigns: { pace: {}, pacing: false, textingHours: false, leaseMs: 30_000 },
    ...overrides,
  };
}
