/**
 * Call tracking against the real server (§7 "Tracking pools and DNI"; issue 21): sources and pools with their
 * per-field refusals; a visitor's session lent a pool number under a lease, renewed by heartbeats, given back after
 * the lease and the cool-down on the injected clock; an exhausted pool serving its fallback (and counting it);
 * source rules claimed most specific first; bots given nothing; a sandbox call to a leased number attributed to
 * the session (source, keyword, path) and on its timeline; deleting a pool keeping or releasing its numbers;
 * another company's pool, source or timeline answering 404.
 */
import type { DniPoolDetail, DniSource, DniTimeline, DniVisitAnswer } from '@shared/api/dni';
import { channels, EVENTS } from '@shared/realtime';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, dniPoolUsage, dniSessions, eavAttributes, numbers } from '../../db/schema';
import { fieldErrors, publishedEvents, sharedTestApp } from '../../testing/testApp';
import { manualTimers } from '../voice/sandbox/timers';
import { trackingKeyFor } from './script/key';
import { networkOf, networkShare } from './visits';

const t = sharedTestApp({}, { voiceTimers: manualTimers() });
const events = publishedEvents(t);

const START = new Date('2026-11-24T15:00:00Z');
const MINUTE = 60_000;
let clock = START.getTime();
const at = (ms: number) => {
  clock = START.getTime() + ms;
  t.setNow(new Date(clock));
};

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SITE = 'https://demomotors.example';

let motors: number;
let other: number;
let key: string;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
  other = t.ids.companies.otherCo;
  key = trackingKeyFor(t.ctx, motors);
  at(0);
});

/** Fresh numbers of a company, made for one test (+1 (630) 555-02xx). */
let serial = 0;
async function freshNumbers(companyId: number, count: number): Promise<{ id: number; number: string }[]> {
  const rows = await t.ctx.db
    .insert(numbers)
    .values(
      Array.from({ length: count }, () => ({
        company_id: companyId,
        number: `+1630555${String(200 + ++serial).padStart(4, '0')}`,
        label: `Pool line ${serial}`,
      })),
    )
    .returning({ id: numbers.id, number: numbers.number });
  return rows;
}

const owner = (options: Parameters<typeof t.as>[1]) => t.as('owner@demo.test', options);

