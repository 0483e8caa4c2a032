/**
 * §7 Subscription: subscribe, change plan (with its proration preview), cancel (or take the downsell), clear a
 * pending cancel, revert a pending product change, the billing contact, feature toggles, and retrying a declined
 * renewal. Each action asks the provider first and keeps what it answered; a declined charge changes nothing and
 * answers 402 with §8's text.
 */
import type { MigrationPreview, PlanOption, Subscription } from '@shared/api/billing';
import {
  BILLING_MESSAGES,
  BILLING_PERIODS,
  PLAN_ALLOWANCES,
  PLAN_PRICES_CENTS,
  PLANS,
  PURCHASABLE_PLANS,
  parsePlanIdentifier,
  planIdentifier,
  type SubscriptionFeature,
} from '@shared/domain/billing';
import { labelOf } from '@shared/domain/codes';
import { eq } from 'drizzle-orm';
import { type SubscriptionRow, subscriptions } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { conflict, invalid } from '../../../lib/errors';
import { issueInvoice, settleOpenInvoices } from '../invoices/invoices';
import { armBillingCycle } from '../renewals/job';
import { type RenewalOutcome, renewNowInSandbox } from '../renewals/renew';
import { declined, SUBSCRIPTION_MESSAGES } from './messages';
import { periodEnd } from './proration';
import { handleOf, profileOf, statusOf, subscriptionOf, viewSubscription } from './records';

export interface Answer {
  data: Subscription;
  message: string;
}

async function answer(ctx: AppContext, companyId: number, message: string): Promise<Answer> {
  const row = await subscriptionOf(ctx.db, companyId);
  return { data: viewSubscription(row, ctx.billing.name), message };
}

async function update(ctx: AppContext, companyId: number, values: Partial<SubscriptionRow>): Promise<void> {
  await ctx.db
    .update(subscriptions)
    .set({ ...values, updated_at: ctx.now() })
    .where(eq(subscriptions.company_id, companyId));
}

/** A live subscription (not ended, not never-started), or 422. */
async function live(ctx: AppContext, companyId: number): Promise<SubscriptionRow> {
  const row = await subscriptionOf(ctx.db, companyId);
  const status = statusOf(row);
  if (!row || status === 'expired' || status === 'not_subscribed') {
    throw invalid({ subscription: ['There is no subscription to change: subscribe to a plan first.'] });
  }
  return row;
}

/** A plan one may move to: known, and not the legacy one (§3 "unlimited (legacy)"). */
function chosenPlan(identifier: string) {
  const chosen = parsePlanIdentifier(identifier);
  if (!chosen || !PURCHASABLE_PLANS.includes(chosen.plan)) {
    throw invalid({ identifier: ['Choose one of the plans.'] });
  }
  return chosen;
}

function planLine(identifier: string, amountCents: number, note = '') {
  const chosen = parsePlanIdentifier(identifier);
  const label = chosen
    ? `${labelOf(PLANS, chosen.plan)} (${labelOf(BILLING_PERIODS, chosen.period).toLowerCase()})`
    : identifier;
  return { description: `${label}${note}`, quantity: 1, unit_cents: amountCents, amount_cents: amountCents };
}

export async function subscribe(
  ctx: AppContext,
  companyId: number,
  email: string,
  identifier: string,
): Promise<Answer> {
  const chosen = chosenPlan(identifier);
  const existing = await subscriptionOf(ctx.db, companyId);
  const status = statusOf(existing);
  if (status !== 'expired' && status !== 'not_subscribed') {
    throw conflict('This account is already subscribed: change its plan instead.');
  }
  const profile = await profileOf(ctx.db, companyId);
  if (!profile?.card_token || !profile.provider_customer_ref || !profile.provider_payment_ref) {
    throw invalid({ card: ['Add a card first.'] });
  }
  const provider = ctx.billing;
  const now = ctx.now();
  const started = await provider.subscribe({
    companyId,
    customerRef: profile.provider_customer_ref,
    paymentRef: profile.provider_payment_ref,
    cardToken: profile.card_token,
    identifier,
    now,
  });
  if (!started.ok) throw declined(started.reason);
  const { subscription } = started;
  const values = {
    provider: provider.name,
    provider_ref: subscription.ref,
    provider_state: subscription.state,
    plan: chosen.plan,
    period: chosen.period,
    current_period_started_at: subscription.periodStartedAt,
    current_period_ends_at: subscription.periodEndsAt,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    pending_identifier: null,
    balance_cents: subscription.balanceCents,
    customer_email: existing?.customer_email || email,
    updated_at: now,
  };
  await ctx.db
    .insert(subscriptions)
    .values({ company_id: companyId, ...values })
    .onConflictDoUpdate({ target: subscriptions.company_id, set: values });
  await issueInvoice(ctx.db, {
    companyId,
    kind: 'signup',
    status: 'paid',
    lines: [planLine(identifier, started.chargedCents)],
    periodStart: subscription.periodStartedAt,
    periodEnd: subscription.periodEndsAt,
    now,
  });
  await armBillingCycle(ctx, companyId);
  return answer(ctx, companyId, SUBSCRIPTION_MESSAGES.subscribed(chosen.plan));
}

