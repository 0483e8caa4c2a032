/**
 * `POST /message` through the real app and the sandbox carrier: the item, the outbox row, the later receipt
 * and the realtime events; MMS attachments and their limits; unsubscribed contacts refused; an
 * Idempotency-Key retry sending once; carrier refusals kept as failed items; who may send.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConversationItem, ConversationUpdatedEvent } from '@shared/api/conversations';
import { MEDIA_MAX_BYTES } from '@shared/api/messaging';
import { channels, EVENTS } from '@shared/realtime';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_FAILURE_CODE, sandboxCarrier } from '../../carriers/sandbox';
import { type Carrier, CarrierError } from '../../carriers/types';
import { contacts, conversationItems, conversations, numbers } from '../../db/schema';
import { fieldErrors, sharedTestAppWithFiles } from '../../testing/testApp';
import { findOrCreateConversation } from '../conversations/store';
import { itemRow, multipart, type Part, recipientsAfter, TINY_PNG, textsTo } from './testing';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = sharedTestAppWithFiles();
let companyId: number;
let numberId: number;
let sandbox: Carrier;
const events: { channel: string; payload: ConversationUpdatedEvent }[] = [];

const AGENT = 'agent@demo.test';
const FROM = '+13125550100';
/** A fresh fictional recipient each time (555-01xx, never ending in 0199 unless asked). */
const nextRecipient = recipientsAfter(130);

beforeAll(() => {
  companyId = t.ids.companies.demoMotors;
  numberId = t.ids.numbers.motorsMain;
  sandbox = sandboxCarrier(t.ctx.outbox, { receiptDelayMs: 30 });
  t.ctx.carrier = sandbox;
  t.ctx.realtime.listen((channel, event, payload) => {
    if (event === EVENTS.conversationUpdated)
      events.push({ channel, payload: payload as ConversationUpdatedEvent });
  });
});
beforeEach(() => {
  t.ctx.carrier = sandbox;
});

async function send(
  parts: Part[],
  options: { email?: string; company?: number; headers?: Record<string, string> } = {},
) {
  const body = await multipart(parts);
  return t.as(options.email ?? AGENT, {
    method: 'POST',
    url: `/api/message?companyId=${options.company ?? companyId}`,
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
  });
}

describe('POST /message: SMS', () => {
  it('sends from the number to a new recipient: the item, the outbox row, then the delivered receipt, live', async () => {
    const to = nextRecipient();
    const before = events.length;
    const response = await send([
      ['numberId', String(numberId)],
      ['to', `(312) 555-${to.slice(-4)}`],
      ['text', 'Your car is ready for pick-up.'],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<ConversationItem>();
    expect(item).toMatchObject({
      isInbound: false,
      user: { id: t.ids.users[AGENT] },
      details: {
        type: 'message',
        content: 'Your car is ready for pick-up.',
        deliveryState: 'queued',
        media: [],
      },
    });
    const row = await itemRow(t, item.id);
    expect(row?.carrier_sid).toMatch(/^SB/);
    const [conversation] = await t.ctx.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, item.conversation_id));
    expect(conversation).toMatchObject({ company_id: companyId, number_id: numberId, recipient: to });
    expect(await textsTo(t, to)).toEqual([
      expect.objectContaining({ company_id: companyId, from: FROM, body: 'Your car is ready for pick-up.' }),
    ]);
    // The receipt comes a moment later and is heard by every open inbox.
    await vi.waitFor(async () => expect((await itemRow(t, item.id))?.delivery_state).toBe('delivered'));
    // Heard as it moves: "queued" then "delivered" — or, when the receipt beats the send's own event, "delivered"
    // twice; never a step back, and the last word is "delivered".
    await vi.waitFor(() => {
      const heard = events.slice(before).map((event) => event.payload.item?.details.deliveryState);
      expect(heard).toHaveLength(2);
      expect([
        ['queued', 'delivered'],
        ['delivered', 'delivered'],
      ]).toContainEqual(heard);
    });
    for (const event of events.slice(before)) {
      expect(event.channel).toBe(channels.conversations(companyId));
      expect(event.payload.conversation.id).toBe(item.conversation_id);
    }
  });

  it('answers in an existing conversation by its id, and accepts JSON when there are no files', async () => {
    const to = nextRecipient();
    const conversation = await findOrCreateConversation(t.ctx.db, { companyId, numberId, recipient: to });
    const response = await t.as(AGENT, {
      method: 'POST',
      url: `/api/message?companyId=${companyId}`,
      payload: { conversationId: conversation.id, text: 'Thanks!' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ConversationItem>().conversation_id).toBe(conversation.id);
    expect(await textsTo(t, to)).toHaveLength(1);
  });

  it('a recipient the carrier cannot reach ends failed with the carrier’s code', async () => {
    const response = await send([
      ['numberId', String(numberId)],
      ['to', '+13125550199'],
      ['text', 'Hello?'],
    ]);
    expect(response.statusCode).toBe(201);
    const id = response.json<ConversationItem>().id;
    await vi.waitFor(async () =>
      expect(await itemRow(t, id)).toMatchObject({
        delivery_state: 'failed',
        error_code: SANDBOX_FAILURE_CODE,
      }),
    );
  });

  it('refuses what it cannot send, field by field', async () => {
    const nothing = await send([
      ['numberId', String(numberId)],
      ['to', nextRecipient()],
    ]);
    expect(nothing.statusCode).toBe(422);
    expect(fieldErrors(nothing).text).toEqual(['Write a message or attach a file.']);

    const long = await send([
      ['numberId', String(numberId)],
      ['to', nextRecipient()],
      ['text', 'x'.repeat(1001)],
    ]);
    expect(fieldErrors(long).text).toEqual(['Max 1000 characters per SMS']);
    const exactly = await send([
      ['numberId', String(numberId)],
      ['to', nextRecipient()],
      ['text', '😀'.repeat(1000)],
    ]);
    expect(exactly.statusCode, exactly.body).toBe(201);

    const noTarget = await send([['text', 'Hi']]);
    expect(Object.keys(fieldErrors(noTarget)).sort()).toEqual(['numberId', 'to']);

    const badNumber = await send([
      ['numberId', String(numberId)],
      ['to', '12345'],
      ['text', 'Hi'],
    ]);
    expect(fieldErrors(badNumber).to).toEqual(['Enter a valid phone number to send to.']);

    const foreignNumber = await send([
      ['numberId', String(t.ids.numbers.otherMain)],
      ['to', nextRecipient()],
      ['text', 'Hi'],
    ]);
    expect(fieldErrors(foreignNumber).numberId).toEqual(['Choose one of this company’s numbers.']);
  });

  it('refuses a number that does not text', async () => {
    await t.ctx.db
      .update(numbers)
      .set({ sms_enabled: false })
      .where(eq(numbers.id, t.ids.numbers.motorsService));
    const response = await send([
      ['numberId', String(t.ids.numbers.motorsService)],
      ['to', nextRecipient()],
      ['text', 'Hi'],
    ]);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).numberId).toEqual(['This number cannot send texts.']);
  });
});

