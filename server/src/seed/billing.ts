/**
 * Demo billing: Demo Motors on Premium, monthly, active, with a sandbox card on file (a Visa ending 4242 — only
 * its token, last four and expiry, as the hosted fields would have handed them) and four months of paid invoices
 * up to SEED_ANCHOR. Its billing job is armed when a server starts (main.ts), not here, so test apps built on the
 * seed see no renewal run they did not ask for. The other companies have no subscription.
 */
import { PLAN_PRICES_CENTS } from '@shared/domain/billing';
import type { Db } from '../db/client';
import { billingProfiles, invoices, subscriptions } from '../db/schema';
import { SEED_ANCHOR } from './conversations';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A sandbox token of the succeeding test card (shared/domain/billing.ts `sandboxTokenOutcome`). */
export const DEMO_CARD_TOKEN = 'sbx_succeeds_DemoMotorsSeedCard01';

const monthStart = (monthsBack: number) =>
  new Date(Date.UTC(SEED_ANCHOR.getUTCFullYear(), SEED_ANCHOR.getUTCMonth() - monthsBack, 1));

export async function seedDemoBilling(tx: Tx, companyId: number, ownerEmail: string): Promise<void> {
  const price = PLAN_PRICES_CENTS.premium.monthly;
  await tx.insert(billingProfiles).values({
    company_id: companyId,
    billing_name: 'Olivia Owner',
    billing_address: '1200 Auto Mall Drive',
    billing_city: 'Springfield',
    billing_state: 'IL',
    billing_zip: '62704',
    billing_country: 'US',
    card_token: DEMO_CARD_TOKEN,
    card_last4: '4242',
    card_exp_month: 8,
    card_exp_year: SEED_ANCHOR.getUTCFullYear() + 3,
    card_brand: 'visa',
    provider_customer_ref: 'sbx_cus_demomotors',
    provider_payment_ref: 'sbx_pm_demomotors',
    created_at: monthStart(3),
    updated_at: monthStart(3),
  });
  await tx.insert(subscriptions).values({
    company_id: companyId,
    provider: 'sandbox',
    provider_ref: 'sbx_sub_demomotors',
    provider_state: 'active',
    plan: 'premium',
    period: 'monthly',
    current_period_started_at: monthStart(0),
    current_period_ends_at: monthStart(-1),
    customer_email: ownerEmail,
    created_at: monthStart(3),
    updated_at: monthStart(0),
  });
  const months = [3, 2, 1, 0];
  await tx.insert(invoices).values(
    months.map((back, index) => ({
      company_id: companyId,
      number: `INV-${companyId}-${String(index + 1).padStart(4, '0')}`,
      kind: index === 0 ? ('signup' as const) : ('renewal' as const),
      status: 'paid' as const,
      issued_at: monthStart(back),
      period_start: monthStart(back),
      period_end: monthStart(back - 1),
      lines: [{ description: 'Premium (monthly)', quantity: 1, unit_cents: price, amount_cents: price }],
      total_cents: price,
      paid_at: monthStart(back),
      provider_ref: `sbx_ch_demo_${index + 1}`,
      created_at: monthStart(back),
      updated_at: monthStart(back),
    })),
  );
}
