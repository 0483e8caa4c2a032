/**
 * Call analytics (§7 Analytics, §9): the groupings a report can take, the figures every group answers, the §9
 * long-duration buckets, why a call was missed, and how a KPI's change against the previous period reads.
 * The server computes with these; the screens label with them — neither spells a grouping or bucket itself.
 */
import { codes } from './codes';

/* ---------------------------------------------- groupings ------------------------------------------------- */

/**
 * What `GET /analytics/calls` groups by. Time groupings are read in the caller's time zone (`tz`); weeks start on
 * Monday (ISO weeks, as PostgreSQL's `date_trunc('week')` does).
 */
export const ANALYTICS_GROUPINGS = codes([
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'hour', label: 'Hour of day' },
  { value: 'weekday', label: 'Day of week' },
  { value: 'number', label: 'Tracking number' },
  { value: 'source', label: 'Source' },
  { value: 'keyword', label: 'Keyword' },
  { value: 'campaign', label: 'Campaign' },
  { value: 'landing_page', label: 'Landing page' },
  { value: 'agent', label: 'Agent' },
  { value: 'outcome', label: 'Outcome' },
  { value: 'qualification', label: 'Qualification' },
  { value: 'first_time', label: 'First-time caller' },
  { value: 'duration', label: 'Call length' },
  { value: 'missed_reason', label: 'Why missed' },
]);
export type AnalyticsGrouping = (typeof ANALYTICS_GROUPINGS)[number]['value'];

/** Groupings along time: their rows come in time order (every period of the range, empty ones with zeros). */
export const TIME_GROUPINGS: readonly AnalyticsGrouping[] = Object.freeze(['day', 'week', 'month']);

/** Day of week as the `weekday` grouping keys it: 0 Sunday … 6 Saturday (PostgreSQL's `extract(dow)`). */
export const WEEKDAY_LABELS = Object.freeze([
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
]);

