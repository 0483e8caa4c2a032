import { describe, expect, it } from 'vitest';
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
