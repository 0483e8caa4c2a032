import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('server settings from the environment', () => {
  it('defaults to the embedded platform on 127.0.0.1:8080', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      apiPrefix: '/api',
      publicUrl: 'http://127.0.0.1:8080',
      rateLimitPerMinute: 1000,
      databaseUrl: undefined,
      pusher: undefined,
    });
    expect(config.dataDir).toMatch(/Switchboard/);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/sb',
      DATABASE_URL: 'postgres://u@db/sb',
      API_PREFIX: '/v2/api',
      PUBLIC_URL: 'https://platform.example.com/',
      RATE_LIMIT_PER_MINUTE: '60',
      CORS_ORIGINS: 'https://a.test, https://b.test',
      PUSHER_APP_ID: '1',
      PUSHER_KEY: 'k',
      PUSHER_SECRET: 's',
      PUSHER_HOST: 'soketi.internal',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/sb',
      databaseUrl: 'postgres://u@db/sb',
      apiPrefix: '/v2/api',
      publicUrl: 'https://platform.example.com',
      rateLimitPerMinute: 60,
      corsOrigins: ['https://a.test', 'https://b.test'],
      pusher: { appId: '1', key: 'k', secret: 's', host: 'soketi.internal', tls: true },
    });
  });

  it('reads Twilio with its in-app calling settings, and without them', () => {
    const account = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' };
    expect(loadConfig(account).twilio).toEqual({ accountSid: 'AC1', authToken: 't' });
    expect(
      loadConfig({
        ...account,
        TWILIO_API_KEY: 'SK1',
        TWILIO_API_SECRET: 's',
        TWILIO_TWIML_APP_SID: 'AP1',
      }).twilio,
    ).toEqual({
      accountSid: 'AC1',
      authToken: 't',
      voice: { apiKey: 'SK1', apiSecret: 's', twimlAppSid: 'AP1' },
    });
  });

  it.each([
    [{}, { redisUrl: undefined, redisPrefix: 'switchboard:', trustProxy: false }],
    [
      { REDIS_URL: 'redis://cache:6379', REDIS_PREFIX: 'callcenter:', TRUST_PROXY: '1' },
      { redisUrl: 'redis://cache:6379', redisPrefix: 'callcenter:', trustProxy: true },
    ],
    [{ TRUST_PROXY: 'true' }, { trustProxy: true }],
    [{ TRUST_PROXY: '0' }, { trustProxy: false }],
  ])('several instances: %j', (env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ API_PREFIX: 'api/' }, /API_PREFIX must look like \/api/],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, /RATE_LIMIT_PER_MINUTE/],
    [{ PUSHER_APP_ID: '1' }, /Set all of PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET, or none/],
    [{ REDIS_URL: 'http://cache:6379' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be 1 or true/],
    [
      { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_API_KEY: 'SK1', TWILIO_API_SECRET: 's' },
      /Set all of TWILIO_API_KEY, TWILIO_API_SECRET and TWILIO_TWIML_APP_SID, or none/,
    ],
    [
      { TWILIO_API_KEY: 'SK1', TWILIO_API_SECRET: 's', TWILIO_TWIML_APP_SID: 'AP1' },
      /need TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN too/,
    ],
  ])('%j is refused, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
