/**
 * Billing (§3 Billing fields, Plans, Subscription statuses and customer; §7 Company and billing, Subscription,
 * Yearly upgrade offers). The provider (Maxio, or the sandbox) is the ledger of record for money; these tables
 * keep what the app shows and what our own rules (renewals on the sandbox, the account's standing) read.
 *
 * - `billing_profiles`: one per company — the §3 billing name and address, and of the card only what the
 *   provider's hosted fields handed back: its token, last four, expiry and brand. §3 lists cc_number and cc_cvc;
 *   they are never stored, nor ever received (modules/billing refuses them).
 * - `subscriptions`: one per company — plan and period, the provider's own state (shared/domain/billing.ts
 *   PROVIDER_STATUS_TABLE makes it a §3 status), the current period, a pending cancel or product change, the
 *   outstanding balance of a declined renewal, the §3 customer (email, ccEmails, receivesInvoiceEmails) and the
 *   feature toggles.
 * - `invoices`: what was billed, with its lines (renewals, plan changes, usage, registration fees).
 * - `billing_charges`: one-off charges waiting for the next invoice (a registration fee), metered as usage.
 * - `yearly_upgrade_offers`: an offer to move to the yearly period, with when it was viewed and used.
 */
import type { BillingPeriod, BillingProviderName, Plan } from '@shared/domain/billing';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, serialId, timestamps, timestamptz } from './columns';

export const billingProfiles = pgTable('billing_profiles', {
  company_id: companyId().primaryKey(),
  billing_name: text('billing_name').notNull().default(''),
  billing_address: text('billing_address').notNull().default(''),
  billing_address_2: text('billing_address_2').notNull().default(''),
  billing_city: text('billing_city').notNull().default(''),
  billing_state: text('billing_state').notNull().default(''),
  billing_zip: text('billing_zip').notNull().default(''),
  billing_country: text('billing_country').notNull().default('US'),
  /** §3 chargify_token: the provider's token for the card (the browser tokenised it; we never saw the number). */
  card_token: text('card_token'),
  card_last4: text('card_last4'),
  card_exp_month: integer('card_exp_month'),
  card_exp_year: integer('card_exp_year'),
  card_brand: text('card_brand'),
  /** The provider's customer and payment profile, once the card was vaulted there. */
  provider_customer_ref: text('provider_customer_ref'),
  provider_payment_ref: text('provider_payment_ref'),
  ...timestamps(),
});

export interface FeatureToggles {
  [name: string]: boolean;
}

export const subscriptions = pgTable('subscriptions', {
  company_id: companyId().primaryKey(),
  provider: text('provider').$type<BillingProviderName>().notNull(),
  /** The provider's id of the subscription (Maxio's number as text; the sandbox's own). */
  provider_ref: text('provider_ref').notNull(),
  /** The provider's own state, as it names it (PROVIDER_STATUS_TABLE). */
  provider_state: text('provider_state').notNull(),
  plan: text('plan').$type<Plan>().notNull(),
  period: text('period').$type<BillingPeriod>().notNull(),
  current_period_started_at: timestamptz('current_period_started_at').notNull(),
  current_period_ends_at: timestamptz('current_period_ends_at').notNull(),
  /** Set to end at the period's end (§3 status `canceling`); cleared by `clear`. */
  cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
  /** A product change that takes effect at the period's end (a downgrade), until reverted. */
  pending_identifier: text('pending_identifier'),
  /** What a declined renewal left owing, in cents; 0 in good standing. */
  balance_cents: integer('balance_cents').notNull().default(0),
  customer_email: text('customer_email').notNull().default(''),
  customer_cc_emails: jsonb('customer_cc_emails').$type<string[]>().notNull().default([]),
  receives_invoice_emails: boolean('receives_invoice_emails').notNull().default(true),
  features: jsonb('features').$type<FeatureToggles>().notNull().default({}),
  /** The usage last published as `billing usage updated`, so an unchanged meter is not published again. */
  published_usage: jsonb('published_usage').$type<Record<string, number>>(),
  ...timestamps(),
});

export interface InvoiceLine {
  description: string;
  quantity: number;
  unit_cents: number;
  amount_cents: number;
}

export type InvoiceKind = 'renewal' | 'migration' | 'signup' | 'retry';
export type InvoiceStatus = 'paid' | 'open';

export const invoices = pgTable(
  'invoices',
  {
    id: serialId(),
    company_id: companyId(),
    /** The number shown and printed: `INV-<company>-<sequence>`. */
    number: text('number').notNull(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    issued_at: timestamptz('issued_at').notNull(),
    period_start: timestamptz('period_start').notNull(),
    period_end: timestamptz('period_end').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull().default([]),
    total_cents: integer('total_cents').notNull(),
    paid_at: timestamptz('paid_at'),
    provider_ref: text('provider_ref'),
    ...timestamps(),
  },
  (table) => [
    index('invoices_company_issued_idx').on(table.company_id, table.issued_at),
    uniqueIndex('invoices_number_unique').on(table.number),
  ],
);

export const billingCharges = pgTable(
  'billing_charges',
  {
    id: serialId(),
    company_id: companyId(),
    /** What the charge is for, as the invoice line says it ("10DLC brand registration"). */
    description: text('description').notNull(),
    kind: text('kind').$type<'registration_fee'>().notNull(),
    amount_cents: integer('amount_cents').notNull(),
    /** The invoice that billed it; null until the next one. */
    invoice_id: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [index('billing_charges_company_idx').on(table.company_id, table.created_at)],
);

export const yearlyUpgradeOffers = pgTable(
  'yearly_upgrade_offers',
  {
    id: serialId(),
    company_id: companyId(),
    /** The plan the offer moves to, in the yearly period (`premium_yearly`). */
    identifier: text('identifier').notNull(),
    /** What the customer saves over twelve monthly payments, in cents. */
    savings_cents: integer('savings_cents').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    viewed_at: timestamptz('viewed_at'),
    used_at: timestamptz('used_at'),
    ...timestamps(),
  },
  (table) => [index('yearly_upgrade_offers_company_idx').on(table.company_id)],
);

export type BillingProfileRow = typeof billingProfiles.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type YearlyUpgradeOfferRow = typeof yearlyUpgradeOffers.$inferSelect;
