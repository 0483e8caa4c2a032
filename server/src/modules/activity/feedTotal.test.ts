/**
 * The activity feed's total (docs/decisions.md, "The activity feed's total"): exact up to
 * ACTIVITY_EXACT_TOTAL_MAX rows, the planner's estimate beyond it and flagged so; never below what the pages show,
 * so the pager leads on while rows remain; exact again on the page that reaches the end. Each case has a tracked
 * number of its own with that many calls, and asks for the feed of that number.
 */
import { ACTIVITY_EXACT_TOTAL_MAX, type ActivityPage } from '@shared/api/activity';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { numbers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/testApp';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const LIMIT = ACTIVITY_EXACT_TOTAL_MAX;
/** Calls per number: each case asks about one of these. */
const VOLUMES = [0, 20, 300, LIMIT, LIMIT + 1, 3 * LIMIT] as const;

let t: TestApp;
const numberWith = new Map<number, number>();
/** The one caller of a volume's calls. */
const callerOf = (volume: number) => `+1206555${7300 + VOLUMES.indexOf(volume as (typeof VOLUMES)[number])}`;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-11-21T12:00:00Z'));
  const motors = t.ids.companies.demoMotors;
  for (const [index, volume] of VOLUMES.entries()) {
    const [number] = await t.ctx.db
      .insert(numbers)
      .values({ company_id: motors, number: `+1206555${String(7200 + index)}`, label: `${volume} calls` })
      .returning({ id: numbers.id });
    const id = number?.id ?? 0;
    numberWith.set(volume, id);
    // One call a minute back from the test's now (all inside the two-year window), from a caller of its own.
    await t.ctx.db.execute(sql`
      insert into calls (company_id, number_id, is_inbound, caller, called, outcome, started_at)
      select ${motors}, ${id}, true, ${callerOf(volume)}, '+12065550100', 1,
        ${t.ctx.now().toISOString()}::timestamptz - make_interval(mins => i)
      from generate_series(1, ${volume}) i`);
  }
  // The planner's statistics, as autovacuum keeps them.
  await t.ctx.db.execute(sql`analyze calls`);
});
afterAll(() => t.close());

const feedOf = async (volume: number, paging: { page?: number; perPage?: number } = {}) => {
  const response = await t.as('agent@demo.test', {
    method: 'POST',
    url: `/api/activity?companyId=${t.ids.companies.demoMotors}`,
    payload: { ...paging, filters: { numbers: [numberWith.get(volume)] } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityPage>();
};

describe('POST /activity: the total', () => {
  it.each([
    { case: 'no activity', volume: 0, paging: {}, total: 0 },
    { case: 'fewer than a page (the page shows it)', volume: 20, paging: { perPage: 25 }, total: 20 },
    { case: 'a few pages (counted)', volume: 300, paging: { perPage: 25 }, total: 300 },
    { case: 'a few pages, asked from the middle', volume: 300, paging: { perPage: 25, page: 5 }, total: 300 },
    { case: 'a few pages, asked beyond the end', volume: 300, paging: { perPage: 25, page: 99 }, total: 300 },
    { case: 'exactly the limit', volume: LIMIT, paging: {}, total: LIMIT },
    {
      case: 'far past the limit, on the page that reaches the end',
      volume: 3 * LIMIT,
      paging: { perPage: 200, page: (3 * LIMIT) / 200 },
      total: 3 * LIMIT,
    },
  ])('is exact: $case → $total', async ({ volume, paging, total }) => {
    const page = await feedOf(volume, paging);
    expect(page.total).toBe(total);
    expect(page.total_is_estimate).toBe(false);
    expect(page.last_page).toBe(Math.max(1, Math.ceil(total / page.per_page)));
  });

  it.each([
    { case: 'one past the limit', volume: LIMIT + 1, paging: {} },
    { case: 'far past the limit', volume: 3 * LIMIT, paging: {} },
    {
      case: 'far past the limit, asked from the middle',
      volume: 3 * LIMIT,
      paging: { perPage: 100, page: 50 },
    },
  ])('is estimated and flagged: $case', async ({ volume, paging }) => {
    const page = await feedOf(volume, paging);
    expect(page.total_is_estimate).toBe(true);
    // Never below what is known to be there; close to the truth once the planner has statistics.
    expect(page.total).toBeGreaterThan(LIMIT);
    expect(page.total).toBeGreaterThanOrEqual((page.current_page - 1) * page.per_page + page.data.length);
    expect(Math.abs(page.total - volume) / volume).toBeLessThan(0.25);
    // The pager leads on to the next page, and the page holds the newest rows all the same.
    expect(page.last_page).toBeGreaterThan(page.current_page);
    expect(page.data).toHaveLength(page.per_page);
    const newestFirst = page.data.map((row) => row.at);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
  });

  it('leads on page after page while rows remain, even when the estimate falls short', async () => {
    // One past the limit: whatever the planner says, the pages go on to the last row and end there, exact.
    const perPage = 200;
    let page = await feedOf(LIMIT + 1, { perPage });
    let rows = page.data.length;
    while (page.current_page < page.last_page) {
      page = await feedOf(LIMIT + 1, { perPage, page: page.current_page + 1 });
      rows += page.data.length;
    }
    expect(rows).toBe(LIMIT + 1);
    expect(page).toMatchObject({ total: LIMIT + 1, total_is_estimate: false });
  });

  it('is 0 for a name no contact has', async () => {
    const response = await t.as('agent@demo.test', {
      method: 'POST',
      url: `/api/activity?companyId=${t.ids.companies.demoMotors}`,
      payload: { filters: { search: 'Nobody Byth-Isname' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ActivityPage>()).toMatchObject({
      data: [],
      total: 0,
      last_page: 1,
      total_is_estimate: false,
    });
  });

  it.each([
    { case: 'a few pages (counted)', volume: 300, estimated: false },
    { case: 'far past the limit', volume: 3 * LIMIT, estimated: true },
  ])('follows the same rule in the calls search: $case', async ({ volume, estimated }) => {
    const response = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/calls/search?companyId=${t.ids.companies.demoMotors}&q=${callerOf(volume).slice(2)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<ActivityPage>();
    expect(page.total_is_estimate).toBe(estimated);
    if (estimated) {
      expect(page.total).toBeGreaterThan(LIMIT);
      expect(page.last_page).toBeGreaterThan(1);
    } else expect(page.total).toBe(volume);
  });
});
