/**
 * Maxio Advanced Billing (formerly Chargify, the processor §7 `/chargify/security-token` names) through its
 * official SDK, `@maxio-com/advanced-billing-sdk`. Used when MAXIO_SUBDOMAIN and MAXIO_API_KEY are set
 * (./index.ts). Plans are Maxio products whose handles are our plan identifiers (`premium_monthly`); the card is
 * tokenised in the browser by Chargify.js, and only its token reaches us (`chargifyToken`): the card's last four,
 * expiry and brand are read from the payment profile Maxio makes of it.
 *
 * Maxio renews subscriptions and runs dunning itself: we ask it to act and keep what it answers. The SDK's calls
 * are wrapped by `MaxioApi` (the few this provider makes), so tests give it a fake client and check the request
 * shapes and the mapping of its answers (maxio.test.ts); nothing here has been run against a live Maxio site.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ApiError,
  Client,
  type CreditCardPaymentProfile,
  CustomersController,
  Environment,
  type Subscription as MaxioSubscription,
  PaymentProfilesController,
  SubscriptionProductsController,
  SubscriptionStatusController,
  SubscriptionsController,
} from '@maxio-com/advanced-billing-sdk';
import type { MigrationPreview } from '@shared/api/billing';
import { PLAN_PRICES_CENTS, parsePlanIdentifier } from '@shared/domain/billing';
import { HttpError } from '../../../lib/errors';
import type {
  BillingProvider,
  ChargeOutcome,
  DeclineReason,
  ProviderNotices,
  ProviderSubscription,
} from '../../../services/billing';
import { isDowngrade } from '../subscription/proration';

export interface MaxioConfig {
  /** The site's subdomain (`acme` of acme.chargify.com). */
  subdomain: string;
  apiKey: string;
  /** Chargify.js: the public key, and the private key that signs its security token. */
  publicKey: string;
  privateKey: string;
  environment: 'US' | 'EU';
  /** The site's shared key, which signs its webhooks (MAXIO_WEBHOOK_KEY); without it no webhook is trusted. */
  webhookKey?: string;
}

/** The SDK calls this provider makes, as the SDK's controllers declare them. */
export interface MaxioApi {
  customers: Pick<CustomersController, 'createCustomer' | 'updateCustomer'>;
  paymentProfiles: Pick<
    PaymentProfilesController,
    'createPaymentProfile' | 'changeSubscriptionDefaultPaymentProfile'
  >;
  subscriptions: Pick<
    SubscriptionsController,
    'createSubscription' | 'updateSubscription' | 'readSubscription'
  >;
  status: Pick<
    SubscriptionStatusController,
    'retrySubscription' | 'initiateDelayedCancellation' | 'cancelDelayedCancellation'
  >;
  products: Pick<
    SubscriptionProductsController,
    'migrateSubscriptionProduct' | 'previewSubscriptionProductMigration'
  >;
}

export function maxioApi(config: MaxioConfig): MaxioApi {
  const client = new Client({
    site: config.subdomain,
    environment: config.environment === 'EU' ? Environment.EU : Environment.US,
    // Maxio's API key is the basic-auth user name; the password is ignored ("x" by its docs).
    basicAuthCredentials: { username: config.apiKey, password: 'x' },
    timeout: 30_000,
  });
  return {
    customers: new CustomersController(client),
    paymentProfiles: new PaymentProfilesController(client),
    subscriptions: new SubscriptionsController(client),
    status: new SubscriptionStatusController(client),
    products: new SubscriptionProductsController(client),
  };
}

/**
 * Chargify.js's security token: a JWT signed (HS256) with the site's private key, naming the public key as its
 * issuer and a fresh id, so a tokenisation request can be tied to our server and used once.
 */
export function chargifySecurityToken(
  config: Pick<MaxioConfig, 'publicKey' | 'privateKey'>,
  now: Date,
): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const payload = encode({ iss: config.publicKey, jti: randomUUID(), iat: Math.floor(now.getTime() / 1000) });
  const signature = createHmac('sha256', config.privateKey)
    .update(`${header}.${payload}`)
    .digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Maxio's ids are numbers; ours are kept as text. */
function idOf(ref: string): number {
  const id = Number(ref);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`"${ref}" is not a Maxio id`);
  return id;
}

