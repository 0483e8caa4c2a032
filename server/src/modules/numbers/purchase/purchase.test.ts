/**
 * Buying a number against the sandbox carrier: locate → buy → route it (PUT /numbers/{id}) → a sandbox call to
 * it follows the new routing; the purchase is audit-logged; a number taken meanwhile or gone from the carrier is
 * refused (422) and one over the company's number limit too (409, naming the limit and how to ask for more); the
 * number limit, a request to raise it (support mailed through the outbox, §8's message), and the area codes.
 */
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_NUMBER_GONE } from '../../../carriers/numberInventory';
import { auditLog, companies, numbers, outbox } from '../../../db/schema';
import { fieldErrors, sharedTestApp } from '../../../testing/testApp';
import { manualTimers } from '../../voice/sandbox/timers';
import { ringLog } from '../../voice/testing';
import { NUMBER_TAKEN_MESSAGE, TYPE_MISMATCH } from './buy';
import { limitReachedMessage } from './limit';

const t = sharedTestApp({}, { voiceTimers: manualTimers() });
const { ringsOf } = ringLog(t);
let motors: number;
let agent: number;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
  agent = t.ids.users['agent@demo.test'] ?? 0;
});

const locate = async (body: Record<string, unknown>) => {
  const response = await t.as('owner@demo.test', {
    method: 'POST',
    url: '/api/numbers/locate',
    payload: { company_id: motors, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { number: string }[] }>().data.map((found) => found.number);
};
const buy = (number: string, extra: Record<string, unknown> = {}, as = 'owner@demo.test') =>
  t.as(as, { method: 'POST', url: '/api/numbers', payload: { company_id: motors, number, ...extra } });
const limit = async () =>
  (await t.as('agent@demo.test', { method: 'GET', url: `/api/number-limit?company_id=${motors}` })).json<{
    limit: number;
    used: number;
    remaining: number;
    increase_requested: boolean;
  }>();
const setLimit = (value: number) =>
  t.ctx.db.update(companies).set({ number_limit: value }).where(eq(companies.id, motors));

describe('locate → buy → route → a call follows the routing', () => {
  it('buys a vanity number, routes extension 1 to an agent in the app, and a sandbox call rings them', async () => {
    const [number = ''] = await locate({ area_code: '312', pattern: 'CARS', mode: 'ends_with', limit: 1 });
    const bought = await buy(number, { label: 'Showroom', category: 1 });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ number, label: 'Showroom', type: 2, sms_enabled: true });
    const id = bought.json<{ id: number }>().id;
    const [row] = await t.ctx.db.select().from(numbers).where(eq(numbers.id, id));
    expect(row).toMatchObject({ company_id: motors, category: 1 });
    expect(row?.carrier_sid).toMatch(/^PN[0-9a-f]{32}$/);

    // A new number starts on the default extension config, taking voicemail until it is routed.
    const detail = await t.as('owner@demo.test', { method: 'GET', url: `/api/numbers/list/${id}` });
    expect(detail.json().routes).toMatchObject([
      { extension: 1, label: 'Main', type: 'voicemail', voicemail_enabled: true, timeout: 20 },
    ]);

    const routed = await t.as('owner@demo.test', {
      method: 'PUT',
      url: `/api/numbers/${id}`,
      payload: {
        routes: [{ extension: 1, label: 'Showroom agents', type: 'in-app-calling', members: [agent] }],
        schedule: { preset: 1, timezone: 'America/Chicago' },
      },
    });
    expect(routed.statusCode, routed.body).toBe(200);

    const call = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/sandbox/calls',
      payload: { from: '+12125550188', to: number },
    });
    expect(call.statusCode, call.body).toBe(201);
    const callId = call.json<{ id: number }>().id;
    expect(ringsOf(agent, callId)[0]).toMatchObject({
      call_id: callId,
      number: { number, label: 'Showroom' },
      extension: { key: '1', label: 'Showroom agents' },
    });
    await t.as('owner@demo.test', { method: 'POST', url: `/api/sandbox/calls/${callId}/hangup` });
  });

  it('audit-logs the purchase: who, the number and the carrier’s id', async () => {
    const [number = ''] = await locate({ area_code: '773', limit: 1 });
    const bought = await buy(number);
    expect(bought.statusCode).toBe(201);
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'number-purchased'), eq(auditLog.company_id, motors)))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(row).toMatchObject({
      actor_id: t.ids.users['owner@demo.test'],
      impersonator_id: null,
      detail: { number, number_id: bought.json().id, carrier: 'sandbox', type: 2, category: 1 },
    });
    expect(String(row?.detail.carrier_sid)).toMatch(/^PN/);
  });
});

