import type { PlanOption, Subscription } from '@shared/api/billing';
import { describe, expect, it } from 'vitest';
import { downsellFor, percentOf, projectToPeriodEnd } from './billingModel';

describe('projection to the period end', () => {
  const start = '2026-11-01T00:00:00.000Z';
  const end = '2026-12-01T00:00:00.000Z';
  it.each([
    ['a third in, 100 used → 300', '2026-11-11T00:00:00Z', 100, 300],
    ['half-way, 50 → 100', '2026-11-16T00:00:00Z', 50, 100],
    ['at the end, as used', '2026-12-01T00:00:00Z', 70, 70],
    ['past the end, as used', '2026-12-05T00:00:00Z', 70, 70],
    ['in the first hours, as used', '2026-11-01T01:00:00Z', 5, 5],
  ])('%s', (_name, now, used, expected) => {
    expect(projectToPeriodEnd(used, start, end, new Date(now))).toBe(expected);
  });

  it('fills a bar to its allowance, full when over', () => {
    expect(percentOf(250, 1000)).toBe(25);
    expect(percentOf(2000, 1000)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('the downsell a cancel offers', () => {
  const plan = (identifier: string, price: number, purchasable = true): PlanOption => {
    const [name, period] = identifier.split(/_(?=monthly|yearly)/);
    return {
      identifier,
      plan: name as PlanOption['plan'],
      period: period as PlanOption['period'],
      label: identifier,
      price_cents: price,
      included: { numbers: 1, minutes: 1, segments: 1 },
      current: false,
      purchasable,
    };
  };
  const plans = [
    plan('unlimited_legacy_monthly', 4_900, false),
    plan('starter_monthly', 2_900),
    plan('unlimited_monthly', 7_900),
    plan('premium_monthly', 14_900),
    plan('premium_yearly', 149_000),
  ];
  const on = (p: Subscription['plan']) => ({ plan: p, period: 'monthly' }) as Subscription;

  it('is the next cheaper plan of the same period', () => {
    expect(downsellFor(on('premium'), plans)?.identifier).toBe('unlimited_monthly');
    expect(downsellFor(on('unlimited'), plans)?.identifier).toBe('starter_monthly');
  });

  it('is none from the cheapest plan or without a subscription', () => {
    expect(downsellFor(on('starter'), plans)).toBeNull();
    expect(downsellFor({ plan: null, period: null } as Subscription, plans)).toBeNull();
  });
});
