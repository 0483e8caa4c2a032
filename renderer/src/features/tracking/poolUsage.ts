/**
 * A pool's 30-day usage as the chart and its summary read it: one row per day, labelled as people write a day
 * ("Nov 3"; the days are UTC dates, so they are read as such and not moved into the viewer's zone), and the
 * busiest day of the period.
 */
import type { DniPoolDetail } from '@shared/api/dni';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

export interface UsageRow {
  day: string;
  label: string;
  peak: number;
  sessions: number;
  fallbacks: number;
}

export function usageRows(usage: DniPoolDetail['usage']): UsageRow[] {
  return usage.map((entry) => ({
    day: entry.day,
    label: dayjs.utc(entry.day).format('MMM D'),
    peak: entry.peak_sessions,
    sessions: entry.sessions,
    fallbacks: entry.fallbacks,
  }));
}

/** The period in a sentence: its busiest day against the numbers, and the fallbacks served. */
export function usageSummary(usage: DniPoolDetail['usage'], numbers: number): string {
  if (usage.length === 0) return 'No usage recorded yet.';
  const busiest = usage.reduce((best, entry) => (entry.peak_sessions > best.peak_sessions ? entry : best));
  const fallbacks = usage.reduce((sum, entry) => sum + entry.fallbacks, 0);
  if (busiest.peak_sessions === 0 && fallbacks === 0) return 'No visitor held a number in the last 30 days.';
  const share = numbers > 0 ? ` (${Math.round((busiest.peak_sessions / numbers) * 100)}% of ${numbers})` : '';
  const day = dayjs.utc(busiest.day).format('MMM D');
  const served =
    fallbacks === 0
      ? 'no visitor got the fallback'
      : `${fallbacks} visitor${fallbacks === 1 ? '' : 's'} got the fallback`;
  return `Busiest on ${day}: ${busiest.peak_sessions} visitor${busiest.peak_sessions === 1 ? '' : 's'} at once${share}; ${served}.`;
}
