/**
 * The account standing enforced on the real server (shared/domain/billing.ts STANDING_ALLOWS through the route
 * wrapper and the campaign queue): a PARKED company (§3 "Account status: ACTIVE=0, PARKED=1, DEACTIVATED=2")
 * cannot buy a number or send a campaign and is told why; it can still read and pay. A past-due one cannot buy a
 * number or queue a campaign — §8 'Your account has an outstanding balance of ' … 'Please update your payment info
 * to reactivate your account.' — but still replies and saves drafts; a campaign queued before it fell behind
 * pauses with that text when its send starts. Seeded companies are in good standing.
 */
import { PAID_ENDPOINTS, PAST_DUE_FOR_OTHERS, pastDueMessage } from '@shared/domain/billing';
import { ACCOUNT_STATUS } from '@shared/domain/users';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, companies, subscriptions } from '../../../db/schema';
import { sharedTestApp } from '../../../testing/testApp';
import { CAMPAIGN_SEND_JOB } from '../../campaigns/engine';
import { makeGroup, queueCampaign as queueForSending } from '../../campaigns/engine/testing';
import { multipart, type Part } from '../../messaging/testing';
import { standingOf } from './standing';

const t = sharedTestApp();
const OWNER = 'owner@demo.test';
const ADMIN = 'admin@demo.test';
let motors = 0;

beforeAll(async () => {
  await t.app.jobs.stop();
  motors = t.ids.companies.demoMotors;
});

const setStatus = (status: number) =>
  t.ctx.db.update(companies).set({ account_status: status }).where(eq(companies.id, motors));
const setSubscriptionState = (state: string, balance: number) =>
  t.ctx.db
    .update(subscriptions)
    .set({ provider_state: state, balance_cents: balance })
    .where(eq(subscriptions.company_id, motors));

const buyNumber = () =>
  t.as(OWNER, {
    method: 'POST',
    url: '/api/numbers',
    payload: { company_id: motors, number: '+13125550188' },
  });
const resume = () => t.as(ADMIN, { method: 'POST', url: `/api/campaigns/${t.ids.campaigns.paused}/resume` });

async function queueCampaign(state: 'queued' | 'draft') {
  const parts: Part[] = [
    ['title', `Standing ${state}`],
    ['text', 'Service specials this week.'],
    ['unsubscribe_text', 'Reply STOP to stop'],
    ['number_id', String(t.ids.numbers.motorsMain)],
    ['should_be_sent_at', new Date(Date.now() + 3_600_000).toISOString()],
    ['state', state],
  ];
  const body = await multipart(parts);
  return t.as(ADMIN, {
    method: 'POST',
    url: `/api/campaigns?company_id=${motors}`,
    payload: body.payload,
    headers: body.headers,
  });
}

