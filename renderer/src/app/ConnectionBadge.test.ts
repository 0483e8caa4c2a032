import { describe, expect, it } from 'vitest';
import { connectionLook } from './ConnectionBadge';

describe('the connection badge: green only when connected, amber while connecting, red offline', () => {
  it.each([
    [true, 'connected', 'Online', 'green'],
    [true, 'connecting', 'Connecting…', 'yellow'],
    [true, 'unavailable', 'Connecting…', 'yellow'],
    [true, 'disconnected', 'Connecting…', 'yellow'],
    [false, 'connected', 'Offline', 'red'],
    [false, 'disconnected', 'Offline', 'red'],
  ] as const)('reachable %s, live updates %s → %s in %s', (online, realtime, label, color) => {
    const look = connectionLook(online, realtime);
    expect([look.label, look.color]).toEqual([label, color]);
    expect(look.description).not.toBe('');
  });
});
