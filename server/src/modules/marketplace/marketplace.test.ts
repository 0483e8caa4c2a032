/**
 * §7 Marketplace numbers against the real server and the demo seed (seed/marketplace.ts): the list (paged, by status
 * and search), one, its listings, the KPIs counted from the stored interest rows, `GET /report` as
 * marketplace_report.csv, putting a number on the marketplace, and `PUT /{id}` with §8's "Marketplace number
 * updated successfully.", the forward-only statuses (409), listing opening a listing whose interest the job records
 * hour by hour on the app's clock, selling and withdrawing audit-logged; reading needs numbers.view, changing
 * numbers.manage; another company's marketplace number is not found.
 */
import {
  MARKETPLACE_MESSAGES,
  type MarketplaceKpi,
  type MarketplaceListing,
  type MarketplaceNumber,
} from '@shared/api/marketplace';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { parse } from 'csv-parse/sync';
import { and, eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketplaceListings, marketplaceNumbers, numbers } from '../../db/schema';
import { SEED_ANCHOR } from '../../seed/conversations';
import { DEMO_PASSWORD } from '../../seed/demo';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';
import { HOUR_MS, type InterestHour } from './channel';
import { sandboxMarketplace } from './sandbox';
import { ALREADY_ON_MARKETPLACE, NOT_A_LIVE_NUMBER, vanityMismatch } from './service';

const t = sharedTestApp();
let motors: number;
let other: number;
let base: string;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
  other = t.ids.companies.otherCo;
  base = `/api/companies/${motors}/marketplaceNumbers`;
});

const DAY = 24 * HOUR_MS;

/**
 * Requests as a demo user, signed in at the app's current time: the tests below move the clock by hours and days,
 * past an access token's hour, so a token is kept only for the clock's hour it was made in.
 */
const tokens = new Map<string, string>();
async function as(email: string, options: InjectOptions) {
  const key = `${email} ${Math.floor(t.ctx.now().getTime() / HOUR_MS)}`;
  let token = tokens.get(key);
  if (!token) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    token = login.json<{ access_token: string }>().access_token;
    tokens.set(key, token);
  }
  return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
}
const get = (url: string, who = 'owner@demo.test') => as(who, { method: 'GET', url });
const put = (id: number, payload: Record<string, unknown>, who = 'owner@demo.test') =>
  as(who, { method: 'PUT', url: `${base}/${id}`, payload });
const post = (payload: Record<string, unknown>, who = 'owner@demo.test') =>
  as(who, { method: 'POST', url: base, payload });

const sum = (hours: InterestHour[]) => ({
  views: hours.filter((h) => h.kind === 'view').reduce((total, h) => total + h.count, 0),
  inquiries: hours.filter((h) => h.kind === 'inquiry').reduce((total, h) => total + h.count, 0),
  offers: hours.filter((h) => h.kind === 'offer').reduce((total, h) => total + h.count, 0),
});

/** The seeded listings, as the sandbox marketplace saw them up to the anchor (an independent count). */
async function seededInterestUpTo(anchor: Date) {
  const listings = await t.ctx.db.select().from(marketplaceListings);
  const hours: InterestHour[] = [];
  for (const listing of listings.filter((row) => row.listed_at < anchor)) {
    const end = listing.ended_at && listing.ended_at < anchor ? listing.ended_at : anchor;
    hours.push(...sandboxMarketplace.interestBetween(listing, listing.listed_at, end));
  }
  return sum(hours);
}

/**
 * Runs due interest jobs until every open listing's mark reaches `mark` (the app's runner may be running one
 * already); answers the open listings.
 */
async function interestRecordedUntil(mark: Date) {
  for (let tries = 0; tries < 200; tries++) {
    await t.app.jobs.runDue({ kinds: ['marketplace-interest'] });
    const open = await t.ctx.db
      .select()
      .from(marketplaceListings)
      .where(isNull(marketplaceListings.ended_at));
    if (open.every((row) => row.interest_until.getTime() >= mark.getTime())) return open;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`interest was not recorded up to ${mark.toISOString()}`);
}

