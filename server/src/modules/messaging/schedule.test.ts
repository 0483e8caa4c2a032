/**
 * `POST /inbox/message/schedule` and its job: a scheduled message is sent at its time by the injectable clock,
 * not before, and once even with two schedulers at it; cancelled before, refused after; a contact who
 * unsubscribed meanwhile is not texted.
 */
import type { ConversationItem } from '@shared/api/conversations';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sandboxCarrier } from '../../carriers/sandbox';
import { contacts, conversationItems } from '../../db/schema';
import { createJobRunner } from '../../jobs/runner';
import { fieldErrors, sharedTestAppWithFiles } from '../../testing/testApp';
import { findOrCreateConversation } from '../conversations/store';
import { scheduledTextJob } from './scheduler';
import { failStaleClaims, STALE_CLAIM_MS } from './service';
import { itemRow, multipart, type Part, recipientsAfter, TINY_PNG, textsTo } from './testing';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = sharedTestAppWithFiles();
let companyId: number;
let numberId: number;
let clock: Date;

const AGENT = 'agent@demo.test';
const HOUR = 60 * 60_000;
const START = '2026-03-02T15:00:00Z';
const nextRecipient = recipientsAfter(160);

beforeAll(() => {
  companyId = t.ids.companies.demoMotors;
  numberId = t.ids.numbers.motorsMain;
  t.ctx.carrier = sandboxCarrier(t.ctx.outbox, { receiptDelayMs: 0 });
});
// Each test starts at the same time (sign-in tokens live an hour on this clock too).
beforeEach(() => {
  clock = new Date(START);
  t.setNow(clock);
});

/** Schedules `text` to `to` from the main line, `inMs` after the test's clock. */
const scheduleText = (to: string, text: string, inMs: number) =>
  schedule([
    ['numberId', String(numberId)],
    ['to', to],
    ['text', text],
    ['shouldBeSentAt', new Date(clock.getTime() + inMs).toISOString()],
  ]);

function advance(ms: number) {
  clock = new Date(clock.getTime() + ms);
  t.setNow(clock);
}

async function schedule(parts: Part[], email = AGENT) {
  const body = await multipart(parts);
  return t.as(email, {
    method: 'POST',
    url: `/api/inbox/message/schedule?companyId=${companyId}`,
    ...body,
  });
}

