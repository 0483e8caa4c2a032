/**
 * Links from a widget or a report row to the activity feed showing the calls behind it. The feed reads its filters
 * from its address (activity/filters.ts: calls only, one number, from/to, outcomes, sources, agents, tags); what it
 * cannot filter by (several numbers at once, a missed reason, an hour or weekday) is left out, so the link shows the
 * calls of the same days and the feed's filters that do apply — more calls than the figure, never fewer.
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
  agents?: readonly number[];
  tags?: readonly string[];
}

/** A report's filters, as the links read them. */
interface ReportFilters {
  numbers: readonly number[];
  outcomes: readonly CallOutcome[];
  sources: readonly string[];
  agents: readonly number[];
  tags: readonly string[];
}

/** `/activity?types=calls&from=…&to=…` and whichever of number, outcomes, sources, agents and tags narrow it. */
export function activityLink(days: DayRange, narrowing: ActivityNarrowing = {}): string {
  const filters: ActivityFilterState = {
    ...EMPTY_FILTERS,
    types: ['calls'],
    from: days.from,
    to: days.to,
    number: narrowing.number ?? null,
    outcomes: [...(narrowing.outcomes ?? [])].sort((a, b) => a - b),
    sources: [...(narrowing.sources ?? [])],
    agents: [...(narrowing.agents ?? [])],
    tags: [...(narrowing.tags ?? [])],
  };
  return `/activity?${writeFilters(filters).toString()}`;
}

/** What of a report's filters the feed takes: all but several numbers (it takes one). */
function narrowingOf(report: ReportFilters): ActivityNarrowing {
  return {
    number: report.numbers.length === 1 ? report.numbers[0] : null,
    outcomes: report.outcomes,
    sources: report.sources,
    agents: report.agents,
    tags: report.tags,
  };
}

/** A report's link: its filters, its numbers only when it has exactly one. */
export function reportActivityLink(days: DayRange, report: ReportFilters): string {
  return activityLink(days, narrowingOf(report));
}

/**
 * The link of one group of a report (a row), where the grouping is one the feed can filter by: a number, a
 * source, an agent or an outcome, narrowed further by the report's own filters; a day, week or month narrows the
 * dates. Null for the other groupings (the report's own link covers them).
 */
export function groupActivityLink(
  groupBy: string,
  key: string | null,
  days: DayRange,
  report: ReportFilters,
): string | null {
  const base = narrowingOf(report);
  if (key === null) return null;
  if (groupBy === 'number' && Number(key) > 0) return activityLink(days, { ...base, number: Number(key) });
  if (groupBy === 'source') return activityLink(days, { ...base, sources: [key] });
  if (groupBy === 'agent' && Number(key) > 0) return activityLink(days, { ...base, agents: [Number(key)] });
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
