/** Plans, subscriptions and money (§3, §4, §9). */
import { codes } from './codes';
import type { Permission } from './permissions';

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

/* ------------------------------------------------ prices ------------------------------------------------ */

/**
 * What each plan costs, in whole US cents, per period (the spec names the plans, not their prices; the prices are
 * ours, docs/decisions.md "Billing"). A year costs ten months: two months free is the yearly upgrade offer's pitch.
 */
export const PLAN_PRICES_CENTS: Readonly<Record<Plan, Readonly<Record<BillingPeriod, number>>>> =
  Object.freeze({
    unlimited_legacy: { monthly: 4_900, yearly: 49_000 },
    starter: { monthly: 2_900, yearly: 29_000 },
    unlimited: { monthly: 7_900, yearly: 79_000 },
    premium: { monthly: 14_900, yearly: 149_000 },
    deluxe: { monthly: 29_900, yearly: 299_000 },
  });

/** The legacy plan is kept for the companies on it; nobody moves onto it (§3 "unlimited (legacy)"). */
export const PURCHASABLE_PLANS: readonly Plan[] = ['starter', 'unlimited', 'premium', 'deluxe'];

/** Reads a plan identifier back (`premium_yearly` → premium, yearly), or null when it names no plan. */
export function parsePlanIdentifier(identifier: string): { plan: Plan; period: BillingPeriod } | null {
  for (const plan of PLANS) {
    for (const period of BILLING_PERIODS) {
      if (planIdentifier(plan.value, period.value) === identifier)
        return { plan: plan.value, period: period.value };
    }
  }
  return null;
}

/** Cents as dollars, for `formatUsd` (amounts are kept in whole cents so sums never drift). */
export function centsToUsd(cents: number): number {
  return cents / 100;
}

/** Metered usage billed on top of the plan, per unit in cents (ours, docs/decisions.md "Billing"). */
export const USAGE_RATES_CENTS = Object.freeze({
  /** Each number beyond the plan's included ones, a month. */
  numbers: 300,
  /** Each call minute beyond the included ones. */
  minutes: 2,
  /** Each text segment beyond the included ones. */
  segments: 1,
});

/** What each plan includes a month before usage is charged. */
export const PLAN_ALLOWANCES: Readonly<Record<Plan, { numbers: number; minutes: number; segments: number }>> =
  Object.freeze({
    unlimited_legacy: { numbers: 5, minutes: 5_000, segments: 5_000 },
    starter: { numbers: 1, minutes: 500, segments: 500 },
    unlimited: { numbers: 5, minutes: 5_000, segments: 5_000 },
    premium: { numbers: 10, minutes: 10_000, segments: 10_000 },
    deluxe: { numbers: 25, minutes: 25_000, segments: 25_000 },
  });

/* --------------------------------------- provider states → status --------------------------------------- */

/**
 * §3 "Subscription statuses: active, canceling, expired, refunding, retry_period, not_subscribed", from each
 * billing provider's own states — the one table both providers read. A state missing here is a provider's new
 * state we have not placed: `subscriptionStatusOf` throws rather than guess.
 *
 * Maxio (Advanced Billing, formerly Chargify) states, its SDK's `SubscriptionState`:
 * - trialing, assessing (a renewal being charged), active: the customer has the service → active;
 * - soft_failure, past_due (a renewal failed; dunning retries), unpaid and suspended (dunning ran out with a
 *   balance still owed, the service held back until it is paid) → retry_period: a payment fixes each of them;
 * - canceled, expired, trial_ended, failed_to_create: the subscription ended → expired;
 * - paused, on_hold: stopped by the merchant until resumed → expired (no service; a resume, not a payment,
 *   brings it back);
 * - pending, awaiting_signup: created but never started → not_subscribed.
 * The sandbox provider keeps five states of its own.
 */
export const PROVIDER_STATUS_TABLE = Object.freeze({
  maxio: {
    trialing: 'active',
    assessing: 'active',
    active: 'active',
    soft_failure: 'retry_period',
    past_due: 'retry_period',
    unpaid: 'retry_period',
    suspended: 'retry_period',
    canceled: 'expired',
    expired: 'expired',
    trial_ended: 'expired',
    failed_to_create: 'expired',
    paused: 'expired',
    on_hold: 'expired',
    pending: 'not_subscribed',
    awaiting_signup: 'not_subscribed',
  },
  sandbox: {
    active: 'active',
    past_due: 'retry_period',
    refunding: 'refunding',
    canceled: 'expired',
    none: 'not_subscribed',
  },
} as const satisfies Record<string, Record<string, SubscriptionStatus>>);
export type BillingProviderName = keyof typeof PROVIDER_STATUS_TABLE;
export type ProviderState<P extends BillingProviderName> = keyof (typeof PROVIDER_STATUS_TABLE)[P];

