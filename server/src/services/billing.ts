/**
 * What the app needs of a billing provider (Maxio Advanced Billing, or the sandbox): vault a tokenised card, run a
 * subscription through its life, charge, and price a plan change. The interface lives here so the context can name
 * it without importing a module; the providers are modules/billing/provider/, chosen by the composition root. Our tables keep a copy of what the provider
 * answered (db/schema/billing.ts); a provider's own subscription states become §3 statuses through the one table
 * in shared/domain/billing.ts.
 */
import type { HostedFields, MigrationPreview } from '@shared/api/billing';
import type { BillingPeriod, BillingProviderName, Plan } from '@shared/domain/billing';

/** What may be kept of a card to show it: never its number or security code. */
export interface CardSummary {
  last4: string;
  expMonth: number;
  expYear: number;
  brand: string;
}

/**
 * The card as the browser's hosted fields tokenised it. The sandbox's fields send its summary too; Chargify.js
 * sends the token alone, and Maxio describes the card when it vaults it.
 */
export interface TokenisedCard extends Partial<Omit<CardSummary, 'brand'>> {
  token: string;
  brand: string;
}

export interface BillingAddress {
  name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** Why a charge failed: the card was declined, or the issuer must approve it (§8 "contact the card issuer"). */
export type DeclineReason = 'declined' | 'issuer';
export type ChargeOutcome = { ok: true; ref: string } | { ok: false; reason: DeclineReason };

/** A subscription as the provider reports it. */
export interface ProviderSubscription {
  ref: string;
  state: string;
  cancelAtPeriodEnd: boolean;
  periodStartedAt: Date;
  periodEndsAt: Date;
  balanceCents: number;
}

/** What the provider knows of our subscription when we ask it to act on it. */
export interface SubscriptionHandle {
  ref: string;
  customerRef: string;
  cardToken: string;
  plan: Plan;
  period: BillingPeriod;
  periodStartedAt: Date;
  periodEndsAt: Date;
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  /** What `GET /chargify/security-token` answers: the browser's hosted fields' configuration. */
  hostedFields(): Promise<HostedFields>;
  /**
   * Keeps the tokenised card as the customer's payment method (creating the customer the first time), and says
   * what card it kept.
   */
  savePaymentMethod(input: {
    companyId: number;
    customerRef: string | null;
    email: string;
    billing: BillingAddress;
    card: TokenisedCard;
  }): Promise<{ customerRef: string; paymentRef: string; card: CardSummary }>;
  /** Starts a subscription to `identifier`, charging its first period; a declined card starts nothing. */
  subscribe(input: {
    companyId: number;
    customerRef: string;
    paymentRef: string;
    cardToken: string;
    identifier: string;
    now: Date;
  }): Promise<
    | { ok: true; subscription: ProviderSubscription; chargedCents: number }
    | { ok: false; reason: DeclineReason }
  >;
  /** Charges the outstanding balance again (a retry after a card update). */
  retry(subscription: SubscriptionHandle, balanceCents: number): Promise<ChargeOutcome>;
  /** What moving to `identifier` would charge now. */
  previewMigration(
    subscription: SubscriptionHandle,
    identifier: string,
    now: Date,
  ): Promise<MigrationPreview>;
  /** Moves to `identifier` now, charging what the preview said. */
  migrate(
    subscription: SubscriptionHandle,
    identifier: string,
    preview: MigrationPreview,
  ): Promise<ChargeOutcome>;
  /** Sets a product change for the period's end (a downgrade). */
  scheduleProductChange(subscription: SubscriptionHandle, identifier: string): Promise<void>;
  revertProductChange(subscription: SubscriptionHandle): Promise<void>;
  cancelAtPeriodEnd(subscription: SubscriptionHandle): Promise<void>;
  clearCancel(subscription: SubscriptionHandle): Promise<void>;
  updateCustomer(customerRef: string, customer: { email: string; ccEmails: string[] }): Promise<void>;
  /**
   * Charges one renewal, for a provider we renew on our clock (the sandbox: the renewal job calls it at each
   * period's end). Absent for a provider that renews and runs its dunning itself (Maxio).
   */
  chargeRenewal?(subscription: SubscriptionHandle, amountCents: number): Promise<ChargeOutcome>;
  /**
   * The notices a provider that renews and dunns on its own sends us (Maxio's webhooks: a renewal paid or
   * declined, a state change, a delayed product change done). Absent when the provider sends none, or none is
   * configured to be trusted (the sandbox: our renewal job is its clock).
   */
  notices?: ProviderNotices;
}

export interface ProviderNotices {
  /** Whether the raw body was signed by the provider (its shared key), from the request's headers. */
  verify(rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): boolean;
  /** The provider's id of the subscription a notice is about, or null for a notice about something else. */
  subscriptionRefOf(body: Readonly<Record<string, unknown>>): string | null;
  /** The subscription as it stands now at the provider, with the plan identifier of its product. */
  read(ref: string): Promise<ProviderSubscription & { identifier: string | null }>;
}
