/**
 * `GET /analytics/calls` (and a business unit's): the calls the filters keep, grouped one way, every figure per
 * group and in total — one SQL statement. The calls of the range are read once with their group's key
 * (`group_key`), then aggregated by GROUPING SETS ((group_key), ()): the group rows and the totals row come from
 * the same scan, so the totals cover every call even when the smallest groups are left out by `limit`.
 *
 * Rows come in the grouping's order: time groupings (day, week, month) answer every period of the range in time
 * order, empty ones with zeros; hour of day, day of week and call length answer every value in its natural order;
 * the others answer the `limit` largest groups, largest first (ties by key), and say when more were left out.
 */
import type { AnalyticsReport, AnalyticsRow } from '@shared/api/analytics';
import {
  type AnalyticsFigures,
  DURATION_BUCKETS,
  LONG_DURATION_BUCKETS,
  TIME_GROUPINGS,
} from '@shared/domain/analytics';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../http/context';
import { rowsOf } from '../activity/service';
import {
  type AnalyticsScope,
  type CallFilters,
  callConditions,
  type DayRange,
  FIGURES_SQL,
  figuresOf,
  NO_FIGURES,
} from './filters';
import { type LabelParts, type ReportGrouping, reportRow } from './view';

dayjs.extend(utc);

/** A report's request, its range already resolved (filters.ts `dayRange`). */
export interface ReportRequest {
  scope: AnalyticsScope;
  groupBy: ReportGrouping;
  tz: string;
  range: DayRange;
  filters: CallFilters;
  /** The most groups answered (categorical groupings); none: every group. */
  limit?: number;
}

/** The local time of the call in the caller's zone (the subquery's `tz` is its one parameter for it). */
const local = (tz: string) => sql`(c.started_at at time zone ${tz})`;

/** The §9 call-length band of `c.duration`, as `durationBucketOf` (a bound belongs to the band above it). */
const DURATION_KEY = sql`case ${sql.join(
  LONG_DURATION_BUCKETS.map(
    (bound, index) =>
      sql`when c.duration < ${sql.raw(String(bound))} then '${sql.raw(DURATION_BUCKETS[index]?.value ?? '')}'`,
  ),
  sql` `,
)} else '${sql.raw(DURATION_BUCKETS[LONG_DURATION_BUCKETS.length]?.value ?? '')}' end`;

/** The group key of a call (text, null for calls with no value), as an expression over `calls c`. */
export function groupKey(grouping: ReportGrouping, tz: string): SQL {
  switch (grouping) {
    case 'day':
    case 'week':
    case 'month':
      return sql`to_char(date_trunc('${sql.raw(grouping)}', ${local(tz)}), 'YYYY-MM-DD')`;
    case 'hour':
      return sql`extract(hour from ${local(tz)})::int::text`;
    case 'weekday':
      return sql`extract(dow from ${local(tz)})::int::text`;
    case 'number':
      return sql`c.number_id::text`;
    case 'agent':
      return sql`c.user_id::text`;
    case 'company':
      return sql`c.company_id::text`;
    case 'source':
      return sql`c.source`;
    case 'keyword':
      return sql`nullif(c.attribution->>'keyword', '')`;
    case 'campaign':
      return sql`nullif(c.attribution->>'campaign', '')`;
    case 'landing_page':
      return sql`nullif(c.attribution->>'landing_page', '')`;
    case 'outcome':
      return sql`c.outcome::text`;
    case 'qualification':
      return sql`c.qualification::text`;
    case 'first_time':
      return sql`c.first_time::text`;
    case 'duration':
      return DURATION_KEY;
    case 'missed_reason':
      return sql`c.missed_reason`;
  }
}

/** What a grouping joins for its labels, and the label columns (`label_number`, `label_text`) it reads. */
export function labelSql(grouping: ReportGrouping): { join: SQL; columns: SQL } {
  switch (grouping) {
    case 'number':
      return {
        join: sql`left join numbers n on n.id = c.number_id`,
        columns: sql`max(n.number) as label_number, max(n.label) as label_text`,
      };
    case 'agent':
      return {
        join: sql`left join users u on u.id = c.user_id`,
        columns: sql`null::text as label_number, max(u.name) as label_text`,
      };
    case 'company':
      return {
        join: sql`left join companies co on co.id = c.company_id`,
        columns: sql`null::text as label_number, max(co.name) as label_text`,
      };
    default:
      return { join: sql``, columns: sql`null::text as label_number, null::text as label_text` };
  }
}

/** The columns of `calls` the figures and the keys read (the subquery carries only these). */
export const CALL_COLUMNS = sql`c.company_id, c.number_id, c.user_id, c.is_inbound, c.outcome, c.qualification,
  c.first_time, c.duration, c.started_at, c.answered_at`;

