/**
 * §7 Analytics against calls of known times and figures (Demo Motors, March 2026, where the seed has none): every
 * grouping's rows add up to the totals; days are the caller's (a call at 03:30 UTC on March 10 is March 9 in
 * Chicago); filters narrow; the §9 two-year window is a 422 on `from`; the KPIs' change signs and tones; every
 * dashboard widget's shape; another company's data never shows; roles; the CSV export as a job.
 */
import type { ExportBatch } from '@shared/api/activity';
import type { AnalyticsReport, DashboardResponse, KpiResponse } from '@shared/api/analytics';
import { serializeQuery } from '@shared/api/query';
import { ANALYTICS_GROUPINGS, ANALYTICS_METRICS, type AnalyticsMetric } from '@shared/domain/analytics';
import { SEARCH_WINDOW_MESSAGE } from '@shared/domain/limits';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { batches, calls, numbers } from '../../db/schema';
import { sharedTestAppWithFiles } from '../../testing/testApp';
import { failStaleExports } from '../activity/exportJob';
import { ANALYTICS_EXPORT_KIND, failStaleAnalyticsExports } from './exportJob';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = sharedTestAppWithFiles();
const motors = () => t.ids.companies.demoMotors;
const user = (email: string) => t.ids.users[email] as number;
const RANGE = { from: '2026-03-09', to: '2026-03-15' };

/** The in-app calling extension of Demo Motors' in-app number and its members (the agents widget reads them). */
let inApp: { extension: number; members: number[] };

beforeAll(async () => {
  t.setNow(new Date('2026-03-20T12:00:00Z'));
  const [number] = await t.ctx.db.select().from(numbers).where(eq(numbers.id, t.ids.numbers.motorsInApp));
  const route = number?.routes.find((one) => one.members.length > 0);
  if (!route) throw new Error('the seed has no in-app calling extension');
  inApp = { extension: route.extension, members: route.members };
  const base = { company_id: motors(), caller: '+13125550100', called: '+13125550199' };
  const at = (iso: string, seconds = 0) => new Date(new Date(iso).getTime() + seconds * 1000);
  await t.ctx.db.insert(calls).values([
    // In the range: five calls.
    {
      ...base,
      number_id: t.ids.numbers.motorsMain,
      started_at: at('2026-03-10T03:30:00Z'),
      answered_at: at('2026-03-10T03:30:00Z', 12),
      outcome: 1,
      duration: 45,
      user_id: user('agent@demo.test'),
      source: 'google-ads',
      attribution: attribution({
        keyword: 'used cars',
        campaign: 'Spring',
        landing_page: 'https://x.test/a',
      }),
      first_time: true,
      qualification: 1,
      tags: ['vip'],
    },
    {
      ...base,
      number_id: t.ids.numbers.motorsInApp,
      extension: inApp.extension,
      started_at: at('2026-03-10T15:00:00Z'),
      outcome: 2,
      missed_reason: 'not_answered',
    },
    {
      ...base,
      number_id: t.ids.numbers.motorsSales,
      started_at: at('2026-03-11T18:00:00Z'),
      outcome: 3,
      source: 'facebook',
      missed_reason: 'out_of_hours',
      first_time: true,
    },
    {
      ...base,
      number_id: t.ids.numbers.motorsSales,
      is_inbound: false,
      started_at: at('2026-03-12T14:00:00Z'),
      outcome: 1,
      duration: 300,
      user_id: user('owner@demo.test'),
    },
    {
      ...base,
      number_id: t.ids.numbers.motorsMain,
      started_at: at('2026-03-12T16:00:00Z'),
      answered_at: at('2026-03-12T16:00:00Z', 4),
      outcome: 1,
      duration: 90,
      user_id: user('agent@demo.test'),
      source: 'google-ads',
      attribution: attribution({ keyword: 'trade in', campaign: 'Spring', landing_page: 'https://x.test/b' }),
      qualification: 3,
    },
    // The equal-length week before: two calls, one missed.
    {
      ...base,
      number_id: t.ids.numbers.motorsMain,
      started_at: at('2026-03-02T10:00:00Z'),
      outcome: 1,
      duration: 30,
    },
    { ...base, number_id: t.ids.numbers.motorsMain, started_at: at('2026-03-03T10:00:00Z'), outcome: 2 },
    // A month earlier: one answered call.
    {
      ...base,
      number_id: t.ids.numbers.motorsMain,
      started_at: at('2026-02-10T10:00:00Z'),
      outcome: 1,
      duration: 60,
    },
  ]);
});