/** `migrate/preview`: what `migrate` to `identifier` would charge now (the same figures it then invoices). */
export async function previewMigration(
  ctx: AppContext,
  companyId: number,
  identifier: string,
): Promise<MigrationPreview> {
  chosenPlan(identifier);
  const row = await live(ctx, companyId);
  if (planIdentifier(row.plan, row.period) === identifier) {
    throw invalid({ identifier: ['This is the current plan.'] });
  }
  const handle = handleOf(row, await profileOf(ctx.db, companyId));
  return ctx.billing.previewMigration(handle, identifier, ctx.now());
}

export async function migrate(ctx: AppContext, companyId: number, identifier: string): Promise<Answer> {
  const chosen = chosenPlan(identifier);
  const preview = await previewMigration(ctx, companyId, identifier);
  const row = await live(ctx, companyId);
  const handle = handleOf(row, await profileOf(ctx.db, companyId));
  const provider = ctx.billing;
  if (preview.takes_effect === 'period_end') {
    await provider.scheduleProductChange(handle, identifier);
    await update(ctx, companyId, { pending_identifier: identifier });
    return answer(ctx, companyId, SUBSCRIPTION_MESSAGES.scheduled(chosen.plan, row.current_period_ends_at));
  }
  const outcome = await provider.migrate(handle, identifier, preview);
  if (!outcome.ok) throw declined(outcome.reason);
  const now = ctx.now();
  // A move to another period length starts a new period now (charged in full); within one, the period stays.
  const restarts = chosen.period !== row.period;
  const periodStart = restarts ? now : row.current_period_started_at;
  const periodEndsAt = restarts ? periodEnd(now, chosen.period) : row.current_period_ends_at;
  await update(ctx, companyId, {
    plan: chosen.plan,
    period: chosen.period,
    pending_identifier: null,
    current_period_started_at: periodStart,
    current_period_ends_at: periodEndsAt,
  });
  const lines = [planLine(identifier, preview.charge_cents, restarts ? '' : ', rest of the period')];
  if (preview.credit_applied_cents > 0) {
    lines.push({
      ...planLine(
        planIdentifier(row.plan, row.period),
        -preview.credit_applied_cents,
        ', unused part credited',
      ),
      unit_cents: -preview.credit_applied_cents,
    });
  }
  await issueInvoice(ctx.db, {
    companyId,
    kind: 'migration',
    status: 'paid',
    lines,
    periodStart: now,
    periodEnd: periodEndsAt,
    now,
    providerRef: outcome.ref,
  });
  return answer(ctx, companyId, SUBSCRIPTION_MESSAGES.migrated(chosen.plan, preview.payment_due_cents));
}

/** Cancel at the period's end — or, with a downsell plan, move to it instead (a plan change, not a cancel). */
export async function cancel(
  ctx: AppContext,
  companyId: number,
  downsell: string | undefined,
): Promise<Answer> {
  if (downsell) return migrate(ctx, companyId, downsell);
  const row = await live(ctx, companyId);
  if (row.cancel_at_period_end) throw conflict('The subscription is already set to end.');
  await ctx.billing.cancelAtPeriodEnd(handleOf(row, await profileOf(ctx.db, companyId)));
  await update(ctx, companyId, { cancel_at_period_end: true });
  return answer(ctx, companyId, SUBSCRIPTION_MESSAGES.canceling(row.current_period_ends_at));
}

/** §4 "A subscription cancel can be cleared". */
export async function clearCancel(ctx: AppContext, companyId: number): Promise<Answer> {
  const row = await live(ctx, companyId);
  if (!row.cancel_at_period_end) throw invalid({ subscription: ['The subscription is not set to end.'] });
  await ctx.billing.clearCancel(handleOf(row, await profileOf(ctx.db, companyId)));
  await update(ctx, companyId, { cancel_at_period_end: false });
  return answer(ctx, companyId, SUBSCRIPTION_MESSAGES.cleared);
}