/** A Maxio subscription as the provider interface reports it. */
export function fromMaxio(subscription: MaxioSubscription | undefined): ProviderSubscription {
  if (!subscription?.id || !subscription.state)
    throw new HttpError(502, 'The billing provider answered without a subscription.');
  const started = subscription.currentPeriodStartedAt ?? subscription.activatedAt ?? subscription.createdAt;
  return {
    ref: String(subscription.id),
    state: subscription.state,
    cancelAtPeriodEnd: subscription.cancelAtEndOfPeriod === true,
    periodStartedAt: new Date(started ?? Date.now()),
    periodEndsAt: new Date(subscription.currentPeriodEndsAt ?? started ?? Date.now()),
    balanceCents: Number(subscription.balanceInCents ?? 0n),
  };
}

/**
 * A charge Maxio refused: its 422 names the card's problem. A card that must be authorised by its bank (3-D Secure,
 * "call issuer") is the issuer's case of §8; anything else is a decline.
 */
export function declineOf(error: unknown): DeclineReason | null {
  if (!(error instanceof ApiError) || error.statusCode !== 422) return null;
  const text = typeof error.body === 'string' ? error.body : error.message;
  return /issuer|authenticat|3-?d ?secure|call/i.test(text) ? 'issuer' : 'declined';
}

/** Runs a charging call: a decline is an outcome, any other failure a 502 the renderer shows as §8's generic one. */
async function charging(call: () => Promise<unknown>, ref: () => string): Promise<ChargeOutcome> {
  try {
    await call();
    return { ok: true, ref: ref() };
  } catch (error) {
    const reason = declineOf(error);
    if (reason) return { ok: false, reason };
    throw providerFailure(error);
  }
}

function providerFailure(error: unknown): HttpError {
  const status = error instanceof ApiError ? error.statusCode : 0;
  return new HttpError(502, `The billing provider could not do this (${status || 'no answer'}).`);
}

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailure(error);
  }
}

/** Maxio signs a webhook's raw body with the site's shared key: HMAC-SHA256, hex, in this header. */
export const MAXIO_SIGNATURE_HEADER = 'x-chargify-webhook-signature-hmac-sha-256';

export function maxioWebhookSignature(rawBody: string, key: string): string {
  return createHmac('sha256', key).update(rawBody).digest('hex');
}

/**
 * Maxio's webhooks (form-encoded, `payload[subscription][id]` for a subscription's events), trusted when signed
 * with the site's shared key; the subscription is then read from the API rather than taken from the notice, so a
 * late or replayed notice cannot set an old state.
 */