function attribution(fields: { keyword: string; campaign: string; landing_page: string }) {
  return {
    source: 'google',
    medium: 'cpc',
    content: null,
    referrer: null,
    click_ids: {},
    source_id: null,
    source_name: 'Google Ads',
    pool_id: null,
    path: [],
    ...fields,
  };
}

const report = (query: Record<string, unknown>, email = 'owner@demo.test') =>
  t.as(email, {
    method: 'GET',
    url: `/api/analytics/calls?${serializeQuery({ company_id: motors(), ...RANGE, ...query })}`,
  });
const reportOf = async (query: Record<string, unknown>) => {
  const response = await report(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyticsReport>();
};
const COUNTS: AnalyticsMetric[] = [
  'total',
  'answered',
  'missed',
  'voicemail',
  'blocked',
  'first_time',
  'qualified',
  'leads',
  'total_duration',
];

describe('GET /analytics/calls', () => {
  it('answers every figure in total (the known data set)', async () => {
    const { totals } = await reportOf({ groupBy: 'outcome' });
    expect(totals).toEqual({
      total: 5,
      answered: 3,
      missed: 1,
      voicemail: 1,
      blocked: 0,
      first_time: 2,
      qualified: 1,
      leads: 1,
      avg_duration: 145, // (45 + 300 + 90) / 3
      total_duration: 435,
      avg_time_to_answer: 8, // (12 + 4) / 2, inbound answered calls that say when
    });
  });

  it.each(ANALYTICS_GROUPINGS.map((grouping) => grouping.value))(
    'groups by %s, the rows adding up to the totals',
    async (groupBy) => {
      const body = await reportOf({ groupBy, tz: 'America/Chicago' });
      expect(body.truncated).toBe(false);
      expect(body.totals.total).toBe(5);
      for (const figure of COUNTS) {
        const sum = body.rows.reduce((total, row) => total + row[figure], 0);
        expect(sum, figure).toBe(body.totals[figure]);
      }
      expect(body.rows.every((row) => row.label.length > 0)).toBe(true);
    },
  );

  it('reads days in the caller’s zone: 2026-03-10T03:30Z is March 9 in Chicago, March 10 in UTC', async () => {
    const day = (body: AnalyticsReport, key: string) => body.rows.find((row) => row.key === key)?.total;
    const chicago = await reportOf({ groupBy: 'day', tz: 'America/Chicago' });
    const utc = await reportOf({ groupBy: 'day', tz: 'UTC' });
    expect([day(chicago, '2026-03-09'), day(chicago, '2026-03-10')]).toEqual([1, 1]);
    expect([day(utc, '2026-03-09'), day(utc, '2026-03-10')]).toEqual([0, 2]);
    // Every day of the range, in order, the empty ones with zeros.
    expect(utc.rows.map((row) => row.key)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    expect(utc.rows[0]?.label).toBe('Mar 9, 2026');
    const hours = await reportOf({ groupBy: 'hour', tz: 'America/Chicago' });
    expect(hours.rows).toHaveLength(24);
    expect(hours.rows.find((row) => row.key === '22')).toMatchObject({ label: '10 PM', total: 1 });
  });

  it('labels numbers, agents, sources and buckets, largest first', async () => {
    const byNumber = await reportOf({ groupBy: 'number' });
    expect(byNumber.rows[0]).toMatchObject({ key: String(t.ids.numbers.motorsMain), total: 2 });
    expect(byNumber.rows[0]?.label).toMatch(/^\(\d{3}\) \d{3}-\d{4}/);
    const byAgent = await reportOf({ groupBy: 'agent' });
    expect(byAgent.rows.map((row) => [row.label, row.total])).toEqual([
      ['Aria Agent', 2], // ties by key, calls with no value last
      ['(no agent)', 2],
      ['Olivia Owner', 1],
    ]);
    const bySource = await reportOf({ groupBy: 'source' });
    expect(bySource.rows.map((row) => [row.key, row.label, row.total])).toEqual([
      ['google-ads', 'google-ads', 2],
      [null, '(no source)', 2],
      ['facebook', 'facebook', 1],
    ]);
    const byDuration = await reportOf({ groupBy: 'duration' });
    expect(byDuration.rows.map((row) => [row.key, row.total])).toEqual([
      ['under_30', 2],
      ['30_90', 1],
      ['90_120', 1], // 90 s belongs to the band above the bound
      ['120_300', 0],
      ['300_plus', 1],
    ]);
    const byReason = await reportOf({ groupBy: 'missed_reason' });
    expect(byReason.rows.map((row) => row.label)).toEqual(
      expect.arrayContaining(['Agents did not answer', 'Out of hours', '(not missed)']),
    );
  });

  it('keeps the largest groups under `limit`, the totals still of every call', async () => {
    const body = await reportOf({ groupBy: 'source', limit: '1' });
    expect(body.rows).toHaveLength(1);
    expect(body.truncated).toBe(true);
    expect(body.totals.total).toBe(5);
  });

  it('narrows by every filter', async () => {
    const total = async (query: Record<string, unknown>) =>
      (await reportOf({ groupBy: 'outcome', ...query })).totals.total;
    expect(await total({ numbers: [t.ids.numbers.motorsSales] })).toBe(2);
    expect(await total({ tags: ['vip', 'nobody'] })).toBe(1);
    expect(await total({ sources: ['(none)'] })).toBe(2);
    expect(await total({ sources: ['(none)', 'facebook'] })).toBe(3);
    expect(await total({ agents: [user('agent@demo.test')] })).toBe(2);
    expect(await total({ outcomes: [2, 3] })).toBe(2);
    expect(await total({ inbound: 'false' })).toBe(1);
    expect(await total({ from: '2026-03-12', to: '2026-03-12' })).toBe(2);
  });

  it('defaults to the last 30 days ending today in tz', async () => {
    const response = await t.as('owner@demo.test', {
      method: 'GET',
      url: `/api/analytics/calls?company_id=${motors()}&groupBy=day`,
    });
    const defaults = response.json<AnalyticsReport>();
    expect([defaults.from, defaults.to, defaults.rows.length]).toEqual(['2026-02-19', '2026-03-20', 30]);
    expect(defaults.totals.total).toBe(7);
  });

  it('refuses a `from` before the two-year window (422 naming it), and an end before the start', async () => {
    const old = await report({ groupBy: 'day', from: '2024-03-19' });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors).toMatchObject({ from: [SEARCH_WINDOW_MESSAGE] });
    expect((await report({ groupBy: 'day', from: '2024-03-20' })).statusCode).toBe(200);
    const backwards = await report({ groupBy: 'day', from: '2026-03-12', to: '2026-03-10' });
    expect(backwards.statusCode).toBe(422);
  });

  it('is for reports.view in the company: reporting may read, a user 403, another company 404', async () => {
    expect((await report({ groupBy: 'day' }, 'reporting@demo.test')).statusCode).toBe(200);
    expect((await report({ groupBy: 'day' }, 'agent@demo.test')).statusCode).toBe(403);
    const other = await t.as('owner@demo.test', {
      method: 'GET',
      url: `/api/analytics/calls?company_id=${t.ids.companies.otherCo}&groupBy=day`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('covers every company of a business unit for its organization admin, by company', async () => {
    const url = `/api/business-units/${t.ids.organizationId}/analytics/calls?groupBy=company&from=2026-03-09&to=2026-03-15`;
    const response = await t.as('orgadmin@demo.test', { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AnalyticsReport>();
    expect(body.rows.find((row) => row.key === String(motors()))).toMatchObject({
      label: 'Demo Motors',
      total: 5,
    });
    // A company's owner is no organization admin: the unit is not theirs to see (404, as every unit route).
    expect((await t.as('owner@demo.test', { method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('POST /companies/{companyId}/calls/kpi', () => {
  const kpis = async (body: Record<string, unknown>, email = 'reporting@demo.test', companyId = motors()) =>
    t.as(email, { method: 'POST', url: `/api/companies/${companyId}/calls/kpi`, payload: body });
  const current = { start: '2026-03-09', end: '2026-03-15' };

  it('compares with the equal-length range before: more calls is up and good', async () => {
    const response = await kpis({ currentRange: current });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<KpiResponse>();
    expect(body.previousRange).toEqual({ start: '2026-03-02', end: '2026-03-08' });
    const total = body.kpis.find((kpi) => kpi.kpi === 'total');
    expect(total).toMatchObject({
      current: 5,
      previous: 2,
      delta: 3,
      percent: 150,
      direction: 'up',
      tone: 'good',
    });
    // 40 % missed now against 50 % before: down, and that is good.
    expect(body.kpis.find((kpi) => kpi.kpi === 'missed_rate')).toMatchObject({
      current: 40,
      previous: 50,
      direction: 'down',
      tone: 'good',
    });
    expect(body.kpis).toHaveLength(8);
  });

  it('a month earlier: more missed is missed rate up and bad', async () => {
    const body = (await kpis({ currentRange: current, comparison: '1m' })).json<KpiResponse>();
    expect(body.previousRange).toEqual({ start: '2026-02-09', end: '2026-02-15' });
    expect(body.kpis.find((kpi) => kpi.kpi === 'missed_rate')).toMatchObject({
      current: 40,
      previous: 0,
      percent: null,
      direction: 'up',
      tone: 'bad',
    });
    const given = (
      await kpis({ currentRange: current, previousRange: { start: '2026-03-02', end: '2026-03-02' } })
    ).json<KpiResponse>();
    expect(given.kpis.find((kpi) => kpi.kpi === 'total')).toMatchObject({ previous: 1 });
  });

  it('refuses a range before the window, and is 403 for a user and 404 for another company', async () => {
    const old = await kpis({ currentRange: { start: '2024-01-01', end: '2024-01-07' } });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors).toMatchObject({ 'currentRange.start': [SEARCH_WINDOW_MESSAGE] });
    expect((await kpis({ currentRange: current }, 'agent@demo.test')).statusCode).toBe(403);
    expect(
      (await kpis({ currentRange: current }, 'owner@demo.test', t.ids.companies.otherCo)).statusCode,
    ).toBe(404);
  });
});

describe('POST /dashboard', () => {
  const widget = async (type: string, extra: Record<string, unknown> = {}, email = 'reporting@demo.test') =>
    t.as(email, {
      method: 'POST',
      url: '/api/dashboard',
      payload: { company_id: motors(), type, tz: 'America/Chicago', filters: RANGE, ...extra },
    });
  const points = async (type: string, extra: Record<string, unknown> = {}) => {
    const response = await widget(type, extra);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DashboardResponse>();
    expect(body).toMatchObject({
      type,
      from: RANGE.from,
      to: RANGE.to,
      generated_at: '2026-03-20T12:00:00.000Z',
    });
    return body.points;
  };

  it('answers every widget in its shape', async () => {
    const timeline = await points('timeline', { groupBy: 'week' });
    expect(timeline.map((point) => point.key)).toEqual(['2026-03-09']);
    expect(timeline[0]?.values).toEqual({ answered: 3, missed: 1, voicemail: 1, total: 5 });

    const outcomes = await points('outcomes');
    expect(outcomes.map((point) => [point.label, point.values.calls])).toEqual([
      ['Answered', 3],
      ['Missed', 1],
      ['Voicemail', 1],
    ]);
    expect((await points('sources')).map((point) => point.values.calls)).toEqual([2, 2, 1]);
    expect((await points('numbers')).reduce((sum, point) => sum + (point.values.calls ?? 0), 0)).toBe(5);
    expect((await points('missed_reasons')).map((point) => [point.key, point.values.calls])).toEqual([
      ['not_answered', 1],
      ['out_of_hours', 1],
    ]);

    const heatmap = await points('heatmap');
    expect(heatmap).toHaveLength(168);
    // 2026-03-09 22:30 in Chicago is a Monday, 10 PM.
    expect(heatmap.find((point) => point.key === '1:22')).toMatchObject({
      label: 'Monday 10 PM',
      values: { calls: 1 },
    });
    expect(heatmap.reduce((sum, point) => sum + (point.values.calls ?? 0), 0)).toBe(5);

    const agents = await points('agents');
    expect(agents.find((point) => point.key === String(user('agent@demo.test')))?.values).toMatchObject({
      answered: 2,
      talk_time: 135,
    });
    for (const member of inApp.members) {
      expect(agents.find((point) => point.key === String(member))?.values.missed).toBe(1);
    }
  });

  it('narrows by the body’s filters (JSON booleans too) and refuses a start before the window', async () => {
    const outbound = await points('outcomes', { filters: { ...RANGE, inbound: false } });
    expect(outbound.map((point) => [point.label, point.values.calls])).toEqual([['Answered', 1]]);
    const old = await widget('outcomes', { filters: { from: '2024-01-01' } });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors).toMatchObject({ 'filters.from': [SEARCH_WINDOW_MESSAGE] });
  });

  it('is 403 for a user and 404 for another company', async () => {
    expect((await widget('outcomes', {}, 'agent@demo.test')).statusCode).toBe(403);
    const other = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/dashboard',
      payload: { company_id: t.ids.companies.otherCo, type: 'outcomes' },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('POST /analytics/calls/export', () => {
  const progress = (batchId: number) =>
    t.as('reporting@demo.test', { method: 'GET', url: `/api/companies/${motors()}/exports/${batchId}` });

  it('writes the report as a CSV through a job, downloaded as an activity export', async () => {
    const response = await t.as('reporting@demo.test', {
      method: 'POST',
      url: '/api/analytics/calls/export',
      payload: { companyId: motors(), groupBy: 'source', ...RANGE },
    });
    expect(response.statusCode, response.body).toBe(202);
    const created = response.json<ExportBatch>();
    expect(created).toMatchObject({ kind: 'export-analytics', state: 'running' });
    let batch = created;
    for (let attempt = 0; attempt < 200 && batch.state === 'running'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      batch = (await progress(created.id)).json<ExportBatch>();
    }
    expect(batch).toMatchObject({ state: 'finished', total_rows: 3, progress: 100 });
    const download = await t.as('reporting@demo.test', {
      method: 'GET',
      url: `/api/companies/${motors()}/exports/${created.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/calls-by-source-2026-03-09-to-2026-03-15\.csv/);
    const rows = parse(download.body) as string[][];
    expect(rows[0]).toEqual(['Source', ...ANALYTICS_METRICS.map((metric) => metric.label)]);
    expect(rows.map((row) => [row[0], row[1]])).toEqual([
      ['Source', 'Calls'],
      ['google-ads', '2'],
      ['(no source)', '2'],
      ['facebook', '1'],
      ['Total', '5'],
    ]);
  });

  it('fails an export no job will finish; the activity exports’ sweep leaves it to its own', async () => {
    const running = async () => {
      const [row] = await t.ctx.db
        .insert(batches)
        .values({ company_id: motors(), kind: ANALYTICS_EXPORT_KIND, state: 'running', file_name: 'x.csv' })
        .returning();
      return row?.id ?? 0;
    };
    const state = async (id: number) =>
      (await t.ctx.db.select().from(batches).where(eq(batches.id, id)))[0]?.state;
    const orphan = await running();
    await failStaleExports(t.ctx);
    expect(await state(orphan)).toBe('running');
    await failStaleAnalyticsExports(t.ctx);
    expect(await state(orphan)).toBe('failed');
  });

  it('is 403 for a user and 404 for another company', async () => {
    const ask = (email: string, companyId: number) =>
      t.as(email, {
        method: 'POST',
        url: '/api/analytics/calls/export',
        payload: { companyId, groupBy: 'day', ...RANGE },
      });
    expect((await ask('agent@demo.test', motors())).statusCode).toBe(403);
    expect((await ask('owner@demo.test', t.ids.companies.otherCo)).statusCode).toBe(404);
  });
});