describe('refusals', () => {
  it('a number someone has already is “just taken” (422 on number)', async () => {
    const response = await buy('+13125550100');
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).number).toEqual([NUMBER_TAKEN_MESSAGE]);
  });

  it('a number the carrier no longer has is refused with the carrier’s reason', async () => {
    const [gone = ''] =
      (await locate({ area_code: '404', pattern: '0000', mode: 'ends_with', limit: 1 })) ?? [];
    const response = await buy(gone);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).number).toEqual([SANDBOX_NUMBER_GONE]);
    expect(await t.ctx.db.select().from(numbers).where(eq(numbers.number, gone))).toEqual([]);
  });

  it.each([
    ['+18003569377', 2, TYPE_MISMATCH.tollFree],
    ['+13125550199', 1, TYPE_MISMATCH.local],
  ])('%s as type %i is refused on type: %s', async (number, type, message) => {
    const response = await buy(number, { type });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).type).toEqual([message]);
  });

  it('an agent may not buy (403)', async () => {
    const [number = ''] = await locate({ area_code: '720', limit: 1 });
    expect((await buy(number, {}, 'agent@demo.test')).statusCode).toBe(403);
  });

  it('at the number limit: 409 naming the limit and how to ask for more; nothing bought', async () => {
    const before = await limit();
    await setLimit(before.used);
    const [number = ''] = await locate({ area_code: '702', limit: 1 });
    const response = await buy(number);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(limitReachedMessage(before.used));
    expect(response.json().message).toContain('Request more numbers');
    expect(await limit()).toMatchObject({ limit: before.used, used: before.used, remaining: 0 });
    await setLimit(25);
  });
});

describe('the number limit', () => {
  it('counts the company’s numbers against its limit (25 by default)', async () => {
    const [count] = await t.ctx.db.$count(numbers, eq(numbers.company_id, motors)).then((n) => [n]);
    expect(await limit()).toEqual({
      limit: 25,
      used: count,
      remaining: 25 - (count ?? 0),
      increase_requested: false,
    });
  });

  it('a request to raise it mails support, answers §8’s message and stays requested', async () => {
    const response = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/number-limit-increase',
      payload: { company_id: motors, requested: 60, reason: 'Opening two showrooms' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: SUCCESS_MESSAGES.numberLimitRequested });
    const mail = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'mail'), eq(outbox.to, t.ctx.config.supportEmail)));
    expect(mail.at(-1)?.body).toContain('asks for a number limit of 60');
    expect(mail.at(-1)?.body).toContain('Opening two showrooms');
    expect((await limit()).increase_requested).toBe(true);
  });

  it('an agent may read the limit but not ask to raise it', async () => {
    const response = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/number-limit-increase',
      payload: { company_id: motors, requested: 60 },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /company/{id}/area-codes', () => {
  it('lists the area codes of the company’s numbers with counts', async () => {
    const response = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/company/${motors}/area-codes`,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: { area_code: string; count: number }[] }>().data;
    expect(data.map((row) => row.area_code)).toEqual([...data.map((row) => row.area_code)].sort());
    expect(data).toContainEqual({ area_code: '888', count: 1 });
    expect(data.find((row) => row.area_code === '312')?.count).toBeGreaterThanOrEqual(6);
  });
});
