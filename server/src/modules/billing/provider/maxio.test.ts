/**
 * The Maxio provider against a faked SDK client (no Maxio site is reachable from here): the requests it makes
 * (their shapes as the SDK declares them), how it reads Maxio's answers (states through the one table of
 * shared/domain/billing.ts), declines (a 422) as outcomes and other failures as a 502, and Chargify.js's security
 * token. What no test here shows: that a live Maxio site accepts these requests.
 */
import { createHmac } from 'node:crypto';
import { ApiError } from '@maxio-com/advanced-billing-sdk';
import { subscriptionStatusOf } from '@shared/domain/billing';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/errors';
import type { SubscriptionHandle } from '../../../services/billing';
import { maxioConfigFrom } from './index';
import { chargifySecurityToken, declineOf, fromMaxio, type MaxioApi, maxioProvider } from './maxio';

const CONFIG = {
  subdomain: 'acme',
  apiKey: 'key',
  publicKey: 'chjs_public',
  privateKey: 'chjs_private',
  environment: 'US' as const,
};
const NOW = new Date('2026-12-01T00:00:00Z');

const HANDLE: SubscriptionHandle = {
  ref: '501',
  customerRef: '77',
  cardToken: 'tok_abc',
  plan: 'starter',
  period: 'monthly',
  periodStartedAt: new Date('2026-11-15T00:00:00Z'),
  periodEndsAt: new Date('2026-12-15T00:00:00Z'),
};

/** An SDK error as its client throws one: the status and the body Maxio answered. */
function apiError(statusCode: number, body: string): ApiError {
  const error = Object.create(ApiError.prototype) as ApiError;
  Object.assign(error, { statusCode, body, message: `status ${statusCode}` });
  return error;
}

const ok = <T>(result: T) =>
  Promise.resolve({ result, statusCode: 200, headers: {}, body: '', request: {} } as never);

function fakeApi() {
  const subscription = {
    id: 501,
    state: 'active',
    cancelAtEndOfPeriod: false,
    currentPeriodStartedAt: '2026-12-01T00:00:00Z',
    currentPeriodEndsAt: '2027-01-01T00:00:00Z',
    balanceInCents: 0n,
    product: { priceInCents: 2_900n },
  };
  return {
    customers: {
      createCustomer: vi.fn(() => ok({ customer: { id: 77 } })),
      updateCustomer: vi.fn(() => ok({ customer: { id: 77 } })),
    },
    paymentProfiles: {
      createPaymentProfile: vi.fn(() =>
        ok({
          paymentProfile: {
            id: 901,
            maskedCardNumber: 'XXXX-XXXX-XXXX-1111',
            expirationMonth: 3,
            expirationYear: 2031,
            cardType: 'visa',
          },
        }),
      ),
      changeSubscriptionDefaultPaymentProfile: vi.fn(),
    },
    subscriptions: {
      createSubscription: vi.fn(() => ok({ subscription })),
      updateSubscription: vi.fn(() => ok({ subscription })),
      readSubscription: vi.fn(() => ok({ subscription })),
    },
    status: {
      retrySubscription: vi.fn(() => ok({ subscription })),
      initiateDelayedCancellation: vi.fn(() => ok({})),
      cancelDelayedCancellation: vi.fn(() => ok({})),
    },
    products: {
      migrateSubscriptionProduct: vi.fn(() => ok({ subscription })),
      previewSubscriptionProductMigration: vi.fn(() =>
        ok({
          migration: {
            proratedAdjustmentInCents: -1_450n,
            chargeInCents: 7_450n,
            paymentDueInCents: 6_000n,
            creditAppliedInCents: 1_450n,
          },
        }),
      ),
    },
  };
}

const providerOn = (api: ReturnType<typeof fakeApi>) =>
  maxioProvider(CONFIG, api as unknown as MaxioApi, () => NOW);

describe('configuration', () => {
  it('unset → the sandbox; set → Maxio, which needs the Chargify.js keys too', () => {
    expect(maxioConfigFrom({})).toBeNull();
    expect(maxioConfigFrom({ MAXIO_SUBDOMAIN: 'acme' })).toBeNull();
    expect(() => maxioConfigFrom({ MAXIO_SUBDOMAIN: 'acme', MAXIO_API_KEY: 'k' })).toThrow(
      /MAXIO_PUBLIC_KEY/,
    );
    expect(
      maxioConfigFrom({
        MAXIO_SUBDOMAIN: 'acme',
        MAXIO_API_KEY: 'k',
        MAXIO_PUBLIC_KEY: 'p',
        MAXIO_PRIVATE_KEY: 's',
        MAXIO_ENVIRONMENT: 'EU',
      }),
    ).toEqual({ subdomain: 'acme', apiKey: 'k', publicKey: 'p', privateKey: 's', environment: 'EU' });
  });
});

