/** Plan changes priced as Maxio's "preserve period" migration prices them (docs/decisions.md "Billing"). */
import { describe, expect, it } from 'vitest';
import { isDowngrade, periodEnd, prorate } from './proration';

const CURRENT = {
  plan: 'starter' as const,
  period: 'monthly' as const,
  periodStartedAt: new Date('2026-11-01T00:00:00Z'),
  periodEndsAt: new Date('2026-12-01T00:00:00Z'),
};

describe('proration', () => {
  it('half-way through, an upgrade charges half the new price less half the old', () => {
    const preview = prorate(CURRENT, 'premium_monthly', new Date('2026-11-16T00:00:00Z'));
    expect(preview).toEqual({
      identifier: 'premium_monthly',
      prorated_adjustment_cents: -1_450,
      credit_applied_cents: 1_450,
      charge_cents: 7_450,
      payment_due_cents: 6_000,
      takes_effect: 'now',
    });
  });

  it('monthly to yearly starts a new year, charged in full less the unused month', () => {
    const preview = prorate(CURRENT, 'starter_yearly', new Date('2026-11-16T00:00:00Z'));
    expect(preview).toMatchObject({
      charge_cents: 29_000,
      credit_applied_cents: 1_450,
      payment_due_cents: 27_550,
    });
  });

  it.each([
    [{ plan: 'premium', period: 'monthly' }, { plan: 'starter', period: 'monthly' }, true],
    [{ plan: 'starter', period: 'monthly' }, { plan: 'premium', period: 'monthly' }, false],
    [{ plan: 'premium', period: 'yearly' }, { plan: 'premium', period: 'monthly' }, true],
    [{ plan: 'premium', period: 'monthly' }, { plan: 'premium', period: 'yearly' }, false],
  ] as const)('%j → %j is a downgrade: %s', (from, to, expected) => {
    expect(isDowngrade(from, to)).toBe(expected);
  });

  it('a downgrade charges nothing now and waits for the period end; an unknown plan is null', () => {
    expect(prorate({ ...CURRENT, plan: 'deluxe' }, 'starter_monthly', new Date())).toMatchObject({
      takes_effect: 'period_end',
      payment_due_cents: 0,
    });
    expect(prorate(CURRENT, 'gold_monthly', new Date())).toBeNull();
  });

  it.each([
    ['2026-01-31T10:00:00Z', 'monthly', '2026-02-28T10:00:00.000Z'],
    ['2026-03-15T00:00:00Z', 'monthly', '2026-04-15T00:00:00.000Z'],
    ['2026-12-03T12:00:00Z', 'monthly', '2027-01-03T12:00:00.000Z'],
    ['2028-02-29T00:00:00Z', 'yearly', '2029-02-28T00:00:00.000Z'],
  ] as const)('a period from %s (%s) ends %s', (start, period, end) => {
    expect(periodEnd(new Date(start), period).toISOString()).toBe(end);
  });
});
