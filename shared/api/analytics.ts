/**
 * §7 Analytics: `GET /analytics/calls` (a report of a company's calls grouped one way, plus its async CSV export),
 * `POST /companies/{companyId}/calls/kpi` (the key figures of a range against the §9 previous period) and
 * `POST /dashboard` (one dashboard widget's data). The rules (groupings, figures, buckets, KPI changes) are
 * `shared/domain/analytics.ts`; dates are days (YYYY-MM-DD) in the caller's time zone `tz`, both ends included,
 * never further back than the §9 search window (2 years) — an older `from` is refused with 422, not clamped.
 *
 * "Grouping and target variants" (§7): the grouping is `groupBy`; the target is whose calls — one company
 * (`company_id`, `reports.view` there) or every company of a business unit (its own path under
 * `/business-units/{id}`, organization admins only, as every business unit route).
 */
import { z } from 'zod';
import {
  ANALYTICS_GROUPINGS,
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  KPIS,
  MISSED_REASONS,
} from '../domain/analytics';
import { CALL_OUTCOMES } from '../domain/calls';
import { valuesOf } from '../domain/codes';
import { PREVIOUS_PERIOD_OPTIONS } from '../domain/time';
import { ExportBatchSchema } from './activity';
import { endpoint, enumOf, IdParamSchema, idNumber } from './contract';
import { TimeZoneSchema } from './timeZone';

const id = IdParamSchema;

export const ANALYTICS_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD.',
  endBeforeStart: 'The end date must be on or after the start date.',
} as const;

const DaySchema = z.iso.date({ error: ANALYTICS_MESSAGES.date });

/**
 * What a report counts. Every list narrows (a call must match one of its values); lists left out or empty do not.
 * `from`/`to` default to the last 30 days up to today in `tz`.
 */
export const AnalyticsFiltersSchema = z.object({
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  /** Tracking numbers (ids of the company's numbers). */
  numbers: z.array(id).max(500).optional(),
  /** Calls carrying any of these tags. */
  tags: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
  /** Marketing sources, as calls name them (`calls.source`); `(none)` is calls with no source. */
  sources: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  /** Agents (user ids) who answered or placed the call. */
  agents: z.array(id).max(200).optional(),
  outcomes: z
    .array(z.coerce.number().pipe(z.literal(valuesOf(CALL_OUTCOMES))))
    .max(5)
    .optional(),
  /** Inbound only (true), outbound only (false), or both (left out). */
  inbound: z.union([z.boolean(), z.stringbool()]).optional(),
});
export type AnalyticsFilters = z.infer<typeof AnalyticsFiltersSchema>;

function checkRange(filters: { from?: string; to?: string }, check: z.RefinementCtx): void {
  if (filters.from && filters.to && filters.to < filters.from)
    check.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.endBeforeStart });
}

/** `GET /analytics/calls` query: the target company, the grouping, the zone and the filters (flat). */
export const AnalyticsQuerySchema = AnalyticsFiltersSchema.extend({
  company_id: id,
  /** Day by default: a link to the report that names no grouping opens the calls over time. */
  groupBy: enumOf(ANALYTICS_GROUPINGS).default('day'),
  tz: TimeZoneSchema.default('UTC'),
  /** The most groups answered, largest first (time groupings answer every period and ignore it). */
  limit: z.coerce.number().int().min(1).max(500).default(100),
}).superRefine(checkRange);
export type AnalyticsQuery = z.input<typeof AnalyticsQuerySchema>;

