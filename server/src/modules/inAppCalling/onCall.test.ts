import { describe, expect, it } from 'vitest';
import { CALL_IN_PROGRESS_LIMIT_MS, isCallInProgress } from './onCall';

const NOW = new Date('2026-03-02T15:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const T = ago(60_000);
const events = (...statuses: number[]) => statuses.map((status) => ({ status, at: T }));

describe('isCallInProgress: connected (12) and not ended since', () => {
  it.each([
    ['no events', events(), false],
    ['started only (ringing is not on a call)', events(1), false],
    ['received, not answered yet', events(1, 2, 6), false],
    ['inbound answered', events(1, 2, 6, 12), true],
    ['outbound answered', events(1, 12), true],
    ['answered, then hung up (3)', events(1, 6, 12, 3), false],
    ['answered, then hung up (11)', events(1, 6, 12, 11), false],
    ['answered, then sent to voicemail (4)', events(1, 6, 12, 4), false],
    ['answered, then rejected (7)', events(1, 6, 12, 7), false],
    ['answered, then missed (10)', events(1, 6, 12, 10), false],
    ['answered, then no answer (5 / 8)', events(1, 6, 12, 8), false],
    ['answered, then blocked (13)', events(1, 12, 13), false],
    ['another agent answered too late (9) does not end it', events(1, 6, 12, 9), true],
    ['an extension chosen after connecting (transfer menu) does not end it', events(1, 12, 2), true],
    ['ended, then connected again (a second leg)', events(1, 12, 3, 12), true],
    ['missed without ever connecting', events(1, 6, 5, 10, 11), false],
    ['blocked', events(13), false],
  ])('%s', (_label, list, expected) => {
    expect(isCallInProgress({ events: list }, NOW)).toBe(expected);
    expect(isCallInProgress({ events: list })).toBe(expected);
  });

  it.each([
    ['connected a minute ago', ago(60_000), true],
    ['connected just under the limit', ago(CALL_IN_PROGRESS_LIMIT_MS - 1000), true],
    ['connected at the limit: stale (a lost Hangup)', ago(CALL_IN_PROGRESS_LIMIT_MS), false],
    ['connected a day ago: stale', ago(24 * 3600_000), false],
    ['unreadable time: the events decide', 'not a time', true],
  ])('%s', (_label, at, expected) => {
    const list = [
      { status: 1, at },
      { status: 12, at },
    ];
    expect(isCallInProgress({ events: list }, NOW)).toBe(expected);
    // Without a clock only the events count.
    expect(isCallInProgress({ events: list })).toBe(true);
  });
});