/**
 * A provider's subscription as a §3 status. A live subscription set to end at its period's end (a "delayed
 * cancellation" in Maxio's words) is `canceling` — the one status no provider state names by itself.
 */
export function subscriptionStatusOf(
  provider: BillingProviderName,
  state: string,
  options: { cancelAtPeriodEnd?: boolean } = {},
): SubscriptionStatus {
  const table: Record<string, SubscriptionStatus> = PROVIDER_STATUS_TABLE[provider];
  const status = Object.hasOwn(table, state) ? table[state] : undefined;
  if (!status)
    throw new Error(`The ${provider} subscription state "${state}" has no status in PROVIDER_STATUS_TABLE`);
  return status === 'active' && options.cancelAtPeriodEnd ? 'canceling' : status;
}

/* ------------------------------------------- account standing ------------------------------------------- */

/**
 * Where an account stands, from §3 "Account status: ACTIVE=0, PARKED=1, DEACTIVATED=2" and its subscription: an
 * ACTIVE account whose subscription is in its `retry_period` (a renewal was declined) is `past_due`.
 */
export type AccountStanding = 'good' | 'past_due' | 'parked' | 'deactivated';

/**
 * What an account does, as far as its standing decides: every request is one of these (server/src/http/route.ts
 * reads it from the request: a GET reads, a billing route pays, the endpoints of `PAID_ENDPOINTS` spend, any other
 * write changes the account's own data).
 */
export type AccountActivity =
  | 'read'
  | 'pay'
  | 'change'
  | 'buy_numbers'
  | 'send_campaigns'
  | 'submit_registration';

/**
 * What each standing may still do — the one table the route wrapper, the campaign queue and the renderer read
 * (docs/decisions.md "Account standing"). Past due: everything but what costs money (§8 "Please update your
 * payment info to reactivate your account."); calls and texts keep arriving and agents keep replying, so the
 * customer's customers are not cut off. Parked: the account is kept but idle — read and pay only. Deactivated:
 * closed — its history stays readable and a balance payable, nothing else.
 */
export const STANDING_ALLOWS: Readonly<Record<AccountStanding, readonly AccountActivity[]>> = Object.freeze({
  good: ['read', 'pay', 'change', 'buy_numbers', 'send_campaigns', 'submit_registration'],
  past_due: ['read', 'pay', 'change'],
  parked: ['read', 'pay'],
  deactivated: ['read', 'pay'],
});

export function standingAllows(standing: AccountStanding, activity: AccountActivity): boolean {
  return STANDING_ALLOWS[standing].includes(activity);
}

/** §3 account status and the subscription's status → standing. */
export function accountStandingOf(
  accountStatus: number,
  subscription: SubscriptionStatus | null,
): AccountStanding {
  if (accountStatus === 2) return 'deactivated';
  if (accountStatus === 1) return 'parked';
  return subscription === 'retry_period' ? 'past_due' : 'good';
}

/** §8 "Past-due billing: 'Your account has an outstanding balance of ' and 'Please update your payment info to reactivate your account.'" */
export const PAST_DUE_TEXTS = Object.freeze({
  balancePrefix: 'Your account has an outstanding balance of ',
  updatePayment: 'Please update your payment info to reactivate your account.',
});

/** The past-due sentence with its balance: "Your account has an outstanding balance of $149. Please update…". */
export function pastDueMessage(balanceCents: number): string {
  return `${PAST_DUE_TEXTS.balancePrefix}${formatUsd(centsToUsd(balanceCents))}. ${PAST_DUE_TEXTS.updatePayment}`;
}

/** The past-due notice for the roles that do not see billing: what waits, and who can settle it, without the sum. */
export const PAST_DUE_FOR_OTHERS =
  "This account's payment is past due: buying numbers, sending campaigns and paid registrations wait until the account owner updates the payment info.";

/**
 * What the notice on every screen says of the account's standing, or null in good standing: §8's past-due text
 * with the balance for the roles that see billing (`balanceCents`), PAST_DUE_FOR_OTHERS for the rest; a parked or
 * deactivated account's own reason.
 */
export function standingNotice(standing: AccountStanding, balanceCents: number | null): string | null {
  if (standing === 'good') return null;
  if (standing === 'past_due')
    return balanceCents === null ? PAST_DUE_FOR_OTHERS : pastDueMessage(balanceCents);
  return standingRefusal(standing, 0).message;
}

/** Why a standing refuses an activity (the route wrapper's 402/403 message). */
export function standingRefusal(
  standing: AccountStanding,
  balanceCents: number,
): { status: 402 | 403; message: string } {
  switch (standing) {
    case 'past_due':
      return { status: 402, message: pastDueMessage(balanceCents) };
    case 'parked':
      return {
        status: 403,
        message: 'This account is parked: it can be viewed and paid for, but not changed.',
      };
    case 'deactivated':
      return { status: 403, message: 'This account is deactivated: only its billing can be settled.' };
    case 'good':
      return { status: 403, message: 'This account may not do this.' };
  }
}

