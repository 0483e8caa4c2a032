/**
 * `POST /companies/{companyId}/calls/kpi`: each KPI of a range against the previous period (§9) — both values and
 * how it moved (`kpiChange`: delta, percent, direction, and whether that is good news). The previous range is the
 * one asked for, else `previousPeriod` of the current one as local days (the equal-length range immediately
 * before, or one, three, six months or a year earlier). Both ranges' figures come from one statement.
 */
import type { KpiBodySchema, KpiResponse } from '@shared/api/analytics';
import { KPIS, kpiChange, kpiValue } from '@shared/domain/analytics';
import { labelOf } from '@shared/domain/codes';
import { previousPeriod } from '@shared/domain/time';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../http/context';
import { rowsOf } from '../activity/service';
import {
  type AnalyticsScope,
  callConditions,
  checkWindow,
  type DayRange,
  FIGURES_SQL,
  figuresOf,
} from './filters';
import { CALL_COLUMNS } from './report';

export type KpiBody = z.output<typeof KpiBodySchema>;

/** The KPIs of a company's calls in the body's range and its previous period. */
export async function callKpis(ctx: AppContext, scope: AnalyticsScope, body: KpiBody): Promise<KpiResponse> {
  const now = ctx.now();
  const { tz, filters } = body;
  const current = body.currentRange;
  checkWindow(current.start, tz, now, 'currentRange.start');
  const previous = body.previousRange ?? previousPeriod(current, body.comparison);
  // A derived range is the comparison's doing: the person changes the comparison, not a date they did not type.
  checkWindow(previous.start, tz, now, body.previousRange ? 'previousRange.start' : 'comparison');

  const periodOf = (range: { start: string; end: string }): DayRange => ({
    from: range.start,
    to: range.end,
  });
  const rows = await rowsOf<Record<string, unknown> & { period: string }>(
    ctx,
    // The two ranges may overlap (a quarter against a month earlier), so each reads its own calls.
    sql`select c.period, ${FIGURES_SQL} from (
      select ${CALL_COLUMNS}, 'current' as period from calls c
        where ${callConditions(scope, periodOf(current), tz, filters)}
      union all
      select ${CALL_COLUMNS}, 'previous' as period from calls c
        where ${callConditions(scope, periodOf(previous), tz, filters)}
    ) c group by c.period`,
  );
  const figures = (period: string) => figuresOf(rows.find((row) => row.period === period) ?? {});
  const currentFigures = figures('current');
  const previousFigures = figures('previous');
  return {
    currentRange: { start: current.start, end: current.end },
    previousRange: { start: previous.start, end: previous.end },
    tz,
    kpis: KPIS.map(({ value: kpi }) => {
      const currentValue = kpiValue(kpi, currentFigures);
      const previousValue = kpiValue(kpi, previousFigures);
      return {
        kpi,
        label: labelOf(KPIS, kpi),
        current: currentValue,
        previous: previousValue,
        ...kpiChange(kpi, currentValue, previousValue),
      };
    }),
  };
}
