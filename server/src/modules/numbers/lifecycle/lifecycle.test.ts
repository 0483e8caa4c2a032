/**
 * A number's life after the purchase, against the sandbox carrier on the test's clock: a release schedules the
 * removal §9's 30 days out and the removal job gives the number back on that day (not before), unless it was kept;
 * §4's activation rule over the company's numbers; a bulk release names the numbers it could not release; a
 * rotation swaps the number in place, and the routing follows the new one. Every change is audit-logged.
 */
import type { NumberState, ReleaseBatch } from '@shared/api/numberLifecycle';
import { INACTIVE_NUMBER_REMOVAL_DAYS } from '@shared/domain/limits';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, marketplaceListings, marketplaceNumbers, numbers } from '../../../db/schema';
import { publishedEvents, sharedTestApp } from '../../../testing/testApp';
import { trackedNumber } from '../../inbound/service';
import { releaseNumber } from './release';

const t = sharedTestApp();
const events = publishedEvents(t);
const DAY = 86_400_000;
let motors: number;
let otherCo: number;
beforeAll(async () => {
  motors = t.ids.companies.demoMotors;
  otherCo = t.ids.companies.otherCo;
  await t.ctx.db
    .update(companies)
    .set({ number_limit: 500 })
    .where(inArray(companies.id, [motors, otherCo]));
});
afterEach(() => t.setNow(new Date()));

