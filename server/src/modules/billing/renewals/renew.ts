/**
 * Renewals on our clock, for a provider that leaves them to us (the sandbox; Maxio renews on its own): at each
 * period's end the subscription is charged for the next period (with any balance still owed), after applying a
 * pending plan change, or ended when a cancel was pending. A declined renewal moves it to past due
 * (`retry_period`) with the period's price owed and an open invoice; `POST /company/{id}/billing/retry` settles it.
 */
import { BILLING_PERIODS, PLAN_PRICES_CENTS, PLANS, parsePlanIdentifier } from '@shared/domain/billing';
import { labelOf } from '@shared/domain/codes';
import { and, eq } from 'drizzle-orm';
import { type SubscriptionRow, subscriptions } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { invalid } from '../../../lib/errors';
import { issueInvoice, settleOpenInvoices } from '../invoices/invoices';
import { periodEnd } from '../subscription/proration';
import { handleOf, profileOf, statusOf, subscriptionOf } from '../subscription/records';

/** A clock that jumped far ahead renews at most this many periods in one run (the rest in the next). */
const MAX_PERIODS_A_RUN = 24;

export type RenewalOutcome = 'not_due' | 'renewed' | 'declined' | 'ended' | 'not_ours';

/** Renews one period of the company's subscription if it is due; answers what happened. */
export async function renewIfDue(ctx: AppContext, companyId: number): Promise<RenewalOutcome> {
  const provider = ctx.billing;
  const row = await subscriptionOf(ctx.db, companyId);
  if (!row || !provider.chargeRenewal || row.provider !== provider.name) return 'not_ours';
  const status = statusOf(row);
  if (status === 'expired' || status === 'not_subscribed') return 'not_ours';
  const now = ctx.now();
  if (row.current_period_ends_at > now) return 'not_due';

  if (row.cancel_at_period_end) {
    await advance(ctx, row, { provider_state: 'canceled', cancel_at_period_end: false });
    return 'ended';
  }
  const next = row.pending_identifier ? parsePlanIdentifier(row.pending_identifier) : null;
  const plan = next?.plan ?? row.plan;
  const period = next?.period ?? row.period;
  const price = PLAN_PRICES_CENTS[plan][period];
  const start = row.current_period_ends_at;
  const end = periodEnd(start, period);
  const handle = { ...handleOf(row, await profileOf(ctx.db, companyId)), plan, period };
  const outcome = await provider.chargeRenewal(handle, price + row.balance_cents);
  const changed = await advance(ctx, row, {
    plan,
    period,
    pending_identifier: null,
    current_period_started_at: start,
    current_period_ends_at: end,
    provider_state: outcome.ok ? 'active' : 'past_due',
    balance_cents: outcome.ok ? 0 : row.balance_cents + price,
  });
  if (!changed) return 'not_due';
  if (outcome.ok) await settleOpenInvoices(ctx.db, companyId, now, outcome.ref);
  await issueInvoice(ctx.db, {
    companyId,
    kind: 'renewal',
    status: outcome.ok ? 'paid' : 'open',
    lines: [
      {
        description: `${labelOf(PLANS, plan)} (${labelOf(BILLING_PERIODS, period).toLowerCase()})`,
        quantity: 1,
        unit_cents: price,
        amount_cents: price,
      },
    ],
    periodStart: start,
    periodEnd: end,
    now,
    providerRef: outcome.ok ? outcome.ref : null,
  });
  return outcome.ok ? 'renewed' : 'declined';
}

/**
 * Writes the renewal only if nobody renewed this period meanwhile (another server's job, a test calling this
 * directly): the period's end is the version. Answers whether this write won.
 */
async function advance(
  ctx: AppContext,
  row: SubscriptionRow,
  values: Partial<SubscriptionRow>,
): Promise<boolean> {
  const written = await ctx.db
    .update(subscriptions)
    .set({ ...values, updated_at: ctx.now() })
    .where(
      and(
        eq(subscriptions.company_id, row.company_id),
        eq(subscriptions.current_period_ends_at, row.current_period_ends_at),
      ),
    )
    .returning({ company_id: subscriptions.company_id });
  return written.length > 0;
}

/** Renews every period that has come due (a clock far ahead catches up), answering each period's outcome. */
export async function renewDuePeriods(ctx: AppContext, companyId: number): Promise<RenewalOutcome[]> {
  const outcomes: RenewalOutcome[] = [];
  for (let i = 0; i < MAX_PERIODS_A_RUN; i += 1) {
    const outcome = await renewIfDue(ctx, companyId);
    if (outcome === 'not_due' || outcome === 'not_ours') break;
    outcomes.push(outcome);
    if (outcome === 'ended') break;
  }
  return outcomes;
}

/**
 * The sandbox's test clock (as the processors' test modes have one): the current period ends now and its renewal
 * runs, so a demo or an end-to-end test meets a renewal — paid, or declined into past due — without waiting a
 * month. Only on the sandbox: a real provider's periods are its own.
 */
export async function renewNowInSandbox(ctx: AppContext, companyId: number): Promise<RenewalOutcome> {
  const provider = ctx.billing;
  const row = await subscriptionOf(ctx.db, companyId);
  if (provider.name !== 'sandbox' || !row || row.provider !== 'sandbox') {
    throw invalid({ subscription: ['Only a sandbox subscription can be renewed on demand.'] });
  }
  const now = ctx.now();
  await ctx.db
    .update(subscriptions)
    .set({ current_period_ends_at: now, updated_at: now })
    .where(eq(subscriptions.company_id, companyId));
  const outcome = await renewIfDue(ctx, companyId);
  if (outcome === 'not_ours') throw invalid({ subscription: ['There is no live subscription to renew.'] });
  return outcome;
}
