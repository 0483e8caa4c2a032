/**
 * The sandbox billing provider: the default when no provider is configured (the demo, the tests). It behaves as a
 * processor's test mode does — cards are tokenised in the browser (renderer/src/features/billing/sandboxFields),
 * a token's test card decides each charge (shared/domain/billing.ts SANDBOX_TEST_CARDS) — and it renews on our
 * clock: the renewal job charges each period's end and writes the invoice, as Maxio would on its own.
 */
import { randomBytes } from 'node:crypto';
import type { MigrationPreview } from '@shared/api/billing';
import {
  PLAN_PRICES_CENTS,
  parsePlanIdentifier,
  SANDBOX_PUBLIC_KEY,
  SANDBOX_TEST_CARDS,
  sandboxTokenOutcome,
} from '@shared/domain/billing';
import { invalid } from '../../../lib/errors';
import type { BillingProvider, ChargeOutcome, SubscriptionHandle } from '../../../services/billing';
import { periodEnd, prorate } from '../subscription/proration';

function ref(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('hex')}`;
}

/** A charge on the token's test card: it succeeds, is declined, or needs the issuer. */
function charge(cardToken: string): ChargeOutcome {
  const outcome = sandboxTokenOutcome(cardToken);
  if (outcome === 'succeeds') return { ok: true, ref: ref('sbx_ch') };
  return { ok: false, reason: outcome === 'issuer' ? 'issuer' : 'declined' };
}

export function sandboxProvider(): BillingProvider {
  return {
    name: 'sandbox',
    async hostedFields() {
      return { provider: 'sandbox', public_key: SANDBOX_PUBLIC_KEY, test_cards: [...SANDBOX_TEST_CARDS] };
    },
    async savePaymentMethod({ customerRef, card }) {
      if (!sandboxTokenOutcome(card.token)) {
        throw invalid({ chargify_token: ['This card token was not made by the sandbox payment form.'] });
      }
      // The sandbox keeps no card of its own to describe: its payment form sends the card's summary.
      const { last4, expMonth, expYear, brand } = card;
      if (!last4 || !expMonth || !expYear) {
        throw invalid({ card_last4: ['Add the card through the payment form.'] });
      }
      return {
        customerRef: customerRef ?? ref('sbx_cus'),
        paymentRef: ref('sbx_pm'),
        card: { last4, expMonth, expYear, brand },
      };
    },
    async subscribe({ cardToken, identifier, now }) {
      const chosen = parsePlanIdentifier(identifier);
      if (!chosen) throw invalid({ identifier: ['Choose one of the plans.'] });
      const outcome = charge(cardToken);
      if (!outcome.ok) return outcome;
      return {
        ok: true,
        chargedCents: PLAN_PRICES_CENTS[chosen.plan][chosen.period],
        subscription: {
          ref: ref('sbx_sub'),
          state: 'active',
          cancelAtPeriodEnd: false,
          periodStartedAt: now,
          periodEndsAt: periodEnd(now, chosen.period),
          balanceCents: 0,
        },
      };
    },
    async retry(subscription) {
      return charge(subscription.cardToken);
    },
    async chargeRenewal(subscription) {
      return charge(subscription.cardToken);
    },
    async previewMigration(subscription, identifier, now): Promise<MigrationPreview> {
      const preview = prorate(subscription, identifier, now);
      if (!preview) throw invalid({ identifier: ['Choose one of the plans.'] });
      return preview;
    },
    async migrate(subscription, _identifier, preview) {
      return preview.payment_due_cents > 0
        ? charge(subscription.cardToken)
        : { ok: true, ref: ref('sbx_ch') };
    },
    // The sandbox keeps no ledger of its own beyond our tables: scheduling, reverting and canceling are the
    // service's writes to them, so the provider has nothing more to record.
    async scheduleProductChange(_subscription: SubscriptionHandle) {},
    async revertProductChange() {},
    async cancelAtPeriodEnd() {},
    async clearCancel() {},
    async updateCustomer() {},
  };
}
