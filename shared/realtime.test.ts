import { describe, expect, it } from 'vitest';
import { CHANNEL_KINDS, channelName, channels, parseChannel } from './realtime';

describe('§7 Realtime "Private channels with an id suffix: conversations, bulk-purchase, companies, caddy, campaigns, users"', () => {
  it('has those six kinds', () => {
    expect(Object.keys(CHANNEL_KINDS).sort()).toEqual([
      'bulk-purchase',
      'caddy',
      'campaigns',
      'companies',
      'conversations',
      'users',
    ]);
  });

  it.each([
    [channels.companies(42), 'private-companies.42', { kind: 'companies', owner: 'company', id: 42 }],
    [
      channels.conversations(7),
      'private-conversations.7',
      { kind: 'conversations', owner: 'company', id: 7 },
    ],
    [channels.bulkPurchase(3), 'private-bulk-purchase.3', { kind: 'bulk-purchase', owner: 'company', id: 3 }],
    [channels.campaigns(3), 'private-campaigns.3', { kind: 'campaigns', owner: 'company', id: 3 }],
    [channels.users(9), 'private-users.9', { kind: 'users', owner: 'user', id: 9 }],
    [channels.caddy(9), 'private-caddy.9', { kind: 'caddy', owner: 'user', id: 9 }],
  ])('%s', (name, expected, parsed) => {
    expect(name).toBe(expected);
    expect(parseChannel(name)).toEqual(parsed);
  });

  it.each([
    'private-companies.',
    'private-companies.0',
    'private-companies.4x',
    'companies.4',
    'private-secrets.4',
    'presence-users.1',
    '',
  ])('%j is not a channel of ours', (name) => {
    expect(parseChannel(name)).toBeNull();
  });

  it('channelName is what the helpers use', () => {
    expect(channelName('users', '12')).toBe('private-users.12');
  });
});