describe('reading the marketplace (seeded)', () => {
  it('lists the demo company’s marketplace numbers with formatted number, status, prices and interest', async () => {
    const response = await get(base, 'reporting@demo.test');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ data: MarketplaceNumber[]; total: number; current_page: number }>();
    expect(page).toMatchObject({ total: 3, current_page: 1 });
    const tollFree = page.data.find((row) => row.id === t.ids.marketplace.tollFree);
    expect(tollFree).toMatchObject({
      number: '+18885550103',
      formatted: '(888) 555-0103',
      status: 'listed',
      asking_price_cents: 450_000,
      lease_price_cents: 14_900,
      type: 1,
    });
    expect(tollFree?.listed_at).not.toBeNull();
    expect(tollFree?.interest.views).toBeGreaterThan(0);
  });

  it('filters by status and searches over the number, its words and description', async () => {
    const listed = (await get(`${base}?status=under_offer`)).json<{ data: MarketplaceNumber[] }>();
    expect(listed.data.map((row) => row.id)).toEqual([t.ids.marketplace.service]);
    const byDigits = (await get(`${base}?search=${encodeURIComponent('(888) 555')}`)).json<{
      data: MarketplaceNumber[];
    }>();
    expect(byDigits.data.map((row) => row.id)).toEqual([t.ids.marketplace.tollFree]);
    const byText = (await get(`${base}?search=billboard`)).json<{ data: MarketplaceNumber[] }>();
    expect(byText.data.map((row) => row.id)).toEqual([t.ids.marketplace.tollFree]);
    const paged = (await get(`${base}?perPage=2&page=2`)).json<{ data: unknown[]; last_page: number }>();
    expect(paged).toMatchObject({ last_page: 2 });
    expect(paged.data).toHaveLength(1);
    expect((await get(`${base}?status=bought`)).statusCode).toBe(422);
  });

  it('one number, and its listings newest first with the interest each drew', async () => {
    const one = await get(`${base}/${t.ids.marketplace.tollFree}`, 'agent@demo.test');
    expect(one.statusCode).toBe(200);
    const response = await get(`${base}/${t.ids.marketplace.tollFree}/listings`, 'agent@demo.test');
    expect(response.statusCode, response.body).toBe(200);
    const listings = response.json<{ data: MarketplaceListing[] }>().data;
    expect(listings).toHaveLength(2);
    const [open, withdrawn] = listings;
    expect(open).toMatchObject({ channel: 'sandbox', price_cents: 450_000, ended_at: null, ended_as: null });
    expect(withdrawn).toMatchObject({ price_cents: 500_000, ended_as: 'withdrawn' });
    // The withdrawn listing drew what the sandbox marketplace gives for its hours, no more.
    const stored = await t.ctx.db
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, withdrawn?.id ?? 0));
    const row = stored[0];
    if (!row?.ended_at) throw new Error('the withdrawn listing has no end');
    expect(withdrawn?.interest).toEqual(
      sum(sandboxMarketplace.interestBetween(row, row.listed_at, row.ended_at)),
    );
    // Listed numbers without a listing yet have an empty history.
    const unlisted = await get(`${base}/${t.ids.marketplace.inApp}/listings`);
    expect(unlisted.json()).toEqual({ data: [] });
  });

  it('KPIs: on offer now and their asking value; interest within the range, counted from the stored rows', async () => {
    const from = new Date(SEED_ANCHOR.getTime() - 90 * DAY).toISOString();
    const to = SEED_ANCHOR.toISOString();
    const response = await get(`${base}/kpi?from=${from}&to=${to}`, 'reporting@demo.test');
    expect(response.statusCode, response.body).toBe(200);
    const kpi = response.json<MarketplaceKpi>();
    expect(kpi).toMatchObject({
      listed: 2,
      total_asking_cents: 450_000 + 125_050,
      sold: 0,
      revenue_cents: 0,
      ...(await seededInterestUpTo(SEED_ANCHOR)),
    });
    expect(kpi.views).toBeGreaterThan(100);
    // A range before anything was listed counts no interest.
    const before = (
      await get(`${base}/kpi?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z`)
    ).json<MarketplaceKpi>();
    expect(before).toMatchObject({ views: 0, inquiries: 0, offers: 0, sold: 0, listed: 2 });
    const backwards = await get(`${base}/kpi?from=${to}&to=${from}`);
    expect(backwards.statusCode).toBe(422);
    expect(JSON.stringify(fieldErrors(backwards))).toContain(MARKETPLACE_MESSAGES.dateRange);
  });

  it('another company’s marketplace is not found; its numbers are not found in ours', async () => {
    expect((await get(`/api/companies/${other}/marketplaceNumbers`)).statusCode).toBe(404);
    const [foreign] = await t.ctx.db
      .insert(marketplaceNumbers)
      .values({ company_id: other, number_id: t.ids.numbers.otherMain, asking_price_cents: 100 })
      .returning();
    expect((await get(`${base}/${foreign?.id}`)).statusCode).toBe(404);
    expect((await get(`${base}/${foreign?.id}/listings`)).statusCode).toBe(404);
    expect((await put(foreign?.id ?? 0, { description: 'mine now' })).statusCode).toBe(404);
    await t.ctx.db.delete(marketplaceNumbers).where(eq(marketplaceNumbers.id, foreign?.id ?? 0));
  });

  it('billing users may not read it; agents and reporting may not change it', async () => {
    expect((await get(base, 'billing@demo.test')).statusCode).toBe(403);
    expect((await put(t.ids.marketplace.inApp, { description: 'x' }, 'agent@demo.test')).statusCode).toBe(
      403,
    );
    expect((await put(t.ids.marketplace.inApp, { description: 'x' }, 'reporting@demo.test')).statusCode).toBe(
      403,
    );
  });
});

