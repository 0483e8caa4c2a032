import type { AlertHistoryEntry } from '@shared/api/alerts';
import { ALERT_SNOOZE_MAX_HOURS, MONITOR_DEFAULTS, MONITOR_KINDS } from '@shared/domain/alerts';
import { describe, expect, it } from 'vitest';
import {
  countOf,
  countsAfter,
  factLabel,
  factsOf,
  factValue,
  historyHeadline,
  readListState,
  reasonLabel,
  SNOOZE_CHOICES,
  settingFieldsOf,
  settingsToEdit,
  snoozeUntil,
  writeListState,
} from './alertModel';

const COUNTS = { open: 2, snoozed: 1, closed: 5 };

describe('the state tabs and their counts', () => {
  it.each([
    ['open', 2],
    ['snoozed', 1],
    ['closed', 5],
    ['all', 8],
  ] as const)('%s lists %i', (tab, count) => {
    expect(countOf(tab, COUNTS)).toBe(count);
  });

  it('says nothing before the counts come', () => {
    expect(countOf('open', undefined)).toBeNull();
  });

  it.each([
    ['open', 'closed', { open: 1, snoozed: 1, closed: 6 }],
    ['open', 'snoozed', { open: 1, snoozed: 2, closed: 5 }],
    ['closed', 'open', { open: 3, snoozed: 1, closed: 4 }],
    ['open', 'open', COUNTS],
  ] as const)('an alert moving from %s to %s moves the counts', (from, to, after) => {
    expect(countsAfter(COUNTS, from, to)).toEqual(after);
  });

  it('never counts below zero', () => {
    expect(countsAfter({ open: 0, snoozed: 0, closed: 0 }, 'open', 'closed')).toEqual({
      open: 0,
      snoozed: 0,
      closed: 1,
    });
  });
});

describe('the list in the address', () => {
  it.each([
    ['', { tab: 'open', page: 1 }],
    ['state=closed&page=2', { tab: 'closed', page: 2 }],
    ['state=all', { tab: 'all', page: 1 }],
    ['state=nonsense&page=-3', { tab: 'open', page: 1 }],
    ['page=1.5', { tab: 'open', page: 1 }],
  ] as const)('“%s” reads as %j and writes back the same', (query, state) => {
    const read = readListState(new URLSearchParams(query));
    expect(read).toEqual(state);
    expect(readListState(writeListState(read))).toEqual(read);
  });

  it('leaves the defaults out of the address', () => {
    expect(writeListState({ tab: 'open', page: 1 }).toString()).toBe('');
  });
});

describe('snoozing (shared/domain/alerts.ts: "How long a snooze may last at most (a week)")', () => {
  it('offers 1 hour, 4 hours, 1 day and 1 week, none past the longest snooze', () => {
    expect(SNOOZE_CHOICES.map((choice) => choice.label)).toEqual(['1 hour', '4 hours', '1 day', '1 week']);
    for (const choice of SNOOZE_CHOICES) expect(choice.hours).toBeLessThanOrEqual(ALERT_SNOOZE_MAX_HOURS);
  });

  it.each([
    [1, '2026-11-25T01:30:00.000Z'],
    [24, '2026-11-26T00:30:00.000Z'],
    [168, '2026-12-02T00:30:00.000Z'],
  ])('%i hours from now is %s', (hours, until) => {
    expect(snoozeUntil(new Date('2026-11-25T00:30:00Z'), hours)).toBe(until);
  });
});

describe('an alert in words', () => {
  it.each([
    ['windowHours', 'Window hours'],
    ['window_hours', 'Window hours'],
    ['last_call_at', 'Last call at'],
    ['rate', 'Rate'],
  ])('the fact %s is labelled “%s”', (key, label) => {
    expect(factLabel(key)).toBe(label);
  });

  it.each([
    [1234, '1,234'],
    [true, 'Yes'],
    [false, 'No'],
    [null, '—'],
    ['', '—'],
    [['a', 2], 'a, 2'],
    [{ a: 1 }, '{"a":1}'],
    ['text', 'text'],
  ])('the value %j reads “%s”', (value, text) => {
    expect(factValue(value)).toBe(text);
  });

  it('lists the facts in the order the server gave them', () => {
    expect(factsOf({ details: { rate: 42, missed: 5, total: 12 } })).toEqual([
      { label: 'Rate', value: '42' },
      { label: 'Missed', value: '5' },
      { label: 'Total', value: '12' },
    ]);
  });

  const entry = (change: Partial<AlertHistoryEntry>): AlertHistoryEntry => ({
    id: 1,
    action: 'opened',
    state: 'open',
    reason: null,
    comment: null,
    user: null,
    at: '2026-11-25T00:00:00Z',
    ...change,
  });

  it.each([
    [entry({}), 'Opened by the monitor'],
    [entry({ action: 'closed', user: { id: 1, name: 'Olivia Owner' } }), 'Closed by Olivia Owner'],
    [entry({ action: 'snoozed', user: { id: 2, name: 'Ada Admin' } }), 'Snoozed by Ada Admin'],
    [entry({ action: 'reopened' }), 'Reopened by the monitor'],
  ])('history: %j reads “%s”', (history, headline) => {
    expect(historyHeadline(history)).toBe(headline);
  });

  it('names the §3 close reasons by their labels', () => {
    expect(reasonLabel('already-aware')).toBe('Already aware');
    expect(reasonLabel('other')).toBe('Other');
    expect(reasonLabel(null)).toBeNull();
  });
});

describe('monitor settings (MONITOR_DEFAULTS)', () => {
  it.each(MONITOR_KINDS.map((kind) => kind.value))(
    '%s offers exactly its settings, with their defaults',
    (kind) => {
      const fields = settingFieldsOf(kind);
      expect(Object.fromEntries(fields.map((field) => [field.key, field.defaultValue]))).toEqual(
        MONITOR_DEFAULTS[kind],
      );
      for (const field of fields) {
        expect(field.label).not.toBe('');
        expect(field.defaultValue).toBeGreaterThanOrEqual(field.min);
        expect(field.defaultValue).toBeLessThanOrEqual(field.max);
      }
    },
  );

  it('edits what a monitor has, the default for what it lacks, and nothing else', () => {
    expect(settingsToEdit('missed_rate', { threshold: 50, unknown: 3 })).toEqual({
      threshold: 50,
      windowHours: 4,
      minCalls: 5,
    });
    expect(settingsToEdit('campaign_paused', {})).toEqual({});
  });
});
