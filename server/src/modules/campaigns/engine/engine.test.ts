/**
 * The send engine on a real database with the sandbox carrier (PGlite; PostgreSQL with SERVER_TEST_DB=postgres):
 * the ledger and its skip reasons, exactly-once through crashes, pause and resume, texting hours, auto-pause,
 * receipts and replies. The app's own job runner runs the sends (woken when a campaign is queued); tests that
 * need the runs in hand use `runDue` with a carrier that crashes where told.
 */

import { AUTO_PAUSE } from '@shared/domain/campaignSending';
import { DEFAULT_UNSUBSCRIBE_TEXT } from '@shared/domain/campaigns';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Carrier, CarrierError } from '../../../carriers/types';
import {
  alerts,
  campaignRecipients,
  campaigns,
  conversationItems,
  jobs,
  monitors,
  numbers,
  smsRegistrations,
  subscriptions,
} from '../../../db/schema';
import { cancelJob } from '../../../jobs/queue';
import { SimulatedCrash } from '../../../jobs/runner';
import { createTestApp, type TestApp } from '../../../testing/testApp';
import { applyDeliveryReceipt } from '../../inbound/receipts';
import { receiveMessage } from '../../inbound/service';
import { pauseCampaign, resumeCampaign, sendJobKey } from './control';
import { takeSlot } from './pacing';
import { refreshDirtyStats, refreshStats } from './stats';
import { campaignRow, makeGroup, outboxCountsByRecipient, queueCampaign } from './testing';

let t: TestApp;
let company: number;
let numberId: number;
let sandbox: Carrier;

beforeAll(async () => {
  t = await createTestApp();
  company = t.ids.companies.demoMotors;
  numberId = t.ids.numbers.motorsMain;
  sandbox = t.ctx.carrier;
});
afterAll(() => t.close());

const ledger = (campaignId: number) =>
  t.ctx.db
    .select()
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaign_id, campaignId))
    .orderBy(asc(campaignRecipients.position));

const settled = (campaignId: number, states = ['sent', 'failed'], timeout = 60_000) =>
  vi.waitFor(async () => expect(states).toContain((await campaignRow(t.ctx.db, campaignId)).state), {
    timeout,
    interval: 25,
  });

describe('the ledger', () => {
  it('fixes one row per member, fills the fields, and skips with a reason', async () => {
    const { groupId } = await makeGroup(t.ctx.db, company, 3, [
      { name: 'Una Subscribed', number: '+13125550111', is_unsubscribed: true },
      { name: 'Ivan Valid', number: '12', is_invalid: false },
      { name: 'Lana Landline', number: '+13125550112', type: 'landline' },
      { name: 'Dup First', number: '+13125550113' },
      // The same number written another way: one person, texted once.
      { name: 'Dup Second', number: '(312) 555-0113' },
    ]);
    const campaign = await queueCampaign(t.ctx, { companyId: company, numberId, groupId });
    await settled(campaign.id);
    const rows = await ledger(campaign.id);
    expect(rows.map((row) => [row.name, row.state, row.skip_reason])).toEqual([
      [expect.stringMatching(/Person0$/), 'sent', null],
      [expect.stringMatching(/Person1$/), 'sent', null],
      [expect.stringMatching(/Person2$/), 'sent', null],
      ['Una Subscribed', 'skipped', 'unsubscribed'],
      ['Ivan Valid', 'skipped', 'invalid'],
      ['Lana Landline', 'skipped', 'no-sms'],
      ['Dup First', 'sent', null],
      ['Dup Second', 'skipped', 'duplicate'],
    ]);
    expect(rows[0]?.body).toBe(
      `Hi ${rows[0]?.name.split(' ')[0]}, our sale starts Saturday.\n${DEFAULT_UNSUBSCRIBE_TEXT}`,
    );
    const final = await campaignRow(t.ctx.db, campaign.id);
    expect(final).toMatchObject({
      state: 'sent',
      recipient_count: 8,
      skipped_count: 4,
      sent_count: 4,
      pending_count: 0,
      preview_count: 4,
      preview_credits: 4,
    });
    expect(final.started_at).not.toBeNull();
    expect(final.finished_at).not.toBeNull();
  });

  it('a group with nobody to send to fails with the reason', async () => {
    const { groupId } = await makeGroup(t.ctx.db, company, 0, [
      { name: 'Only Unsubscribed', number: '+13125550121', is_unsubscribed: true },
    ]);
    const campaign = await queueCampaign(t.ctx, { companyId: company, numberId, groupId });
    await settled(campaign.id);
    expect(await campaignRow(t.ctx.db, campaign.id)).toMatchObject({
      state: 'failed',
      state_reason: 'Nobody in the group could be sent to (see the skipped recipients).',
    });
  });

  it('a job of an earlier generation sends nothing', async () => {
    const { groupId } = await makeGroup(t.ctx.db, company, 2);
    const later = new Date(t.ctx.now().getTime() + 3_600_000);
    const campaign = await queueCampaign(t.ctx, {
      companyId: company,
      numberId,
      groupId,
      shouldBeSentAt: later,
    });
    const paused = await pauseCampaign(t.ctx, campaign);
    const resumed = await resumeCampaign(t.ctx, paused);
    expect(resumed.generation).toBe(campaign.generation + 1);
    const [old] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, sendJobKey(campaign.id, campaign.generation)));
    expect(old?.state).toBe('cancelled');
    expect(await ledger(campaign.id)).toEqual([]);
  });
});