/** §4 "a pending product change can be reverted". */
export async function revertProductChange(ctx: AppContext, companyId: number): Promise<Answer> {
  const row = await live(ctx, companyId);
  if (!row.pending_identifier) throw invalid({ subscription: ['No plan change is waiting.'] });
  await ctx.billing.revertProductChange(handleOf(row, await profileOf(ctx.db, companyId)));
  await update(ctx, companyId, { pending_identifier: null });
  return answer(ctx, companyId, SUBSCRIPTION_MESSAGES.reverted);
}

/** §3 "Subscription also holds customer (email, ccEmails) and receivesInvoiceEmails". */
export async function updateCustomer(
  ctx: AppContext,
  companyId: number,
  customer: { email: string; ccEmails: string[]; receivesInvoiceEmails: boolean },
): Promise<Answer> {
  await live(ctx, companyId);
  const profile = await profileOf(ctx.db, companyId);
  if (profile?.provider_customer_ref) {
    await ctx.billing.updateCustomer(profile.provider_customer_ref, customer);
  }
  await update(ctx, companyId, {
    customer_email: customer.email,
    customer_cc_emails: [...new Set(customer.ccEmails)],
    receives_invoice_emails: customer.receivesInvoiceEmails,
  });
  return answer(ctx, companyId, SUBSCRIPTION_MESSAGES.customer);
}

/** §8 'Feature enabled/disabled successfully'. */
export async function toggleFeature(
  ctx: AppContext,
  companyId: number,
  name: SubscriptionFeature,
  enabled: boolean,
): Promise<Answer> {
  const row = await live(ctx, companyId);
  await update(ctx, companyId, { features: { ...row.features, [name]: enabled } });
  return answer(ctx, companyId, BILLING_MESSAGES.featureToggled);
}

/** `POST /company/{id}/billing/retry`: charge the balance a declined renewal left (after a card update). */
export async function retryPayment(ctx: AppContext, companyId: number): Promise<Answer> {
  const row = await subscriptionOf(ctx.db, companyId);
  if (!row || statusOf(row) !== 'retry_period' || row.balance_cents <= 0) {
    throw invalid({ subscription: ['Nothing is owed: there is no payment to retry.'] });
  }
  const provider = ctx.billing;
  const outcome = await provider.retry(handleOf(row, await profileOf(ctx.db, companyId)), row.balance_cents);
  if (!outcome.ok) throw declined(outcome.reason);
  const now = ctx.now();
  await update(ctx, companyId, { provider_state: 'active', balance_cents: 0 });
  await settleOpenInvoices(ctx.db, companyId, now, outcome.ref);
  return answer(ctx, companyId, SUBSCRIPTION_MESSAGES.retried);
}

/** §7 `GET …/subscription/plans`: every plan in both periods with its price and allowances, the current one marked. */
export async function planChoices(ctx: AppContext, companyId: number): Promise<PlanOption[]> {
  const row = await subscriptionOf(ctx.db, companyId);
  const current = row ? planIdentifier(row.plan, row.period) : null;
  return PLANS.flatMap((plan) =>
    BILLING_PERIODS.map((period) => {
      const identifier = planIdentifier(plan.value, period.value);
      return {
        identifier,
        plan: plan.value,
        period: period.value,
        label: `${plan.label} (${period.label.toLowerCase()})`,
        price_cents: PLAN_PRICES_CENTS[plan.value][period.value],
        included: PLAN_ALLOWANCES[plan.value],
        current: identifier === current,
        purchasable: PURCHASABLE_PLANS.includes(plan.value),
      };
    }),
  );
}

const SANDBOX_RENEWAL_MESSAGES: Record<RenewalOutcome, string> = {
  renewed: 'Renewed: the next period was charged.',
  declined: 'The renewal was declined: the account is past due.',
  ended: 'The subscription ended, as its cancel asked.',
  not_due: 'Nothing was due.',
  not_ours: 'There is no live subscription to renew.',
};

/** The sandbox's "renew now" (renewals/renew.ts `renewNowInSandbox`), answered with what happened. */
export async function renewInSandbox(ctx: AppContext, companyId: number): Promise<Answer> {
  const outcome = await renewNowInSandbox(ctx, companyId);
  return answer(ctx, companyId, SANDBOX_RENEWAL_MESSAGES[outcome]);
}
