/** Plans, subscriptions and money (§3, §4, §9). */
import { codes } from './codes';

/** §3 "Plans: unlimited (legacy), starter, unlimited, premium, deluxe, each monthly or yearly." */
export const PLANS = codes([
  { value: 'unlimited_legacy', label: 'Unlimited (legacy)' },
  { value: 'starter', label: 'Starter' },
  { value: 'unlimited', label: 'Unlimited' },
  { value: 'premium', label: 'Premium' },
  { value: 'deluxe', label: 'Deluxe' },
]);
export type Plan = (typeof PLANS)[number]['value'];

/** §3 "each monthly or yearly". */
export const BILLING_PERIODS = codes([
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
]);
export type BillingPeriod = (typeof BILLING_PERIODS)[number]['value'];

/** The identifier of a plan in a period, as plan migration sends it (§7 "migrate … (identifier)"). */
export function planIdentifier(plan: Plan, period: BillingPeriod): string {
  return `${plan}_${period}`;
}

/** §3 "Subscription statuses: active, canceling, expired, refunding, retry_period, not_subscribed." */
export const SUBSCRIPTION_STATUSES = codes([
  { value: 'active', label: 'Active' },
  { value: 'canceling', label: 'Canceling' },
  { value: 'expired', label: 'Expired' },
  { value: 'refunding', label: 'Refunding' },
  { value: 'retry_period', label: 'Payment retry period' },
  { value: 'not_subscribed', label: 'Not subscribed' },
]);
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]['value'];

/**
 * §9 "US-format numbers use USD with at least 2 fraction digits when non-integer": whole amounts show no cents
 * (`$12`), others at least two fraction digits (`$12.50`) and up to four, for per-minute rates (`$0.0125`).
 */
export function formatUsd(amount: number): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 4,
  }).format(amount);
}