describe('inbox and receipts', () => {
  it('lands each send in the inbox when asked, and receipts move both forward once', async () => {
    const { groupId } = await makeGroup(t.ctx.db, company, 2, [
      { name: 'Fay Failing', number: '+13125550199' },
    ]);
    const campaign = await queueCampaign(t.ctx, { companyId: company, numberId, groupId, skipInbox: false });
    await settled(campaign.id);
    // The sandbox's receipts come 300 ms after each send; its 0199 numbers fail with 30006.
    await vi.waitFor(
      async () =>
        expect((await ledger(campaign.id)).map((row) => row.state)).toEqual([
          'delivered',
          'delivered',
          'undelivered',
        ]),
      { timeout: 10_000, interval: 50 },
    );
    const rows = await ledger(campaign.id);
    expect(rows[2]?.error_code).toBe('30006');
    const items = await t.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.carrier_sid, rows[0]?.carrier_sid ?? ''));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'message', is_inbound: false, delivery_state: 'delivered' });
    expect(rows[0]?.item_id).toBe(items[0]?.id);

    // A receipt delivered again (Twilio retries its webhooks) counts nothing twice.
    await applyDeliveryReceipt(t.ctx, {
      sid: rows[0]?.carrier_sid ?? '',
      state: 'delivered',
      errorCode: null,
    });
    await applyDeliveryReceipt(t.ctx, {
      sid: rows[2]?.carrier_sid ?? '',
      state: 'failed',
      errorCode: '30006',
    });
    // A late "sent" never steps a delivered text back.
    await applyDeliveryReceipt(t.ctx, { sid: rows[1]?.carrier_sid ?? '', state: 'sent', errorCode: null });
    await refreshDirtyStats(t.ctx);
    expect(await refreshStats(t.ctx, campaign.id)).toMatchObject({
      sent_count: 3,
      delivered_count: 2,
      undelivered_count: 1,
    });
    expect((await ledger(campaign.id)).map((row) => row.state)).toEqual([
      'delivered',
      'delivered',
      'undelivered',
    ]);
  });

  it('a reply counts as responded, STOP as unsubscribed, each once', async () => {
    const { groupId, contacts } = await makeGroup(t.ctx.db, company, 2);
    const campaign = await queueCampaign(t.ctx, { companyId: company, numberId, groupId });
    await settled(campaign.id);
    const [first, second] = contacts.map((contact) => contact.number);
    const [sender] = await t.ctx.db.select().from(numbers).where(eq(numbers.id, numberId));
    const text = (from: string | undefined, body: string, sid: string) =>
      receiveMessage(t.ctx, { to: sender?.number ?? '', from: from ?? '', body, media: [], carrierSid: sid });
    await text(first, 'Is the red one still there?', `SMr1-${campaign.id}`);
    await text(first, 'Hello?', `SMr2-${campaign.id}`);
    await text(second, 'STOP', `SMr3-${campaign.id}`);
    const rows = await ledger(campaign.id);
    expect(rows[0]).toMatchObject({ reply: 'Is the red one still there?', unsubscribed_at: null });
    expect(rows[0]?.responded_at).not.toBeNull();
    expect(rows[1]?.responded_at).toBeNull();
    expect(rows[1]?.unsubscribed_at).not.toBeNull();
    expect(await campaignRow(t.ctx.db, campaign.id)).toMatchObject({
      responded_count: 1,
      unsubscriber_count: 1,
    });
  });
});

