/**
 * The dashboard's choices, kept in the address like a report's (`/dashboard?days=7&compare=1y&interval=week`): the
 * range, what its key figures are compared with (§9 PREVIOUS_PERIOD_OPTIONS, "previous" by default: the
 * equal-length range just before) and the calls-over-time chart's step. The request bodies are built here too.
 */
import type { DashboardBody, DashboardWidget, KpiBody } from '@shared/api/analytics';
import { isCode } from '@shared/domain/codes';
import { PREVIOUS_PERIOD_OPTIONS, type PreviousPeriodOption } from '@shared/domain/time';
import { type DayRange, type RangeChoice, readRange, writeRange } from './range';

export const TIMELINE_INTERVALS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const;
export type TimelineInterval = (typeof TIMELINE_INTERVALS)[number]['value'];

export interface DashboardState {
  range: RangeChoice;
  compare: PreviousPeriodOption;
  interval: TimelineInterval;
}

export function readDashboard(params: URLSearchParams): DashboardState {
  const compare = params.get('compare');
  const interval = params.get('interval');
  return {
    range: readRange(params),
    compare: isCode(PREVIOUS_PERIOD_OPTIONS, compare) ? compare : 'previous',
    interval: isCode(TIMELINE_INTERVALS, interval) ? interval : 'day',
  };
}

export function writeDashboard(state: DashboardState): URLSearchParams {
  const params = new URLSearchParams();
  writeRange(params, state.range);
  if (state.compare !== 'previous') params.set('compare', state.compare);
  if (state.interval !== 'day') params.set('interval', state.interval);
  return params;
}

/** `POST /companies/{companyId}/calls/kpi`'s body: the range against the chosen previous period. */
export function kpiBody(days: DayRange, compare: PreviousPeriodOption, tz: string): KpiBody {
  return { currentRange: { start: days.from, end: days.to }, comparison: compare, tz };
}

/** `POST /dashboard`'s body for one widget (the step matters to the timeline only). */
export function widgetBody(
  companyId: number,
  type: DashboardWidget,
  days: DayRange,
  tz: string,
  interval: TimelineInterval,
): DashboardBody {
  return {
    company_id: companyId,
    type,
    tz,
    groupBy: type === 'timeline' ? interval : 'day',
    filters: { from: days.from, to: days.to },
  };
}
