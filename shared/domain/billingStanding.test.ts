import { describe, expect, it } from 'vitest';
import {
  type AccountActivity,
  type AccountStanding,
  accountStandingOf,
  activityOf,
  PAST_DUE_TEXTS,
  PROVIDER_STATUS_TABLE,
  pastDueMessage,
  STANDING_ALLOWS,
  standingAllows,
  standingRefusal,
  subscriptionStatusOf,
} from './billing';

describe('§3 "Subscription statuses: active, canceling, expired, refunding, retry_period, not_subscribed" from provider states', () => {
  it.each([
    ['maxio', 'trialing', 'active'],
    ['maxio', 'assessing', 'active'],
    ['maxio', 'active', 'active'],
    ['maxio', 'soft_failure', 'retry_period'],
    ['maxio', 'past_due', 'retry_period'],
    ['maxio', 'unpaid', 'retry_period'],
    ['maxio', 'suspended', 'retry_period'],
    ['maxio', 'canceled', 'expired'],
    ['maxio', 'expired', 'expired'],
    ['maxio', 'trial_ended', 'expired'],
    ['maxio', 'failed_to_create', 'expired'],
    ['maxio', 'paused', 'expired'],
    ['maxio', 'on_hold', 'expired'],
    ['maxio', 'pending', 'not_subscribed'],
    ['maxio', 'awaiting_signup', 'not_subscribed'],
    ['sandbox', 'active', 'active'],
    ['sandbox', 'past_due', 'retry_period'],
    ['sandbox', 'refunding', 'refunding'],
    ['sandbox', 'canceled', 'expired'],
    ['sandbox', 'none', 'not_subscribed'],
  ] as const)('%s %s → %s', (provider, state, status) => {
    expect(subscriptionStatusOf(provider, state)).toBe(status);
  });

  it('every state of the Maxio SDK is placed (its SubscriptionState enum)', () => {
    expect(Object.keys(PROVIDER_STATUS_TABLE.maxio).sort()).toEqual(
      [
        'pending',
        'failed_to_create',
        'trialing',
        'assessing',
        'active',
        'soft_failure',
        'past_due',
        'suspended',
        'canceled',
        'expired',
        'paused',
        'unpaid',
        'trial_ended',
        'on_hold',
        'awaiting_signup',
      ].sort(),
    );
  });

  it('a live subscription set to end at its period end is "canceling"; an ended one stays expired', () => {
    expect(subscriptionStatusOf('maxio', 'active', { cancelAtPeriodEnd: true })).toBe('canceling');
    expect(subscriptionStatusOf('sandbox', 'active', { cancelAtPeriodEnd: true })).toBe('canceling');
    expect(subscriptionStatusOf('maxio', 'canceled', { cancelAtPeriodEnd: true })).toBe('expired');
  });

  it('an unknown state is an error, never a guess', () => {
    expect(() => subscriptionStatusOf('maxio', 'toString')).toThrow(/has no status/);
    expect(() => subscriptionStatusOf('sandbox', 'trialing')).toThrow(/has no status/);
  });
});

describe('account standing: §3 "Account status: ACTIVE=0, PARKED=1, DEACTIVATED=2" and the subscription', () => {
  it.each([
    [0, 'active', 'good'],
    [0, null, 'good'],
    [0, 'canceling', 'good'],
    [0, 'retry_period', 'past_due'],
    [1, 'active', 'parked'],
    [1, 'retry_period', 'parked'],
    [2, 'active', 'deactivated'],
    [2, 'retry_period', 'deactivated'],
  ] as const)('status %s with subscription %s → %s', (status, subscription, standing) => {
    expect(accountStandingOf(status, subscription)).toBe(standing);
  });

  const activities: AccountActivity[] = [
    'read',
    'pay',
    'change',
    'buy_numbers',
    'send_campaigns',
    'submit_registration',
  ];
  const expected: Record<AccountStanding, AccountActivity[]> = {
    good: activities,
    // §8 "Please update your payment info to reactivate your account.": reading, paying and the everyday work
    // (replies) go on; what costs money waits for the payment.
    past_due: ['read', 'pay', 'change'],
    parked: ['read', 'pay'],
    deactivated: ['read', 'pay'],
  };
  for (const standing of Object.keys(expected) as AccountStanding[]) {
    it.each(activities)(`${standing}: %s`, (activity) => {
      expect(standingAllows(standing, activity)).toBe(expected[standing].includes(activity));
    });
  }

  it('every standing may read and pay (a balance can always be settled)', () => {
    for (const allowed of Object.values(STANDING_ALLOWS))
      expect(allowed).toEqual(expect.arrayContaining(['read', 'pay']));
  });
});

describe('what a request does, as the route wrapper reads it for the standing check', () => {
  it.each([
    ['GET', '/numbers', 'numbers.view', 'read'],
    ['GET', '/company/{id}/invoices', 'billing.view', 'read'],
    ['POST', '/company/{id}/billing/retry', 'billing.manage', 'pay'],
    ['POST', '/company/{companyId}/subscription/migrate', 'billing.manage', 'pay'],
    ['POST', '/numbers', 'numbers.manage', 'buy_numbers'],
    ['POST', '/numbers/bulk-purchase', 'numbers.manage', 'buy_numbers'],
    ['POST', '/campaigns/{id}/resume', 'campaigns.manage', 'send_campaigns'],
    [
      'POST',
      '/companies/{companyId}/sms-verification/campaign/{id}/submit',
      'numbers.manage',
      'submit_registration',
    ],
    ['POST', '/contacts', 'contacts.manage', 'change'],
    ['DELETE', '/numbers/{id}', 'numbers.manage', 'change'],
  ] as const)('%s %s (%s) → %s', (method, path, access, activity) => {
    expect(activityOf({ method, path }, access)).toBe(activity);
  });
});

describe("§8 \"Past-due billing: 'Your account has an outstanding balance of ' and 'Please update your payment info to reactivate your account.'\"", () => {
  it('the message carries the balance in USD (§9)', () => {
    expect(PAST_DUE_TEXTS.balancePrefix).toBe('Your account has an outstanding balance of ');
    expect(PAST_DUE_TEXTS.updatePayment).toBe('Please update your payment info to reactivate your account.');
    expect(pastDueMessage(14_900)).toBe(
      'Your account has an outstanding balance of $149. Please update your payment info to reactivate your account.',
    );
    expect(pastDueMessage(1_250)).toBe(
      'Your account has an outstanding balance of $12.50. Please update your payment info to reactivate your account.',
    );
  });

  it('past due answers 402 (payment required); parked and deactivated 403', () => {
    expect(standingRefusal('past_due', 100)).toEqual({ status: 402, message: pastDueMessage(100) });
    expect(standingRefusal('parked', 0).status).toBe(403);
    expect(standingRefusal('deactivated', 0).status).toBe(403);
  });
});