describe('exactly once through crashes', () => {
  it('10,000 recipients, the run dying after the carrier took a send at 30% and before it at 70%: each sent once', async () => {
    const N = 10_000;
    const { groupId, contacts } = await makeGroup(t.ctx.db, company, N);
    const crashes: number[] = [];
    // 30%: the carrier took the text, the run died before recording it. 70%: died before calling the carrier.
    // (Without delivery receipts: 10,000 of them would only queue behind the sends on PGlite's one connection.)
    let n = 0;
    t.ctx.carrier = {
      ...sandbox,
      sendMessage: async (input) => {
        n++;
        if (n === N * 0.7) {
          crashes.push(n);
          throw new SimulatedCrash();
        }
        const result = await sandbox.sendMessage({ ...input, onReceipt: undefined });
        if (n === N * 0.3) {
          crashes.push(n);
          throw new SimulatedCrash();
        }
        return result;
      },
      findSent: (query) => sandbox.findSent({ ...query, onReceipt: undefined }),
    };
    try {
      await t.app.jobs.stop();
      const campaign = await queueCampaign(t.ctx, { companyId: company, numberId, groupId });
      const lease = t.ctx.config.campaigns.leaseMs;
      let clock = t.ctx.now();
      for (let run = 0; run < 3; run++) {
        await t.app.jobs.runDue({ kinds: ['campaign-send'] });
        // The dead run's lease runs out; the next run takes the job over.
        clock = new Date(clock.getTime() + lease + 1);
        t.setNow(clock);
      }
      expect(crashes).toEqual([N * 0.3, N * 0.7]);
      const final = await campaignRow(t.ctx.db, campaign.id);
      expect(final).toMatchObject({ state: 'sent', recipient_count: N, sent_count: N, pending_count: 0 });
      const counts = await outboxCountsByRecipient(
        t.ctx.db,
        company,
        contacts.map((contact) => contact.number),
      );
      expect(counts.size).toBe(N);
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    } finally {
      t.ctx.carrier = sandbox;
      t.setNow(new Date());
      t.app.jobs.start();
    }
  }, 180_000);
});

/** The sandbox at 10 ms a text, counting its sends: a campaign keeps sending long enough to pause it. */
function slowCarrier(): Carrier & { sends: number } {
  const carrier = {
    ...sandbox,
    sends: 0,
    sendMessage: async (input: Parameters<Carrier['sendMessage']>[0]) => {
      carrier.sends++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return sandbox.sendMessage(input);
    },
  };
  return carrier;
}

describe('the right to send, asked again while sending', () => {
  const withdrawals = [
    [
      "the account falls past due: paused with §8's text",
      () =>
        t.ctx.db
          .update(subscriptions)
          .set({ provider_state: 'past_due', balance_cents: 14_900 })
          .where(eq(subscriptions.company_id, company)),
      () =>
        t.ctx.db
          .update(subscriptions)
          .set({ provider_state: 'active', balance_cents: 0 })
          .where(eq(subscriptions.company_id, company)),
      /^Your account has an outstanding balance of \$149\. Please update your payment info/,
    ],
    [
      'the number’s 10DLC registration is withdrawn: paused naming the number',
      () =>
        t.ctx.db
          .update(smsRegistrations)
          .set({ expired_at: new Date() })
          .where(and(eq(smsRegistrations.company_id, company), eq(smsRegistrations.kind, 'local'))),
      () =>
        t.ctx.db
          .update(smsRegistrations)
          .set({ expired_at: null })
          .where(and(eq(smsRegistrations.company_id, company), eq(smsRegistrations.kind, 'local'))),
      /has no approved text-messaging registration \(10DLC brand and campaign\)/,
    ],
  ] as const;

  it.each(withdrawals)(
    '%s, mid-send; the rest waits',
    async (_name, withdraw, restore, reason) => {
      const { groupId } = await makeGroup(t.ctx.db, company, 200);
      const carrier = slowCarrier();
      t.ctx.carrier = carrier;
      t.ctx.config.campaigns.sendRightsRecheckMs = 0;
      try {
        const campaign = await queueCampaign(t.ctx, { companyId: company, numberId, groupId });
        await vi.waitFor(() => expect(carrier.sends).toBeGreaterThan(20), { timeout: 20_000, interval: 10 });
        await withdraw();
        await settled(campaign.id, ['paused'], 10_000);
        const paused = await campaignRow(t.ctx.db, campaign.id);
        expect(paused.state_reason).toMatch(reason);
        const atPause = carrier.sends;
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(carrier.sends - atPause).toBeLessThanOrEqual(1);
        expect(carrier.sends).toBeLessThan(200);
        expect((await ledger(campaign.id)).filter((row) => row.state === 'pending').length).toBeGreaterThan(
          0,
        );
      } finally {
        await restore();
        t.ctx.config.campaigns.sendRightsRecheckMs = undefined;
        t.ctx.carrier = sandbox;
      }
    },
    60_000,
  );
});