describe('GET /report', () => {
  it('is a CSV download named marketplace_report.csv with USD prices and the interest of each number', async () => {
    const response = await get(`${base}/report`, 'reporting@demo.test');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="marketplace_report.csv"');
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Number',
      'Vanity form',
      'Status',
      'Asking price',
      'Monthly lease',
      'Views',
      'Inquiries',
      'Offers',
      'Listed since',
      'Sold for',
      'Sold at',
      'Description',
    ]);
    expect(rows).toHaveLength(4);
    const list = (await get(base)).json<{ data: MarketplaceNumber[] }>().data;
    const tollFree = list.find((row) => row.id === t.ids.marketplace.tollFree);
    // §9 "US-format numbers use USD with at least 2 fraction digits when non-integer".
    expect(rows.find((row) => row[0] === '(888) 555-0103')).toEqual([
      '(888) 555-0103',
      '',
      'Listed',
      '$4,500',
      '$149',
      String(tollFree?.interest.views),
      String(tollFree?.interest.inquiries),
      String(tollFree?.interest.offers),
      tollFree?.listed_at,
      '',
      '',
      'Toll-free 888-555 line: easy to say in a radio spot and to remember from a billboard.',
    ]);
    expect(rows.find((row) => row[0] === '(312) 555-0102')?.slice(2, 5)).toEqual([
      'Under offer',
      '$1,250.50',
      '',
    ]);
    const filtered = parse((await get(`${base}/report?status=unlisted`)).body, { bom: true }) as string[][];
    expect(filtered.map((row) => row[0])).toEqual(['Number', '(312) 555-0104']);
  });

  it('writes a description that is a formula as text (a quote before it), so a spreadsheet never runs it', async () => {
    const id = t.ids.marketplace.inApp;
    const before = (await get(`${base}/${id}`)).json<MarketplaceNumber>();
    const description = '=HYPERLINK("http://x","y")';
    expect((await put(id, { description })).statusCode).toBe(200);
    try {
      const rows = parse((await get(`${base}/report`)).body, { bom: true }) as string[][];
      expect(rows.find((row) => row[0] === before.formatted)?.at(-1)).toBe(`'${description}`);
    } finally {
      await put(id, { description: before.description });
    }
  });
});

