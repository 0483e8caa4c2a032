/**
 * §7 Company and billing (`/company/{id}/billing`, `/billing/retry`, `/chargify/security-token`,
 * `/company/{id}/invoices`), Subscription (`/company/{companyId}/subscription` and its actions) and Yearly upgrade
 * offers. Money travels in whole cents (`*_cents`); screens show it with `formatUsd` (§9).
 *
 * Card numbers never reach the server: the browser's hosted fields (Chargify.js, or the sandbox's own) turn the
 * card into a token, and `POST /company/{id}/billing` takes that token with the card's last four, expiry and brand
 * when the fields know them: the sandbox's do; Chargify.js answers the token alone, and the Maxio provider reads
 * them from the payment profile Maxio vaults (the sandbox provider refuses a card without them).
 * §3 names cc_number, cc_exp and cc_cvc among the billing fields; sent here they are refused with a 422 that says
 * why (BILLING_MESSAGES.cardNumberRefused).
 */
import { z } from 'zod';
import {
  BILLING_MESSAGES,
  BILLING_PERIODS,
  PLANS,
  PROVIDER_STATUS_TABLE,
  SUBSCRIPTION_FEATURES,
  SUBSCRIPTION_STATUSES,
} from '../domain/billing';
import { endpoint, enumOf, IdParamSchema } from './contract';

