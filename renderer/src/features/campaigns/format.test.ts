import { describe, expect, it } from 'vitest';
import {
  counted,
  formatDuration,
  formatPace,
  formatWhen,
  isEditable,
  progressPercent,
  waveLines,
} from './format';

describe('how long a send takes, in words', () => {
  it.each([
    [0, 'no time'],
    [45, 'under a minute'],
    [60, 'about 1 minute'],
    [400, 'about 7 minutes'],
    [3600, 'about 1 hour'],
    [7500, 'about 2 hours 5 minutes'],
    [86_400, 'about 1 day'],
    [86_400 * 2 + 3 * 3600 + 120, 'about 2 days 3 hours'],
  ])('%i s → %s', (seconds, words) => {
    expect(formatDuration(seconds)).toBe(words);
  });
});

describe("a number's pace", () => {
  it.each([
    [1, 2000, '1 text a second, at most 2,000 a day'],
    [3, null, '3 texts a second'],
    [0.5, null, '1 text every 2 seconds'],
  ])('%d/s, %s a day → %s', (perSecond, perDay, words) => {
    expect(formatPace(perSecond, perDay)).toBe(words);
  });
});

describe('texting-hour waves', () => {
  it('shows who can be texted now first, then each later wave in time order, in the zone given', () => {
    expect(
      waveLines(
        [
          { at: '2030-01-16T14:00:00.000Z', count: 4, now: false },
          { at: '2030-01-15T12:00:00.000Z', count: 10, now: true },
          { at: '2030-01-16T13:00:00.000Z', count: 2, now: false },
        ],
        'America/Chicago',
      ),
    ).toEqual([
      { label: 'Now', count: 10, now: true },
      { label: 'Jan 16, 2030 7:00 AM', count: 2, now: false },
      { label: 'Jan 16, 2030 8:00 AM', count: 4, now: false },
    ]);
  });

  it('has no "Now" line when nobody can be texted at once', () => {
    expect(waveLines([{ at: '2030-01-16T14:00:00.000Z', count: 3, now: false }], 'UTC')).toEqual([
      { label: 'Jan 16, 2030 2:00 PM', count: 3, now: false },
    ]);
  });
});

describe('progress: (recipients − waiting) / recipients', () => {
  it.each([
    [0, 0, 0],
    [200, 200, 0],
    [200, 150, 25],
    [3, 1, 66.7],
    [200, 0, 100],
  ])('%i recipients, %i waiting → %d%', (recipients, pending, percent) => {
    expect(progressPercent({ recipient_count: recipients, pending_count: pending })).toBe(percent);
  });
});

describe('words and times', () => {
  it('counts in words', () => {
    expect(counted(1, 'recipient')).toBe('1 recipient');
    expect(counted(1204, 'recipient')).toBe('1,204 recipients');
    expect(counted(0, 'credit')).toBe('0 credits');
  });

  it('shows a time in the zone given, and nothing for no time', () => {
    expect(formatWhen('2030-01-15T15:30:00.000Z', 'America/Chicago')).toBe('Jan 15, 2030 9:30 AM');
    expect(formatWhen(null, 'UTC')).toBe('');
  });
});

describe('§7 "Changes a draft or scheduled campaign": which campaigns can be edited', () => {
  const now = new Date('2030-01-15T12:00:00Z');
  it.each([
    ['draft', null, true],
    ['pending', null, true],
    ['queued', '2030-01-16T12:00:00Z', true],
    ['queued', '2030-01-15T11:00:00Z', false],
    ['queued', null, false],
    ['sending', null, false],
    ['paused', null, false],
    ['sent', null, false],
    ['canceled', null, false],
    ['failed', null, false],
  ])('%s at %s → %s', (state, at, editable) => {
    expect(isEditable({ state: state as never, should_be_sent_at: at }, now)).toBe(editable);
  });
});
