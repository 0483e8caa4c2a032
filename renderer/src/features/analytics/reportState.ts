/**
 * A report as the Reports screen holds it: the grouping, the range, the filters and the figure the chart shows.
 * It lives in the address (`/reports?groupBy=source&days=90&source=Google+Ads&outcome=2`), so a reload or a shared
 * link opens the same report, and a favorite saves exactly it (§3 "Favorite report: value (serialized text,
 * parsed on read)"): `serializeReport` writes the text, `reportFromFavorite` reads what the server parsed back,
 * refusing nothing it can mend (a value saved by an older screen keeps what still makes sense).
 */
import type { AnalyticsFilters, AnalyticsQuery } from '@shared/api/analytics';
import {
  ANALYTICS_GROUPINGS,
  ANALYTICS_METRICS,
  type AnalyticsGrouping,
  type AnalyticsMetric,
} from '@shared/domain/analytics';
import { CALL_OUTCOMES, type CallOutcome } from '@shared/domain/calls';
import { isCode } from '@shared/domain/codes';
import {
  type DayRange,
  DEFAULT_PRESET,
  isDay,
  isPreset,
  type RangeChoice,
  readRange,
  writeRange,
} from './range';

export interface ReportState {
  groupBy: AnalyticsGrouping;
  range: RangeChoice;
  /** Tracking number ids. */
  numbers: number[];
  /** Source names, as calls carry them. */
  sources: string[];
  /** Agent (user) ids. */
  agents: number[];
  outcomes: CallOutcome[];
  tags: string[];
  /** The figure the chart draws (the table shows every figure). */
  metric: AnalyticsMetric;
}

export const DEFAULT_REPORT: ReportState = Object.freeze({
  groupBy: 'day',
  range: { days: DEFAULT_PRESET },
  numbers: [],
  sources: [],
  agents: [],
  outcomes: [],
  tags: [],
  metric: 'total',
}) as ReportState;

/** The contract's limits of each list (AnalyticsFiltersSchema), so a hand-made link is never refused for length. */
const LIMITS = { numbers: 500, sources: 50, agents: 200, tags: 50 } as const;

const PARAM = {
  groupBy: 'groupBy',
  numbers: 'number',
  sources: 'source',
  agents: 'agent',
  outcomes: 'outcome',
  tags: 'tag',
  metric: 'metric',
} as const;

function ids(values: readonly unknown[], max: number): number[] {
  const valid = values
    .map((value) => Number(value))
    .filter((value) => Number.isSafeInteger(value) && value > 0);
  return [...new Set(valid)].slice(0, max);
}

function texts(values: readonly unknown[], max: number, length: number): string[] {
  const valid = values
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim().slice(0, length))
    .filter(Boolean);
  return [...new Set(valid)].slice(0, max);
}

function outcomes(values: readonly unknown[]): CallOutcome[] {
  const valid = values
    .map((value) => (typeof value === 'string' && value !== '' ? Number(value) : value))
    .filter((value): value is CallOutcome => isCode(CALL_OUTCOMES, value));
  return [...new Set(valid)].sort((a, b) => a - b);
}

function grouping(value: unknown): AnalyticsGrouping {
  return isCode(ANALYTICS_GROUPINGS, value) ? value : DEFAULT_REPORT.groupBy;
}

function metric(value: unknown): AnalyticsMetric {
  return isCode(ANALYTICS_METRICS, value) ? value : DEFAULT_REPORT.metric;
}

/** The report an address describes; anything unknown or malformed falls back to the default. */
export function readReport(params: URLSearchParams): ReportState {
  return {
    groupBy: grouping(params.get(PARAM.groupBy)),
    range: readRange(params),
    numbers: ids(params.getAll(PARAM.numbers), LIMITS.numbers),
    sources: texts(params.getAll(PARAM.sources), LIMITS.sources, 100),
    agents: ids(params.getAll(PARAM.agents), LIMITS.agents),
    outcomes: outcomes((params.get(PARAM.outcomes) ?? '').split(',')),
    tags: texts(params.getAll(PARAM.tags), LIMITS.tags, 50),
    metric: metric(params.get(PARAM.metric)),
  };
}

