import { DNI_REPORT_MESSAGES } from '@shared/api/dniReports';
import { describe, expect, it } from 'vitest';
import { usageRows, usageSummary } from './poolUsage';
import { defaultReportRange, rangeText, reportProblems } from './reportModel';

describe('DNI call reports', () => {
  it('starts with the last 30 days, both ends included, in the person’s zone', () => {
    // 02:00 UTC on the 24th is still the 23rd in Chicago.
    expect(defaultReportRange(new Date('2026-11-24T02:00:00Z'), 'America/Chicago')).toEqual({
      startDate: '2026-10-25',
      endDate: '2026-11-23',
    });
  });

  it('refuses what the server would, in its words, on the field it names', () => {
    expect(reportProblems({ startDate: '2026-11-01', endDate: '2026-11-24' })).toEqual({});
    expect(reportProblems({ startDate: '2026-11-24', endDate: '2026-11-01' })).toEqual({
      endDate: DNI_REPORT_MESSAGES.endBeforeStart,
    });
    expect(reportProblems({ startDate: '2023-01-01', endDate: '2026-11-01' })).toEqual({
      endDate: DNI_REPORT_MESSAGES.tooLong,
    });
    expect(reportProblems({ startDate: '', endDate: '2026-11-01' })).toEqual({
      startDate: DNI_REPORT_MESSAGES.date,
    });
  });

  it('writes a range as people read it', () => {
    expect(rangeText({ start_date: '2026-11-01', end_date: '2026-11-24' })).toBe(
      'Nov 1, 2026 – Nov 24, 2026',
    );
    expect(rangeText({ start_date: '2026-11-01', end_date: '2026-11-01' })).toBe('Nov 1, 2026');
  });
});

describe('a pool’s 30 days of usage', () => {
  const day = (date: string, peak: number, fallbacks = 0) => ({
    day: date,
    peak_sessions: peak,
    sessions: peak * 3,
    fallbacks,
    utilisation: peak / 4,
  });

  it('labels each UTC day as a day, not moved into the viewer’s zone', () => {
    expect(usageRows([day('2026-11-03', 2)])).toEqual([
      { day: '2026-11-03', label: 'Nov 3', peak: 2, sessions: 6, fallbacks: 0 },
    ]);
  });

  it('sums the period up: its busiest day against the numbers, and the fallbacks served', () => {
    expect(usageSummary([day('2026-11-03', 2), day('2026-11-04', 3, 2)], 4)).toBe(
      'Busiest on Nov 4: 3 visitors at once (75% of 4); 2 visitors got the fallback.',
    );
    expect(usageSummary([day('2026-11-03', 0)], 4)).toBe('No visitor held a number in the last 30 days.');
    expect(usageSummary([], 4)).toBe('No usage recorded yet.');
  });
});
