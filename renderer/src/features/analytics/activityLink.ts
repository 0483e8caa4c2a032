/**
 * Links from a widget or a report row to the activity feed showing the calls behind it. The feed reads its filters
 * from its address (activity/filters.ts: calls only, one number, from/to, outcomes, sources); a filter it does not
 * have (agent, tag, missed reason, hour) is left out, so the link shows the calls of the same days and the feed's
 * filters that do apply — more calls than the figure, never fewer.
 */
import type { CallOutcome } from '@shared/domain/calls';
import dayjs from 'dayjs';
import { type ActivityFilterState, EMPTY_FILTERS, writeFilters } from '../activity/filters';
import { type DayRange, isDay } from './range';

/** The last day of the day, week (Monday to Sunday) or month a time grouping's key starts; null for the others. */
export function lastDayOf(groupBy: string, key: string): string | null {
  if (!isDay(key)) return null;
  if (groupBy === 'day') return key;
  if (groupBy === 'week') return dayjs(key).add(6, 'day').format('YYYY-MM-DD');
  if (groupBy === 'month') return dayjs(key).endOf('month').format('YYYY-MM-DD');
  return null;
}

export interface ActivityNarrowing {
  /** One tracking number (the feed takes one). */
  number?: number | null;
  outcomes?: readonly CallOutcome[];
  sources?: readonly string[];
}

/** `/activity?types=calls&from=…&to=…` and whichever of number, outcomes and sources narrow it. */
export function activityLink(days: DayRange, narrowing: ActivityNarrowing = {}): string {
  const filters: ActivityFilterState = {
    ...EMPTY_FILTERS,
    types: ['calls'],
    from: days.from,
    to: days.to,
    number: narrowing.number ?? null,
    outcomes: [...(narrowing.outcomes ?? [])].sort((a, b) => a - b),
    sources: [...(narrowing.sources ?? [])],
  };
  return `/activity?${writeFilters(filters).toString()}`;
}

/**
 * A report's link: its numbers (the feed takes one, so only when the report has exactly one), outcomes and
 * sources; its agents and tags the feed cannot show.
 */
export function reportActivityLink(
  days: DayRange,
  report: { numbers: readonly number[]; outcomes: readonly CallOutcome[]; sources: readonly string[] },
): string {
  return activityLink(days, {
    number: report.numbers.length === 1 ? report.numbers[0] : null,
    outcomes: report.outcomes,
    sources: report.sources,
  });
}

/**
 * The link of one group of a report (a row), where the grouping is one the feed can filter by: a number, a
 * source or an outcome, narrowed further by the report's own filters; a day, week or month narrows the dates.
 * Null for the other groupings (the report's own link covers them).
 */
export function groupActivityLink(
  groupBy: string,
  key: string | null,
  days: DayRange,
  report: { numbers: readonly number[]; outcomes: readonly CallOutcome[]; sources: readonly string[] },
): string | null {
  const base = {
    number: report.numbers.length === 1 ? report.numbers[0] : null,
    outcomes: report.outcomes,
    sources: report.sources,
  };
  if (key === null) return null;
  if (groupBy === 'number' && Number(key) > 0) return activityLink(days, { ...base, number: Number(key) });
  if (groupBy === 'source') return activityLink(days, { ...base, sources: [key] });
  if (groupBy === 'outcome' && /^[0-4]$/.test(key))
    return activityLink(days, { ...base, outcomes: [Number(key) as CallOutcome] });
  const periodEnd = lastDayOf(groupBy, key);
  if (periodEnd) {
    // A period cut to the report's days: the first week may start before them, the last month end after.
    const from = key < days.from ? days.from : key;
    const to = periodEnd > days.to ? days.to : periodEnd;
    return activityLink({ from, to }, base);
  }
  return null;
}
