/**
 * Plan changes priced the way Maxio's "preserve period" migration prices them, so the sandbox previews and
 * invoices what the real provider would: the unused part of the current plan is credited, the new plan is
 * charged for the rest of the period, and what is left is due now. A move to a cheaper plan (or from yearly to
 * monthly) waits for the period's end and charges nothing now (docs/decisions.md "Billing").
 */
import type { MigrationPreview } from '@shared/api/billing';
import {
  type BillingPeriod,
  PLAN_PRICES_CENTS,
  type Plan,
  parsePlanIdentifier,
} from '@shared/domain/billing';

export interface CurrentPlan {
  plan: Plan;
  period: BillingPeriod;
  periodStartedAt: Date;
  periodEndsAt: Date;
}

/** A change to a cheaper plan, or from yearly to monthly: it takes effect at the period's end. */
export function isDowngrade(
  current: { plan: Plan; period: BillingPeriod },
  next: { plan: Plan; period: BillingPeriod },
) {
  const monthly = (plan: Plan) => PLAN_PRICES_CENTS[plan].monthly;
  if (monthly(next.plan) !== monthly(current.plan)) return monthly(next.plan) < monthly(current.plan);
  return current.period === 'yearly' && next.period === 'monthly';
}

/** The share of the period still ahead at `now`, 0 to 1. */
function remainingShare(current: CurrentPlan, now: Date): number {
  const total = current.periodEndsAt.getTime() - current.periodStartedAt.getTime();
  const left = current.periodEndsAt.getTime() - now.getTime();
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, left / total));
}

/**
 * What moving from `current` to `identifier` charges at `now`. Within one period length, the new plan is charged
 * for the rest of the period; a move from monthly to yearly starts a new yearly period now, charged in full.
 */
export function prorate(current: CurrentPlan, identifier: string, now: Date): MigrationPreview | null {
  const next = parsePlanIdentifier(identifier);
  if (!next) return null;
  if (isDowngrade(current, next)) {
    return {
      identifier,
      prorated_adjustment_cents: 0,
      credit_applied_cents: 0,
      charge_cents: 0,
      payment_due_cents: 0,
      takes_effect: 'period_end',
    };
  }
  const share = remainingShare(current, now);
  const credit = Math.round(PLAN_PRICES_CENTS[current.plan][current.period] * share);
  const newPrice = PLAN_PRICES_CENTS[next.plan][next.period];
  const charge = next.period === current.period ? Math.round(newPrice * share) : newPrice;
  return {
    identifier,
    prorated_adjustment_cents: -credit,
    credit_applied_cents: Math.min(credit, charge),
    charge_cents: charge,
    payment_due_cents: Math.max(0, charge - credit),
    takes_effect: 'now',
  };
}

/** The period that starts at `start`: a calendar month or year later (the 31st becomes the month's last day). */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  if (period === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}