function maxioNotices(api: MaxioApi, key: string): ProviderNotices {
  return {
    verify(rawBody, headers) {
      const given = headers[MAXIO_SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
      const expected = Buffer.from(maxioWebhookSignature(rawBody, key), 'hex');
      return timingSafeEqual(expected, Buffer.from(given, 'hex'));
    },
    subscriptionRefOf(body) {
      const id = body['payload[subscription][id]'];
      return typeof id === 'string' && /^\d+$/.test(id) ? id : null;
    },
    async read(ref) {
      const answer = await calling(() => api.subscriptions.readSubscription(idOf(ref)));
      const subscription = answer.result.subscription;
      return { ...fromMaxio(subscription), identifier: subscription?.product?.handle ?? null };
    },
  };
}

export function maxioProvider(config: MaxioConfig, api: MaxioApi, now: () => Date): BillingProvider {
  return {
    name: 'maxio',
    ...(config.webhookKey ? { notices: maxioNotices(api, config.webhookKey) } : {}),
    async hostedFields() {
      return {
        provider: 'maxio',
        public_key: config.publicKey,
        security_token: chargifySecurityToken(config, now()),
        // The site's own host: Maxio's EU sites live under ebilling.maxio.com.
        server_host:
          config.environment === 'EU'
            ? `https://${config.subdomain}.ebilling.maxio.com`
            : `https://${config.subdomain}.chargify.com`,
      };
    },
    async savePaymentMethod({ companyId, customerRef, email, billing, card }) {
      let customerId = customerRef ? idOf(customerRef) : null;
      if (customerId === null) {
        const [first, ...rest] = billing.name.split(/\s+/);
        const created = await calling(() =>
          api.customers.createCustomer({
            customer: {
              firstName: first || billing.name,
              lastName: rest.join(' ') || billing.name,
              email,
              reference: `company-${companyId}`,
              address: billing.address,
              address2: billing.address2,
              city: billing.city,
              state: billing.state,
              zip: billing.zip,
              country: billing.country,
            },
          }),
        );
        customerId = created.result.customer.id ?? null;
        if (!customerId) throw new HttpError(502, 'The billing provider created no customer.');
      }
      const profile = await calling(() =>
        api.paymentProfiles.createPaymentProfile({
          paymentProfile: {
            customerId,
            chargifyToken: card.token,
            billingAddress: billing.address,
            billingAddress2: billing.address2,
            billingCity: billing.city,
            billingState: billing.state,
            billingZip: billing.zip,
            billingCountry: billing.country,
          },
        }),
      );
      // A token from Chargify.js's card form makes a card profile.
      const kept = profile.result.paymentProfile as CreditCardPaymentProfile | undefined;
      if (!kept?.id) throw new HttpError(502, 'The billing provider kept no payment profile.');
      // Maxio masks all but the last four ("XXXX-XXXX-XXXX-1234"); what the browser sent, if anything, is the
      // fallback.
      const last4 = /(\d{4})$/.exec(kept.maskedCardNumber ?? '')?.[1] ?? card.last4;
      const expMonth = kept.expirationMonth ?? card.expMonth;
      const expYear = kept.expirationYear ?? card.expYear;
      if (!last4 || !expMonth || !expYear) {
        throw new HttpError(
          502,
          'The billing provider kept the card without its last four digits or expiry.',
        );
      }
      return {
        customerRef: String(customerId),
        paymentRef: String(kept.id),
        card: { last4, expMonth, expYear, brand: kept.cardType ?? card.brand },
      };
    },
    async subscribe({ customerRef, paymentRef, identifier }) {
      try {
        const created = await api.subscriptions.createSubscription({
          subscription: {
            productHandle: identifier,
            customerId: idOf(customerRef),
            paymentProfileId: idOf(paymentRef),
          },
        });
        const subscription = fromMaxio(created.result.subscription);
        const chosen = parsePlanIdentifier(identifier);
        const listed = chosen ? PLAN_PRICES_CENTS[chosen.plan][chosen.period] : 0;
        const price = created.result.subscription?.product?.priceInCents;
        return { ok: true, subscription, chargedCents: price === undefined ? listed : Number(price) };
      } catch (error) {
        const reason = declineOf(error);
        if (reason) return { ok: false, reason };
        throw providerFailure(error);
      }
    },
    async retry(subscription) {
      return charging(
        () => api.status.retrySubscription(idOf(subscription.ref)),
        () => subscription.ref,
      );
    },
    async previewMigration(subscription, identifier): Promise<MigrationPreview> {
      const chosen = parsePlanIdentifier(identifier);
      const current = { plan: subscription.plan, period: subscription.period };
      const downgrade = chosen ? isDowngrade(current, chosen) : false;
      const answer = await calling(() =>
        api.products.previewSubscriptionProductMigration(idOf(subscription.ref), {
          migration: { productHandle: identifier, preservePeriod: true, includeCoupons: true },
        }),
      );
      const migration = answer.result.migration;
      return {
        identifier,
        prorated_adjustment_cents: downgrade ? 0 : Number(migration.proratedAdjustmentInCents ?? 0n),
        credit_applied_cents: downgrade ? 0 : Number(migration.creditAppliedInCents ?? 0n),
        charge_cents: downgrade ? 0 : Number(migration.chargeInCents ?? 0n),
        payment_due_cents: downgrade ? 0 : Number(migration.paymentDueInCents ?? 0n),
        takes_effect: downgrade ? 'period_end' : 'now',
      };
    },
    async migrate(subscription, identifier) {
      return charging(
        () =>
          api.products.migrateSubscriptionProduct(idOf(subscription.ref), {
            migration: { productHandle: identifier, preservePeriod: true, includeCoupons: true },
          }),
        () => subscription.ref,
      );
    },
    async scheduleProductChange(subscription, identifier) {
      // A delayed product change: Maxio moves the subscription at its next renewal.
      await calling(() =>
        api.subscriptions.updateSubscription(idOf(subscription.ref), {
          subscription: { productHandle: identifier, productChangeDelayed: true },
        }),
      );
    },
    async revertProductChange(subscription) {
      // Maxio's documented way to drop a delayed product change: an empty next product.
      await calling(() =>
        api.subscriptions.updateSubscription(idOf(subscription.ref), { subscription: { nextProductId: '' } }),
      );
    },
    async cancelAtPeriodEnd(subscription) {
      await calling(() =>
        api.status.initiateDelayedCancellation(idOf(subscription.ref), {
          subscription: { cancellationMessage: 'Canceled by the account owner in the app.' },
        }),
      );
    },
    async clearCancel(subscription) {
      await calling(() => api.status.cancelDelayedCancellation(idOf(subscription.ref)));
    },
    async updateCustomer(customerRef, customer) {
      await calling(() =>
        api.customers.updateCustomer(idOf(customerRef), {
          customer: { email: customer.email, ccEmails: customer.ccEmails.join(',') },
        }),
      );
    },
  };
}