/** The address of a report: defaults are left out, lists as repeated parameters (a source may hold a comma). */
export function writeReport(state: ReportState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.groupBy !== DEFAULT_REPORT.groupBy) params.set(PARAM.groupBy, state.groupBy);
  writeRange(params, state.range);
  for (const id of state.numbers) params.append(PARAM.numbers, String(id));
  for (const source of state.sources) params.append(PARAM.sources, source);
  for (const id of state.agents) params.append(PARAM.agents, String(id));
  if (state.outcomes.length) params.set(PARAM.outcomes, state.outcomes.join(','));
  for (const tag of state.tags) params.append(PARAM.tags, tag);
  if (state.metric !== DEFAULT_REPORT.metric) params.set(PARAM.metric, state.metric);
  return params;
}

/** The contract's filters of a report over `days`: only the lists that narrow. */
export function reportFilters(state: ReportState, days: DayRange): AnalyticsFilters {
  const filters: AnalyticsFilters = { from: days.from, to: days.to };
  if (state.numbers.length) filters.numbers = [...state.numbers];
  if (state.sources.length) filters.sources = [...state.sources];
  if (state.agents.length) filters.agents = [...state.agents];
  if (state.outcomes.length) filters.outcomes = [...state.outcomes];
  if (state.tags.length) filters.tags = [...state.tags];
  return filters;
}

/** `GET /analytics/calls`'s query for a report. */
export function reportQuery(
  state: ReportState,
  companyId: number,
  days: DayRange,
  tz: string,
): AnalyticsQuery {
  return { company_id: companyId, groupBy: state.groupBy, tz, ...reportFilters(state, days) };
}

/* ------------------------------------------------ favorites ----------------------------------------------- */

/** Bumped when the saved shape changes, so a reader knows which it holds. */
const FAVORITE_VERSION = 1;

/** A favorite's value: the report as JSON text (what the server stores as given). */
export function serializeReport(state: ReportState): string {
  return JSON.stringify({
    version: FAVORITE_VERSION,
    groupBy: state.groupBy,
    range: state.range,
    numbers: state.numbers,
    sources: state.sources,
    agents: state.agents,
    outcomes: state.outcomes,
    tags: state.tags,
    metric: state.metric,
  });
}

function rangeOf(value: unknown): RangeChoice {
  if (value && typeof value === 'object') {
    const range = value as Record<string, unknown>;
    const days = Number(range.days);
    if (isPreset(days)) return { days };
    if (isDay(range.from as string) && isDay(range.to as string) && String(range.from) <= String(range.to))
      return { from: String(range.from), to: String(range.to) };
  }
  return DEFAULT_REPORT.range;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The report a favorite saves, from its `parsed` value (the server parses it on read). Null when it is not a
 * report at all (not an object, or no grouping): the list says so instead of opening something else.
 */
export function reportFromFavorite(parsed: unknown): ReportState | null {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const value = parsed as Record<string, unknown>;
  if (!isCode(ANALYTICS_GROUPINGS, value.groupBy)) return null;
  return {
    groupBy: value.groupBy,
    range: rangeOf(value.range),
    numbers: ids(list(value.numbers), LIMITS.numbers),
    sources: texts(list(value.sources), LIMITS.sources, 100),
    agents: ids(list(value.agents), LIMITS.agents),
    outcomes: outcomes(list(value.outcomes)),
    tags: texts(list(value.tags), LIMITS.tags, 50),
    metric: metric(value.metric),
  };
}

/** Whether two reports are the same (the favorite being looked at is marked as such). */
export function sameReport(a: ReportState, b: ReportState): boolean {
  return writeReport(a).toString() === writeReport(b).toString();
}