const id = IdParamSchema;
const CompanyParams = z.object({ companyId: id });
const ByIdParams = z.object({ id });

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is at most ${max} characters.`);
const required = (max: number, label: string) => text(max, label).min(1, `Enter the ${label.toLowerCase()}.`);

/** A field that must never be sent: present at all, it is refused with the reason. */
const refused = z
  .unknown()
  .optional()
  .refine((value) => value === undefined, BILLING_MESSAGES.cardNumberRefused);

export const BILLING_PROVIDERS = Object.keys(PROVIDER_STATUS_TABLE) as (keyof typeof PROVIDER_STATUS_TABLE)[];

export const CardSchema = z.object({
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  brand: z.string(),
});
export type Card = z.infer<typeof CardSchema>;

export const STANDINGS = ['good', 'past_due', 'parked', 'deactivated'] as const;

export const BillingDetailsSchema = z.object({
  billing_name: z.string(),
  billing_address: z.string(),
  billing_address_2: z.string(),
  billing_city: z.string(),
  billing_state: z.string(),
  billing_zip: z.string(),
  billing_country: z.string(),
  /** The card on file, as the provider described it; null before one was added. */
  card: CardSchema.nullable(),
  /** Where the account stands (shared/domain/billing.ts STANDING_ALLOWS) and what it owes. */
  standing: z.enum(STANDINGS),
  balance_cents: z.number().int(),
});
export type BillingDetails = z.infer<typeof BillingDetailsSchema>;

export const AccountStandingSchema = z.object({
  standing: z.enum(STANDINGS),
  /** What is owed, for the roles that see billing; null for the others. */
  balance_cents: z.number().int().nullable(),
  /** The notice to show (shared/domain/billing.ts `standingNotice`); null in good standing. */
  notice: z.string().nullable(),
});
export type AccountStandingView = z.infer<typeof AccountStandingSchema>;

/** `POST /company/{id}/billing`: the §3 billing fields, with the card as the hosted fields tokenised it. */
export const BillingUpdateSchema = z.object({
  billing_name: required(200, 'Name on the card'),
  billing_address: required(200, 'Address'),
  billing_address_2: text(200, 'Address line 2').default(''),
  billing_city: required(100, 'City'),
  billing_state: required(100, 'State'),
  billing_zip: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, 'Enter a postal code of 3 to 10 letters and digits.'),
  billing_country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter country code (US).')
    .default('US'),
  /** §3 chargify_token: what the hosted fields answered. */
  chargify_token: z
    .string()
    .trim()
    .min(8, 'Add the card through the payment form.')
    .max(200, 'The card token is at most 200 characters.')
    .regex(/^[A-Za-z0-9_-]+$/, 'The card token holds letters, digits, dashes and underscores only.'),
  /** The card as the hosted fields saw it; Chargify.js gives none of these (see above). */
  card_last4: z
    .string()
    .regex(/^\d{4}$/, 'The last four digits are four digits.')
    .optional(),
  card_exp_month: z
    .number()
    .int()
    .min(1, 'Enter a month from 1 to 12.')
    .max(12, 'Enter a month from 1 to 12.')
    .optional(),
  card_exp_year: z
    .number()
    .int()
    .min(2000, 'Enter a four-digit year.')
    .max(2100, 'Enter a four-digit year.')
    .optional(),
  card_brand: text(40, 'Card brand').default('card'),
  cc_number: refused,
  cc_cvc: refused,
  cc_exp: refused,
});
export type BillingUpdate = z.input<typeof BillingUpdateSchema>;

export const SubscriptionSchema = z.object({
  provider: z.enum(
    BILLING_PROVIDERS as [keyof typeof PROVIDER_STATUS_TABLE, ...(keyof typeof PROVIDER_STATUS_TABLE)[]],
  ),
  status: enumOf(SUBSCRIPTION_STATUSES),
  plan: enumOf(PLANS).nullable(),
  period: enumOf(BILLING_PERIODS).nullable(),
  identifier: z.string().nullable(),
  price_cents: z.number().int(),
  current_period_started_at: z.string().nullable(),
  current_period_ends_at: z.string().nullable(),
  /** A product change waiting for the period's end (a downgrade), revertable. */
  pending_identifier: z.string().nullable(),
  balance_cents: z.number().int(),
  customer: z.object({ email: z.string(), ccEmails: z.array(z.string()) }),
  receivesInvoiceEmails: z.boolean(),
  features: z.record(z.string(), z.boolean()),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

const IdentifierSchema = z.object({
  identifier: z.string().trim().min(1, 'Choose a plan.').max(60, 'Choose a plan.'),
});

export const SubscribeSchema = IdentifierSchema;
export const MigrateSchema = IdentifierSchema;

export const CancelSchema = z.object({
  /** Take the downsell offer: move to this (cheaper) plan instead of canceling. */
  downsell_identifier: z.string().trim().min(1).max(60).optional(),
});

const EmailSchema = z.string().trim().email('Enter a valid email address.').max(254);
export const CustomerUpdateSchema = z.object({
  email: EmailSchema,
  ccEmails: z.array(EmailSchema).max(10, 'Copy at most 10 addresses.').default([]),
  receivesInvoiceEmails: z.boolean(),
});
export type CustomerUpdate = z.input<typeof CustomerUpdateSchema>;

export const PlanOptionSchema = z.object({
  identifier: z.string(),
  plan: enumOf(PLANS),
  period: enumOf(BILLING_PERIODS),
  label: z.string(),
  price_cents: z.number().int(),
  included: z.object({ numbers: z.number().int(), minutes: z.number().int(), segments: z.number().int() }),
  current: z.boolean(),
  purchasable: z.boolean(),
});
export type PlanOption = z.infer<typeof PlanOptionSchema>;

export const UsageSchema = z.object({
  period_start: z.string(),
  period_end: z.string(),
  numbers: z.number().int(),
  minutes: z.number().int(),
  messages: z.number().int(),
  segments: z.number().int(),
  registration_fees_cents: z.number().int(),
  included: z.object({ numbers: z.number().int(), minutes: z.number().int(), segments: z.number().int() }),
  /** What the usage beyond the plan costs so far, in cents. */
  overage_cents: z.number().int(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const InvoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unit_cents: z.number().int(),
  amount_cents: z.number().int(),
});

export const InvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(['renewal', 'migration', 'signup', 'retry']),
  status: z.enum(['paid', 'open']),
  issued_at: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  lines: z.array(InvoiceLineSchema),
  total_cents: z.number().int(),
  paid_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** What `migrate/preview` answers, and `migrate` then invoices (the same amounts). */
export const MigrationPreviewSchema = z.object({
  identifier: z.string(),
  /** Charged now: the new plan's price for the rest of the period, less the credit. */
  prorated_adjustment_cents: z.number().int(),
  credit_applied_cents: z.number().int(),
  charge_cents: z.number().int(),
  payment_due_cents: z.number().int(),
  /** A downgrade waits for the period's end and charges nothing now. */
  takes_effect: z.enum(['now', 'period_end']),
});
export type MigrationPreview = z.infer<typeof MigrationPreviewSchema>;

export const HostedFieldsSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('sandbox'),
    public_key: z.string(),
    /** The sandbox's test cards and what each does (§8 payment messages). */
    test_cards: z.array(
      z.object({ number: z.string(), outcome: z.enum(['succeeds', 'declined', 'issuer']) }),
    ),
  }),
  z.object({
    provider: z.literal('maxio'),
    /** Chargify.js `publicKey`, `securityToken` and `serverHost`. */
    public_key: z.string(),
    security_token: z.string(),
    server_host: z.string(),
  }),
]);
export type HostedFields = z.infer<typeof HostedFieldsSchema>;

export const YearlyUpgradeOfferSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  savings_cents: z.number().int(),
  expires_at: z.string(),
  viewed_at: z.string().nullable(),
  used_at: z.string().nullable(),
  created_at: z.string(),
});
export type YearlyUpgradeOffer = z.infer<typeof YearlyUpgradeOfferSchema>;

export const OfferCreateSchema = z.object({
  identifier: z
    .string()
    .trim()
    .regex(/_yearly$/, 'A yearly upgrade offer moves to a yearly plan.'),
});
export const OfferUpdateSchema = z
  .object({ viewed: z.literal(true).optional(), used: z.literal(true).optional() })
  .refine((value) => value.viewed || value.used, 'Say whether the offer was viewed or used.');

const MessageOf = <S extends z.ZodType>(schema: S) => z.object({ data: schema, message: z.string() });

export const BILLING_ENDPOINTS = {
  details: endpoint({
    method: 'GET',
    path: '/company/{id}/billing',
    summary: 'The billing name and address, the card on file (last four, expiry) and the account standing',
    params: ByIdParams,
    response: BillingDetailsSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/company/{id}/billing',
    summary: 'Save the billing fields and the card token from the hosted fields (never a card number)',
    params: ByIdParams,
    body: BillingUpdateSchema,
    response: MessageOf(BillingDetailsSchema),
  }),
  retry: endpoint({
    method: 'POST',
    path: '/company/{id}/billing/retry',
    summary: 'Charge the outstanding balance again (after a card update)',
    params: ByIdParams,
    response: MessageOf(SubscriptionSchema),
  }),
  securityToken: endpoint({
    method: 'GET',
    path: '/chargify/security-token',
    summary: "What the browser's hosted payment fields need",
    response: HostedFieldsSchema,
  }),
  invoices: endpoint({
    method: 'GET',
    path: '/company/{id}/invoices',
    summary: 'Invoices, newest first, with their lines',
    params: ByIdParams,
    response: z.object({ data: z.array(InvoiceSchema) }),
  }),
  invoicePdf: endpoint({
    method: 'GET',
    path: '/company/{id}/invoices/{invoiceId}/pdf',
    summary: 'One invoice as a PDF',
    params: z.object({ id, invoiceId: id }),
    response: null,
  }),
  standing: endpoint({
    method: 'GET',
    path: '/company/{id}/standing',
    summary:
      'Where the account stands, for the notice on every screen: any member may ask; the balance only with billing.view',
    params: ByIdParams,
    response: AccountStandingSchema,
  }),
  providerWebhook: endpoint({
    method: 'POST',
    path: '/webhooks/maxio',
    summary:
      'Maxio: a subscription event (form-encoded, signed with the site shared key); the subscription is re-read from Maxio',
    body: z.record(z.string(), z.unknown()),
    response: z.object({ applied: z.boolean() }),
  }),
} as const;

export const SUBSCRIPTION_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: '/company/{companyId}/subscription',
    summary: 'The subscription: plan, status (§3), period, customer',
    params: CompanyParams,
    response: SubscriptionSchema,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/company/{companyId}/subscription',
    summary: 'Subscribe to a plan with the card on file (charges the first period)',
    params: CompanyParams,
    body: SubscribeSchema,
    response: MessageOf(SubscriptionSchema),
    status: 201,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/company/{companyId}/subscription/cancel',
    summary: "Cancel at the period's end, or take the downsell plan instead",
    params: CompanyParams,
    body: CancelSchema,
    response: MessageOf(SubscriptionSchema),
  }),
  clear: endpoint({
    method: 'POST',
    path: '/company/{companyId}/subscription/clear',
    summary: 'Clear a pending cancel',
    params: CompanyParams,
    response: MessageOf(SubscriptionSchema),
  }),
  customerUpdate: endpoint({
    method: 'POST',
    path: '/company/{companyId}/subscription/customer/update',
    summary: 'The billing email, copies and whether invoices are emailed',
    params: CompanyParams,
    body: CustomerUpdateSchema,
    response: MessageOf(SubscriptionSchema),
  }),
  revertPendingProductChange: endpoint({
    method: 'POST',
    path: '/company/{companyId}/subscription/revert-pending-product-change',
    summary: 'Keep the current plan: drop a change waiting for the period end',
    params: CompanyParams,
    response: MessageOf(SubscriptionSchema),
  }),
  plans: endpoint({
    method: 'GET',
    path: '/company/{companyId}/subscription/plans',
    summary: 'The plans (§3), monthly and yearly, with prices',
    params: CompanyParams,
    response: z.object({ data: z.array(PlanOptionSchema) }),
  }),
  usage: endpoint({
    method: 'GET',
    path: '/company/{companyId}/subscription/usage',
    summary: 'Numbers, minutes, messages, segments and registration fees of the current period',
    params: CompanyParams,
    response: UsageSchema,
  }),
  migratePreview: endpoint({
    method: 'POST',
    path: '/company/{companyId}/subscription/migrate/preview',
    summary: 'What moving to a plan would charge now (proration)',
    params: CompanyParams,
    body: MigrateSchema,
    response: MigrationPreviewSchema,
  }),
  migrate: endpoint({
    method: 'POST',
    path: '/company/{companyId}/subscription/migrate',
    summary: 'Move to a plan: an upgrade now (prorated invoice), a downgrade at the period end',
    params: CompanyParams,
    body: MigrateSchema,
    response: MessageOf(SubscriptionSchema),
  }),
  feature: endpoint({
    method: 'PUT',
    path: '/company/{companyId}/subscription/feature/{name}',
    summary: 'Turn a feature of the subscription on or off',
    params: z.object({ companyId: id, name: enumOf(SUBSCRIPTION_FEATURES) }),
    body: z.object({ enabled: z.boolean() }),
    response: MessageOf(SubscriptionSchema),
  }),
  sandboxRenew: endpoint({
    method: 'POST',
    path: '/company/{companyId}/subscription/sandbox-renew',
    summary: "Sandbox only: end the current period now and run its renewal (the sandbox's test clock)",
    params: CompanyParams,
    response: MessageOf(SubscriptionSchema),
  }),
  offers: endpoint({
    method: 'GET',
    path: '/company/{companyId}/yearly-upgrade-offers',
    summary: 'Yearly upgrade offers, newest first',
    params: CompanyParams,
    response: z.object({ data: z.array(YearlyUpgradeOfferSchema) }),
  }),
  createOffer: endpoint({
    method: 'POST',
    path: '/company/{companyId}/yearly-upgrade-offers',
    summary: 'Offer the yearly period of a plan',
    params: CompanyParams,
    body: OfferCreateSchema,
    response: YearlyUpgradeOfferSchema,
    status: 201,
  }),
  updateOffer: endpoint({
    method: 'PUT',
    path: '/company/{companyId}/yearly-upgrade-offers/{id}',
    summary: 'Mark an offer viewed or used',
    params: z.object({ companyId: id, id }),
    body: OfferUpdateSchema,
    response: YearlyUpgradeOfferSchema,
  }),
} as const;

/** The payment form's own fields (the card's come from the hosted fields' token). */
export const BillingAddressSchema = BillingUpdateSchema.pick({
  billing_name: true,
  billing_address: true,
  billing_address_2: true,
  billing_city: true,
  billing_state: true,
  billing_zip: true,
  billing_country: true,
});
export type BillingAddress = z.input<typeof BillingAddressSchema>;