/** The same for a business unit (every company of the unit; `company` grouping available). */
export const UnitAnalyticsQuerySchema = AnalyticsFiltersSchema.extend({
  groupBy: z.enum([...valuesOf(ANALYTICS_GROUPINGS), 'company']).default('day'),
  tz: TimeZoneSchema.default('UTC'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
}).superRefine(checkRange);

/** Every figure of `ANALYTICS_METRICS`, as numbers. */
export const FiguresSchema = z.object(
  Object.fromEntries(valuesOf(ANALYTICS_METRICS).map((metric) => [metric, z.number()])) as Record<
    AnalyticsMetric,
    z.ZodNumber
  >,
);

export const AnalyticsRowSchema = FiguresSchema.extend({
  /**
   * The group's key, stable for links and filters: a day/week/month's first day (YYYY-MM-DD), an hour 0–23, a
   * weekday 0–6 (Sunday 0), a number's or agent's id, an outcome or qualification code, 'true'/'false', a
   * duration bucket or missed reason code, or the text itself (source, keyword, campaign, landing page). `null`
   * for calls with no value (no source, no agent…).
   */
  key: z.string().nullable(),
  /** What a screen shows for the key ("Google Ads", "(212) 555-0100 · Sales", "Monday", "(no source)"). */
  label: z.string(),
});
export type AnalyticsRow = z.infer<typeof AnalyticsRowSchema>;

export const AnalyticsReportSchema = z.object({
  groupBy: z.string(),
  tz: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(AnalyticsRowSchema),
  /** The figures of every call the filters keep (the rows of a complete grouping add up to it). */
  totals: FiguresSchema,
  /** More groups than `limit`: the smallest were left out (their calls are still in `totals`). */
  truncated: z.boolean(),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>;

/** `POST /analytics/calls/export`: the report as a CSV, made by a job (progress and download as activity exports). */
export const AnalyticsExportBodySchema = AnalyticsFiltersSchema.extend({
  companyId: idNumber(),
  groupBy: enumOf(ANALYTICS_GROUPINGS),
  tz: TimeZoneSchema.default('UTC'),
}).superRefine(checkRange);

/* -------------------------------------------------- KPIs -------------------------------------------------- */

const RangeSchema = z
  .strictObject({ start: DaySchema, end: DaySchema })
  .refine((range) => range.end >= range.start, {
    message: ANALYTICS_MESSAGES.endBeforeStart,
    path: ['end'],
  });

/**
 * `POST /companies/{companyId}/calls/kpi`: the current range, and either the previous range itself or how to derive
 * it (§9: the equal-length range immediately before by default; one, three, six months or a year earlier).
 */
export const KpiBodySchema = z.strictObject({
  currentRange: RangeSchema,
  previousRange: RangeSchema.optional(),
  comparison: z.enum(valuesOf(PREVIOUS_PERIOD_OPTIONS)).default('previous'),
  tz: TimeZoneSchema.default('UTC'),
  filters: AnalyticsFiltersSchema.omit({ from: true, to: true }).default({}),
});
export type KpiBody = z.input<typeof KpiBodySchema>;

export const KpiSchema = z.object({
  kpi: enumOf(KPIS),
  label: z.string(),
  current: z.number(),
  previous: z.number(),
  delta: z.number(),
  /** Relative change in percent; null when the previous value is 0. */
  percent: z.number().nullable(),
  direction: z.enum(['up', 'down', 'flat']),
  tone: z.enum(['good', 'bad', 'neutral']),
});
export type KpiResult = z.infer<typeof KpiSchema>;

export const KpiResponseSchema = z.object({
  currentRange: z.object({ start: z.string(), end: z.string() }),
  previousRange: z.object({ start: z.string(), end: z.string() }),
  tz: z.string(),
  kpis: z.array(KpiSchema),
});
export type KpiResponse = z.infer<typeof KpiResponseSchema>;

/* ------------------------------------------------ dashboard ----------------------------------------------- */

/**
 * The dashboard's widgets (`type`), each answered by one `POST /dashboard` so each loads and fails on its own:
 * - `timeline`: calls over time by `groupBy` (day, week or month), answered / missed / voicemail per period;
 * - `outcomes`: calls per outcome; `sources`, `numbers`: the top ten by calls; `missed_reasons`: why missed;
 * - `heatmap`: calls per weekday × hour of day; `agents`: answered, talk time and missed per agent.
 */
export const DASHBOARD_WIDGETS = [
  'timeline',
  'outcomes',
  'sources',
  'numbers',
  'missed_reasons',
  'heatmap',
  'agents',
] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

export const DashboardBodySchema = z.strictObject({
  company_id: idNumber(),
  type: z.enum(DASHBOARD_WIDGETS),
  tz: TimeZoneSchema.default('UTC'),
  groupBy: z.enum(['day', 'week', 'month']).default('day'),
  filters: AnalyticsFiltersSchema.default({}),
});
export type DashboardBody = z.input<typeof DashboardBodySchema>;

/** One slice/bar/point of a widget: its key and label (as a report row's), and the values the widget plots. */
export const DashboardPointSchema = z.object({
  key: z.string().nullable(),
  label: z.string(),
  values: z.record(z.string(), z.number()),
});

export const DashboardResponseSchema = z.object({
  type: z.enum(DASHBOARD_WIDGETS),
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  /**
   * timeline: per period {answered, missed, voicemail, total}; outcomes/missed_reasons/sources/numbers: {calls};
   * heatmap: key "weekday:hour" (0–6 Sunday first, 0–23) {calls}, every cell present; agents: {answered,
   * talk_time, missed} per agent (missed: calls that rang them and nobody answered).
   */
  points: z.array(DashboardPointSchema),
  /** When the server computed it: the client keeps it for the §9 dashboard retention (15 s). */
  generated_at: z.string(),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

/** The missed reasons as the API spells them (for filters and the reasons widget). */
export const MissedReasonSchema = enumOf(MISSED_REASONS);

export const ANALYTICS_ENDPOINTS = {
  calls: endpoint({
    method: 'GET',
    path: '/analytics/calls',
    summary: 'A report of a company’s calls grouped one way, with every figure per group and in total.',
    query: AnalyticsQuerySchema,
    response: AnalyticsReportSchema,
  }),
  unitCalls: endpoint({
    method: 'GET',
    path: '/business-units/{id}/analytics/calls',
    summary: 'The same report over every company of a business unit.',
    params: z.object({ id }),
    query: UnitAnalyticsQuerySchema,
    response: AnalyticsReportSchema,
  }),
  exportCalls: endpoint({
    method: 'POST',
    path: '/analytics/calls/export',
    status: 202,
    summary: 'Starts a CSV export of a report (progress and download as activity exports).',
    body: AnalyticsExportBodySchema,
    response: ExportBatchSchema,
  }),
  kpi: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/calls/kpi',
    summary:
      'The key figures of a range against the previous period (§9), each with both values and the change.',
    params: z.object({ companyId: id }),
    body: KpiBodySchema,
    response: KpiResponseSchema,
  }),
  dashboard: endpoint({
    method: 'POST',
    path: '/dashboard',
    summary: 'One dashboard widget’s data (tz, groupBy, type, filters).',
    body: DashboardBodySchema,
    response: DashboardResponseSchema,
  }),
} as const;