describe('POST /inbox/message/schedule', () => {
  it('keeps the message for its time; the job sends it then, not before, and only once', async () => {
    const to = nextRecipient();
    const at = new Date(clock.getTime() + 2 * HOUR);
    const response = await schedule([
      ['numberId', String(numberId)],
      ['to', to],
      ['text', 'Your service is tomorrow at 9.'],
      ['shouldBeSentAt', at.toISOString()],
      ['media[]', TINY_PNG, 'map.png', 'image/png'],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<ConversationItem>();
    expect(item.details).toMatchObject({
      type: 'scheduledmessage',
      shouldBeSentAt: at.toISOString(),
      deliveryState: null,
      content: 'Your service is tomorrow at 9.',
    });

    await t.app.jobs.runDue();
    advance(2 * HOUR - 1000);
    await t.app.jobs.runDue();
    expect(await textsTo(t, to)).toEqual([]);
    expect((await itemRow(t, item.id))?.kind).toBe('scheduledmessage');

    advance(1000);
    // Two schedulers (another server, a tick racing this one) at the same due item: one send.
    const other = createJobRunner(t.ctx, { handlers: [scheduledTextJob] });
    await Promise.all([t.app.jobs.runDue(), other.runDue(), t.app.jobs.runDue()]);
    const sent = await textsTo(t, to);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatch(/^Your service is tomorrow at 9\.\n\[media\] http/);
    await vi.waitFor(async () =>
      expect(await itemRow(t, item.id)).toMatchObject({
        kind: 'message',
        should_be_sent_at: null,
        delivery_state: 'delivered',
        carrier_sid: expect.stringMatching(/^SB/),
        created_at: clock,
      }),
    );
    advance(HOUR);
    await t.app.jobs.runDue();
    expect(await textsTo(t, to)).toHaveLength(1);
  });

  it('a message that came due while the server was down is sent when the job next runs', async () => {
    const to = nextRecipient();
    const response = await scheduleText(to, 'Missed while down', 60_000);
    expect(response.statusCode).toBe(201);
    advance(3 * HOUR);
    const restarted = createJobRunner(t.ctx, { handlers: [scheduledTextJob] });
    await restarted.runDue();
    expect(await textsTo(t, to)).toHaveLength(1);
  });

  it('refuses a time in the past, now, more than a year ahead, or not a time', async () => {
    const base: Part[] = [
      ['numberId', String(numberId)],
      ['to', nextRecipient()],
      ['text', 'Later'],
    ];
    const past = await schedule([
      ...base,
      ['shouldBeSentAt', new Date(clock.getTime() - 1000).toISOString()],
    ]);
    expect(fieldErrors(past).shouldBeSentAt).toEqual(['Choose a time in the future.']);
    const now = await schedule([...base, ['shouldBeSentAt', clock.toISOString()]]);
    expect(fieldErrors(now).shouldBeSentAt).toEqual(['Choose a time in the future.']);
    const far = await schedule([
      ...base,
      ['shouldBeSentAt', new Date(clock.getTime() + 400 * 24 * HOUR).toISOString()],
    ]);
    expect(fieldErrors(far).shouldBeSentAt).toEqual(['Schedule at most one year ahead.']);
    const garbage = await schedule([...base, ['shouldBeSentAt', 'tomorrow']]);
    expect(fieldErrors(garbage).shouldBeSentAt?.[0]).toMatch(/ISO date and time/);
    const missing = await schedule(base);
    expect(fieldErrors(missing)).toHaveProperty('shouldBeSentAt');
  });

  it('a contact who unsubscribes before the time is not texted: the item fails', async () => {
    const to = nextRecipient();
    const response = await scheduleText(to, 'Promo', HOUR);
    expect(response.statusCode).toBe(201);
    await t.ctx.db
      .insert(contacts)
      .values({ company_id: companyId, name: 'Late Stopper', number: to, is_unsubscribed: true });
    advance(HOUR);
    await t.app.jobs.runDue();
    expect(await textsTo(t, to)).toEqual([]);
    expect(await itemRow(t, response.json<ConversationItem>().id)).toMatchObject({
      kind: 'message',
      delivery_state: 'failed',
      error_code: 'unsubscribed',
    });
  });

  it('a claim a dead server never handed to the carrier ends failed (not-sent) after a while', async () => {
    const conversation = await findOrCreateConversation(t.ctx.db, {
      companyId,
      numberId,
      recipient: nextRecipient(),
    });
    const claim = {
      company_id: companyId,
      conversation_id: conversation.id,
      kind: 'message',
      delivery_state: 'sending',
    };
    const [stale, fresh] = await t.ctx.db
      .insert(conversationItems)
      .values([
        { ...claim, updated_at: new Date(clock.getTime() - STALE_CLAIM_MS - 1000) },
        { ...claim, updated_at: new Date(clock.getTime() - 1000) },
      ])
      .returning();
    await failStaleClaims(t.ctx);
    expect(await itemRow(t, stale?.id ?? 0)).toMatchObject({
      delivery_state: 'failed',
      error_code: 'not-sent',
    });
    expect(await itemRow(t, fresh?.id ?? 0)).toMatchObject({ delivery_state: 'sending', error_code: null });
  });

  it('reporting may not schedule (403)', async () => {
    const response = await schedule(
      [
        ['numberId', String(numberId)],
        ['to', nextRecipient()],
        ['text', 'x'],
        ['shouldBeSentAt', new Date(clock.getTime() + HOUR).toISOString()],
      ],
      'reporting@demo.test',
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('DELETE /inbox/message/schedule/{id}', () => {
  it('cancels before the time (nothing is sent); once sent it is too late (409)', async () => {
    const to = nextRecipient();
    const scheduled = await scheduleText(to, 'Cancel me', 10 * 60_000);
    const id = scheduled.json<ConversationItem>().id;
    expect(
      (await t.as('reporting@demo.test', { method: 'DELETE', url: `/api/inbox/message/schedule/${id}` }))
        .statusCode,
    ).toBe(403);
    const cancel = await t.as(AGENT, { method: 'DELETE', url: `/api/inbox/message/schedule/${id}` });
    expect(cancel.statusCode).toBe(204);
    expect(await itemRow(t, id)).toBeUndefined();
    advance(10 * 60_000);
    await t.app.jobs.runDue();
    expect(await textsTo(t, to)).toEqual([]);

    const sentLater = await scheduleText(to, 'Too late to cancel', 60_000);
    advance(60_000);
    await t.app.jobs.runDue();
    const late = await t.as(AGENT, {
      method: 'DELETE',
      url: `/api/inbox/message/schedule/${sentLater.json<ConversationItem>().id}`,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/already been sent/);
    expect(
      (await t.as(AGENT, { method: 'DELETE', url: '/api/inbox/message/schedule/999999' })).statusCode,
    ).toBe(404);
  });
});