describe('the paid endpoints', () => {
  it('each one PAID_ENDPOINTS names is a route of the app (a renamed path must not slip out of the rule)', () => {
    for (const key of Object.keys(PAID_ENDPOINTS)) {
      const [method, path] = key.split(' ') as ['POST', string];
      const url = `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;
      expect(t.app.hasRoute({ method, url }), key).toBe(true);
    }
  });
});

describe('the seed', () => {
  it('every seeded company is in good standing', async () => {
    for (const id of Object.values(t.ids.companies))
      expect((await standingOf(t.ctx.db, id)).standing).toBe('good');
  });
});

describe('PARKED (§3 PARKED=1): read and pay only', () => {
  beforeAll(() => setStatus(ACCOUNT_STATUS.PARKED));

  it('cannot buy a number, and is told why (403)', async () => {
    const response = await buyNumber();
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'This account is parked: it can be viewed and paid for, but not changed.',
    );
  });

  it('cannot send a campaign (resume) nor queue one', async () => {
    expect((await resume()).statusCode).toBe(403);
    const queued = await queueCampaign('queued');
    expect(queued.statusCode).toBe(403);
  });

  it('still reads, and pays (billing routes pass)', async () => {
    expect(
      (await t.as(OWNER, { method: 'GET', url: `/api/campaigns?company_id=${motors}` })).statusCode,
    ).toBe(200);
    const customer = await t.as(OWNER, {
      method: 'POST',
      url: `/api/company/${motors}/subscription/customer/update`,
      payload: { email: 'owner@demo.test', ccEmails: [], receivesInvoiceEmails: true },
    });
    expect(customer.statusCode).toBe(200);
  });

  it('the standing notice says so to every member', async () => {
    const view = await t.as('agent@demo.test', { method: 'GET', url: `/api/company/${motors}/standing` });
    expect(view.json()).toEqual({
      standing: 'parked',
      balance_cents: null,
      notice: 'This account is parked: it can be viewed and paid for, but not changed.',
    });
  });

  it('DEACTIVATED (§3 DEACTIVATED=2) refuses a change with its own reason', async () => {
    await setStatus(ACCOUNT_STATUS.DEACTIVATED);
    const response = await buyNumber();
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This account is deactivated: only its billing can be settled.');
    await setStatus(ACCOUNT_STATUS.ACTIVE);
  });
});

describe('past due (retry_period): replies and drafts go on; what costs money waits', () => {
  beforeAll(async () => {
    await setStatus(ACCOUNT_STATUS.ACTIVE);
    await setSubscriptionState('past_due', 14_900);
  });

  it("GET /company/{id}/standing: every member learns it; the balance and §8's sum only with billing.view", async () => {
    const asked = (email: string) =>
      t.as(email, { method: 'GET', url: `/api/company/${motors}/standing` }).then((r) => r.json());
    expect(await asked(OWNER)).toEqual({
      standing: 'past_due',
      balance_cents: 14_900,
      notice: pastDueMessage(14_900),
    });
    expect(await asked('agent@demo.test')).toEqual({
      standing: 'past_due',
      balance_cents: null,
      notice: PAST_DUE_FOR_OTHERS,
    });
    const other = await t.as('other@demo.test', { method: 'GET', url: `/api/company/${motors}/standing` });
    expect(other.statusCode).toBe(404);
  });

  it("a number purchase answers 402 with §8's text and the balance in USD", async () => {
    const response = await buyNumber();
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(pastDueMessage(14_900));
    expect(response.json().message).toBe(
      'Your account has an outstanding balance of $149. Please update your payment info to reactivate your account.',
    );
  });

  it('a campaign is refused at queue time (and resume); a draft is saved', async () => {
    const queued = await queueCampaign('queued');
    expect(queued.statusCode).toBe(402);
    expect(queued.json().message).toBe(pastDueMessage(14_900));
    expect((await resume()).statusCode).toBe(402);
    const draft = await queueCampaign('draft');
    expect(draft.statusCode, draft.body).toBe(201);
  });

  it("a campaign queued in good standing pauses with §8's text when its send starts past due; it sends once paid", async () => {
    await setSubscriptionState('active', 0);
    const { groupId } = await makeGroup(t.ctx.db, motors, 2);
    const campaign = await queueForSending(t.ctx, {
      companyId: motors,
      numberId: t.ids.numbers.motorsMain,
      groupId,
    });
    await setSubscriptionState('past_due', 14_900);
    await t.app.jobs.runDue({ kinds: [CAMPAIGN_SEND_JOB] });
    const [paused] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(paused?.state).toBe('paused');
    expect(paused?.state_reason).toBe(pastDueMessage(14_900));
    expect(
      await t.ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaign_id, campaign.id)),
    ).toEqual([]);

    await setSubscriptionState('active', 0);
    const resumed = await t.as(ADMIN, { method: 'POST', url: `/api/campaigns/${campaign.id}/resume` });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await t.app.jobs.runDue({ kinds: [CAMPAIGN_SEND_JOB] });
    const [sent] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(sent?.state).toBe('sent');
    await setSubscriptionState('past_due', 14_900);
  });

  it('back in good standing once paid', async () => {
    await setSubscriptionState('active', 0);
    expect((await standingOf(t.ctx.db, motors)).standing).toBe('good');
  });
});
