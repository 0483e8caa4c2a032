/**
 * Texts coming in: the sandbox route and Twilio's webhooks (signature, replay, media, delivery updates), keyword
 * handling (STOP, START, HELP) and the realtime event an open inbox hears.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq } from 'drizzle-orm';
import twilio from 'twilio';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxCarrier } from '../../carriers/sandbox';
import type { Carrier, SendMessageInput } from '../../carriers/types';
import { contacts, conversationItems, conversations, numbers, outbox } from '../../db/schema';
import { sharedTestApp, sharedTestAppWithFiles, type TestApp } from '../../testing/testApp';
import { signMediaUrl } from '../media/urls';
import {
  TWILIO_AUTH_TOKEN as AUTH_TOKEN,
  PUBLIC_URL,
  postSigned,
  TWILIO_ACCOUNT,
  TWILIO_SETTINGS,
} from '../voice/testing';
import { EMPTY_TWIML } from './routes';

const MOTORS_MAIN = '+13125550100';
const OTHER_MAIN = '+14155550120';

const t = sharedTestApp();
beforeAll(() => {
  // Receipts of keyword answers well after each test's checks.
  t.ctx.carrier = sandboxCarrier(t.ctx.outbox, { receiptDelayMs: 5_000 });
});

const text = (from: string, body: string, options: { to?: string; as?: string; media?: unknown[] } = {}) =>
  t.as(options.as ?? 'agent@demo.test', {
    method: 'POST',
    url: '/api/sandbox/messages',
    payload: {
      from,
      to: options.to ?? MOTORS_MAIN,
      body,
      ...(options.media ? { media: options.media } : {}),
    },
  });

async function conversationWith(db: TestApp['ctx']['db'], recipient: string, numberId: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.recipient, recipient), eq(conversations.number_id, numberId)));
  return row;
}

async function itemsOf(db: TestApp['ctx']['db'], conversationId: number) {
  return db
    .select()
    .from(conversationItems)
    .where(eq(conversationItems.conversation_id, conversationId))
    .orderBy(conversationItems.id);
}

async function contactOf(db: TestApp['ctx']['db'], companyId: number, number: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.company_id, companyId), eq(contacts.number, number)));
  return row;
}

async function smsTo(db: TestApp['ctx']['db'], to: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), eq(outbox.to, to)))
    .orderBy(outbox.id);
}

describe('POST /sandbox/messages', () => {
  it('a text from an unknown number creates its contact and conversation, and tells open inboxes', async () => {
    const events: { channel: string; event: string; payload: unknown }[] = [];
    const stop = t.ctx.realtime.listen((channel, event, payload) => events.push({ channel, event, payload }));
    const response = await text('(202) 555-0150', 'Is the blue sedan still available?', {
      media: [{ url: 'https://example.test/photo.jpg', content_type: 'image/jpeg' }],
    });
    stop();
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();

    const contact = await contactOf(t.ctx.db, t.ids.companies.demoMotors, '+12025550150');
    expect(contact).toMatchObject({ name: '(202) 555-0150', source: 'Manual', is_unsubscribed: false });
    const conversation = await conversationWith(t.ctx.db, '+12025550150', t.ids.numbers.motorsMain);
    expect(conversation).toMatchObject({
      contact_id: contact?.id,
      unread_count: 1,
      company_id: t.ids.companies.demoMotors,
    });
    const [item] = await itemsOf(t.ctx.db, conversation?.id ?? 0);
    expect(item).toMatchObject({
      id,
      kind: 'message',
      is_inbound: true,
      content: 'Is the blue sedan still available?',
      delivery_state: 'received',
      media: [{ url: 'https://example.test/photo.jpg', content_type: 'image/jpeg', size: 0 }],
    });
    expect(item?.carrier_sid).toMatch(/^SB[0-9a-f]{32}$/);

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      channel: channels.conversations(t.ids.companies.demoMotors),
      event: EVENTS.conversationUpdated,
      payload: {
        conversation: { id: conversation?.id, recipient: '+12025550150', unread_count: 1 },
        item: { id, isInbound: true, details: { type: 'message', deliveryState: 'received' } },
      },
    });
  });

  it('a second text joins the same conversation and contact', async () => {
    const before = await conversationWith(t.ctx.db, '+12025550150', t.ids.numbers.motorsMain);
    expect((await text('+1 202 555 0150', 'Hello again')).statusCode).toBe(201);
    const after = await conversationWith(t.ctx.db, '+12025550150', t.ids.numbers.motorsMain);
    expect(after?.id).toBe(before?.id);
    expect(after?.unread_count).toBe(2);
    const matching = await t.ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.company_id, t.ids.companies.demoMotors), eq(contacts.number, '+12025550150')));
    expect(matching).toHaveLength(1);
  });

  it('STOP unsubscribes the contact with one confirmation; START resubscribes', async () => {
    const sender = '+12025550151';
    expect((await text(sender, 'Hi')).statusCode).toBe(201);
    expect((await text(sender, '  stop ')).statusCode).toBe(201);
    expect((await contactOf(t.ctx.db, t.ids.companies.demoMotors, sender))?.is_unsubscribed).toBe(true);
    let sent = await smsTo(t.ctx.db, sender);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      from: MOTORS_MAIN,
      company_id: t.ids.companies.demoMotors,
      body: 'You have been unsubscribed from Demo Motors messages. Reply START to resubscribe.',
    });
    const conversation = await conversationWith(t.ctx.db, sender, t.ids.numbers.motorsMain);
    const items = await itemsOf(t.ctx.db, conversation?.id ?? 0);
    expect(items.map((item) => [item.is_inbound, item.content])).toEqual([
      [true, 'Hi'],
      [true, '  stop '],
      [false, 'You have been unsubscribed from Demo Motors messages. Reply START to resubscribe.'],
    ]);
    expect(items[2]).toMatchObject({ delivery_state: 'queued', kind: 'message' });
    expect(items[2]?.carrier_sid).toMatch(/^SB/);

    expect((await text(sender, 'START')).statusCode).toBe(201);
    expect((await contactOf(t.ctx.db, t.ids.companies.demoMotors, sender))?.is_unsubscribed).toBe(false);
    sent = await smsTo(t.ctx.db, sender);
    expect(sent.map((row) => row.body)).toEqual([
      'You have been unsubscribed from Demo Motors messages. Reply START to resubscribe.',
      'You have been resubscribed to Demo Motors messages. Reply STOP to unsubscribe.',
    ]);
  });

  it('a message that only contains a keyword among other words is just a message', async () => {
    const sender = '+12025550152';
    expect((await text(sender, 'please stop calling me at work')).statusCode).toBe(201);
    expect((await contactOf(t.ctx.db, t.ids.companies.demoMotors, sender))?.is_unsubscribed).toBe(false);
    expect(await smsTo(t.ctx.db, sender)).toHaveLength(0);
  });

  it('HELP answers the default naming the company, or the number’s own help text', async () => {
    const sender = '+12025550153';
    expect((await text(sender, 'HELP')).statusCode).toBe(201);
    await t.ctx.db
      .update(numbers)
      .set({ help_text: 'Demo Motors sales: call (312) 555-0101. Reply STOP to unsubscribe.' })
      .where(eq(numbers.id, t.ids.numbers.motorsSales));
    expect((await text(sender, 'info', { to: '+13125550101' })).statusCode).toBe(201);
    const sent = await smsTo(t.ctx.db, sender);
    expect(sent.map((row) => [row.from, row.body])).toEqual([
      [MOTORS_MAIN, 'Demo Motors: reply to this number to reach us. Reply STOP to unsubscribe.'],
      ['+13125550101', 'Demo Motors sales: call (312) 555-0101. Reply STOP to unsubscribe.'],
    ]);
    expect((await contactOf(t.ctx.db, t.ids.companies.demoMotors, sender))?.is_unsubscribed).toBe(false);
  });

  it('the keyword answer’s sandbox receipt lands on its item: delivered, or failed 30006 for …0199', async () => {
    const slow = t.ctx.carrier;
    t.ctx.carrier = sandboxCarrier(t.ctx.outbox, { receiptDelayMs: 0 });
    try {
      for (const sender of ['+12025550157', '+12025550199']) {
        expect((await text(sender, 'HELP')).statusCode).toBe(201);
      }
      const answerOf = async (sender: string) => {
        const conversation = await conversationWith(t.ctx.db, sender, t.ids.numbers.motorsMain);
        return (await itemsOf(t.ctx.db, conversation?.id ?? 0)).find((item) => !item.is_inbound);
      };
      await expect
        .poll(async () => (await answerOf('+12025550157'))?.delivery_state, { timeout: 3_000 })
        .toBe('delivered');
      await expect
        .poll(
          async () => {
            const item = await answerOf('+12025550199');
            return [item?.delivery_state, item?.error_code];
          },
          { timeout: 3_000 },
        )
        .toEqual(['failed', '30006']);
    } finally {
      t.ctx.carrier = slow;
    }
  });

  it('refuses another company’s number (404), an unknown one (404), and a role without inbox.use (403)', async () => {
    expect((await text('+12025550154', 'hi', { to: OTHER_MAIN })).statusCode).toBe(404);
    expect((await text('+12025550154', 'hi', { to: '+13125550199' })).statusCode).toBe(404);
    expect((await text('+12025550154', 'hi', { as: 'reporting@demo.test' })).statusCode).toBe(403);
    expect((await text('+12025550154', 'hi', { as: 'billing@demo.test' })).statusCode).toBe(403);
    expect((await text('+12025550154', 'hi', { as: 'other@demo.test', to: OTHER_MAIN })).statusCode).toBe(
      201,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { from: '+12025550154', to: MOTORS_MAIN, body: 'hi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a blocked conversation drops the sender’s texts, but STOP still unsubscribes', async () => {
    const sender = '+12025550158';
    expect((await text(sender, 'first')).statusCode).toBe(201);
    const conversation = await conversationWith(t.ctx.db, sender, t.ids.numbers.motorsMain);
    await t.ctx.db
      .update(conversations)
      .set({ blocked: true })
      .where(eq(conversations.id, conversation?.id ?? 0));
    const blocked = await text(sender, 'second');
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().errors).toEqual({ from: ['This sender is blocked in this conversation.'] });
    expect((await text(sender, 'STOP')).statusCode).toBe(422);
    expect((await itemsOf(t.ctx.db, conversation?.id ?? 0)).map((item) => item.content)).toEqual(['first']);
    expect((await contactOf(t.ctx.db, t.ids.companies.demoMotors, sender))?.is_unsubscribed).toBe(true);
    expect(await smsTo(t.ctx.db, sender)).toHaveLength(0);
  });

  it('checks what it is given (422)', async () => {
    const badFrom = await text('not a number', 'hi');
    expect(badFrom.statusCode).toBe(422);
    expect(badFrom.json().errors).toHaveProperty('from');
    const badMedia = await text('+12025550155', 'hi', {
      media: [{ url: 'nope', content_type: 'image/png' }],
    });
    expect(badMedia.statusCode).toBe(422);
    await t.ctx.db
      .update(numbers)
      .set({ sms_enabled: false })
      .where(eq(numbers.id, t.ids.numbers.motorsService));
    const noTexts = await text('+12025550155', 'hi', { to: '+13125550102' });
    expect(noTexts.statusCode).toBe(422);
    expect(noTexts.json().errors).toEqual({ to: ['This number does not take texts.'] });
  });

  it('the Twilio webhooks are not there without Twilio', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'MessageSid=SM1&From=%2B12025550156&To=%2B13125550100&Body=hi',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('Twilio webhooks', () => {
  const tw = sharedTestAppWithFiles(TWILIO_SETTINGS);
  const sends: SendMessageInput[] = [];

  beforeAll(() => {
    // Keyword answers would go to Twilio; record them instead.
    const fake: Carrier = {
      name: 'twilio',
      async sendMessage(input) {
        sends.push(input);
        return { sid: `SMfake${sends.length}`, state: 'queued' };
      },
      findSent: async () => null,
      validateWebhook: () => false,
    };
    tw.ctx.carrier = fake;
  });

  const post = (path: string, params: Record<string, string>, signature?: string) =>
    postSigned(tw, path, params, signature);

  const inbound = (sid: string, extra: Record<string, string> = {}): Record<string, string> => ({
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: TWILIO_ACCOUNT,
    From: '+12025550160',
    To: MOTORS_MAIN,
    Body: 'Photo of the dent',
    NumMedia: '0',
    ...extra,
  });

  it('refuses a wrong or missing signature (403) and creates nothing', async () => {
    const wrong = await post('/webhooks/twilio/sms', inbound('SMbad1'), 'c2lnbmF0dXJl');
    expect(wrong.statusCode).toBe(403);
    const signedForOtherParams = twilio.getExpectedTwilioSignature(
      AUTH_TOKEN,
      `${PUBLIC_URL}/api/webhooks/twilio/sms`,
      inbound('SMbad1', { Body: 'original' }),
    );
    expect((await post('/webhooks/twilio/sms', inbound('SMbad1'), signedForOtherParams)).statusCode).toBe(
      403,
    );
    const unsigned = await tw.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(inbound('SMbad1')).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect(
      (await post('/webhooks/twilio/sms/status', { MessageSid: 'SMx', MessageStatus: 'sent' }, 'x'))
        .statusCode,
    ).toBe(403);
    const rows = await tw.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.carrier_sid, 'SMbad1'));
    expect(rows).toHaveLength(0);
  });

  it('a signed inbound text becomes an item with its media; a replay creates nothing new', async () => {
    const params = inbound('MM00000000000000000000000000000001', {
      NumMedia: '2',
      MediaUrl0: 'https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM1/Media/ME1',
      MediaContentType0: 'image/jpeg',
      MediaUrl1: 'https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM1/Media/ME2',
      MediaContentType1: 'video/mp4',
    });
    // Twilio's media: the first is fetched (with the account's credentials), the second cannot be.
    const fetched: { url: string; authorization: string | null }[] = [];
    const fetchPublic = tw.ctx.fetchMedia;
    tw.ctx.fetchMedia = async (url, options) => {
      fetched.push({ url, authorization: options.headers?.authorization ?? null });
      return url.endsWith('ME1')
        ? { status: 200, contentType: 'image/jpeg', body: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) }
        : null;
    };
    const events: string[] = [];
    const stop = tw.ctx.realtime.listen((_channel, event) => events.push(event));
    try {
      const first = await post('/webhooks/twilio/sms', params);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^text\/xml/);
      expect(first.body).toBe(EMPTY_TWIML);
      const replay = await post('/webhooks/twilio/sms', params);
      expect(replay.statusCode).toBe(200);
      expect(replay.body).toBe(EMPTY_TWIML);
    } finally {
      stop();
      tw.ctx.fetchMedia = fetchPublic;
    }
    expect(events).toEqual([EVENTS.conversationUpdated]);
    // Fetched once (not again for the replay), with basic auth.
    expect(fetched.map((f) => f.url)).toEqual([params.MediaUrl0, params.MediaUrl1]);
    expect(fetched[0]?.authorization).toBe(
      `Basic ${Buffer.from(`${TWILIO_ACCOUNT}:${AUTH_TOKEN}`).toString('base64')}`,
    );

    const rows = await tw.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.carrier_sid, 'MM00000000000000000000000000000001'));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      is_inbound: true,
      content: 'Photo of the dent',
      delivery_state: 'received',
      media: [
        {
          path: expect.stringMatching(new RegExp(`^media/${tw.ids.companies.demoMotors}/[0-9a-f-]{36}$`)),
          content_type: 'image/jpeg',
          size: 7,
        },
        { url: params.MediaUrl1, content_type: 'video/mp4', size: 0 },
      ],
    });
    expect(await readFile(join(tw.ctx.config.dataDir, row?.media[0]?.path ?? ''))).toEqual(
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    );
    // The inbox's signed link serves the stored file.
    const link = signMediaUrl(tw.ctx, {
      companyId: tw.ids.companies.demoMotors,
      itemId: row?.id ?? 0,
      index: 0,
    });
    const served = await tw.app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const conversation = await conversationWith(tw.ctx.db, '+12025550160', tw.ids.numbers.motorsMain);
    expect(conversation?.unread_count).toBe(1);
  });

  it('a text to an unknown number is ignored, still answered with empty TwiML', async () => {
    const response = await post('/webhooks/twilio/sms', inbound('SMunknown1', { To: '+13125550198' }));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(EMPTY_TWIML);
    const rows = await tw.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.carrier_sid, 'SMunknown1'));
    expect(rows).toHaveLength(0);
  });

  it('STOP through Twilio unsubscribes and answers once through the carrier', async () => {
    const params = inbound('SMstop1', { From: '+12025550161', Body: 'STOP' });
    expect((await post('/webhooks/twilio/sms', params)).statusCode).toBe(200);
    expect((await post('/webhooks/twilio/sms', params)).statusCode).toBe(200);
    expect(sends.filter((send) => send.to === '+12025550161')).toEqual([
      expect.objectContaining({
        from: MOTORS_MAIN,
        body: 'You have been unsubscribed from Demo Motors messages. Reply START to resubscribe.',
      }),
    ]);
    expect((await contactOf(tw.ctx.db, tw.ids.companies.demoMotors, '+12025550161'))?.is_unsubscribed).toBe(
      true,
    );
  });

  it('delivery updates move forward only, keep the error code, and tell open inboxes', async () => {
    const params = inbound('SMstatus0', { From: '+12025550162', Body: 'HELP' });
    expect((await post('/webhooks/twilio/sms', params)).statusCode).toBe(200);
    const sid = `SMfake${sends.length}`;
    const state = async () => {
      const [row] = await tw.ctx.db
        .select()
        .from(conversationItems)
        .where(eq(conversationItems.carrier_sid, sid));
      return row;
    };
    expect(await state()).toMatchObject({ delivery_state: 'queued', is_inbound: false });

    const events: unknown[] = [];
    const stop = tw.ctx.realtime.listen((_channel, _event, payload) => events.push(payload));
    const delivered = await post('/webhooks/twilio/sms/status', {
      MessageSid: sid,
      MessageStatus: 'delivered',
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.body).toBe(EMPTY_TWIML);
    expect((await state())?.delivery_state).toBe('delivered');
    // A late "sent" after "delivered" changes nothing.
    expect(
      (await post('/webhooks/twilio/sms/status', { MessageSid: sid, MessageStatus: 'sent' })).statusCode,
    ).toBe(200);
    expect((await state())?.delivery_state).toBe('delivered');
    stop();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ item: { details: { deliveryState: 'delivered' } } });

    // Another message failing, with Twilio's error code.
    expect(
      (await post('/webhooks/twilio/sms', inbound('SMstatus1', { From: '+12025550163', Body: 'help' })))
        .statusCode,
    ).toBe(200);
    const failedSid = `SMfake${sends.length}`;
    await post('/webhooks/twilio/sms/status', { MessageSid: failedSid, MessageStatus: 'sent' });
    await post('/webhooks/twilio/sms/status', {
      MessageSid: failedSid,
      MessageStatus: 'undelivered',
      ErrorCode: '30006',
    });
    const [failed] = await tw.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.carrier_sid, failedSid));
    expect(failed).toMatchObject({ delivery_state: 'undelivered', error_code: '30006' });

    // An update about a message we never sent is acknowledged and ignored.
    expect(
      (await post('/webhooks/twilio/sms/status', { MessageSid: 'SMnobody', MessageStatus: 'delivered' }))
        .statusCode,
    ).toBe(200);
  });

  it('the sandbox route is not there with Twilio', async () => {
    const response = await tw.as('agent@demo.test', {
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { from: '+12025550164', to: MOTORS_MAIN, body: 'hi' },
    });
    expect(response.statusCode).toBe(404);
  });
});
