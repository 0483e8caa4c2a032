/**
 * Maxio's webhooks against the real server: a notice is trusted only when signed with the site's shared key (403
 * otherwise, 404 when the provider sends none), and is a prompt to read the subscription from Maxio (a faked SDK
 * client here: no Maxio site is reachable) — so a declined renewal Maxio ran puts the account past due with §8's
 * text, a replay of that notice after the payment changes nothing, a delayed product change lands, and a state the
 * one table does not place is refused rather than guessed.
 */
import { pastDueMessage } from '@shared/domain/billing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscriptions } from '../../db/schema';
import type { BillingProvider } from '../../services/billing';
import { sharedTestApp } from '../../testing/testApp';
import { type MaxioApi, maxioProvider, maxioWebhookSignature } from './provider/maxio';

const t = sharedTestApp();
const KEY = 'site-shared-key';
const OWNER = 'owner@demo.test';
let motors = 0;
let sandbox: BillingProvider;

/** What Maxio says of subscription 501 when asked (the test changes it between notices). */
let atMaxio: Record<string, unknown> = {};
const readSubscription = vi.fn(async () => ({ result: { subscription: atMaxio } }));
const maxio = maxioProvider(
  {
    subdomain: 'acme',
    apiKey: 'key',
    publicKey: 'chjs_public',
    privateKey: 'chjs_private',
    environment: 'US',
    webhookKey: KEY,
  },
  { subscriptions: { readSubscription } } as unknown as MaxioApi,
  () => new Date(),
);

const maxioState = (state: string, balance: bigint, handle = 'premium_monthly') => ({
  id: 501,
  state,
  cancelAtEndOfPeriod: false,
  currentPeriodStartedAt: '2026-11-15T00:00:00Z',
  currentPeriodEndsAt: '2026-12-15T00:00:00Z',
  balanceInCents: balance,
  product: { handle, priceInCents: 14_900n },
});

function notice(fields: Record<string, string>, options: { key?: string; signature?: string } = {}) {
  const body = new URLSearchParams(fields).toString();
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/maxio',
    payload: body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-chargify-webhook-signature-hmac-sha-256':
        options.signature ?? maxioWebhookSignature(body, options.key ?? KEY),
    },
  });
}

const renewalFailure = {
  id: '90001',
  event: 'renewal_failure',
  'payload[subscription][id]': '501',
  'payload[subscription][state]': 'past_due',
};

async function ourCopy() {
  const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.company_id, motors));
  return row;
}

beforeAll(async () => {
  await t.app.jobs.stop();
  motors = t.ids.companies.demoMotors;
  sandbox = t.ctx.billing;
  await t.ctx.db
    .update(subscriptions)
    .set({ provider: 'maxio', provider_ref: '501', provider_state: 'active', balance_cents: 0 })
    .where(eq(subscriptions.company_id, motors));
});

afterAll(async () => {
  t.ctx.billing = sandbox;
  await t.ctx.db
    .update(subscriptions)
    .set({
      provider: 'sandbox',
      provider_state: 'active',
      balance_cents: 0,
      plan: 'premium',
      period: 'monthly',
    })
    .where(eq(subscriptions.company_id, motors));
});

describe('POST /webhooks/maxio', () => {
  it('is not there when the provider sends no notices (the sandbox)', async () => {
    t.ctx.billing = sandbox;
    expect((await notice(renewalFailure)).statusCode).toBe(404);
  });

  it('refuses a notice not signed with the shared key, and changes nothing', async () => {
    t.ctx.billing = maxio;
    atMaxio = maxioState('past_due', 14_900n);
    for (const refused of [
      await notice(renewalFailure, { key: 'another-key' }),
      await notice(renewalFailure, { signature: 'not-hex' }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("The billing provider's signature does not match.");
    }
    expect(readSubscription).not.toHaveBeenCalled();
    expect((await ourCopy())?.provider_state).toBe('active');
  });

  it("a renewal Maxio declined puts the account past due with its balance; §8's text refuses a number purchase", async () => {
    t.ctx.billing = maxio;
    atMaxio = maxioState('past_due', 14_900n);
    const taken = await notice(renewalFailure);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ applied: true });
    expect(await ourCopy()).toMatchObject({ provider_state: 'past_due', balance_cents: 14_900 });
    const subscription = await t.as(OWNER, { method: 'GET', url: `/api/company/${motors}/subscription` });
    expect(subscription.json().status).toBe('retry_period');
    const bought = await t.as(OWNER, {
      method: 'POST',
      url: '/api/numbers',
      payload: { company_id: motors, number: '+13125550177' },
    });
    expect(bought.statusCode).toBe(402);
    expect(bought.json().message).toBe(pastDueMessage(14_900));
  });

  it('a replay of that notice after the payment reads Maxio again: the account stays in good standing', async () => {
    atMaxio = maxioState('active', 0n);
    expect((await notice({ ...renewalFailure, event: 'payment_success' })).statusCode).toBe(200);
    expect((await notice(renewalFailure)).json()).toEqual({ applied: true });
    expect(await ourCopy()).toMatchObject({ provider_state: 'active', balance_cents: 0 });
  });

  it('a delayed product change that took effect lands as the plan, and the pending change is cleared', async () => {
    await t.ctx.db
      .update(subscriptions)
      .set({ pending_identifier: 'starter_yearly' })
      .where(eq(subscriptions.company_id, motors));
    atMaxio = maxioState('active', 0n, 'starter_yearly');
    await notice({ ...renewalFailure, event: 'subscription_product_change' });
    expect(await ourCopy()).toMatchObject({ plan: 'starter', period: 'yearly', pending_identifier: null });
  });

  it("a notice about another site's subscription, or about no subscription, applies nothing", async () => {
    readSubscription.mockClear();
    expect((await notice({ ...renewalFailure, 'payload[subscription][id]': '999' })).json()).toEqual({
      applied: false,
    });
    expect(
      (await notice({ id: '90002', event: 'customer_update', 'payload[customer][id]': '77' })).json(),
    ).toEqual({ applied: false });
    expect(readSubscription).not.toHaveBeenCalled();
  });

  it('a state the one table does not place is refused (422), never guessed; nothing is written', async () => {
    atMaxio = maxioState('hibernating', 0n);
    const refused = await notice(renewalFailure);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('"hibernating"');
    expect((await ourCopy())?.provider_state).toBe('active');
  });
});
