/**
 * What every analytics query shares: whose calls (a company, or every company of a business unit), the range of
 * local days in the caller's zone (`from`/`to` inclusive, the last 30 days by default, never before the §9 search
 * window), the filters as SQL conditions over `calls c`, and the SQL of every figure of ANALYTICS_METRICS.
 *
 * Days are the caller's: a day starts at local midnight in `tz` (`'2026-03-10'::timestamp at time zone tz`), so a
 * call at 03:30 UTC on March 10 is on March 9 in Chicago. The window is checked by days too: a range may start on
 * the local day two years ago, not before it.
 */
import type { AnalyticsFilters } from '@shared/api/analytics';
import type { AnalyticsFigures } from '@shared/domain/analytics';
import { SEARCH_WINDOW_MESSAGE } from '@shared/domain/limits';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { type SQL, sql } from 'drizzle-orm';
import { invalid } from '../../lib/errors';
import { searchWindowStart } from '../activity/service';

dayjs.extend(utc);

/** A report's default range: this many days, ending today in the caller's zone. */
export const DEFAULT_RANGE_DAYS = 30;
/** How a filter names calls with no source (`calls.source` null). */
export const NO_SOURCE = '(none)';

/** Whose calls: one company's, or every company of a business unit's (organization). */
export type AnalyticsScope = { companyId: number } | { organizationId: number };

/** A range of local days, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** The filters a query narrows by (the range aside). */
export type CallFilters = Omit<AnalyticsFilters, 'from' | 'to'>;

/** One formatter per zone (building one costs more than formatting). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The local day (YYYY-MM-DD) of an instant in `tz`. */
export function localDay(at: Date, tz: string): string {
  let format = dayFormats.get(tz);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(tz, format);
  }
  return format.format(at);
}

/** A date-only day moved by `days` (calendar arithmetic, no zone: a day is a day across DST). */
export function addDays(day: string, days: number): string {
  return dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');
}

/**
 * The range of a request: `from`/`to` as given, else the last DEFAULT_RANGE_DAYS days ending today in `tz` (a
 * range with only `from` ends today, one with only `to` starts DEFAULT_RANGE_DAYS − 1 days before it). A start
 * before the §9 window is refused with 422 on `field` (the request's name for it); `to` before `from` is refused
 * by the contract already.
 */
export function dayRange(
  input: { from?: string | undefined; to?: string | undefined },
  tz: string,
  now: Date,
  field = 'from',
): DayRange {
  const to = input.to ?? (input.from ? maxDay(input.from, localDay(now, tz)) : localDay(now, tz));
  const from = input.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  checkWindow(from, tz, now, field);
  return { from, to };
}

const maxDay = (a: string, b: string) => (a > b ? a : b);

/** 422 on `field` when `day` starts before the §9 search window (by local days in `tz`). */
export function checkWindow(day: string, tz: string, now: Date, field: string): void {
  if (day < localDay(searchWindowStart(now), tz)) throw invalid({ [field]: [SEARCH_WINDOW_MESSAGE] });
}

/** `c.company_id …` for the scope. */
export function scopeCondition(scope: AnalyticsScope): SQL {
  return 'companyId' in scope
    ? sql`c.company_id = ${scope.companyId}`
    : sql`c.company_id in (select id from companies where organization_id = ${scope.organizationId})`;
}

/** The first instant of a local day in `tz`. */
export const localMidnight = (day: string, tz: string): SQL => sql`(${day}::timestamp at time zone ${tz})`;

/** Every condition of a query over `calls c`: scope, range of local days, filters (each list narrows). */
export function callConditions(
  scope: AnalyticsScope,
  range: DayRange,
  tz: string,
  filters: CallFilters,
): SQL {
  const conditions: SQL[] = [
    scopeCondition(scope),
    sql`c.started_at >= ${localMidnight(range.from, tz)}`,
    sql`c.started_at < ${localMidnight(addDays(range.to, 1), tz)}`,
  ];
  const list = (values: readonly (string | number)[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  if (filters.numbers?.length) conditions.push(sql`c.number_id in (${list(filters.numbers)})`);
  if (filters.tags?.length) conditions.push(sql`c.tags ?| array[${list(filters.tags)}]::text[]`);
  if (filters.sources?.length) {
    const named = filters.sources.filter((source) => source !== NO_SOURCE);
    const either: SQL[] = [];
    if (named.length) either.push(sql`c.source in (${list(named)})`);
    if (named.length < filters.sources.length) either.push(sql`c.source is null`);
    conditions.push(sql`(${sql.join(either, sql` or `)})`);
  }
  if (filters.agents?.length) conditions.push(sql`c.user_id in (${list(filters.agents)})`);
  if (filters.outcomes?.length) conditions.push(sql`c.outcome in (${list(filters.outcomes)})`);
  if (filters.inbound !== undefined) conditions.push(sql`c.is_inbound = ${filters.inbound}`);
  return sql.join(conditions, sql` and `);
}

/** A mean in seconds, one decimal, 0 over no calls. */
const mean = (value: SQL, where: SQL) =>
  sql`coalesce(round((avg(${value}) filter (where ${where}))::numeric, 1), 0)::float8`;

/**
 * Every figure of ANALYTICS_METRICS as aggregates over `calls c`, in the contract's names (the rules are the
 * domain's: outcomes 1–4, qualification 1 and 3, talk time over answered calls, time to answer over answered
 * inbound calls that say when they were answered).
 */
export const FIGURES_SQL = sql`count(*)::int as total,
  count(*) filter (where c.outcome = 1)::int as answered,
  count(*) filter (where c.outcome = 2)::int as missed,
  count(*) filter (where c.outcome = 3)::int as voicemail,
  count(*) filter (where c.outcome = 4)::int as blocked,
  count(*) filter (where c.first_time)::int as first_time,
  count(*) filter (where c.qualification = 1)::int as qualified,
  count(*) filter (where c.qualification = 3)::int as leads,
  ${mean(sql`c.duration`, sql`c.outcome = 1`)} as avg_duration,
  coalesce(sum(c.duration), 0)::float8 as total_duration,
  ${mean(
    sql`extract(epoch from c.answered_at - c.started_at)`,
    sql`c.outcome = 1 and c.is_inbound and c.answered_at is not null`,
  )} as avg_time_to_answer`;

/** The figures of a row the FIGURES_SQL columns came back in (drivers answer some numbers as strings). */
export function figuresOf(row: Record<string, unknown>): AnalyticsFigures {
  const n = (key: keyof AnalyticsFigures) => Number(row[key] ?? 0);
  return {
    total: n('total'),
    answered: n('answered'),
    missed: n('missed'),
    voicemail: n('voicemail'),
    blocked: n('blocked'),
    first_time: n('first_time'),
    qualified: n('qualified'),
    leads: n('leads'),
    avg_duration: n('avg_duration'),
    total_duration: n('total_duration'),
    avg_time_to_answer: n('avg_time_to_answer'),
  };
}

/** Zero of every figure: an empty period's. */
export const NO_FIGURES: AnalyticsFigures = Object.freeze(figuresOf({}));