describe('offering a number and changing it', () => {
  let offered: MarketplaceNumber;

  it('puts one of the company’s numbers on the marketplace, unlisted, with its vanity form', async () => {
    // +1 (312) 555-0101, the Sales line: "JKL" is 555 on the keypad.
    const response = await post({
      number_id: t.ids.numbers.motorsSales,
      asking_price_cents: 99_950,
      vanity: 'jkl',
      description: 'Sales line',
    });
    expect(response.statusCode, response.body).toBe(201);
    offered = response.json<MarketplaceNumber>();
    expect(offered).toMatchObject({
      number: '+13125550101',
      status: 'unlisted',
      vanity: 'JKL',
      vanity_form: '+1 (312) JKL0101',
      asking_price_cents: 99_950,
      lease_price_cents: null,
      listed_at: null,
      interest: { views: 0, inquiries: 0, offers: 0 },
    });
  });

  it('refuses a number twice (409), another company’s (422), words it does not spell (422), an agent (403)', async () => {
    const again = await post({ number_id: t.ids.numbers.motorsSales, asking_price_cents: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_ON_MARKETPLACE);
    const foreign = await post({ number_id: t.ids.numbers.otherMain, asking_price_cents: 1 });
    expect(foreign.statusCode).toBe(422);
    expect(fieldErrors(foreign).number_id).toBeDefined();
    const words = await post({ number_id: t.ids.numbers.motorsMain, asking_price_cents: 1, vanity: 'CARS' });
    expect(words.statusCode).toBe(422);
    expect(fieldErrors(words).vanity).toEqual([vanityMismatch('+13125550100', 'CARS')]);
    const price = await post({ number_id: t.ids.numbers.motorsMain, asking_price_cents: 12.5 });
    expect(price.statusCode).toBe(422);
    expect(fieldErrors(price).asking_price_cents).toBeDefined();
    expect(
      (await post({ number_id: t.ids.numbers.motorsMain, asking_price_cents: 1 }, 'agent@demo.test'))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a released number', async () => {
    const [released] = await t.ctx.db
      .insert(numbers)
      .values({ company_id: motors, number: '+13125550177', released_at: new Date() })
      .returning();
    const response = await post({ number_id: released?.id ?? 0, asking_price_cents: 1 });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).number_id).toEqual([NOT_A_LIVE_NUMBER]);
  });

  it('changes price, lease and description with §8’s message', async () => {
    const response = await put(offered.id, {
      asking_price_cents: 120_000,
      lease_price_cents: 4_999,
      description: 'Sales line, 555 exchange',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: SUCCESS_MESSAGES.marketplaceNumberUpdated,
      data: {
        asking_price_cents: 120_000,
        lease_price_cents: 4_999,
        description: 'Sales line, 555 exchange',
      },
    });
    expect(SUCCESS_MESSAGES.marketplaceNumberUpdated).toBe('Marketplace number updated successfully.');
  });

  it('listing opens a listing; the interest job records each whole hour on the app’s clock', async () => {
    const listedAt = new Date(Date.UTC(2026, 11, 1, 10, 30));
    t.setNow(listedAt);
    const response = await put(offered.id, { status: 'listed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'listed', listed_at: listedAt.toISOString() });
    const [listing] = (await get(`${base}/${offered.id}/listings`)).json<{ data: MarketplaceListing[] }>()
      .data;
    expect(listing).toMatchObject({ price_cents: 120_000, lease_price_cents: 4_999, ended_at: null });

    // Five hours on: the whole hours 11:00 to 15:00 are recorded, as the sandbox marketplace gives them.
    const later = new Date(listedAt.getTime() + 5 * HOUR_MS);
    t.setNow(later);
    const mark = new Date(Date.UTC(2026, 11, 1, 15, 0));
    const open = await interestRecordedUntil(mark);
    const expected = sum(
      sandboxMarketplace.interestBetween(
        { id: listing?.id ?? 0, price_cents: 120_000, listed_at: listedAt },
        listedAt,
        mark,
      ),
    );
    // The company's KPIs over those hours: this listing's and the seeded listings' that were open meanwhile.
    const everyOpen = sum(open.flatMap((row) => sandboxMarketplace.interestBetween(row, listedAt, mark)));
    const one = (await get(`${base}/${offered.id}`)).json<MarketplaceNumber>();
    expect(one.interest).toEqual(expected);
    expect(expected.views).toBeGreaterThan(0);
    // Running it again over the same hours adds nothing.
    await t.app.jobs.runDue({ kinds: ['marketplace-interest'] });
    expect((await get(`${base}/${offered.id}`)).json<MarketplaceNumber>().interest).toEqual(expected);
    const kpi = (
      await get(`${base}/kpi?from=${listedAt.toISOString()}&to=${later.toISOString()}`)
    ).json<MarketplaceKpi>();
    expect(kpi).toMatchObject(everyOpen);
    expect(everyOpen.views).toBeGreaterThan(expected.views);
  });

  it('refuses a move the table does not allow (409 naming it)', async () => {
    const response = await put(offered.id, { status: 'unlisted' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A number that is listed cannot be made unlisted.');
    const soldPrice = await put(offered.id, { sold_price_cents: 5 });
    expect(soldPrice.statusCode).toBe(422);
    expect(fieldErrors(soldPrice).sold_price_cents).toBeDefined();
  });

  it('withdrawing closes the listing and is audit-logged; listing again opens a new one', async () => {
    const withdrawnAt = new Date(Date.UTC(2026, 11, 1, 16, 10));
    t.setNow(withdrawnAt);
    const response = await put(offered.id, { status: 'withdrawn' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'withdrawn', listed_at: null });
    const listings = (await get(`${base}/${offered.id}/listings`)).json<{ data: MarketplaceListing[] }>()
      .data;
    expect(listings[0]).toMatchObject({ ended_at: withdrawnAt.toISOString(), ended_as: 'withdrawn' });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'marketplace-number-withdrawn'), eq(auditLog.company_id, motors)));
    expect(audit).toMatchObject({
      actor_id: t.ids.users['owner@demo.test'],
      detail: { marketplace_number_id: offered.id, number: '+13125550101', from: 'listed', to: 'withdrawn' },
    });

    t.setNow(new Date(Date.UTC(2026, 11, 2, 9, 0)));
    expect((await put(offered.id, { status: 'listed', asking_price_cents: 110_000 })).statusCode).toBe(200);
    const again = (await get(`${base}/${offered.id}/listings`)).json<{ data: MarketplaceListing[] }>().data;
    expect(again).toHaveLength(2);
    expect(again[0]).toMatchObject({ price_cents: 110_000, ended_at: null });
  });

  it('marking it sold records the sale price, counts in the KPIs, is audit-logged, and is final', async () => {
    const soldAt = new Date(Date.UTC(2026, 11, 3, 12, 0));
    t.setNow(soldAt);
    const before = (await get(`${base}/kpi`)).json<MarketplaceKpi>();
    const response = await put(offered.id, { status: 'sold', sold_price_cents: 105_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'sold',
      sold_price_cents: 105_000,
      sold_at: soldAt.toISOString(),
    });
    const kpi = (
      await get(`${base}/kpi?from=2026-12-03T00:00:00Z&to=2026-12-04T00:00:00Z`)
    ).json<MarketplaceKpi>();
    expect(kpi).toMatchObject({ sold: 1, revenue_cents: 105_000 });
    const all = (await get(`${base}/kpi`)).json<MarketplaceKpi>();
    expect(all.listed).toBe(before.listed - 1);
    expect(all.total_asking_cents).toBe(before.total_asking_cents - 110_000);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'marketplace-number-sold'), eq(auditLog.company_id, motors)));
    expect(audit?.detail).toMatchObject({ from: 'listed', to: 'sold', sold_price_cents: 105_000 });

    const relist = await put(offered.id, { status: 'listed' });
    expect(relist.statusCode).toBe(409);
    expect(relist.json().message).toBe('This number has been sold: it cannot be made listed.');
    expect((await put(offered.id, { asking_price_cents: 1 })).statusCode).toBe(409);
  });
});
