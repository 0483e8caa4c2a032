/**
 * The billing screens' arithmetic: each meter's projection to the period's end (what it will be at this pace), a
 * meter's share of what the plan includes, and the downsell a cancel offers (the next cheaper plan).
 */
import type { PlanOption, Subscription, Usage } from '@shared/api/billing';
import { PLAN_PRICES_CENTS } from '@shared/domain/billing';

/**
 * `used` so far, carried at the same pace to the period's end: used × whole period ÷ elapsed. Before a tenth of a
 * day has passed the pace means nothing yet, so the projection is what was used.
 */
export function projectToPeriodEnd(used: number, periodStart: string, periodEnd: string, now: Date): number {
  const start = Date.parse(periodStart);
  const end = Date.parse(periodEnd);
  const elapsed = Math.min(now.getTime(), end) - start;
  if (elapsed < 8_640_000 || end <= start) return used;
  return Math.round((used * (end - start)) / elapsed);
}

/** A meter's fill, 0–100, for its bar (over the allowance shows full). */
export function percentOf(used: number, included: number): number {
  if (included <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / included) * 100));
}

export interface Meter {
  key: 'numbers' | 'minutes' | 'segments' | 'messages';
  label: string;
  used: number;
  included: number | null;
  projected: number;
}

/** The meters the usage panel shows, each with its projection (numbers are held, not accrued: no projection). */
export function metersOf(usage: Usage, now: Date): Meter[] {
  const project = (used: number) => projectToPeriodEnd(used, usage.period_start, usage.period_end, now);
  return [
    {
      key: 'numbers',
      label: 'Numbers',
      used: usage.numbers,
      included: usage.included.numbers,
      projected: usage.numbers,
    },
    {
      key: 'minutes',
      label: 'Call minutes',
      used: usage.minutes,
      included: usage.included.minutes,
      projected: project(usage.minutes),
    },
    {
      key: 'messages',
      label: 'Messages',
      used: usage.messages,
      included: null,
      projected: project(usage.messages),
    },
    {
      key: 'segments',
      label: 'Text segments',
      used: usage.segments,
      included: usage.included.segments,
      projected: project(usage.segments),
    },
  ];
}

/** The plan a cancel offers instead: the next cheaper purchasable plan in the same period, if there is one. */
export function downsellFor(subscription: Subscription, plans: readonly PlanOption[]): PlanOption | null {
  if (!subscription.plan || !subscription.period) return null;
  const current = PLAN_PRICES_CENTS[subscription.plan][subscription.period];
  const cheaper = plans
    .filter((plan) => plan.purchasable && plan.period === subscription.period && plan.price_cents < current)
    .sort((a, b) => b.price_cents - a.price_cents);
  return cheaper[0] ?? null;
}
