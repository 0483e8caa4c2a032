/**
 * The carriers: the sandbox records each send in the outbox and delivers (or, for numbers ending in 0199, fails)
 * a moment later; Twilio's signature check and status mapping. (Which one a server sends through:
 * composition.test.ts.)
 */
import type { DeliveryState } from '@shared/domain/messaging';
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { memoryOutbox } from '../testing/memoryOutbox';
import { SANDBOX_FAILURE_CODE, sandboxCarrier, sandboxReceipt } from './sandbox';
import { isValidTwilioRequest, matchSentMessage, twilioDeliveryState } from './twilio';
import type { DeliveryReceipt } from './types';

describe('sandbox carrier', () => {
  it('records the send with its media and answers an SB sid, then a delivered receipt', async () => {
    const { sent, outbox } = memoryOutbox();
    const receipts: DeliveryReceipt[] = [];
    const carrier = sandboxCarrier(outbox, { receiptDelayMs: 5 });
    const result = await carrier.sendMessage({
      from: '+13125550100',
      to: '+12025550150',
      body: 'Your car is ready.',
      media: [{ url: 'https://example.test/m/1.jpg', content_type: 'image/jpeg' }],
      companyId: 7,
      onReceipt: (receipt) => receipts.push(receipt),
    });
    expect(carrier.name).toBe('sandbox');
    expect(result.sid).toMatch(/^SB[0-9a-f]{32}$/);
    expect(result.state).toBe('queued');
    expect(sent).toEqual([
      {
        channel: 'sms',
        companyId: 7,
        to: '+12025550150',
        from: '+13125550100',
        body: 'Your car is ready.\n[media] https://example.test/m/1.jpg',
      },
    ]);
    expect(receipts).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(receipts).toEqual([{ sid: result.sid, state: 'delivered', errorCode: null }]);
  });

  it('finds a send by its reference, and gives its receipt again; an unknown reference was never sent', async () => {
    const { outbox } = memoryOutbox();
    const carrier = sandboxCarrier(outbox, { receiptDelayMs: 0 });
    const input = { from: '+13125550100', to: '+12025550150', body: 'Hi', media: [], companyId: 7 };
    const result = await carrier.sendMessage({ ...input, reference: 'claim-1' });
    const receipts: DeliveryReceipt[] = [];
    const query = { ...input, since: new Date(0), onReceipt: (r: DeliveryReceipt) => receipts.push(r) };
    expect(await carrier.findSent({ ...query, reference: 'claim-1' })).toEqual({ sid: result.sid });
    expect(await carrier.findSent({ ...query, reference: 'claim-2' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(receipts).toEqual([{ sid: result.sid, state: 'delivered', errorCode: null }]);
  });

  it('fails delivery to numbers ending in 0199 with 30006', () => {
    expect(sandboxReceipt('SB1', '+12025550199')).toEqual({
      sid: 'SB1',
      state: 'failed',
      errorCode: SANDBOX_FAILURE_CODE,
    });
    expect(SANDBOX_FAILURE_CODE).toBe('30006');
    expect(sandboxReceipt('SB2', '+12025550198').state).toBe('delivered');
  });

  it('a receipt handler that throws is reported, not thrown', async () => {
    const { outbox } = memoryOutbox();
    const errors: unknown[] = [];
    const carrier = sandboxCarrier(outbox, {
      receiptDelayMs: 0,
      onReceiptError: (error) => errors.push(error),
    });
    await carrier.sendMessage({
      from: '+13125550100',
      to: '+12025550150',
      body: 'x',
      media: [],
      companyId: 1,
      onReceipt: () => {
        throw new Error('database closed');
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors).toHaveLength(1);
  });

  it('has no webhooks', () => {
    const { outbox } = memoryOutbox();
    expect(sandboxCarrier(outbox).validateWebhook({} as FastifyRequest)).toBe(false);
  });
});

describe('Twilio', () => {
  const token = 'secret-token';
  const request = (url: string, body: Record<string, string>, signature?: string) =>
    ({
      url,
      body,
      headers: signature === undefined ? {} : { 'x-twilio-signature': signature },
    }) as unknown as FastifyRequest;

  it('checks X-Twilio-Signature over PUBLIC_URL + path and the form fields', () => {
    const params = { MessageSid: 'SM1', From: '+12025550150', Body: 'Hi' };
    const good = twilio.getExpectedTwilioSignature(
      token,
      'https://sb.example.test/api/webhooks/twilio/sms',
      params,
    );
    expect(
      isValidTwilioRequest(
        request('/api/webhooks/twilio/sms', params, good),
        token,
        'https://sb.example.test',
      ),
    ).toBe(true);
    expect(
      isValidTwilioRequest(
        request('/api/webhooks/twilio/sms', params, good),
        token,
        'https://sb.example.test/',
      ),
    ).toBe(true);
    expect(
      isValidTwilioRequest(
        request('/api/webhooks/twilio/sms', params, good),
        'other',
        'https://sb.example.test',
      ),
    ).toBe(false);
    expect(
      isValidTwilioRequest(
        request('/api/webhooks/twilio/sms', { ...params, Body: 'Hi!' }, good),
        token,
        'https://sb.example.test',
      ),
    ).toBe(false);
    expect(
      isValidTwilioRequest(request('/api/webhooks/twilio/sms', params), token, 'https://sb.example.test'),
    ).toBe(false);
  });

  it.each<[string | undefined, DeliveryState | null]>([
    ['accepted', 'queued'],
    ['queued', 'queued'],
    ['sending', 'queued'],
    ['sent', 'sent'],
    ['delivered', 'delivered'],
    ['read', 'delivered'],
    ['undelivered', 'undelivered'],
    ['failed', 'failed'],
    ['canceled', 'failed'],
    ['received', null],
    ['', null],
    [undefined, null],
  ])('MessageStatus %s → %s', (status, state) => {
    expect(twilioDeliveryState(status)).toBe(state);
  });
});

describe('Twilio: finding a claimed send again (it keeps no sender reference)', () => {
  const since = new Date('2026-11-24T15:00:00Z');
  const message = (sid: string, body: string | null, at: string) => ({
    sid,
    body,
    dateCreated: new Date(at),
  });
  it.each([
    ['the same text since the claim', [message('SM1', 'Hi Ann\nReply STOP', '2026-11-24T15:00:02Z')], 'SM1'],
    [
      'Twilio’s clock a little behind ours',
      [message('SM2', 'Hi Ann\nReply STOP', '2026-11-24T14:59:30Z')],
      'SM2',
    ],
    [
      'an older text of the same words is another send',
      [message('SM3', 'Hi Ann\nReply STOP', '2026-11-24T14:50:00Z')],
      null,
    ],
    [
      'another text since the claim is not it',
      [message('SM4', 'Your car is ready', '2026-11-24T15:00:02Z')],
      null,
    ],
    ['nothing sent', [], null],
    [
      'the newest match among several',
      [
        message('SM6', 'Your car is ready', '2026-11-24T15:00:05Z'),
        message('SM5', 'Hi Ann\nReply STOP', '2026-11-24T15:00:03Z'),
      ],
      'SM5',
    ],
  ])('%s', (_case, messages, sid) => {
    expect(matchSentMessage(messages, { body: 'Hi Ann\nReply STOP', since })?.sid ?? null).toBe(sid);
  });
});