describe('unsubscribed contacts', () => {
  it('refuses a text to a contact who replied STOP, naming them, and sends nothing', async () => {
    const to = nextRecipient();
    await t.ctx.db
      .insert(contacts)
      .values({ company_id: companyId, name: 'Stopped Stella', number: to, is_unsubscribed: true });
    const conversation = await findOrCreateConversation(t.ctx.db, { companyId, numberId, recipient: to });
    for (const parts of [
      [
        ['numberId', String(numberId)],
        ['to', to],
        ['text', 'Big sale!'],
      ],
      [
        ['conversationId', String(conversation.id)],
        ['text', 'Big sale!'],
      ],
    ] as Part[][]) {
      const response = await send(parts);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ message: string }>().message).toMatch(/Stopped Stella .*unsubscribed.*STOP/);
    }
    expect(await textsTo(t, to)).toEqual([]);
    const items = await t.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.conversation_id, conversation.id));
    expect(items).toEqual([]);
  });
});

describe('MMS', () => {
  it('sends an image: stored under the data folder, a signed URL on the item and in the carrier’s send', async () => {
    const to = nextRecipient();
    const response = await send([
      ['numberId', String(numberId)],
      ['to', to],
      ['text', 'The car'],
      ['media[]', TINY_PNG, 'car.png', 'image/png'],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<ConversationItem>();
    expect(item.details.media).toEqual([
      {
        url: expect.stringMatching(/^\/api\/media\/\d+\/0\?company=\d+&expires=\d+&sig=/),
        content_type: 'image/png',
        size: TINY_PNG.length,
        name: 'car.png',
      },
    ]);
    const row = await itemRow(t, item.id);
    expect(row?.media[0]?.path).toMatch(new RegExp(`^media/${companyId}/[0-9a-f-]{36}$`));
    const [sent] = await textsTo(t, to);
    expect(sent?.body).toMatch(/^The car\n\[media\] http:\/\/127\.0\.0\.1:8080\/api\/media\//);
    const served = await t.app.inject({ method: 'GET', url: item.details.media[0]?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('a 1000-character MMS says MMS when too long', async () => {
    const response = await send([
      ['numberId', String(numberId)],
      ['to', nextRecipient()],
      ['text', 'y'.repeat(1001)],
      ['media[]', TINY_PNG, 'a.png', 'image/png'],
    ]);
    expect(fieldErrors(response).text).toEqual(['Max 1000 characters per MMS']);
  });

  it('refuses a forbidden type, a file that lies about its type, one too large and too many, keeping no file', async () => {
    const files = async () => readdir(join(t.ctx.config.dataDir, 'media', String(companyId))).catch(() => []);
    const stored = (await files()).length;
    const base: Part[] = [
      ['numberId', String(numberId)],
      ['to', nextRecipient()],
      ['text', 'See attached'],
    ];
    const exe = await send([
      ...base,
      ['media[]', Buffer.from('MZ\x90\x00'), 'setup.exe', 'application/x-msdownload'],
    ]);
    expect(exe.statusCode).toBe(422);
    expect(fieldErrors(exe).media?.[0]).toMatch(/^setup\.exe is not a file a text can carry/);

    const liar = await send([
      ...base,
      ['media[]', Buffer.from('MZ\x90\x00 not a png'), 'photo.png', 'image/png'],
    ]);
    expect(fieldErrors(liar).media).toEqual([
      'photo.png does not contain what its type says (image/png); it was not attached.',
    ]);

    const big = Buffer.concat([TINY_PNG, Buffer.alloc(MEDIA_MAX_BYTES)]);
    const large = await send([...base, ['media[]', big, 'huge.png', 'image/png']]);
    expect(fieldErrors(large).media).toEqual([
      'huge.png is larger than 5 MB, the limit for each attachment.',
    ]);

    const six = Array.from({ length: 6 }, (_, i): Part => ['media[]', TINY_PNG, `p${i}.png`, 'image/png']);
    const many = await send([...base, ...six]);
    expect(fieldErrors(many).media).toEqual(['Attach at most 5 files to one message.']);

    // A send refused after its files arrived (a bad recipient) removes them too.
    const refused = await send([
      ['numberId', String(numberId)],
      ['to', 'nope'],
      ['media[]', TINY_PNG, 'ok.png', 'image/png'],
    ]);
    expect(refused.statusCode).toBe(422);
    expect((await files()).length).toBe(stored);
  });
});

describe('Idempotency-Key', () => {
  it('a retried send with the same key creates one message and answers the same', async () => {
    const to = nextRecipient();
    const parts: Part[] = [
      ['numberId', String(numberId)],
      ['to', to],
      ['text', 'Once only'],
    ];
    const headers = { 'idempotency-key': `send-${to}-retry` };
    const first = await send(parts, { headers });
    const second = await send(parts, { headers });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await textsTo(t, to)).toHaveLength(1);
    const items = await t.ctx.db
      .select()
      .from(conversationItems)
      .where(eq(conversationItems.conversation_id, first.json<ConversationItem>().conversation_id));
    expect(items).toHaveLength(1);
    // Another key is another message.
    const third = await send(parts, { headers: { 'idempotency-key': `send-${to}-other` } });
    expect(third.json<ConversationItem>().id).not.toBe(first.json<ConversationItem>().id);
  });
});

describe('carrier failures', () => {
  /** Sends `text` to a new recipient through a carrier whose sending throws `error`; answers the newest item too. */
  async function sendFailing(error: Error, text: string) {
    t.ctx.carrier = {
      ...sandbox,
      sendMessage: async () => {
        throw error;
      },
    };
    const response = await send([
      ['numberId', String(numberId)],
      ['to', nextRecipient()],
      ['text', text],
    ]);
    const [last] = await t.ctx.db
      .select()
      .from(conversationItems)
      .orderBy(desc(conversationItems.id))
      .limit(1);
    return { response, last };
  }

  it('a refusal keeps the item as failed with the carrier’s code and answers 422 with its reason', async () => {
    const { response, last } = await sendFailing(
      new CarrierError('The number is not a mobile number.', '21614'),
      'Hi',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe(
      'The carrier refused the text: The number is not a mobile number.',
    );
    expect(last).toMatchObject({
      kind: 'message',
      delivery_state: 'failed',
      error_code: '21614',
      content: 'Hi',
    });
  });

  it('a carrier that cannot be reached answers 502, the item failed', async () => {
    const { response, last } = await sendFailing(new Error('ECONNRESET'), 'Hi again');
    expect(response.statusCode).toBe(502);
    expect(last).toMatchObject({
      delivery_state: 'failed',
      error_code: 'carrier-unreachable',
      content: 'Hi again',
    });
  });
});

describe('who may send', () => {
  it('reporting and billing may not (403); another company’s conversation is not found (404)', async () => {
    const parts: Part[] = [
      ['numberId', String(numberId)],
      ['to', nextRecipient()],
      ['text', 'Hi'],
    ];
    expect((await send(parts, { email: 'reporting@demo.test' })).statusCode).toBe(403);
    expect((await send(parts, { email: 'billing@demo.test' })).statusCode).toBe(403);
    expect((await send(parts, { company: t.ids.companies.otherCo })).statusCode).toBe(404);
    const foreign = await findOrCreateConversation(t.ctx.db, {
      companyId: t.ids.companies.otherCo,
      numberId: t.ids.numbers.otherMain,
      recipient: nextRecipient(),
    });
    const response = await send([
      ['conversationId', String(foreign.id)],
      ['text', 'Hi'],
    ]);
    expect(response.statusCode).toBe(404);
  });
});