const owner = 'owner@demo.test';
const locateOne = async (areaCode: string, companyId = motors) => {
  const response = await t.as(companyId === motors ? owner : 'other@demo.test', {
    method: 'POST',
    url: '/api/numbers/locate',
    payload: { company_id: companyId, area_code: areaCode, limit: 1 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { number: string }[] }>().data[0]?.number ?? '';
};
/** Buys a fresh number in the area code for the company; answers its id and number. */
const bought = async (areaCode = '312', companyId = motors) => {
  const number = await locateOne(areaCode, companyId);
  const response = await t.as(companyId === motors ? owner : 'other@demo.test', {
    method: 'POST',
    url: '/api/numbers',
    payload: { company_id: companyId, number, label: 'Lifecycle' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; number: string }>();
};
const rowOf = async (id: number) => (await t.ctx.db.select().from(numbers).where(eq(numbers.id, id)))[0];
const post = (url: string, as = owner) => t.as(as, { method: 'POST', url });
const auditOf = (action: string, numberId: number) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.company_id, motors)))
    .then((rows) => rows.filter((row) => row.detail.number_id === numberId));
const runRemovals = () => t.app.jobs.runDue({ kinds: ['number-removal'] });

describe('POST /numbers/{id}/remove: §9 "Inactive number removal 30 days"', () => {
  it('makes the number inactive with its removal 30 days ahead; it still takes calls until then', async () => {
    const { id, number } = await bought();
    const now = new Date();
    t.setNow(now);
    const response = await post(`/api/numbers/${id}/remove`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NumberState>()).toEqual({
      id,
      number,
      status: 'inactive',
      remove_at: new Date(now.getTime() + INACTIVE_NUMBER_REMOVAL_DAYS * DAY).toISOString(),
    });
    // Still routed (a caller is never met by silence during the grace period) and still listed, as inactive.
    expect((await trackedNumber(t.ctx, number))?.id).toBe(id);
    const list = await t.as(owner, {
      method: 'GET',
      url: `/api/companies/${motors}/numbers?search=${number}`,
    });
    expect(list.json().data[0]).toMatchObject({ id, status: 'inactive' });
    expect(await auditOf('number-release-scheduled', id)).toHaveLength(1);

    // Releasing again does not put the removal off.
    t.setNow(new Date(now.getTime() + 60_000));
    const again = await post(`/api/numbers/${id}/remove`);
    expect(again.json<NumberState>().remove_at).toBe(response.json<NumberState>().remove_at);
  });

  it('the removal job gives the number back on its day, not before; it leaves the lists and may be bought again', async () => {
    const { id, number } = await bought('773');
    const now = new Date();
    t.setNow(now);
    await post(`/api/numbers/${id}/remove`);

    t.setNow(new Date(now.getTime() + 29 * DAY));
    await runRemovals();
    expect((await rowOf(id))?.released_at).toBeNull();

    t.setNow(new Date(now.getTime() + 30 * DAY + 1000));
    await runRemovals();
    expect((await rowOf(id))?.released_at?.toISOString()).toBe(
      new Date(now.getTime() + 30 * DAY + 1000).toISOString(),
    );
    // (Back to today: the test's sign-ins would have expired a month on.)
    t.setNow(now);
    expect(await auditOf('number-released', id)).toMatchObject([
      { actor_id: null, detail: { number, carrier: 'sandbox' } },
    ]);
    // No longer the company's: not routed, not listed, not counted, its page 404.
    expect(await trackedNumber(t.ctx, number)).toBeUndefined();
    const list = await t.as(owner, {
      method: 'GET',
      url: `/api/companies/${motors}/numbers?search=${number}`,
    });
    expect(list.json().data).toEqual([]);
    const limitAfter = (
      await t.as(owner, { method: 'GET', url: `/api/number-limit?company_id=${motors}` })
    ).json();
    const live = await t.ctx.db.$count(
      numbers,
      and(eq(numbers.company_id, motors), isNull(numbers.released_at)),
    );
    expect(limitAfter.used).toBe(live);
    expect((await t.as(owner, { method: 'GET', url: `/api/numbers/list/${id}` })).statusCode).toBe(404);
    expect((await post(`/api/numbers/${id}/restore`)).statusCode).toBe(404);
    // Its history stays with the row; the E.164 is free for anyone, Other Co included.
    const rebuy = await t.as('other@demo.test', {
      method: 'POST',
      url: '/api/numbers',
      payload: { company_id: otherCo, number },
    });
    expect(rebuy.statusCode, rebuy.body).toBe(201);
    expect((await trackedNumber(t.ctx, number))?.company_id).toBe(otherCo);
  });

  it('a number on the marketplace is withdrawn from it when it is given back', async () => {
    const { id, number } = await bought('617');
    const [offer] = await t.ctx.db
      .insert(marketplaceNumbers)
      .values({ company_id: motors, number_id: id, status: 'listed', asking_price_cents: 250_000 })
      .returning();
    const now = new Date();
    await t.ctx.db.insert(marketplaceListings).values({
      company_id: motors,
      marketplace_number_id: offer?.id ?? 0,
      price_cents: 250_000,
      listed_at: now,
      interest_until: now,
    });
    t.setNow(now);
    await post(`/api/numbers/${id}/remove`);
    t.setNow(new Date(now.getTime() + 31 * DAY));
    await runRemovals();
    t.setNow(now);
    const [after] = await t.ctx.db
      .select()
      .from(marketplaceNumbers)
      .where(eq(marketplaceNumbers.id, offer?.id ?? 0));
    expect(after?.status).toBe('withdrawn');
    const listings = await t.ctx.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.marketplace_number_id, offer?.id ?? 0));
    expect(listings).toMatchObject([{ ended_as: 'withdrawn' }]);
    expect(listings[0]?.ended_at).not.toBeNull();
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'marketplace-number-withdrawn'), eq(auditLog.company_id, motors)));
    expect(audit?.detail).toMatchObject({ number, reason: 'number-released' });
  });

  it('a number kept before its day stays: restore clears the date and the job finds nothing to do', async () => {
    const { id } = await bought('415');
    const now = new Date();
    t.setNow(now);
    await post(`/api/numbers/${id}/remove`);
    const kept = await post(`/api/numbers/${id}/restore`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<NumberState>()).toMatchObject({ status: 'active', remove_at: null });
    expect(await auditOf('number-kept', id)).toHaveLength(1);
    t.setNow(new Date(now.getTime() + 31 * DAY));
    await runRemovals();
    expect(await rowOf(id)).toMatchObject({ status: 'active', remove_at: null, released_at: null });
  });

  it('a number released, kept and released again goes on the second release’s day', async () => {
    const { id } = await bought('646');
    const first = new Date();
    t.setNow(first);
    await post(`/api/numbers/${id}/remove`);
    await post(`/api/numbers/${id}/restore`);
    // Ten days on (as the service, the test's sign-ins would have expired).
    t.setNow(new Date(first.getTime() + 10 * DAY));
    const row = await rowOf(id);
    if (row) await releaseNumber(t.ctx, { userId: null, impersonatorId: null }, row);
    t.setNow(new Date(first.getTime() + 31 * DAY));
    await runRemovals();
    expect((await rowOf(id))?.released_at).toBeNull();
    t.setNow(new Date(first.getTime() + 41 * DAY));
    await runRemovals();
    expect((await rowOf(id))?.released_at).not.toBeNull();
  });
});