async function makeSource(name: string, conditions: unknown[], companyId = motors): Promise<DniSource> {
  const response = await owner({
    method: 'POST',
    url: '/api/dniSources',
    payload: { company_id: companyId, name, conditions },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DniSource>();
}

async function makePool(body: Record<string, unknown>): Promise<DniPoolDetail> {
  const response = await owner({ method: 'POST', url: `/api/companies/${motors}/dniPools`, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DniPoolDetail>();
}

/** A page view as the tracking script sends it, from `address` (the test's own, 127.0.0.1, unless said). */
async function visit(
  body: Record<string, unknown>,
  userAgent = CHROME,
  address = '127.0.0.1',
): Promise<DniVisitAnswer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/dni/session',
    remoteAddress: address,
    headers: { 'content-type': 'text/plain', 'user-agent': userAgent, origin: SITE },
    payload: JSON.stringify({ key, url: `${SITE}/`, referrer: '', title: 'Demo Motors', ...body }),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['access-control-allow-origin']).toBe('*');
  return response.json<DniVisitAnswer>();
}

const heartbeat = (sessionId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dni/heartbeat',
    headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
    payload: JSON.stringify({ key, session_id: sessionId }),
  });

describe('sources', () => {
  it('are made, listed, renamed and refused per field; a name is unique in the company', async () => {
    const made = await makeSource('Billboard I-90', [
      { kind: 'param', key: 'utm_source', value: 'billboard' },
    ]);
    expect(made.conditions).toEqual([{ kind: 'param', key: 'utm_source', value: 'billboard' }]);
    const again = await owner({
      method: 'POST',
      url: '/api/dniSources',
      payload: { company_id: motors, name: 'billboard i-90', conditions: [{ kind: 'all' }] },
    });
    expect(again.statusCode).toBe(422);
    expect(fieldErrors(again).name).toEqual(['Another source already has this name.']);
    const bad = await owner({
      method: 'POST',
      url: '/api/dniSources',
      payload: { company_id: motors, name: '', conditions: [{ kind: 'referrer', domain: 'not a domain' }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['conditions.0.domain', 'name']);
    const renamed = await owner({
      method: 'PUT',
      url: `/api/dniSources/${made.id}`,
      payload: {
        name: 'Billboard I-94',
        conditions: [{ kind: 'referrer', domain: 'https://www.Billboards.example/x' }],
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<DniSource>().conditions).toEqual([
      { kind: 'referrer', domain: 'billboards.example' },
    ]);
    const list = (await owner({ method: 'GET', url: `/api/dniSources?companyId=${motors}` })).json<{
      data: DniSource[];
    }>();
    expect(list.data.map((one) => one.name)).toContain('Billboard I-94');
    expect((await owner({ method: 'DELETE', url: `/api/dniSources/${made.id}` })).statusCode).toBe(204);
  });

  it('another company’s source is a 404; an agent may not change sources', async () => {
    const theirs = await t.as('other@demo.test', {
      method: 'POST',
      url: '/api/dniSources',
      payload: { company_id: other, name: 'Theirs', conditions: [{ kind: 'all' }] },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const id = theirs.json<DniSource>().id;
    expect(
      (
        await owner({
          method: 'PUT',
          url: `/api/dniSources/${id}`,
          payload: { name: 'Mine', conditions: [{ kind: 'all' }] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await owner({ method: 'DELETE', url: `/api/dniSources/${id}` })).statusCode).toBe(404);
    const agent = await t.as('agent@demo.test', {
      method: 'POST',
      url: '/api/dniSources',
      payload: { company_id: motors, name: 'Agent’s', conditions: [{ kind: 'all' }] },
    });
    expect(agent.statusCode).toBe(403);
  });
});

describe('pools', () => {
  it('refuse what cannot work, per field', async () => {
    const [mine] = await freshNumbers(motors, 1);
    const [theirs] = await freshNumbers(other, 1);
    const response = await owner({
      method: 'POST',
      url: `/api/companies/${motors}/dniPools`,
      payload: {
        name: '',
        type: 'session',
        numbers: [{ number_id: mine?.id }, { number_id: theirs?.id }, { number_id: mine?.id }],
        target_numbers: ['not a phone'],
        lease_minutes: 1,
      },
    });
    expect(response.statusCode).toBe(422);
    const errors = fieldErrors(response);
    expect(errors.name).toEqual(['Name the pool.']);
    expect(errors['target_numbers.0']).toEqual(['Write a phone number like (312) 555-0100.']);
    expect(errors.lease_minutes).toEqual(['A visitor keeps a number at least 5 minutes.']);
    // Once every field reads, what the pool as a whole lacks.
    const incomplete = await owner({
      method: 'POST',
      url: `/api/companies/${motors}/dniPools`,
      payload: {
        name: 'Incomplete',
        type: 'session',
        numbers: [{ number_id: mine?.id }, { number_id: mine?.id }],
        target_numbers: ['3125550100'],
      },
    });
    expect(fieldErrors(incomplete)).toEqual({
      source_ids: ['Choose the sources this pool serves.'],
      fallback_number_id: ['Choose the number visitors see when every pool number is in use.'],
      'numbers.1.number_id': ['This number is listed twice.'],
    });
  });

  it('refuse another company’s number and a number already in another pool', async () => {
    const source = await makeSource('Pool test source', [
      { kind: 'param', key: 'utm_source', value: 'pooltest' },
    ]);
    const [a, b, fallback] = await freshNumbers(motors, 3);
    const [theirs] = await freshNumbers(other, 1);
    await makePool({
      name: 'First',
      type: 'session',
      source_ids: [source.id],
      numbers: [{ number_id: a?.id }],
      target_numbers: ['(312) 555-0100'],
      fallback_number_id: fallback?.id,
    });
    const second = await owner({
      method: 'POST',
      url: `/api/companies/${motors}/dniPools`,
      payload: {
        name: 'Second',
        type: 'session',
        source_ids: [source.id],
        numbers: [{ number_id: b?.id }, { number_id: a?.id }, { number_id: theirs?.id }],
        target_numbers: ['(312) 555-0100'],
        fallback_number_id: fallback?.id,
      },
    });
    expect(second.statusCode).toBe(422);
    const errors = fieldErrors(second);
    expect(errors['numbers.2.number_id']).toEqual(['This is not a number of this company.']);
    expect(errors['numbers.1.number_id']).toBeUndefined();
    const onlyPoolClash = await owner({
      method: 'POST',
      url: `/api/companies/${motors}/dniPools`,
      payload: {
        name: 'Second',
        type: 'session',
        source_ids: [source.id],
        numbers: [{ number_id: b?.id }, { number_id: a?.id }],
        target_numbers: ['(312) 555-0100'],
        fallback_number_id: fallback?.id,
      },
    });
    expect(fieldErrors(onlyPoolClash)['numbers.1.number_id']).toEqual([
      'This number is in the pool “First”.',
    ]);
    // A source a pool uses cannot be deleted.
    const deleting = await owner({ method: 'DELETE', url: `/api/dniSources/${source.id}` });
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json<{ message: string }>().message).toContain('“First”');
  });

  it('keep custom values of tracking-pool fields (§3 entity type "tracking pool 3"), refusing other kinds', async () => {
    const [budget, numberField] = await t.ctx.db
      .insert(eavAttributes)
      .values([
        { company_id: motors, entity_type: 3, name: 'Monthly budget', key: 'budget', data_type: 'number' },
        {
          company_id: motors,
          entity_type: 1,
          name: 'Store code',
          key: 'store_code',
          data_type: 'stringText',
        },
      ])
      .returning();
    const source = await makeSource('Custom values source', [
      { kind: 'param', key: 'utm_source', value: 'cv' },
    ]);
    const [line, fallback] = await freshNumbers(motors, 2);
    const body = (values: unknown) => ({
      name: 'Custom values',
      type: 'session',
      source_ids: [source.id],
      numbers: [{ number_id: line?.id }],
      target_numbers: ['(312) 555-0100'],
      fallback_number_id: fallback?.id,
      eavAttributeValues: values,
    });
    const refused = await owner({
      method: 'POST',
      url: `/api/companies/${motors}/dniPools`,
      payload: body([{ attribute_id: numberField?.id, value: 'X1' }]),
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(refused))).toEqual(['eavAttributeValues.0']);
    const made = await makePool(body([{ attribute_id: budget?.id, value: 1500 }]));
    expect(made.eavAttributeValues).toEqual([{ attribute_id: budget?.id, value: 1500 }]);
    const cleared = await owner({
      method: 'PUT',
      url: `/api/dniPools/${made.id}`,
      payload: body([{ attribute_id: budget?.id, value: null }]),
    });
    expect(cleared.json<DniPoolDetail>().eavAttributeValues).toEqual([]);
  });

  it('a static pool needs a source for each number', async () => {
    const [a] = await freshNumbers(motors, 1);
    const response = await owner({
      method: 'POST',
      url: `/api/companies/${motors}/dniPools`,
      payload: {
        name: 'Static',
        type: 'static',
        numbers: [{ number_id: a?.id }],
        target_numbers: ['3125550100'],
      },
    });
    expect(fieldErrors(response)['numbers.0.source_id']).toEqual(['Choose the source this number is for.']);
  });
});

describe('sessions and leases', () => {
  let pool: DniPoolDetail;
  let lines: { id: number; number: string }[];
  let fallback: { id: number; number: string };
  let ads: DniSource;

  beforeAll(async () => {
    at(0);
    ads = await makeSource('Lease Ads', [
      { kind: 'param', key: 'leaseclid', value: null },
      { kind: 'param', key: 'utm_source', value: 'leaseads' },
    ]);
    lines = await freshNumbers(motors, 2);
    [fallback] = (await freshNumbers(motors, 1)) as [{ id: number; number: string }];
    pool = await makePool({
      name: 'Lease Ads',
      type: 'session',
      source_ids: [ads.id],
      numbers: lines.map((line) => ({ number_id: line.id })),
      target_numbers: ['(312) 555-0100'],
      lease_minutes: 30,
      cooldown_minutes: 10,
      fallback_number_id: fallback.id,
    });
  });

  it('lends each visitor their own number, keeps it across page views, and serves the fallback when all are taken', async () => {
    at(0);
    const first = await visit({ url: `${SITE}/?leaseclid=abc&utm_term=used+civic` });
    expect(first.targets).toEqual(['+13125550100']);
    expect(lines.map((line) => line.number)).toContain(first.number);
    expect(first.lease_seconds).toBe(30 * 60);
    const again = await visit({
      url: `${SITE}/inventory`,
      session_id: first.session_id,
      visitor_id: first.visitor_id,
    });
    expect(again.session_id).toBe(first.session_id);
    expect(again.number).toBe(first.number);
    const second = await visit({ url: `${SITE}/?utm_source=leaseads` });
    expect(second.number).not.toBe(first.number);
    expect(lines.map((line) => line.number)).toContain(second.number);
    const third = await visit({ url: `${SITE}/?utm_source=leaseads` });
    expect(third.number).toBe(fallback.number);
    const [session] = await t.ctx.db
      .select()
      .from(dniSessions)
      .where(eq(dniSessions.id, third.session_id ?? ''));
    expect(session?.fallback).toBe(true);
    const usage = await t.ctx.db.select().from(dniPoolUsage).where(eq(dniPoolUsage.pool_id, pool.id));
    expect(usage.reduce((sum, row) => sum + row.fallbacks, 0)).toBe(1);
    expect(Math.max(...usage.map((row) => row.peak_sessions))).toBe(2);
    const detail = (await owner({ method: 'GET', url: `/api/dniPools/${pool.id}` })).json<DniPoolDetail>();
    expect(detail.live_sessions).toBe(2);
    expect(detail.usage).toHaveLength(30);
    expect(detail.usage.at(-1)).toMatchObject({ peak_sessions: 2, fallbacks: 1, utilisation: 1 });
    // §: an exhausted pool runs hot and says how many numbers to add.
    expect(detail.advice.hot).toBe(true);
    expect(detail.advice.add).toBeGreaterThan(0);
    expect(
      events.some((event) => event.channel === channels.companies(motors) && event.event === EVENTS.dniFeed),
    ).toBe(true);

    // After the lease (30 min of silence) the number is still held for the cool-down (10 min) …
    at(35 * MINUTE);
    const during = await visit({ url: `${SITE}/?utm_source=leaseads` });
    expect(during.number).toBe(fallback.number);
    // … a heartbeat from a visitor whose hold has not ended renews their lease …
    expect((await heartbeat(second.session_id ?? '')).statusCode).toBe(204);
    // … and after the cool-down the first visitor's number goes to the next visitor.
    at(41 * MINUTE);
    const next = await visit({ url: `${SITE}/?utm_source=leaseads` });
    expect(next.number).toBe(first.number);
    // The returning first visitor (cookie still there, session ended) starts a new session, with the fallback now.
    const back = await visit({ url: `${SITE}/`, session_id: first.session_id, visitor_id: first.visitor_id });
    expect(back.session_id).not.toBe(first.session_id);
    expect(back.visitor_id).toBe(first.visitor_id);
    at(0);
  });

  it('a sandbox call to a leased number is attributed to the session, and lands on its timeline', async () => {
    at(0);
    const calling = await makeSource('Call Ads', [{ kind: 'param', key: 'callclid', value: null }]);
    const [line, spare] = await freshNumbers(motors, 2);
    await makePool({
      name: 'Call Ads',
      type: 'session',
      source_ids: [calling.id],
      numbers: [{ number_id: line?.id }],
      target_numbers: ['(312) 555-0100'],
      fallback_number_id: spare?.id,
    });
    at(MINUTE);
    const seen = await visit({
      url: `${SITE}/specials?callclid=xyz&utm_campaign=winter&utm_term=awd+suv`,
      referrer: 'https://www.google.com/',
    });
    expect(seen.number).toBe(line?.number);
    await visit({
      url: `${SITE}/inventory/awd`,
      title: 'AWD SUVs',
      session_id: seen.session_id,
      visitor_id: seen.visitor_id,
    });
    at(6 * MINUTE);
    const placed = await owner({
      method: 'POST',
      url: '/api/sandbox/calls',
      payload: { from: '+12125550142', to: seen.number },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const callId = placed.json<{ id: number }>().id;
    const [row] = await t.ctx.db.select().from(calls).where(eq(calls.id, callId));
    expect(row?.dni_session_id).toBe(seen.session_id);
    expect(row?.source).toBe('Call Ads');
    expect(row?.attribution).toMatchObject({
      source: 'google',
      medium: 'organic',
      campaign: 'winter',
      keyword: 'awd suv',
      source_name: 'Call Ads',
    });
    expect(row?.attribution?.path.map((page) => page.url)).toEqual([
      `${SITE}/specials?callclid=xyz&utm_campaign=winter&utm_term=awd+suv`,
      `${SITE}/inventory/awd`,
    ]);
    const call = await owner({ method: 'GET', url: `/api/calls/${callId}` });
    expect(call.json<{ attribution: { keyword: string } }>().attribution.keyword).toBe('awd suv');
    const timeline = (
      await owner({ method: 'GET', url: `/api/dniTimelineEvents/${seen.session_id}` })
    ).json<DniTimeline>();
    expect(timeline.events.map((event) => event.kind)).toEqual([
      'page_view',
      'number_shown',
      'page_view',
      'call',
    ]);
    expect(timeline.events.at(-1)?.call_id).toBe(callId);
    const feed = await owner({
      method: 'POST',
      url: `/api/activity?companyId=${motors}`,
      payload: { page: 1, dniSessionId: seen.session_id },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json<{ data: { id: number; keyword: string | null }[] }>().data).toEqual([
      expect.objectContaining({ id: callId, keyword: 'awd suv' }),
    ]);
    const byNumber = (
      await owner({
        method: 'GET',
        url: `/api/dniTimelineEventsByNumber/${encodeURIComponent(seen.number ?? '')}?companyId=${motors}`,
      })
    ).json<{ data: DniTimeline[] }>();
    expect(byNumber.data.map((one) => one.session.id)).toContain(seen.session_id);
    // Another company's people see none of it.
    expect(
      (await t.as('other@demo.test', { method: 'GET', url: `/api/dniTimelineEvents/${seen.session_id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.as('other@demo.test', { method: 'GET', url: `/api/dniPools/${row?.attribution?.pool_id}` }))
        .statusCode,
    ).toBe(404);
    at(0);
  });

  it('visitors arriving at the same moment never share a number (the pool row is locked while one is lent)', async () => {
    at(0);
    const rush = await makeSource('Rush', [{ kind: 'param', key: 'utm_source', value: 'rush' }]);
    const rushLines = await freshNumbers(motors, 5);
    const [rushFallback] = await freshNumbers(motors, 1);
    await makePool({
      name: 'Rush',
      type: 'session',
      source_ids: [rush.id],
      numbers: rushLines.map((line) => ({ number_id: line.id })),
      target_numbers: ['(312) 555-0100'],
      fallback_number_id: rushFallback?.id,
    });
    // Seven visitors, each from an address of their own (one address holds at most its share of a pool).
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        visit({ url: `${SITE}/?utm_source=rush` }, CHROME, `198.51.100.${i + 1}`),
      ),
    );
    const lent = answers.map((answer) => answer.number).filter((number) => number !== rushFallback?.number);
    expect(lent).toHaveLength(5);
    expect(new Set(lent).size).toBe(5);
    expect(answers.filter((answer) => answer.number === rushFallback?.number)).toHaveLength(2);
  });

  it('bots get no number and leave nothing behind; an unknown key is a 404', async () => {
    const before = (await t.ctx.db.select().from(dniSessions)).length;
    const bot = await visit(
      { url: `${SITE}/?utm_source=leaseads` },
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    );
    expect(bot).toMatchObject({ session_id: null, number: null, targets: [] });
    const headless = await visit(
      { url: `${SITE}/?utm_source=leaseads` },
      'Mozilla/5.0 HeadlessChrome/131.0.0.0',
    );
    expect(headless.number).toBeNull();
    expect((await t.ctx.db.select().from(dniSessions)).length).toBe(before);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/dni/session',
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
      payload: JSON.stringify({ key: `${motors}.AAAAAAAAAAAAAAAAAAAAAA`, url: SITE }),
    });
    expect(forged.statusCode).toBe(404);
  });
});

/**
 * Issue 33, finding 4: six anonymous page views from one address took every number of a six-number session pool
 * for the lease and its cool-down (renewable by heartbeat), so real visitors saw the fallback. One network now holds
 * at most its share of a pool (2, or a tenth of a large pool); a visitor who holds a number keeps it rather than
 * taking another; and when the pool is dry a visitor from a network holding none of it takes back the oldest number
 * of a network holding more than one.
 */
describe('a pool nobody drains', () => {
  let serialPool = 0;
  /** A session pool of `size` fresh numbers (and a fallback) for a source of its own; `land` is a page view for it. */
  async function hoardedPool(size: number) {
    const tag = `hoard${++serialPool}`;
    const source = await makeSource(`Hoard ${serialPool}`, [
      { kind: 'param', key: 'utm_source', value: tag },
    ]);
    const lines = await freshNumbers(motors, size);
    const [fallback] = (await freshNumbers(motors, 1)) as [{ id: number; number: string }];
    const pool = await makePool({
      name: `Hoard ${serialPool}`,
      type: 'session',
      source_ids: [source.id],
      numbers: lines.map((line) => ({ number_id: line.id })),
      target_numbers: ['(312) 555-0100'],
      lease_minutes: 30,
      cooldown_minutes: 10,
      fallback_number_id: fallback.id,
    });
    const land = (address: string, body: Record<string, unknown> = {}) =>
      visit({ url: `${SITE}/?utm_source=${tag}`, ...body }, CHROME, address);
    const session = async (id: string | null) =>
      (
        await t.ctx.db
          .select()
          .from(dniSessions)
          .where(eq(dniSessions.id, id ?? ''))
      )[0];
    return { pool, lines: lines.map((line) => line.number), fallback: fallback.number, land, session };
  }

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:0000:0000:ffff::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('the network of %s is %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  it.each([
    [1, 2],
    [6, 2],
    [29, 2],
    [30, 3],
    [200, 20],
  ])('a pool of %i numbers: one network may hold %i', (size, share) => {
    expect(networkShare(size)).toBe(share);
  });

  it('six sessions from one address leave numbers for a visitor from another address', async () => {
    at(0);
    const { lines, fallback, land } = await hoardedPool(6);
    const hoarded = [];
    for (let i = 0; i < 6; i++) hoarded.push(await land('203.0.113.7'));
    const lent = hoarded.map((answer) => answer.number).filter((number) => number !== fallback);
    expect(lent).toHaveLength(2);
    expect(hoarded.filter((answer) => answer.number === fallback)).toHaveLength(4);
    // Heartbeats keep the two it holds, and win it no more.
    at(20 * MINUTE);
    for (const answer of hoarded) expect((await heartbeat(answer.session_id ?? '')).statusCode).toBe(204);
    expect((await land('203.0.113.7')).number).toBe(fallback);
    const visitor = await land('198.51.100.20');
    expect(lines).toContain(visitor.number);
    expect(lent).not.toContain(visitor.number);
    at(0);
  });

  it('counts an IPv6 network as one address: the addresses of one /64 share its share', async () => {
    at(0);
    const { lines, fallback, land } = await hoardedPool(6);
    const first = await land('2001:db8:1:2::1');
    const second = await land('2001:db8:1:2:ffff:ffff:ffff:fffe');
    const third = await land('2001:db8:1:2::3');
    expect(lines).toContain(first.number);
    expect(lines).toContain(second.number);
    expect(third.number).toBe(fallback);
    // Another /64 is another network.
    expect(lines).toContain((await land('2001:db8:1:3::1')).number);
    at(0);
  });

  it('a visitor who holds a number keeps it when their session cookie is lost, rather than taking another', async () => {
    at(0);
    const { lines, land, session } = await hoardedPool(6);
    const first = await land('203.0.113.30');
    expect(lines).toContain(first.number);
    // The same ad opened again a minute later (in a new tab, from the phone network's next address), without the
    // session's cookie: the visitor's own session continues.
    at(MINUTE);
    const again = await land('203.0.113.31', { visitor_id: first.visitor_id, title: 'Again' });
    expect(again).toMatchObject({ session_id: first.session_id, number: first.number });
    expect(await session(first.session_id)).toMatchObject({
      page_views: 2,
      lease_until: new Date(START.getTime() + MINUTE + 30 * MINUTE),
    });
    at(0);
  });

  it('a dry pool: a visitor from a fresh network takes back the oldest number of a network holding more than one', async () => {
    at(0);
    const { fallback, land, session } = await hoardedPool(3);
    const oldest = await land('203.0.113.40');
    at(MINUTE);
    const newer = await land('203.0.113.40');
    const single = await land('198.51.100.40');
    expect([oldest, newer, single].map((answer) => answer.number)).not.toContain(fallback);

    at(2 * MINUTE);
    // A network holding one of a dry pool takes nothing back: it is shown the fallback.
    expect((await land('198.51.100.40')).number).toBe(fallback);
    expect((await session(oldest.session_id))?.released_at).toBeNull();

    const fresh = await land('192.0.2.40');
    expect(fresh.number).toBe(oldest.number);
    const released = await session(oldest.session_id);
    expect(released?.released_at).toEqual(new Date(START.getTime() + 2 * MINUTE));
    expect(released?.hold_until.getTime()).toBeLessThanOrEqual(START.getTime() + 2 * MINUTE);
    // The released session is not revived: its heartbeat renews nothing, its next page view starts anew.
    at(3 * MINUTE);
    expect((await heartbeat(oldest.session_id ?? '')).statusCode).toBe(204);
    expect((await session(oldest.session_id))?.hold_until.getTime()).toBeLessThanOrEqual(
      START.getTime() + 2 * MINUTE,
    );
    const back = await land('203.0.113.40', { session_id: oldest.session_id });
    expect(back.session_id).not.toBe(oldest.session_id);
    expect(back.number).toBe(fallback);
    // The numbers still held are each held once: the fresh visitor's, the newer hoarded one, the single one.
    const detail = (
      await owner({ method: 'GET', url: `/api/dniPools/${(await session(fresh.session_id))?.pool_id}` })
    ).json<DniPoolDetail>();
    expect(detail.live_sessions).toBe(3);
    at(0);
  });
});

describe('source rules', () => {
  it('the most specific matching condition wins, whatever the order the sources were made', async () => {
    at(0);
    const everyone = await makeSource('Rule everyone', [{ kind: 'all' }]);
    const social = await makeSource('Rule social', [{ kind: 'referrer_group', group: 'social' }]);
    const clicked = await makeSource('Rule clicked', [{ kind: 'param', key: 'ruleclid', value: null }]);
    const tagged = await makeSource('Rule tagged', [{ kind: 'param', key: 'utm_source', value: 'ruletag' }]);
    const lines = await freshNumbers(motors, 4);
    await makePool({
      name: 'Rules',
      type: 'static',
      numbers: [everyone, social, clicked, tagged].map((source, index) => ({
        number_id: lines[index]?.id,
        source_id: source.id,
      })),
      target_numbers: ['(312) 555-0199'],
    });
    const numberOf = (source: DniSource) =>
      lines[[everyone, social, clicked, tagged].indexOf(source)]?.number;
    const cases: [string, string, DniSource][] = [
      ['a tagged click from twitter', `${SITE}/?utm_source=ruletag&ruleclid=1`, tagged],
      ['a click id from twitter', `${SITE}/?ruleclid=1`, clicked],
      ['a plain visit from twitter', `${SITE}/`, social],
    ];
    for (const [, url, source] of cases) {
      const answer = await visit({ url, referrer: 'https://t.co/abc' });
      expect(answer.number).toBe(numberOf(source));
    }
    expect((await visit({ url: `${SITE}/`, referrer: '' })).number).toBe(numberOf(everyone));
    at(0);
  });
});

describe('deleting a pool', () => {
  it('keeps its numbers with shouldDeleteNumbers=0 and releases them with 1', async () => {
    const source = await makeSource('Deletion source', [
      { kind: 'param', key: 'utm_source', value: 'deletion' },
    ]);
    const [kept, released, fallback] = await freshNumbers(motors, 3);
    const poolOf = (number: { id: number } | undefined) =>
      makePool({
        name: `Deletion ${number?.id}`,
        type: 'session',
        source_ids: [source.id],
        numbers: [{ number_id: number?.id }],
        target_numbers: ['(312) 555-0100'],
        fallback_number_id: fallback?.id,
      });
    const keep = await poolOf(kept);
    expect(
      (await owner({ method: 'DELETE', url: `/api/dniPools/${keep.id}?shouldDeleteNumbers=0` })).statusCode,
    ).toBe(204);
    const release = await poolOf(released);
    expect(
      (await owner({ method: 'DELETE', url: `/api/dniPools/${release.id}?shouldDeleteNumbers=1` }))
        .statusCode,
    ).toBe(204);
    const rows = await t.ctx.db.select().from(numbers).where(eq(numbers.company_id, motors));
    expect(rows.find((row) => row.id === kept?.id)?.status).toBe('active');
    expect(rows.find((row) => row.id === released?.id)?.status).toBe('inactive');
    expect((await owner({ method: 'GET', url: `/api/dniPools/${release.id}` })).statusCode).toBe(404);
  });
});