describe('pause and resume', () => {
  it('pause stops new sends within a second; resume goes on where it stopped', async () => {
    const { groupId } = await makeGroup(t.ctx.db, company, 200);
    const carrier = slowCarrier();
    t.ctx.carrier = carrier;
    try {
      const campaign = await queueCampaign(t.ctx, { companyId: company, numberId, groupId });
      await vi.waitFor(() => expect(carrier.sends).toBeGreaterThan(20), { timeout: 20_000, interval: 10 });
      const paused = await pauseCampaign(t.ctx, await campaignRow(t.ctx.db, campaign.id));
      const pausedAt = Date.now();
      const atPause = carrier.sends;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // At most the send in flight when the pause came.
      expect(carrier.sends - atPause).toBeLessThanOrEqual(1);
      expect(Date.now() - pausedAt).toBeLessThan(2_000);
      const held = await ledger(campaign.id);
      expect(held.filter((row) => row.state === 'sending')).toEqual([]);
      expect(held.filter((row) => row.state === 'pending').length).toBeGreaterThan(0);

      await resumeCampaign(t.ctx, paused);
      await settled(campaign.id);
      const rows = await ledger(campaign.id);
      expect(rows.filter((row) => !['sent', 'delivered', 'undelivered'].includes(row.state))).toEqual([]);
      expect(carrier.sends).toBe(200);
    } finally {
      t.ctx.carrier = sandbox;
    }
  }, 60_000);
  it('paused on another server (only the job row says so), the run stops at its next checkpoint and gives back its rows', async () => {
    const { groupId } = await makeGroup(t.ctx.db, company, 200);
    const carrier = slowCarrier();
    t.ctx.carrier = carrier;
    try {
      const campaign = await queueCampaign(t.ctx, { companyId: company, numberId, groupId });
      await vi.waitFor(() => expect(carrier.sends).toBeGreaterThan(20), { timeout: 20_000, interval: 10 });
      // What another server's pause writes: the campaign paused and its job cancelled, no signal here.
      await t.ctx.db.update(campaigns).set({ state: 'paused' }).where(eq(campaigns.id, campaign.id));
      await cancelJob(t.ctx, 'campaign-send', sendJobKey(campaign.id, campaign.generation), { tx: t.ctx.db });
      await vi.waitFor(
        async () => {
          const [job] = await t.ctx.db
            .select()
            .from(jobs)
            .where(eq(jobs.key, sendJobKey(campaign.id, campaign.generation)));
          expect(job?.lease_owner ?? null).toBeNull();
          expect(t.app.jobs.running).toBe(0);
        },
        { timeout: 5_000, interval: 20 },
      );
      const atStop = carrier.sends;
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(carrier.sends).toBe(atStop);
      const rows = await ledger(campaign.id);
      expect(rows.filter((row) => row.state === 'sending')).toEqual([]);
      expect(rows.filter((row) => row.state === 'pending').length).toBeGreaterThan(0);
    } finally {
      t.ctx.carrier = sandbox;
    }
  }, 60_000);
});