/**
 * Writes that spend money, by `METHOD path` of the contract: a past-due account may not make them. Number
 * purchases and campaign sends are listed here; a campaign saved as a draft is an ordinary change, and is told
 * apart by the campaign queue's own check (server/src/modules/campaigns).
 */
export const PAID_ENDPOINTS: Readonly<Record<string, AccountActivity>> = Object.freeze({
  'POST /numbers': 'buy_numbers',
  'POST /numbers/bulk-purchase': 'buy_numbers',
  'POST /campaigns/{id}/resume': 'send_campaigns',
  'POST /companies/{companyId}/sms-verification/campaign/{id}/submit': 'submit_registration',
});

/**
 * What a request does, as far as standing decides: a GET reads; a billing route pays (a past-due account must be
 * able to); the endpoints of PAID_ENDPOINTS spend; every other write changes the account's data. `access` is the
 * permission the route asks for.
 */
export function activityOf(endpoint: { method: string; path: string }, access: string): AccountActivity {
  if (endpoint.method === 'GET') return 'read';
  const paying: readonly Permission[] = ['billing.manage', 'billing.view'];
  if ((paying as readonly string[]).includes(access)) return 'pay';
  return PAID_ENDPOINTS[`${endpoint.method} ${endpoint.path}`] ?? 'change';
}

/* ------------------------------------------- payment messages ------------------------------------------- */

/** §8 "Payment update messages" and the other billing texts. */
export const BILLING_MESSAGES = Object.freeze({
  savedNotCharged:
    'Your payment info was saved successfully. You will not be charged until the next billing cycle.',
  savedStillPastDue:
    'Your payment info was saved, but your account is still past due. Please contact Customer Success.',
  cardIssuer: 'There was an issue processing your card. Please contact your card issuer and try again.',
  /** §8 "Billing failure other than 422: generic update-failed message for 30 s." */
  updateFailed: 'Failed to update your billing information. Please try again.',
  accountsWithoutSubscription: 'You have accounts without a subscription. Please contact support!',
  featureToggled: 'Feature enabled/disabled successfully',
  cardNumberRefused:
    'Card numbers and security codes are never sent to our server: send the token from the payment form instead.',
  declined: 'Your card was declined. Please use another card.',
});

/** §9 "billing failure toast 30 s". */
export const BILLING_FAILURE_TOAST_MS = 30_000;
/** §4/§9 "Plan migration refreshes company data after 1 second and invoices after 5 seconds." */
export const PLAN_MIGRATION_REFRESH_MS = Object.freeze({ company: 1_000, invoices: 5_000 });

/* ---------------------------------------------- the sandbox --------------------------------------------- */

export type SandboxCardOutcome = 'succeeds' | 'declined' | 'issuer';

/**
 * The sandbox provider's test cards (as the big processors' test modes have them): one that succeeds, one that is
 * declined, one whose charge needs the issuer (§8 "card processing issue, contact the card issuer"). Any other
 * number that passes the Luhn check succeeds too.
 */
export const SANDBOX_TEST_CARDS: readonly { number: string; outcome: SandboxCardOutcome }[] = Object.freeze([
  { number: '4242424242424242', outcome: 'succeeds' },
  { number: '4000000000000002', outcome: 'declined' },
  { number: '4000000000003220', outcome: 'issuer' },
]);

/** The sandbox's public key: it names the sandbox's hosted fields, and is no secret (as a real public key). */
export const SANDBOX_PUBLIC_KEY = 'sandbox_pk_switchboard';

/**
 * A sandbox card token: `sbx_<outcome>_<random>`. The outcome rides in the token (as the processors' test tokens
 * carry theirs), so the sandbox server decides a charge without ever seeing the number.
 */
const SANDBOX_TOKEN = /^sbx_(succeeds|declined|issuer)_[A-Za-z0-9]{16,64}$/;

export function sandboxTokenOutcome(token: string): SandboxCardOutcome | null {
  const match = SANDBOX_TOKEN.exec(token);
  return match ? (match[1] as SandboxCardOutcome) : null;
}

/** The Luhn check every card number passes (a typo fails it). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card's brand from its first digits (what the hosted fields report with the token). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'master';
  if (/^3[47]/.test(digits)) return 'american_express';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** The subscription's features a company turns on and off (§7 "feature/{name} toggle"). */
export const SUBSCRIPTION_FEATURES = codes([
  { value: 'ai-eav', label: 'AI call attributes' },
  { value: 'call-recording', label: 'Call recording' },
  { value: 'call-transcription', label: 'Call transcription' },
]);
export type SubscriptionFeature = (typeof SUBSCRIPTION_FEATURES)[number]['value'];

/** How long a yearly upgrade offer stands. */
export const YEARLY_OFFER_DAYS = 30;
