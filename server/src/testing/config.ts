/** Settings for an app under test or benchmark: no data folder, silent logs, a generous rate limit. */
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
    redisUrl: undefined,
    redisPrefix: 'switchboard-test:',
    trustProxy: false,
    ...overrides,
  };
}