describe('auto-pause', () => {
  it(`pauses itself with the reason when ${AUTO_PAUSE.failureRate * 100}% of the last ${AUTO_PAUSE.window} sends fail`, async () => {
    const { groupId } = await makeGroup(t.ctx.db, company, 300);
    let n = 0;
    t.ctx.carrier = {
      ...sandbox,
      sendMessage: async (input) => {
        // Every third text refused outright: a third of them fail.
        if (++n % 3 === 0) throw new CarrierError('Attempt to send to unsubscribed recipient', '21610');
        return sandbox.sendMessage(input);
      },
    };
    // The campaign_paused monitor on (no evaluation job armed): the pause itself opens the alert.
    await t.ctx.db
      .insert(monitors)
      .values({ company_id: company, kind: 'campaign_paused', enabled: true })
      .onConflictDoUpdate({ target: [monitors.company_id, monitors.kind], set: { enabled: true } });
    try {
      const campaign = await queueCampaign(t.ctx, { companyId: company, numberId, groupId });
      await settled(campaign.id, ['paused', 'sent'], 60_000);
      const row = await campaignRow(t.ctx.db, campaign.id);
      expect(row.state).toBe('paused');
      expect(row.state_reason).toMatch(
        /^Paused automatically: \d+ of the last 100 texts failed \(the limit is 20%\)/,
      );
      expect(row.pending_count).toBeGreaterThan(0);
      // The sender opens the alert just after the pause commits (PostgreSQL lets the test see the pause first).
      const opened = async () =>
        (
          await t.ctx.db
            .select()
            .from(alerts)
            .where(and(eq(alerts.kind, 'campaign_paused'), eq(alerts.subject_id, String(campaign.id))))
        ).map((alert) => [alert.state, alert.company_id]);
      await expect.poll(opened, { timeout: 5_000, interval: 20 }).toEqual([['open', company]]);
    } finally {
      t.ctx.carrier = sandbox;
    }
  }, 60_000);
});

describe('texting hours', () => {
  it('a recipient outside their hours waits for their window, then is sent', async () => {
    const strict = await createTestApp({
      campaigns: { pace: {}, pacing: false, textingHours: true, leaseMs: 30_000 },
    });
    try {
      await strict.app.jobs.stop();
      // 8:30 pm in Miami (Florida: 8 a.m. to 8 p.m.), 7:30 pm in Chicago (federal: until 9 p.m.).
      strict.setNow(new Date('2026-11-24T01:30:00Z'));
      const { groupId } = await makeGroup(strict.ctx.db, company, 1, [
        { name: 'Flo Rida', number: '+13055550142' },
      ]);
      const campaign = await queueCampaign(strict.ctx, { companyId: company, numberId, groupId });
      await strict.app.jobs.runDue({ kinds: ['campaign-send'] });
      const rows = await strict.ctx.db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaign_id, campaign.id))
        .orderBy(asc(campaignRecipients.position));
      expect(rows.map((row) => [row.region, row.state])).toEqual([
        ['US', 'sent'],
        ['FL', 'pending'],
      ]);
      // 8 a.m. the next morning in Miami.
      expect(rows[1]?.not_before?.toISOString()).toBe('2026-11-24T13:00:00.000Z');
      // The run ended waiting: its job is queued for that time, and the campaign is still sending.
      const [job] = await strict.ctx.db
        .select()
        .from(jobs)
        .where(
          and(eq(jobs.kind, 'campaign-send'), eq(jobs.key, sendJobKey(campaign.id, campaign.generation))),
        );
      expect(job).toMatchObject({ state: 'queued', run_at: new Date('2026-11-24T13:00:00Z') });
      expect((await campaignRow(strict.ctx.db, campaign.id)).state).toBe('sending');
      strict.setNow(new Date('2026-11-24T13:00:00Z'));
      await strict.app.jobs.runDue({ kinds: ['campaign-send'] });
      expect((await campaignRow(strict.ctx.db, campaign.id)).state).toBe('sent');
    } finally {
      await strict.close();
    }
  });
});

describe('pacing', () => {
  it('gives one slot per interval per number, and none past the daily cap until the day window ends', async () => {
    const now = new Date('2026-11-24T15:00:00Z');
    t.setNow(now);
    const number = { id: t.ids.numbers.motorsSales, type: 2 };
    const pace = { perSecond: 2, perDay: 3 };
    const slots = [];
    for (let n = 0; n < 4; n++) slots.push(await takeSlot(t.ctx, number, pace));
    expect(slots.slice(0, 3)).toEqual([
      { at: now },
      { at: new Date(now.getTime() + 500) },
      { at: new Date(now.getTime() + 1000) },
    ]);
    expect(slots[3]).toEqual({ capped: true, reopensAt: new Date(now.getTime() + 86_400_000) });
    // Another number has its own bucket.
    expect(await takeSlot(t.ctx, { id: t.ids.numbers.motorsService, type: 2 }, pace)).toEqual({ at: now });
    // A day later the window starts again.
    t.setNow(new Date(now.getTime() + 86_400_000));
    expect(await takeSlot(t.ctx, number, pace)).toEqual({ at: new Date(now.getTime() + 86_400_000) });
    t.setNow(new Date());
  });
});
