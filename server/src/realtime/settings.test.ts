import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config';
import { testConfig } from '../testing/config';
import { realtimeClientSettings, realtimeOriginsElsewhere } from './settings';

const pusher = (overrides: Partial<NonNullable<ServerConfig['pusher']>>) =>
  testConfig({ pusher: { appId: 'mt1', key: 'k', secret: 's', tls: true, ...overrides } });

describe('where pages reach realtime', () => {
  it('the embedded endpoint is the server as the client reached it, and needs no CSP entry', () => {
    const config = testConfig();
    expect(realtimeClientSettings(config, { host: '127.0.0.1:51234', protocol: 'http' })).toMatchObject({
      host: '127.0.0.1',
      port: 51234,
      tls: false,
    });
    expect(realtimeOriginsElsewhere(config)).toEqual([]);
  });

  it.each([
    [{}, ['wss://ws-mt1.pusher.com', 'https://ws-mt1.pusher.com']],
    [
      { host: 'soketi.internal', port: 6001, tls: false },
      ['ws://soketi.internal:6001', 'http://soketi.internal:6001'],
    ],
  ])('a configured cluster %j is reached at %j', (overrides, origins) => {
    expect(realtimeOriginsElsewhere(pusher(overrides))).toEqual(origins);
  });
});
