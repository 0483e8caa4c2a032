/**
 * §7 `GET/POST /company/{id}/billing`: the §3 billing name and address, and the card as the provider's hosted
 * fields handed it back — token, last four, expiry, brand. Saving vaults the token with the provider and charges
 * nothing (§8 "saved successfully and not charged until the next billing cycle"); a past-due account is told it
 * still owes (§8 "saved but account still past due") and retries the payment itself.
 */
import type { BillingDetails, BillingUpdateSchema } from '@shared/api/billing';
import { BILLING_MESSAGES } from '@shared/domain/billing';
import type { z } from 'zod';
import { billingProfiles } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { standingOf } from './standing/standing';
import { profileOf, subscriptionOf } from './subscription/records';

export async function billingDetails(ctx: AppContext, companyId: number): Promise<BillingDetails> {
  const profile = await profileOf(ctx.db, companyId);
  const { standing, balanceCents } = await standingOf(ctx.db, companyId);
  return {
    billing_name: profile?.billing_name ?? '',
    billing_address: profile?.billing_address ?? '',
    billing_address_2: profile?.billing_address_2 ?? '',
    billing_city: profile?.billing_city ?? '',
    billing_state: profile?.billing_state ?? '',
    billing_zip: profile?.billing_zip ?? '',
    billing_country: profile?.billing_country ?? 'US',
    card:
      profile?.card_last4 && profile.card_exp_month && profile.card_exp_year
        ? {
            last4: profile.card_last4,
            exp_month: profile.card_exp_month,
            exp_year: profile.card_exp_year,
            brand: profile.card_brand ?? 'card',
          }
        : null,
    standing,
    balance_cents: balanceCents,
  };
}

export async function saveBilling(
  ctx: AppContext,
  companyId: number,
  callerEmail: string,
  body: z.output<typeof BillingUpdateSchema>,
): Promise<{ data: BillingDetails; message: string }> {
  const existing = await profileOf(ctx.db, companyId);
  const subscription = await subscriptionOf(ctx.db, companyId);
  const billing = {
    name: body.billing_name,
    address: body.billing_address,
    address2: body.billing_address_2,
    city: body.billing_city,
    state: body.billing_state,
    zip: body.billing_zip,
    country: body.billing_country,
  };
  const vaulted = await ctx.billing.savePaymentMethod({
    companyId,
    customerRef: existing?.provider_customer_ref ?? null,
    email: subscription?.customer_email || callerEmail,
    billing,
    card: {
      token: body.chargify_token,
      last4: body.card_last4,
      expMonth: body.card_exp_month,
      expYear: body.card_exp_year,
      brand: body.card_brand,
    },
  });
  const values = {
    billing_name: body.billing_name,
    billing_address: body.billing_address,
    billing_address_2: body.billing_address_2,
    billing_city: body.billing_city,
    billing_state: body.billing_state,
    billing_zip: body.billing_zip,
    billing_country: body.billing_country,
    card_token: body.chargify_token,
    // The card as the provider kept it (Maxio describes it; Chargify.js sent the token alone).
    card_last4: vaulted.card.last4,
    card_exp_month: vaulted.card.expMonth,
    card_exp_year: vaulted.card.expYear,
    card_brand: vaulted.card.brand,
    provider_customer_ref: vaulted.customerRef,
    provider_payment_ref: vaulted.paymentRef,
    updated_at: ctx.now(),
  };
  await ctx.db
    .insert(billingProfiles)
    .values({ company_id: companyId, ...values })
    .onConflictDoUpdate({ target: billingProfiles.company_id, set: values });
  const details = await billingDetails(ctx, companyId);
  const message =
    details.standing === 'past_due' ? BILLING_MESSAGES.savedStillPastDue : BILLING_MESSAGES.savedNotCharged;
  return { data: details, message };
}
