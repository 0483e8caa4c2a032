/**
 * §7 Company and billing and Subscription against the real server on the sandbox provider, on the app's clock
 * (the job runner stopped; renewals run when the tests say): subscribe; a declined renewal → past due
 * (`retry_period`, §3) with the balance and the §8 text → a card update ("saved but still past due") → retry →
 * active; the migrate preview's amounts are what `migrate` invoices; cancel then clear; a downsell is a plan
 * change; revert a pending change; customer, features, offers; invoices and their PDF; usage published as
 * "billing usage updated"; roles. Demo Realty starts with no subscription; Demo Motors is seeded on Premium.
 */
import type { BillingDetails, Invoice, MigrationPreview, Subscription, Usage } from '@shared/api/billing';
import { BILLING_MESSAGES, PLAN_PRICES_CENTS, pastDueMessage } from '@shared/domain/billing';
import { channels, EVENTS } from '@shared/realtime';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { fieldErrors, publishedEvents, sharedTestApp } from '../../testing/testApp';
import { recordRegistrationFee } from './charges';
import { renewDuePeriods } from './renewals/renew';
import { billingBody } from './testing';
import { publishUsageIfChanged } from './usage/publish';

const t = sharedTestApp();
const events = publishedEvents(t);
const OWNER = 'owner@demo.test';
const START = new Date('2026-12-03T12:00:00Z');
let realty = 0;
let motors = 0;

beforeAll(async () => {
  await t.app.jobs.stop();
  t.setNow(START);
  realty = t.ids.companies.demoRealty;
  motors = t.ids.companies.demoMotors;
});

/** A token signed in at the app's current time (these tests move the clock by months, past a token's hour). */
const tokens = new Map<string, string>();
async function tokenFor(email: string): Promise<string> {
  const key = `${email}@${t.ctx.now().getTime()}`;
  const held = tokens.get(key);
  if (held) return held;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sanctum/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  const token = response.json<{ access_token?: string }>().access_token;
  if (!token) throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  tokens.set(key, token);
  return token;
}

const call = async (method: InjectOptions['method'], url: string, payload?: unknown, email = OWNER) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${await tokenFor(email)}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function subscription(company: number): Promise<Subscription> {
  const response = await call('GET', `/company/${company}/subscription`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function invoicesOf(company: number): Promise<Invoice[]> {
  const response = await call('GET', `/company/${company}/invoices`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Invoice[] }>().data;
}

describe('the seeded demo', () => {
  it('Demo Motors is on Premium monthly, active, with a Visa ending 4242 and four paid invoices', async () => {
    const seeded = await subscription(motors);
    expect(seeded).toMatchObject({ provider: 'sandbox', status: 'active', identifier: 'premium_monthly' });
    const details = (await call('GET', `/company/${motors}/billing`)).json<BillingDetails>();
    expect(details.card).toEqual({ last4: '4242', exp_month: 8, exp_year: 2029, brand: 'visa' });
    expect(details.standing).toBe('good');
    const invoices = await invoicesOf(motors);
    expect(invoices).toHaveLength(4);
    expect(invoices.every((invoice) => invoice.status === 'paid')).toBe(true);
    expect(invoices[0]?.total_cents).toBe(PLAN_PRICES_CENTS.premium.monthly);
  });

  it("an invoice downloads as a PDF; another company's invoice is not found", async () => {
    const [invoice] = await invoicesOf(motors);
    const pdf = await call('GET', `/company/${motors}/invoices/${invoice?.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const foreign = await call('GET', `/company/${realty}/invoices/${invoice?.id}/pdf`);
    expect(foreign.statusCode).toBe(404);
  });

  it('billing.view reads, billing.manage changes: the billing role may, an agent may not', async () => {
    expect(
      (await call('GET', `/company/${motors}/subscription`, undefined, 'billing@demo.test')).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/company/${motors}/subscription`, undefined, 'agent@demo.test')).statusCode,
    ).toBe(403);
    const byAdmin = await call('POST', `/company/${motors}/subscription/cancel`, {}, 'admin@demo.test');
    expect(byAdmin.statusCode).toBe(403);
    expect((await call('GET', `/company/${motors}/billing`, undefined, 'other@demo.test')).statusCode).toBe(
      404,
    );
  });

  it('the hosted fields of the sandbox: its public key and test cards', async () => {
    const response = await call('GET', '/chargify/security-token', undefined, 'agent@demo.test');
    expect(response.json()).toMatchObject({ provider: 'sandbox', public_key: 'sandbox_pk_switchboard' });
  });
});

