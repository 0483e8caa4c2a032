/**
 * How analytics figures read: counts with thousands separators, durations in words a person says aloud ("2 min
 * 5 s"), the missed rate in percent; and how a KPI card says its change against the previous period — as a short
 * mark beside the value ("▲ 2.1 pts") and as the one sentence a screen reader hears ("Missed rate 12.5 %, up 2.1
 * points from 10.4 %"). The direction and its tone are the server's (KpiSchema, from `kpiChange`).
 */
import type { KpiResult } from '@shared/api/analytics';
import { type AnalyticsMetric, DURATION_METRICS, type Kpi } from '@shared/domain/analytics';

const COUNT = new Intl.NumberFormat('en-US');
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** "42 s", "2 min 5 s", "1 h 3 min" (seconds rounded; hours drop the seconds). */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  if (m) return s ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

export function formatCount(value: number): string {
  return COUNT.format(Math.round(value));
}

/** A report figure as its column shows it. */
export function formatMetric(metric: AnalyticsMetric, value: number): string {
  return DURATION_METRICS.includes(metric) ? formatSeconds(value) : formatCount(value);
}

/** KPIs measured in time, and the one measured in percent. */
const DURATION_KPIS: readonly Kpi[] = ['avg_duration', 'avg_time_to_answer'];
const PERCENT_KPIS: readonly Kpi[] = ['missed_rate'];

export function formatKpi(kpi: Kpi, value: number): string {
  if (PERCENT_KPIS.includes(kpi)) return `${ONE_DECIMAL.format(value)} %`;
  if (DURATION_KPIS.includes(kpi)) return formatSeconds(value);
  return formatCount(value);
}

/**
 * The size of a change, without its direction: points for a rate (a rate's percent change would be a percent of a
 * percent), time for durations, and for counts the relative change when there was something to compare with.
 */
export function changeAmount(result: Pick<KpiResult, 'kpi' | 'delta' | 'percent'>): string {
  const size = Math.abs(result.delta);
  if (PERCENT_KPIS.includes(result.kpi)) return `${ONE_DECIMAL.format(size)} points`;
  if (DURATION_KPIS.includes(result.kpi)) return formatSeconds(size);
  if (result.percent !== null) return `${ONE_DECIMAL.format(Math.abs(result.percent))} %`;
  return formatCount(size);
}

/** The mark beside a KPI's value: an arrow and the amount ("▲ 2.1 pts", "▼ 8.0 %", "No change"). */
export function changeMark(result: Pick<KpiResult, 'kpi' | 'delta' | 'percent' | 'direction'>): string {
  if (result.direction === 'flat') return 'No change';
  const arrow = result.direction === 'up' ? '▲' : '▼';
  return `${arrow} ${changeAmount(result).replace(' points', ' pts')}`;
}

/** The KPI card as one sentence: "Missed rate 12.5 %, up 2.1 points from 10.4 %". */
export function kpiSentence(result: KpiResult): string {
  const now = `${result.label} ${formatKpi(result.kpi, result.current)}`;
  const before = formatKpi(result.kpi, result.previous);
  if (result.direction === 'flat') return `${now}, unchanged from ${before}`;
  return `${now}, ${result.direction} ${changeAmount(result)} from ${before}`;
}

/** The colour of a change: good news green, bad news red, no change grey (the words say it too). */
export const TONE_COLORS: Readonly<Record<KpiResult['tone'], string>> = Object.freeze({
  good: 'teal',
  bad: 'red',
  neutral: 'gray',
});
