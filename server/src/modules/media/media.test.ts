/**
 * `GET /media/{itemId}/{index}`: an MMS attachment served by its signed URL without sign-in, with safe headers;
 * refused once expired, when tampered with (another company, item or index), and for an item that is not the
 * signed company's.
 */
import type { ConversationItem } from '@shared/api/conversations';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxCarrier } from '../../carriers/sandbox';
import { sharedTestAppWithFiles } from '../../testing/testApp';
import { multipart, TINY_PNG } from '../messaging/testing';
import { MEDIA_URL_TTL_MS, signMediaUrl } from './urls';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = sharedTestAppWithFiles();
let item: ConversationItem;
let url: string;
const start = new Date('2026-03-02T15:00:00Z');
const VCARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Sam Seller\r\nTEL:+13125550140\r\nEND:VCARD\r\n';

beforeAll(async () => {
  t.ctx.carrier = sandboxCarrier(t.ctx.outbox, { receiptDelayMs: 0 });
  t.setNow(start);
  const body = await multipart([
    ['numberId', String(t.ids.numbers.motorsMain)],
    ['to', '+13125550141'],
    ['text', 'Photo and card'],
    ['media[]', TINY_PNG, 'front view.png', 'image/png'],
    ['media[]', VCARD, 'sam.vcf', 'text/vcard'],
  ]);
  const response = await t.as('agent@demo.test', {
    method: 'POST',
    url: `/api/message?companyId=${t.ids.companies.demoMotors}`,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  item = response.json<ConversationItem>();
  url = item.details.media[0]?.url ?? '';
});

const get = (target: string) => t.app.inject({ method: 'GET', url: target });

describe('GET /media/{itemId}/{index}', () => {
  it('serves the bytes without sign-in, with its type, inline, not sniffed, privately cached', async () => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(TINY_PNG.length),
      'x-content-type-options': 'nosniff',
      'cache-control': `private, max-age=${MEDIA_URL_TTL_MS / 1000}`,
    });
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="front view\.png"/);
    const card = await get(item.details.media[1]?.url ?? '');
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('text/vcard');
    expect(card.body).toBe(VCARD);
  });

  it('is refused once the link has expired', async () => {
    t.setNow(new Date(start.getTime() + MEDIA_URL_TTL_MS + 1000));
    try {
      const response = await get(url);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toBe('This link has expired.');
    } finally {
      t.setNow(start);
    }
  });

  it('is refused when tampered with: another company, item or index', async () => {
    const otherCo = t.ids.companies.otherCo;
    for (const tampered of [
      url.replace(/company=\d+/, `company=${otherCo}`),
      url.replace(/\/media\/\d+\//, `/media/${item.id + 1}/`),
      url.replace(/\/0\?/, '/1?'),
      url.replace(/sig=[0-9a-f]{4}/, 'sig=0000'),
      url.replace(/expires=\d+/, `expires=${start.getTime() + 10 * MEDIA_URL_TTL_MS}`),
    ]) {
      const response = await get(tampered);
      expect(response.statusCode, tampered).toBe(403);
      expect(response.json<{ message: string }>().message).toBe('This link is not valid.');
    }
  });

  it('a link signed for another company does not open this company’s item', async () => {
    const signed = signMediaUrl(t.ctx, { companyId: t.ids.companies.otherCo, itemId: item.id, index: 0 });
    expect((await get(signed)).statusCode).toBe(404);
    const noSuchIndex = signMediaUrl(t.ctx, {
      companyId: t.ids.companies.demoMotors,
      itemId: item.id,
      index: 4,
    });
    expect((await get(noSuchIndex)).statusCode).toBe(404);
  });

  it('a link without its signature is refused as invalid input', async () => {
    expect((await get(url.split('?')[0] ?? '')).statusCode).toBe(422);
  });
});