describe('subscribe, decline, past due, retry (Demo Realty)', () => {
  it('needs a card first; a declined card subscribes nothing; then the good card subscribes', async () => {
    const noCard = await call('POST', `/company/${realty}/subscription`, { identifier: 'starter_monthly' });
    expect(noCard.statusCode).toBe(422);
    expect(fieldErrors(noCard)).toEqual({ card: ['Add a card first.'] });

    // The card's summary may be left out only where the provider describes the card (Maxio); the sandbox cannot.
    const { card_last4: _last4, card_exp_month: _month, card_exp_year: _year, ...tokenOnly } = billingBody();
    const undescribed = await call('POST', `/company/${realty}/billing`, tokenOnly);
    expect(undescribed.statusCode).toBe(422);
    expect(fieldErrors(undescribed)).toEqual({ card_last4: ['Add the card through the payment form.'] });
    expect((await call('GET', `/company/${realty}/billing`)).json().card).toBeNull();

    const saved = await call('POST', `/company/${realty}/billing`, billingBody('declined', '0002'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(BILLING_MESSAGES.savedNotCharged);
    const refused = await call('POST', `/company/${realty}/subscription`, { identifier: 'starter_monthly' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(BILLING_MESSAGES.declined);
    expect((await subscription(realty)).status).toBe('not_subscribed');

    await call('POST', `/company/${realty}/billing`, billingBody('succeeds'));
    const legacy = await call('POST', `/company/${realty}/subscription`, {
      identifier: 'unlimited_legacy_monthly',
    });
    expect(fieldErrors(legacy)).toEqual({ identifier: ['Choose one of the plans.'] });
    const started = await call('POST', `/company/${realty}/subscription`, { identifier: 'starter_monthly' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().data).toMatchObject({
      status: 'active',
      identifier: 'starter_monthly',
      current_period_started_at: START.toISOString(),
      current_period_ends_at: '2027-01-03T12:00:00.000Z',
      customer: { email: OWNER, ccEmails: [] },
    });
    const [signup] = await invoicesOf(realty);
    expect(signup).toMatchObject({
      kind: 'signup',
      status: 'paid',
      total_cents: PLAN_PRICES_CENTS.starter.monthly,
    });
    const again = await call('POST', `/company/${realty}/subscription`, { identifier: 'starter_monthly' });
    expect(again.statusCode).toBe(409);
  });

  it('a renewal with the declined card → retry_period with the balance; the §8 text refuses a number purchase', async () => {
    await call('POST', `/company/${realty}/billing`, billingBody('declined', '0002'));
    t.setNow(new Date('2027-01-03T12:00:01Z'));
    expect(await renewDuePeriods(t.ctx, realty)).toEqual(['declined']);
    const owed = await subscription(realty);
    expect(owed).toMatchObject({ status: 'retry_period', balance_cents: PLAN_PRICES_CENTS.starter.monthly });
    expect(owed.current_period_ends_at).toBe('2027-02-03T12:00:00.000Z');
    const [open] = await invoicesOf(realty);
    expect(open).toMatchObject({ kind: 'renewal', status: 'open', total_cents: 2_900 });

    const details = (await call('GET', `/company/${realty}/billing`)).json<BillingDetails>();
    expect(details).toMatchObject({ standing: 'past_due', balance_cents: 2_900 });
    const buy = await call('POST', '/numbers', { company_id: realty, number: '+13125550199' });
    expect(buy.statusCode).toBe(402);
    expect(buy.json().message).toBe(pastDueMessage(2_900));
    expect(buy.json().message).toBe(
      'Your account has an outstanding balance of $29. Please update your payment info to reactivate your account.',
    );
  });

  it("the issuer card fails the retry with §8's issuer text; the good card: saved-but-past-due, then retry → active", async () => {
    await call('POST', `/company/${realty}/billing`, billingBody('issuer', '3220'));
    const issuer = await call('POST', `/company/${realty}/billing/retry`);
    expect(issuer.statusCode).toBe(402);
    expect(issuer.json().message).toBe(BILLING_MESSAGES.cardIssuer);

    const saved = await call('POST', `/company/${realty}/billing`, billingBody('succeeds'));
    expect(saved.json().message).toBe(BILLING_MESSAGES.savedStillPastDue);
    const retried = await call('POST', `/company/${realty}/billing/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'active', balance_cents: 0 });
    expect((await invoicesOf(realty)).every((invoice) => invoice.status === 'paid')).toBe(true);
    const nothing = await call('POST', `/company/${realty}/billing/retry`);
    expect(nothing.statusCode).toBe(422);
  });

  it('the migrate preview is what migrate invoices (an upgrade mid-period, prorated)', async () => {
    t.setNow(new Date('2027-01-18T12:00:00Z'));
    const preview = await call('POST', `/company/${realty}/subscription/migrate/preview`, {
      identifier: 'premium_monthly',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const figures = preview.json<MigrationPreview>();
    expect(figures.takes_effect).toBe('now');
    // 15 of the period's 31 days are used; 16 are left: 16/31 of each price.
    expect(figures.charge_cents).toBe(Math.round((14_900 * 16) / 31));
    expect(figures.credit_applied_cents).toBe(Math.round((2_900 * 16) / 31));
    expect(figures.payment_due_cents).toBe(figures.charge_cents - figures.credit_applied_cents);

    const moved = await call('POST', `/company/${realty}/subscription/migrate`, {
      identifier: 'premium_monthly',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ identifier: 'premium_monthly', status: 'active' });
    const [invoice] = await invoicesOf(realty);
    expect(invoice?.kind).toBe('migration');
    expect(invoice?.total_cents).toBe(figures.payment_due_cents);
    expect(invoice?.lines.map((line) => line.amount_cents)).toEqual([
      figures.charge_cents,
      -figures.credit_applied_cents,
    ]);
  });

  it('a downgrade waits for the period end and can be reverted', async () => {
    const preview = await call('POST', `/company/${realty}/subscription/migrate/preview`, {
      identifier: 'starter_monthly',
    });
    expect(preview.json()).toMatchObject({ takes_effect: 'period_end', payment_due_cents: 0 });
    const scheduled = await call('POST', `/company/${realty}/subscription/migrate`, {
      identifier: 'starter_monthly',
    });
    expect(scheduled.json().data).toMatchObject({
      identifier: 'premium_monthly',
      pending_identifier: 'starter_monthly',
    });
    const reverted = await call('POST', `/company/${realty}/subscription/revert-pending-product-change`);
    expect(reverted.json().data.pending_identifier).toBeNull();
    expect(
      (await call('POST', `/company/${realty}/subscription/revert-pending-product-change`)).statusCode,
    ).toBe(422);
  });

  it('cancel → canceling; clear → active; a downsell is a plan change, not a cancel', async () => {
    const canceled = await call('POST', `/company/${realty}/subscription/cancel`, {});
    expect(canceled.json()).toMatchObject({
      data: { status: 'canceling' },
      message: 'Your subscription will end on 2027-02-03.',
    });
    const cleared = await call('POST', `/company/${realty}/subscription/clear`);
    expect(cleared.json().data.status).toBe('active');
    expect((await call('POST', `/company/${realty}/subscription/clear`)).statusCode).toBe(422);

    const downsell = await call('POST', `/company/${realty}/subscription/cancel`, {
      downsell_identifier: 'unlimited_monthly',
    });
    expect(downsell.json().data).toMatchObject({ status: 'active', pending_identifier: 'unlimited_monthly' });
    await call('POST', `/company/${realty}/subscription/revert-pending-product-change`);
  });

  it('a cancel pending at the period end ends the subscription (expired)', async () => {
    await call('POST', `/company/${realty}/subscription/cancel`, {});
    t.setNow(new Date('2027-02-03T12:00:01Z'));
    expect(await renewDuePeriods(t.ctx, realty)).toEqual(['ended']);
    expect((await subscription(realty)).status).toBe('expired');
    const resubscribed = await call('POST', `/company/${realty}/subscription`, {
      identifier: 'starter_yearly',
    });
    expect(resubscribed.statusCode, resubscribed.body).toBe(201);
    expect(resubscribed.json().data.current_period_ends_at).toBe('2028-02-03T12:00:01.000Z');
  });
});

describe('customer, features, offers, usage (Demo Motors)', () => {
  it('customer/update keeps the §3 customer (email, ccEmails) and receivesInvoiceEmails', async () => {
    const bad = await call('POST', `/company/${motors}/subscription/customer/update`, {
      email: 'nope',
      ccEmails: [],
      receivesInvoiceEmails: true,
    });
    expect(Object.keys(fieldErrors(bad))).toEqual(['email']);
    const saved = await call('POST', `/company/${motors}/subscription/customer/update`, {
      email: 'accounts@demomotors.test',
      ccEmails: ['cfo@demomotors.test'],
      receivesInvoiceEmails: false,
    });
    expect(saved.json().data).toMatchObject({
      customer: { email: 'accounts@demomotors.test', ccEmails: ['cfo@demomotors.test'] },
      receivesInvoiceEmails: false,
    });
  });

  it("§8 'Feature enabled/disabled successfully'", async () => {
    const on = await call('PUT', `/company/${motors}/subscription/feature/call-transcription`, {
      enabled: true,
    });
    expect(on.json()).toMatchObject({ message: 'Feature enabled/disabled successfully' });
    expect(on.json().data.features).toEqual({ 'call-transcription': true });
    const unknown = await call('PUT', `/company/${motors}/subscription/feature/teleport`, { enabled: true });
    expect(unknown.statusCode).toBe(422);
  });

  it('a yearly upgrade offer is made, viewed and used', async () => {
    const made = await call('POST', `/company/${motors}/yearly-upgrade-offers`, {
      identifier: 'premium_yearly',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      savings_cents: 14_900 * 12 - 149_000,
      viewed_at: null,
      used_at: null,
    });
    const monthly = await call('POST', `/company/${motors}/yearly-upgrade-offers`, {
      identifier: 'premium_monthly',
    });
    expect(monthly.statusCode).toBe(422);
    const id = made.json().id as number;
    const viewed = await call('PUT', `/company/${motors}/yearly-upgrade-offers/${id}`, { viewed: true });
    expect(viewed.json().viewed_at).not.toBeNull();
    const used = await call('PUT', `/company/${motors}/yearly-upgrade-offers/${id}`, { used: true });
    expect(used.json().used_at).not.toBeNull();
    const list = await call('GET', `/company/${motors}/yearly-upgrade-offers`);
    expect(list.json().data).toHaveLength(1);
    const foreign = await call('PUT', `/company/${realty}/yearly-upgrade-offers/${id}`, { viewed: true });
    expect(foreign.statusCode).toBe(404);
  });

  it('usage is metered from our records for the period and published as "billing usage updated" when it moves', async () => {
    t.setNow(new Date('2026-11-25T12:00:00Z'));
    const usage = (await call('GET', `/company/${motors}/subscription/usage`)).json<Usage>();
    expect(usage.period_start).toBe('2026-11-01T00:00:00.000Z');
    expect(usage.numbers).toBeGreaterThan(0);
    expect(usage.included).toEqual({ numbers: 10, minutes: 10_000, segments: 10_000 });
    expect(await publishUsageIfChanged(t.ctx, motors)).toBe(true);
    expect(await publishUsageIfChanged(t.ctx, motors)).toBe(false);
    const published = events.filter(
      (event) => event.event === EVENTS.billingUsageUpdated && event.channel === channels.companies(motors),
    );
    expect(published).toHaveLength(1);
    expect(published[0]?.payload).toMatchObject({ numbers: usage.numbers, minutes: usage.minutes });
  });

  it("the sandbox's test clock renews now (Demo Motors: paid); a provider other than the sandbox has none", async () => {
    const before = (await invoicesOf(motors)).length;
    const renewed = await call('POST', `/company/${motors}/subscription/sandbox-renew`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({
      data: { status: 'active' },
      message: 'Renewed: the next period was charged.',
    });
    expect(await invoicesOf(motors)).toHaveLength(before + 1);
    const none = await call(
      'POST',
      `/company/${t.ids.companies.otherCo}/subscription/sandbox-renew`,
      undefined,
      'other@demo.test',
    );
    expect(none.statusCode).toBe(422);
  });

  it('a registration fee counts in the usage and is billed with the next invoice', async () => {
    const now = t.ctx.now();
    await recordRegistrationFee(t.ctx.db, {
      companyId: motors,
      description: '10DLC brand registration',
      amountCents: 4_400,
      now,
    });
    const usage = (await call('GET', `/company/${motors}/subscription/usage`)).json<Usage>();
    expect(usage.registration_fees_cents).toBe(4_400);
    await call('POST', `/company/${motors}/subscription/sandbox-renew`);
    const [latest] = await invoicesOf(motors);
    expect(latest?.lines.map((line) => line.description)).toEqual([
      'Premium (monthly)',
      '10DLC brand registration',
    ]);
    expect(latest?.total_cents).toBe(14_900 + 4_400);
  });
});