/** The label of an hour-of-day key (0–23): "12 AM", "1 PM" (§9 'h:mm A' without the minutes). */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${suffix}`;
}

/* ----------------------------------------------- figures -------------------------------------------------- */

/**
 * The figures of every group (and of the whole report). Counts are calls; durations are seconds.
 * - answered / missed / voicemail / blocked: §3 outcomes 1–4 (outcome 0 "none" counts only in `total`).
 * - qualified and leads: §3 qualification 1 and 3.
 * - avg_duration: talk time over answered calls (a missed call's 0 s would drag the mean towards nothing).
 * - avg_time_to_answer: from the call's start to the agent's answer, over answered inbound calls that say when.
 */
export const ANALYTICS_METRICS = codes([
  { value: 'total', label: 'Calls' },
  { value: 'answered', label: 'Answered' },
  { value: 'missed', label: 'Missed' },
  { value: 'voicemail', label: 'Voicemail' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'first_time', label: 'First-time callers' },
  { value: 'qualified', label: 'Qualified' },
  { value: 'leads', label: 'Leads' },
  { value: 'avg_duration', label: 'Average call length' },
  { value: 'total_duration', label: 'Talk time' },
  { value: 'avg_time_to_answer', label: 'Average time to answer' },
]);
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number]['value'];

/** Metrics that are durations in seconds (formatted as such). */
export const DURATION_METRICS: readonly AnalyticsMetric[] = Object.freeze([
  'avg_duration',
  'total_duration',
  'avg_time_to_answer',
]);

export type AnalyticsFigures = Record<AnalyticsMetric, number>;

/* ------------------------------------------- duration buckets --------------------------------------------- */

/** §9 "Long-duration buckets 30, 90, 120, 300 sec." */
export const LONG_DURATION_BUCKETS = Object.freeze([30, 90, 120, 300] as const);

/**
 * The five call-length bands the §9 bounds make, as the `duration` grouping keys them. A bound belongs to the band
 * above it ("30 s to 90 s" holds 30 s), so a call of exactly 300 s is a "5 min or more" call.
 */
export const DURATION_BUCKETS = codes([
  { value: 'under_30', label: 'Under 30 s' },
  { value: '30_90', label: '30 s to 1 min 30 s' },
  { value: '90_120', label: '1 min 30 s to 2 min' },
  { value: '120_300', label: '2 min to 5 min' },
  { value: '300_plus', label: '5 min or more' },
]);
export type DurationBucket = (typeof DURATION_BUCKETS)[number]['value'];

/** The §9 band of a call that lasted `seconds` (negative or missing lengths count as 0). */
export function durationBucketOf(seconds: number): DurationBucket {
  const length = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const index = LONG_DURATION_BUCKETS.findIndex((bound) => length < bound);
  return (DURATION_BUCKETS[index === -1 ? LONG_DURATION_BUCKETS.length : index] ?? DURATION_BUCKETS[0]).value;
}

/** Calls at least this long are "long calls" (the first §9 bound): the dashboard's long-call count. */
export const LONG_CALL_SECONDS = LONG_DURATION_BUCKETS[0];

/* -------------------------------------------- missed reasons ---------------------------------------------- */

/**
 * Why an inbound call was not answered, as the routing engine knew it when the call ended (stored on the call,
 * never inferred afterwards). A caller who hung up within `SHORT_ABANDON_SECONDS` of arriving is `short_abandon`
 * whatever else was happening: nobody could have answered that call.
 */
export const MISSED_REASONS = codes([
  { value: 'out_of_hours', label: 'Out of hours' },
  { value: 'no_agent_available', label: 'No agent available' },
  { value: 'not_answered', label: 'Agents did not answer' },
  { value: 'menu_abandoned', label: 'Hung up in the menu' },
  { value: 'short_abandon', label: 'Hung up within 10 s' },
]);
export type MissedReason = (typeof MISSED_REASONS)[number]['value'];

/** A caller who hangs up this soon after the call arrives abandoned it before anyone could answer. */
export const SHORT_ABANDON_SECONDS = 10;

/**
 * The missed reason of a call that ended unanswered: `short_abandon` within SHORT_ABANDON_SECONDS of arriving,
 * else what routing was doing when it ended (`routed`: the reason routing recorded, if any).
 */
export function missedReasonOf(input: {
  secondsFromArrival: number;
  routed: MissedReason | null | undefined;
}): MissedReason {
  if (input.secondsFromArrival < SHORT_ABANDON_SECONDS) return 'short_abandon';
  return input.routed ?? 'not_answered';
}

/* -------------------------------------------------- KPIs -------------------------------------------------- */

/**
 * The dashboard's key figures, each with which way is good: more answered calls is good, a higher missed rate is
 * bad. `missed_rate` is missed ÷ total in percent (voicemail counts as missed by a person: it was not answered).
 */
export const KPIS = codes([
  { value: 'total', label: 'Calls' },
  { value: 'answered', label: 'Answered' },
  { value: 'missed_rate', label: 'Missed rate' },
  { value: 'first_time', label: 'First-time callers' },
  { value: 'qualified', label: 'Qualified' },
  { value: 'leads', label: 'Leads' },
  { value: 'avg_duration', label: 'Average call length' },
  { value: 'avg_time_to_answer', label: 'Average time to answer' },
]);
export type Kpi = (typeof KPIS)[number]['value'];

/** KPIs where a rise is bad news (shown red when they go up). */
export const KPIS_LOWER_IS_BETTER: readonly Kpi[] = Object.freeze(['missed_rate', 'avg_time_to_answer']);

/** Missed rate in percent, one decimal: (missed + voicemail) ÷ total; 0 with no calls. */
export function missedRate(figures: Pick<AnalyticsFigures, 'total' | 'missed' | 'voicemail'>): number {
  if (figures.total <= 0) return 0;
  return Math.round(((figures.missed + figures.voicemail) / figures.total) * 1000) / 10;
}

export interface KpiChange {
  /** current − previous. */
  delta: number;
  /** Relative change in percent (one decimal), null when the previous value is 0 (no base to compare with). */
  percent: number | null;
  direction: 'up' | 'down' | 'flat';
  /** good: the change is in the KPI's good direction; bad: the other; neutral: flat. */
  tone: 'good' | 'bad' | 'neutral';
}

/** How a KPI moved from the previous period to the current one, and whether that is good news. */
export function kpiChange(kpi: Kpi, current: number, previous: number): KpiChange {
  const delta = Math.round((current - previous) * 1000) / 1000;
  const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
  const percent = previous === 0 ? null : Math.round((delta / Math.abs(previous)) * 1000) / 10;
  const goodWhenUp = !KPIS_LOWER_IS_BETTER.includes(kpi);
  const tone = direction === 'flat' ? 'neutral' : (direction === 'up') === goodWhenUp ? 'good' : 'bad';
  return { delta, percent, direction, tone };
}

/** A KPI's value from a period's figures. */
export function kpiValue(kpi: Kpi, figures: AnalyticsFigures): number {
  return kpi === 'missed_rate' ? missedRate(figures) : figures[kpi];
}
