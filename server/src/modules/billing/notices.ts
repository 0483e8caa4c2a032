/**
 * What the billing provider did on its own, taken in: a provider that renews and runs its dunning itself (Maxio)
 * tells us by webhook when a renewal was paid or declined, a subscription changed state, a delayed product change
 * or cancel took effect. Such a notice is trusted only when signed with the provider's shared key; it is then a
 * prompt, not a source — the subscription is read from the provider as it stands now and our copy (its state,
 * period, pending cancel, balance, plan) updated, so a late or replayed notice changes nothing, and a declined
 * renewal puts the account past due here exactly as the sandbox's renewal job does.
 */
import { parsePlanIdentifier, subscriptionStatusOf } from '@shared/domain/billing';
import { and, eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { HttpError, notFound } from '../../lib/errors';

export interface NoticeOutcome {
  /** Whether the notice was about one of our subscriptions, and our copy was brought up to date. */
  applied: boolean;
}

export async function takeProviderNotice(
  ctx: AppContext,
  notice: {
    rawBody: string;
    headers: Readonly<Record<string, string | string[] | undefined>>;
    body: Readonly<Record<string, unknown>>;
  },
): Promise<NoticeOutcome> {
  const notices = ctx.billing.notices;
  if (!notices) throw notFound('billing webhook');
  if (!notices.verify(notice.rawBody, notice.headers)) {
    throw new HttpError(403, "The billing provider's signature does not match.");
  }
  const ref = notices.subscriptionRefOf(notice.body);
  if (!ref) return { applied: false };
  const [row] = await ctx.db
    .select({ company_id: subscriptions.company_id, pending_identifier: subscriptions.pending_identifier })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, ctx.billing.name), eq(subscriptions.provider_ref, ref)));
  // Another site's subscription, or one of ours not yet written (its creation answers for itself).
  if (!row) return { applied: false };

  const now = await notices.read(ref);
  // A state the one table does not place is refused, never guessed (nothing is written; the provider retries).
  try {
    subscriptionStatusOf(ctx.billing.name, now.state);
  } catch {
    throw new HttpError(
      422,
      `The billing provider reported a subscription state this server does not know: "${now.state}".`,
    );
  }
  const plan = now.identifier ? parsePlanIdentifier(now.identifier) : null;
  await ctx.db
    .update(subscriptions)
    .set({
      provider_state: now.state,
      cancel_at_period_end: now.cancelAtPeriodEnd,
      current_period_started_at: now.periodStartedAt,
      current_period_ends_at: now.periodEndsAt,
      balance_cents: now.balanceCents,
      ...(plan ? { plan: plan.plan, period: plan.period } : {}),
      // The product change that was waiting has happened.
      ...(row.pending_identifier && row.pending_identifier === now.identifier
        ? { pending_identifier: null }
        : {}),
      updated_at: ctx.now(),
    })
    .where(eq(subscriptions.company_id, row.company_id));
  return { applied: true };
}
