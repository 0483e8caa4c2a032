import { describe, expect, it } from 'vitest';
import { kpiBody, readDashboard, widgetBody, writeDashboard } from './dashboardState';
import { lastDays, type RangeChoice, rangeLabel, readRange, resolveRange, writeRange } from './range';

describe('the range of the dashboard and of a report', () => {
  it('is the last N days up to today in the user’s zone, both ends included', () => {
    // 02:00 UTC on the 24th is still the 23rd in Chicago.
    const now = new Date('2026-11-24T02:00:00Z');
    expect(lastDays(30, now, 'America/Chicago')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(lastDays(7, now, 'UTC')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(resolveRange({ from: '2026-01-01', to: '2026-01-31' }, now, 'UTC')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it.each([
    ['', { days: 30 }],
    ['days=7', { days: 7 }],
    ['days=90', { days: 90 }],
    ['days=14', { days: 30 }],
    ['from=2026-10-01&to=2026-10-31', { from: '2026-10-01', to: '2026-10-31' }],
    ['from=2026-10-01', { days: 30 }],
    ['days=7&from=2026-10-01&to=2026-10-31', { days: 7 }],
  ] as const satisfies readonly (readonly [string, RangeChoice])[])('reads “%s” as %j', (address, range) => {
    expect(readRange(new URLSearchParams(address))).toEqual(range);
    const written = new URLSearchParams();
    writeRange(written, range);
    expect(readRange(written)).toEqual(range);
  });

  it('reads as people say it', () => {
    expect(rangeLabel({ days: 90 })).toBe('Last 90 days');
    expect(rangeLabel({ from: '2026-11-01', to: '2026-11-20' })).toBe('Nov 1, 2026 – Nov 20, 2026');
    expect(rangeLabel({ from: '2026-11-01', to: '2026-11-01' })).toBe('Nov 1, 2026');
  });
});

describe('the dashboard’s choices (§9 previous-period options) and its requests', () => {
  it.each([
    ['', { range: { days: 30 }, compare: 'previous', interval: 'day' }],
    ['days=7&compare=1y&interval=week', { range: { days: 7 }, compare: '1y', interval: 'week' }],
    ['compare=2y&interval=hour', { range: { days: 30 }, compare: 'previous', interval: 'day' }],
  ] as const)('“%s” ↔ %j', (address, state) => {
    expect(readDashboard(new URLSearchParams(address))).toEqual(state);
    if (!address.includes('2y')) expect(writeDashboard(state).toString()).toBe(address);
  });

  it('asks for the KPIs of the range against the chosen period, and each widget on its own', () => {
    const days = { from: '2026-10-26', to: '2026-11-24' };
    expect(kpiBody(days, '3m', 'UTC')).toEqual({
      currentRange: { start: '2026-10-26', end: '2026-11-24' },
      comparison: '3m',
      tz: 'UTC',
    });
    expect(widgetBody(4, 'timeline', days, 'UTC', 'week')).toEqual({
      company_id: 4,
      type: 'timeline',
      tz: 'UTC',
      groupBy: 'week',
      filters: days,
    });
    expect(widgetBody(4, 'heatmap', days, 'UTC', 'week').groupBy).toBe('day');
  });
});