describe('requests as the SDK declares them', () => {
  it('vaults the token: a customer with our company as its reference, then a payment profile of the token', async () => {
    const api = fakeApi();
    const saved = await providerOn(api).savePaymentMethod({
      companyId: 9,
      customerRef: null,
      email: 'owner@demo.test',
      billing: {
        name: 'Olivia Owner',
        address: '1 Main St',
        address2: '',
        city: 'Chicago',
        state: 'IL',
        zip: '60611',
        country: 'US',
      },
      card: { token: 'tok_abc', last4: '4242', expMonth: 12, expYear: 2030, brand: 'visa' },
    });
    expect(saved).toEqual({
      customerRef: '77',
      paymentRef: '901',
      card: { last4: '1111', expMonth: 3, expYear: 2031, brand: 'visa' },
    });
    expect(api.customers.createCustomer).toHaveBeenCalledWith({
      customer: expect.objectContaining({ firstName: 'Olivia', lastName: 'Owner', reference: 'company-9' }),
    });
    expect(api.paymentProfiles.createPaymentProfile).toHaveBeenCalledWith({
      paymentProfile: expect.objectContaining({
        customerId: 77,
        chargifyToken: 'tok_abc',
        billingZip: '60611',
      }),
    });
  });

  it("Chargify.js's token alone: the card's last four, expiry and brand come from the profile Maxio kept", async () => {
    const api = fakeApi();
    const billing = {
      name: 'Olivia Owner',
      address: '1 Main St',
      address2: '',
      city: 'Chicago',
      state: 'IL',
      zip: '60611',
      country: 'US',
    };
    const saved = await providerOn(api).savePaymentMethod({
      companyId: 9,
      customerRef: '77',
      email: 'owner@demo.test',
      billing,
      card: { token: 'tok_abc', brand: 'card' },
    });
    expect(saved.card).toEqual({ last4: '1111', expMonth: 3, expYear: 2031, brand: 'visa' });

    api.paymentProfiles.createPaymentProfile.mockImplementationOnce(() =>
      ok({ paymentProfile: { id: 902 } }),
    );
    await expect(
      providerOn(api).savePaymentMethod({
        companyId: 9,
        customerRef: '77',
        email: 'owner@demo.test',
        billing,
        card: { token: 'tok_abc', brand: 'card' },
      }),
    ).rejects.toMatchObject({ status: 502 });
  });

  it('subscribes by product handle (our plan identifier) with the vaulted profile', async () => {
    const api = fakeApi();
    const started = await providerOn(api).subscribe({
      companyId: 9,
      customerRef: '77',
      paymentRef: '901',
      cardToken: 'tok_abc',
      identifier: 'starter_monthly',
      now: NOW,
    });
    expect(api.subscriptions.createSubscription).toHaveBeenCalledWith({
      subscription: { productHandle: 'starter_monthly', customerId: 77, paymentProfileId: 901 },
    });
    expect(started).toMatchObject({
      ok: true,
      chargedCents: 2_900,
      subscription: { ref: '501', state: 'active' },
    });
  });

  it('previews a migration preserving the period, and reads its figures; a downgrade waits for the period end', async () => {
    const api = fakeApi();
    const provider = providerOn(api);
    const preview = await provider.previewMigration(HANDLE, 'unlimited_monthly', NOW);
    expect(api.products.previewSubscriptionProductMigration).toHaveBeenCalledWith(501, {
      migration: { productHandle: 'unlimited_monthly', preservePeriod: true, includeCoupons: true },
    });
    expect(preview).toEqual({
      identifier: 'unlimited_monthly',
      prorated_adjustment_cents: -1_450,
      credit_applied_cents: 1_450,
      charge_cents: 7_450,
      payment_due_cents: 6_000,
      takes_effect: 'now',
    });
    const down = await provider.previewMigration({ ...HANDLE, plan: 'premium' }, 'starter_monthly', NOW);
    expect(down).toMatchObject({ takes_effect: 'period_end', payment_due_cents: 0 });
  });

  it('cancel, clear, schedule and revert a product change, update the customer', async () => {
    const api = fakeApi();
    const provider = providerOn(api);
    await provider.cancelAtPeriodEnd(HANDLE);
    expect(api.status.initiateDelayedCancellation).toHaveBeenCalledWith(501, {
      subscription: { cancellationMessage: 'Canceled by the account owner in the app.' },
    });
    await provider.clearCancel(HANDLE);
    expect(api.status.cancelDelayedCancellation).toHaveBeenCalledWith(501);
    await provider.scheduleProductChange(HANDLE, 'starter_yearly');
    expect(api.subscriptions.updateSubscription).toHaveBeenCalledWith(501, {
      subscription: { productHandle: 'starter_yearly', productChangeDelayed: true },
    });
    await provider.revertProductChange(HANDLE);
    expect(api.subscriptions.updateSubscription).toHaveBeenLastCalledWith(501, {
      subscription: { nextProductId: '' },
    });
    await provider.updateCustomer('77', { email: 'a@b.test', ccEmails: ['c@d.test', 'e@f.test'] });
    expect(api.customers.updateCustomer).toHaveBeenCalledWith(77, {
      customer: { email: 'a@b.test', ccEmails: 'c@d.test,e@f.test' },
    });
  });

  it('Maxio renews on its own: no renewal charge on our clock', () => {
    expect(providerOn(fakeApi()).chargeRenewal).toBeUndefined();
  });
});