/** A grouped query: whose calls and which, the key to group them by, and at most how many groups. */
export interface GroupedQuery {
  request: Pick<ReportRequest, 'scope' | 'tz' | 'range' | 'filters'>;
  key: SQL;
  labels?: { join: SQL; columns: SQL };
  /** A further condition over `calls c` (a widget's own). */
  where?: SQL;
  limit?: number | undefined;
}

/**
 * One grouped statement: the totals row (`is_total`) first, then the groups, largest first, at most `limit + 1`
 * of them (one more than asked tells that some were left out).
 */
export function groupedQuery(query: GroupedQuery): SQL {
  const { request } = query;
  const { join, columns } = query.labels ?? labelSql('day');
  const limit = query.limit === undefined ? sql`` : sql`limit ${query.limit + 2}`;
  const where = callConditions(request.scope, request.range, request.tz, request.filters);
  return sql`select c.group_key as key, grouping(c.group_key) = 1 as is_total, ${columns}, ${FIGURES_SQL}
    from (
      select ${CALL_COLUMNS}, ${query.key} as group_key
      from calls c
      where ${where} ${query.where ? sql`and ${query.where}` : sql``}
    ) c
    ${join}
    group by grouping sets ((c.group_key), ())
    order by is_total desc, total desc, key nulls last
    ${limit}`;
}

/** The statement of a report. */
export function reportQuery(request: ReportRequest): SQL {
  return groupedQuery({
    request,
    key: groupKey(request.groupBy, request.tz),
    labels: labelSql(request.groupBy),
    limit: request.limit,
  });
}

export interface ReportSqlRow extends Record<string, unknown> {
  key: string | null;
  is_total: boolean;
  label_number: string | null;
  label_text: string | null;
}

/** The first day of every period of `grouping` the range touches, in order (weeks start on Monday). */
export function periodsOf(grouping: 'day' | 'week' | 'month', range: DayRange): string[] {
  const last = dayjs.utc(range.to);
  let at = dayjs.utc(range.from);
  if (grouping === 'week') at = at.subtract((at.day() + 6) % 7, 'day');
  if (grouping === 'month') at = at.startOf('month');
  const periods: string[] = [];
  while (!at.isAfter(last)) {
    periods.push(at.format('YYYY-MM-DD'));
    at = at.add(1, grouping);
  }
  return periods;
}

/** Every key of a grouping with a fixed domain, in its natural order; null for groupings of open domains. */
export function fixedKeys(grouping: ReportGrouping, range: DayRange): string[] | null {
  if ((TIME_GROUPINGS as readonly string[]).includes(grouping))
    return periodsOf(grouping as 'day' | 'week' | 'month', range);
  if (grouping === 'hour') return Array.from({ length: 24 }, (_, hour) => String(hour));
  if (grouping === 'weekday') return Array.from({ length: 7 }, (_, day) => String(day));
  if (grouping === 'duration') return DURATION_BUCKETS.map((bucket) => bucket.value);
  return null;
}

/** The rows and totals of a report's query result, in the grouping's order. */
export function reportRows(
  request: ReportRequest,
  result: ReportSqlRow[],
): { rows: AnalyticsRow[]; totals: AnalyticsFigures; truncated: boolean } {
  const totals = figuresOf(result.find((row) => row.is_total) ?? {});
  const groups = result.filter((row) => !row.is_total);
  const label = (row: ReportSqlRow): LabelParts => ({ number: row.label_number, text: row.label_text });
  const keys = fixedKeys(request.groupBy, request.range);
  if (keys) {
    const byKey = new Map(groups.map((row) => [row.key, row]));
    const rows = keys.map((key) => {
      const row = byKey.get(key);
      return reportRow(request.groupBy, key, row ? figuresOf(row) : { ...NO_FIGURES }, row && label(row));
    });
    return { rows, totals, truncated: false };
  }
  const limit = request.limit ?? groups.length;
  const rows = groups
    .slice(0, limit)
    .map((row) => reportRow(request.groupBy, row.key, figuresOf(row), label(row)));
  return { rows, totals, truncated: groups.length > limit };
}

/** A grouped report (one statement). */
export async function callReport(ctx: AppContext, request: ReportRequest): Promise<AnalyticsReport> {
  const fixed = fixedKeys(request.groupBy, request.range) !== null;
  // Fixed domains answer every value whatever the limit (the contract: time groupings ignore it).
  const query = reportQuery(fixed ? { ...request, limit: undefined } : request);
  const { rows, totals, truncated } = reportRows(request, await rowsOf<ReportSqlRow>(ctx, query));
  return {
    groupBy: request.groupBy,
    tz: request.tz,
    from: request.range.from,
    to: request.range.to,
    rows,
    totals,
    truncated,
  };
}