describe('PUT /v1/numbers: §4 "chosen numbers become active with removal date cleared; unchosen become inactive with removal scheduled 30 days ahead"', () => {
  it('applies the rule to every number of the company', async () => {
    const chosen = await bought('212');
    const now = new Date();
    t.setNow(now);
    await post(`/api/numbers/${chosen.id}/remove`);
    const response = await t.as(owner, {
      method: 'PUT',
      url: '/api/v1/numbers',
      payload: { company_id: motors, numbers: [chosen.id, t.ids.numbers.motorsMain] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const states = new Map(response.json<{ data: NumberState[] }>().data.map((state) => [state.id, state]));
    expect(states.get(chosen.id)).toMatchObject({ status: 'active', remove_at: null });
    expect(states.get(t.ids.numbers.motorsMain)).toMatchObject({ status: 'active', remove_at: null });
    const unchosen = [...states.values()].filter(
      (state) => state.id !== chosen.id && state.id !== t.ids.numbers.motorsMain,
    );
    expect(unchosen.length).toBeGreaterThan(0);
    for (const state of unchosen)
      expect(state).toMatchObject({
        status: 'inactive',
        remove_at: new Date(now.getTime() + 30 * DAY).toISOString(),
      });

    // Put back: every number active again (the rest of this file's numbers are unaffected by the test above).
    const all = [...states.keys()];
    const restored = await t.as(owner, {
      method: 'PUT',
      url: '/api/v1/numbers',
      payload: { company_id: motors, numbers: all },
    });
    expect(restored.json<{ data: NumberState[] }>().data.every((state) => state.status === 'active')).toBe(
      true,
    );
  });

  it('refuses numbers that are not the company’s, naming them, and changes nothing', async () => {
    const before = await rowOf(t.ids.numbers.motorsMain);
    const response = await t.as(owner, {
      method: 'PUT',
      url: '/api/v1/numbers',
      payload: { company_id: motors, numbers: [t.ids.numbers.otherMain] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.numbers[0]).toContain(String(t.ids.numbers.otherMain));
    expect((await rowOf(t.ids.numbers.motorsMain))?.status).toBe(before?.status);
  });
});

describe('POST /numbers/remove-bulk', () => {
  it('releases the company’s numbers in the background and names the one that is not the company’s', async () => {
    const mine = [await bought('312'), await bought('312'), await bought('773')];
    const foreign = await bought('415', otherCo);
    events.length = 0;
    const response = await t.as(owner, {
      method: 'POST',
      url: '/api/numbers/remove-bulk',
      payload: { company_id: motors, number_ids: [...mine.map((n) => n.id), foreign.id] },
    });
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json<ReleaseBatch>();
    let status: ReleaseBatch | undefined;
    for (let tries = 0; tries < 100; tries++) {
      await t.app.jobs.runDue({ kinds: ['release-numbers'] });
      status = (
        await t.as(owner, { method: 'GET', url: `/api/numbers/remove-bulk/${id}` })
      ).json<ReleaseBatch>();
      if (status.state === 'finished') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toMatchObject({
      state: 'finished',
      total: 4,
      released: 3,
      progress: 100,
      failed: [{ number_id: foreign.id, reason: 'This number was released and is no longer the company’s.' }],
    });
    for (const { id: numberId } of mine) expect((await rowOf(numberId))?.status).toBe('inactive');
    expect((await rowOf(foreign.id))?.status).toBe('active');
    const published = events.filter((event) => event.channel === channels.companies(motors));
    expect(published.filter((event) => event.event === EVENTS.batchReleaseNumbersProgress)).toHaveLength(4);
    expect(published.filter((event) => event.event === EVENTS.batchReleaseNumbersCompleted)).toHaveLength(1);
    // Another company's batch is not found.
    const peek = await t.as('other@demo.test', { method: 'GET', url: `/api/numbers/remove-bulk/${id}` });
    expect(peek.statusCode).toBe(404);
  });
});

describe('POST /numbers/{id}/rotate', () => {
  it('swaps in a fresh number of the same area code, keeping routing and label; calls follow the new one', async () => {
    const { id, number } = await bought('312');
    await t.as(owner, {
      method: 'PUT',
      url: `/api/numbers/${id}`,
      payload: {
        routes: [{ extension: 1, label: 'Service desk', type: 'voicemail', voicemail_enabled: true }],
      },
    });
    const response = await post(`/api/numbers/${id}/rotate`);
    expect(response.statusCode, response.body).toBe(200);
    const rotated = response.json<{ id: number; number: string; previous: string }>();
    expect(rotated).toMatchObject({ id, previous: number });
    expect(rotated.number).not.toBe(number);
    expect(rotated.number.slice(0, 5)).toBe('+1312');
    expect(await trackedNumber(t.ctx, number)).toBeUndefined();
    expect((await trackedNumber(t.ctx, rotated.number))?.id).toBe(id);
    const detail = (await t.as(owner, { method: 'GET', url: `/api/numbers/list/${id}` })).json();
    expect(detail).toMatchObject({
      number: rotated.number,
      label: 'Lifecycle',
      routes: [{ label: 'Service desk' }],
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'number-rotated'), eq(auditLog.company_id, motors)));
    expect(audit?.detail).toMatchObject({ number_id: id, from: number, to: rotated.number });
  });

  it('another company’s number is not found, and an agent may not rotate', async () => {
    expect((await post(`/api/numbers/${t.ids.numbers.otherMain}/rotate`)).statusCode).toBe(404);
    expect(
      (await post(`/api/numbers/${t.ids.numbers.motorsMain}/rotate`, 'agent@demo.test')).statusCode,
    ).toBe(403);
  });
});