describe("reading Maxio's answers", () => {
  it.each([
    ['past_due', false, 'retry_period'],
    ['active', true, 'canceling'],
    ['soft_failure', false, 'retry_period'],
    ['on_hold', false, 'expired'],
  ] as const)('state %s (cancel at end %s) → §3 %s', (state, cancelAtEndOfPeriod, status) => {
    const read = fromMaxio({
      id: 1,
      state: state as never,
      cancelAtEndOfPeriod,
      currentPeriodStartedAt: '2026-12-01T00:00:00Z',
      currentPeriodEndsAt: '2027-01-01T00:00:00Z',
      balanceInCents: 2_900n,
    });
    expect(read.balanceCents).toBe(2_900);
    expect(subscriptionStatusOf('maxio', read.state, { cancelAtPeriodEnd: read.cancelAtPeriodEnd })).toBe(
      status,
    );
  });

  it("a 422 is a decline (the issuer's when it says so); any other failure a 502", async () => {
    expect(declineOf(apiError(422, '{"errors":["Credit card was declined"]}'))).toBe('declined');
    expect(declineOf(apiError(422, '{"errors":["Please call your card issuer"]}'))).toBe('issuer');
    expect(declineOf(apiError(500, 'boom'))).toBeNull();
    const api = fakeApi();
    api.status.retrySubscription.mockImplementationOnce(() => Promise.reject(apiError(422, 'declined')));
    expect(await providerOn(api).retry(HANDLE, 2_900)).toEqual({ ok: false, reason: 'declined' });
    api.status.retrySubscription.mockImplementationOnce(() => Promise.reject(apiError(503, 'down')));
    await expect(providerOn(api).retry(HANDLE, 2_900)).rejects.toBeInstanceOf(HttpError);
  });
});

describe('Chargify.js security token', () => {
  it('is a JWT signed HS256 with the private key, issued by the public key', () => {
    const token = chargifySecurityToken(CONFIG, NOW);
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'chjs_public', iat: NOW.getTime() / 1000 });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(signature).toBe(
      createHmac('sha256', 'chjs_private').update(`${header}.${payload}`).digest('base64url'),
    );
  });

  it('the hosted fields answer names the public key, token and site', async () => {
    const fields = await providerOn(fakeApi()).hostedFields();
    expect(fields).toMatchObject({
      provider: 'maxio',
      public_key: 'chjs_public',
      server_host: 'https://acme.chargify.com',
    });
    const eu = maxioProvider({ ...CONFIG, environment: 'EU' }, fakeApi() as unknown as MaxioApi, () => NOW);
    expect((await eu.hostedFields()) as { server_host: string }).toMatchObject({
      server_host: 'https://acme.ebilling.maxio.com',
    });
  });
});
