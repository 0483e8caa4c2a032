/**
 * `POST /dashboard`: one widget's data, one statement each, so each widget loads and fails on its own.
 * - timeline: per period of `groupBy` (every period of the range, in order) answered, missed, voicemail, total;
 * - outcomes: calls per outcome; sources and numbers: the top DASHBOARD_TOP by calls; missed_reasons: calls per
 *   stored missed reason (calls without one — answered, or older than the reasons — are not in it);
 * - heatmap: calls per local weekday × hour, every one of the 168 cells present ("weekday:hour", Sunday 0);
 * - agents: per agent answered calls, talk time and missed calls (below).
 *
 * Missed per agent: who was rung is not kept once a call ends (the live call's `ringing` list is cleared with it),
 * so "calls that rang them and nobody answered" is read from what is stored: an unanswered inbound call (missed or
 * voicemail) counts for every member of the in-app calling extension it was routed to (`calls.extension` on its
 * number's routes; a call without an extension, on a number of a single extension, that one). Calls that never
 * reached a ring — hung up in the menu, or no agent available — count for nobody. Members are the extension's
 * now: a member added since is counted for the calls of before (a call keeps no membership of its own).
 */
import type { DashboardBodySchema, DashboardResponse } from '@shared/api/analytics';
import { type AnalyticsFigures, hourLabel, WEEKDAY_LABELS } from '@shared/domain/analytics';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../http/context';
import { rowsOf } from '../activity/service';
import { type AnalyticsScope, callConditions, type DayRange, dayRange } from './filters';
import {
  groupedQuery,
  groupKey,
  labelSql,
  type ReportRequest,
  type ReportSqlRow,
  reportRows,
} from './report';
import type { ReportGrouping } from './view';

export type DashboardBody = z.output<typeof DashboardBodySchema>;
type Point = DashboardResponse['points'][number];

/** How many sources and numbers the "top" widgets show. */
export const DASHBOARD_TOP = 10;

/** Missed reasons of calls that never rang an agent (they count as missed for nobody). */
const NEVER_RANG = ['menu_abandoned', 'no_agent_available'] as const;

/** One widget's data. */
export async function dashboardWidget(
  ctx: AppContext,
  scope: AnalyticsScope,
  body: DashboardBody,
): Promise<DashboardResponse> {
  const now = ctx.now();
  const { from: _from, to: _to, ...filters } = body.filters;
  const range = dayRange(body.filters, body.tz, now, 'filters.from');
  const request = { scope, tz: body.tz, range, filters };
  const points = await widgetPoints(ctx, body, request);
  return {
    type: body.type,
    from: range.from,
    to: range.to,
    tz: body.tz,
    points,
    generated_at: now.toISOString(),
  };
}

async function widgetPoints(
  ctx: AppContext,
  body: DashboardBody,
  request: Omit<ReportRequest, 'groupBy'>,
): Promise<Point[]> {
  /** A grouping's rows as the report answers them, each plotted by `values`. */
  const grouped = async (
    groupBy: ReportGrouping,
    values: (figures: AnalyticsFigures) => Record<string, number>,
    options: { limit?: number; where?: ReturnType<typeof sql> } = {},
  ): Promise<Point[]> => {
    const report = { ...request, groupBy, limit: options.limit };
    const result = await rowsOf<ReportSqlRow>(
      ctx,
      groupedQuery({
        request,
        key: groupKey(groupBy, request.tz),
        labels: labelSql(groupBy),
        where: options.where,
        limit: options.limit,
      }),
    );
    return reportRows(report, result).rows.map(({ key, label, ...figures }) => ({
      key,
      label,
      values: values(figures),
    }));
  };
  const calls = (figures: AnalyticsFigures) => ({ calls: figures.total });

  switch (body.type) {
    case 'timeline':
      return grouped(body.groupBy, (f) => ({
        answered: f.answered,
        missed: f.missed,
        voicemail: f.voicemail,
        total: f.total,
      }));
    case 'outcomes':
      return grouped('outcome', calls);
    case 'sources':
      return grouped('source', calls, { limit: DASHBOARD_TOP });
    case 'numbers':
      return grouped('number', calls, { limit: DASHBOARD_TOP });
    case 'missed_reasons':
      return grouped('missed_reason', calls, { where: sql`c.missed_reason is not null` });
    case 'heatmap':
      return heatmap(ctx, request);
    case 'agents':
      return agents(ctx, request.scope, request.range, request.tz, request.filters);
  }
}

/** Calls per local weekday × hour: all 168 cells, Sunday 12 AM first. */
async function heatmap(ctx: AppContext, request: Omit<ReportRequest, 'groupBy'>): Promise<Point[]> {
  const local = sql`(c.started_at at time zone ${request.tz})`;
  const rows = await rowsOf<ReportSqlRow>(
    ctx,
    groupedQuery({
      request,
      key: sql`extract(dow from ${local})::int || ':' || extract(hour from ${local})::int`,
    }),
  );
  const counts = new Map(rows.filter((row) => !row.is_total).map((row) => [row.key, Number(row.total)]));
  return WEEKDAY_LABELS.flatMap((day, weekday) =>
    Array.from({ length: 24 }, (_, hour) => {
      const key = `${weekday}:${hour}`;
      return { key, label: `${day} ${hourLabel(hour)}`, values: { calls: counts.get(key) ?? 0 } };
    }),
  );
}

interface AgentRow extends Record<string, unknown> {
  id: number;
  name: string;
  answered: number;
  talk_time: number;
  missed: number;
}

/** Per agent: answered calls, their talk time, and missed calls of their extensions (see the file's comment). */
async function agents(
  ctx: AppContext,
  scope: AnalyticsScope,
  range: DayRange,
  tz: string,
  filters: ReportRequest['filters'],
): Promise<Point[]> {
  const neverRang = sql.join(
    NEVER_RANG.map((reason) => sql`${reason}`),
    sql`, `,
  );
  const rows = await rowsOf<AgentRow>(
    ctx,
    sql`with f as (
        select c.id, c.user_id, c.number_id, c.extension, c.outcome, c.duration, c.is_inbound, c.missed_reason
        from calls c where ${callConditions(scope, range, tz, filters)}
      ),
      took as (
        select f.user_id, count(*) filter (where f.outcome = 1)::int as answered,
          coalesce(sum(f.duration) filter (where f.outcome = 1), 0)::int as talk_time
        from f where f.user_id is not null group by f.user_id
      ),
      rang as (
        select (m.member)::int as user_id, count(distinct f.id)::int as missed
        from f
        join numbers n on n.id = f.number_id
        cross join lateral jsonb_array_elements(n.routes) r(route)
        cross join lateral jsonb_array_elements_text(r.route->'members') m(member)
        where f.is_inbound and f.outcome in (2, 3)
          and (f.missed_reason is null or f.missed_reason not in (${neverRang}))
          and (
            (r.route->>'extension')::int = f.extension
            or (f.extension is null and jsonb_array_length(n.routes) = 1)
          )
        group by 1
      )
      select u.id, u.name, coalesce(took.answered, 0) as answered, coalesce(took.talk_time, 0) as talk_time,
        coalesce(rang.missed, 0) as missed
      from (select user_id from took union select user_id from rang) agent
      join users u on u.id = agent.user_id
      left join took on took.user_id = agent.user_id
      left join rang on rang.user_id = agent.user_id
      order by answered desc, talk_time desc, missed desc, u.name, u.id`,
  );
  return rows.map((row) => ({
    key: String(row.id),
    label: row.name,
    values: { answered: Number(row.answered), talk_time: Number(row.talk_time), missed: Number(row.missed) },
  }));
}
