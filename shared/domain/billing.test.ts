import { describe, expect, it } from 'vitest';
import { PLAN_PRICES_CENTS, parsePlanIdentifier } from './billing';
import { BILLING_PERIODS, formatUsd, PLANS, planIdentifier, SUBSCRIPTION_STATUSES, valuesOf } from './index';

describe('formatUsd: §9 "US-format numbers use USD with at least 2 fraction digits when non-integer"', () => {
  it.each([
    [12, '$12'],
    [0, '$0'],
    [1234567, '$1,234,567'],
    [12.5, '$12.50'],
    [12.05, '$12.05'],
    [1234.5, '$1,234.50'],
    [0.0125, '$0.0125'],
    [0.1 + 0.2, '$0.30'],
    [-5.5, '-$5.50'],
  ])('%s → %s', (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected);
  });
});

describe('plans and subscriptions (§3)', () => {
  it('"Plans: unlimited (legacy), starter, unlimited, premium, deluxe, each monthly or yearly"', () => {
    expect(PLANS.map((p) => p.label)).toEqual([
      'Unlimited (legacy)',
      'Starter',
      'Unlimited',
      'Premium',
      'Deluxe',
    ]);
    expect(valuesOf(BILLING_PERIODS)).toEqual(['monthly', 'yearly']);
    expect(planIdentifier('premium', 'yearly')).toBe('premium_yearly');
  });

  it('"Subscription statuses: active, canceling, expired, refunding, retry_period, not_subscribed"', () => {
    expect(valuesOf(SUBSCRIPTION_STATUSES)).toEqual([
      'active',
      'canceling',
      'expired',
      'refunding',
      'retry_period',
      'not_subscribed',
    ]);
  });
});

describe('plan prices and identifiers', () => {
  it('every plan has a monthly and a yearly price; a year costs ten months', () => {
    for (const plan of PLANS) {
      const prices = PLAN_PRICES_CENTS[plan.value];
      expect(prices.yearly).toBe(prices.monthly * 10);
    }
  });

  it.each([
    ['premium_yearly', { plan: 'premium', period: 'yearly' }],
    ['unlimited_legacy_monthly', { plan: 'unlimited_legacy', period: 'monthly' }],
    ['unlimited_monthly', { plan: 'unlimited', period: 'monthly' }],
    ['gold_monthly', null],
  ])('%s reads back as %j', (identifier, expected) => {
    expect(parsePlanIdentifier(identifier)).toEqual(expected);
  });
});
