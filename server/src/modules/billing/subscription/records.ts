/** Reading a company's subscription and billing profile, and answering them as the contract shows them. */
import type { Subscription } from '@shared/api/billing';
import {
  type BillingProviderName,
  PLAN_PRICES_CENTS,
  planIdentifier,
  subscriptionStatusOf,
} from '@shared/domain/billing';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  type BillingProfileRow,
  billingProfiles,
  type SubscriptionRow,
  subscriptions,
} from '../../../db/schema';
import { HttpError } from '../../../lib/errors';
import type { SubscriptionHandle } from '../../../services/billing';

export async function subscriptionOf(db: Db, companyId: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.company_id, companyId));
  return row ?? null;
}

export async function profileOf(db: Db, companyId: number): Promise<BillingProfileRow | null> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.company_id, companyId));
  return row ?? null;
}

/** §3 status of a stored subscription (none: not_subscribed). */
export function statusOf(row: SubscriptionRow | null) {
  if (!row) return 'not_subscribed' as const;
  return subscriptionStatusOf(row.provider, row.provider_state, {
    cancelAtPeriodEnd: row.cancel_at_period_end,
  });
}

/** What the provider needs to act on the subscription: it must exist and a card must be on file. */
export function handleOf(row: SubscriptionRow, profile: BillingProfileRow | null): SubscriptionHandle {
  if (!profile?.card_token || !profile.provider_customer_ref) {
    throw new HttpError(422, 'Add a card first.', { card: ['Add a card first.'] });
  }
  return {
    ref: row.provider_ref,
    customerRef: profile.provider_customer_ref,
    cardToken: profile.card_token,
    plan: row.plan,
    period: row.period,
    periodStartedAt: row.current_period_started_at,
    periodEndsAt: row.current_period_ends_at,
  };
}

export function viewSubscription(row: SubscriptionRow | null, provider: BillingProviderName): Subscription {
  if (!row) {
    return {
      provider,
      status: 'not_subscribed',
      plan: null,
      period: null,
      identifier: null,
      price_cents: 0,
      current_period_started_at: null,
      current_period_ends_at: null,
      pending_identifier: null,
      balance_cents: 0,
      customer: { email: '', ccEmails: [] },
      receivesInvoiceEmails: true,
      features: {},
    };
  }
  return {
    provider: row.provider,
    status: statusOf(row),
    plan: row.plan,
    period: row.period,
    identifier: planIdentifier(row.plan, row.period),
    price_cents: PLAN_PRICES_CENTS[row.plan][row.period],
    current_period_started_at: row.current_period_started_at.toISOString(),
    current_period_ends_at: row.current_period_ends_at.toISOString(),
    pending_identifier: row.pending_identifier,
    balance_cents: row.balance_cents,
    customer: { email: row.customer_email, ccEmails: row.customer_cc_emails },
    receivesInvoiceEmails: row.receives_invoice_emails,
    features: row.features,
  };
}
