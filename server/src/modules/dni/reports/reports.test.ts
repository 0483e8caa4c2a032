/**
 * DNI call reports against the real server (§7 "POST /dni/reports/calls (company or businessUnit, startDate,
 * endDate)", "GET /dni/reports"): asked for, made in the background by the job runner, listed newest first, and
 * downloaded by a short-lived signed link; one row per inbound call of the range in the company's time zone, with
 * the call's attribution (source, keyword, click ids, session, pages before the call); a business unit's report
 * covers each company of the unit; 422 per field for a bad range; 403 for a role without reports.view; another
 * company's or unit's reports 404; a run that resumes after a crash writes the same file.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { DNI_REPORT_COLUMNS, DNI_REPORT_MESSAGES, type DniReport } from '@shared/api/dniReports';
import { EVENTS } from '@shared/realtime';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, dniReports, organizations } from '../../../db/schema';
import { fieldErrors, publishedEvents, sharedTestAppWithFiles } from '../../../testing/testApp';
import { signDniReportUrl } from '../../media/urls';
import { failStaleReports, writeReport } from './job';
import { reportPath } from './service';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = sharedTestAppWithFiles();
const events = publishedEvents(t);
const NOW = new Date('2026-11-22T12:00:00Z');
beforeAll(() => {
  t.setNow(NOW);
});

const motors = () => t.ids.companies.demoMotors;
const ask = (body: Record<string, unknown>, email = 'reporting@demo.test') =>
  t.as(email, { method: 'POST', url: '/api/dni/reports/calls', payload: body });
const list = (companyId = motors(), email = 'reporting@demo.test') =>
  t.as(email, { method: 'GET', url: `/api/dni/reports?companyId=${companyId}` });
const unitUrl = (id: number, tail = '') => `/api/business-units/${id}/dni/reports${tail}`;

async function finished(find: () => Promise<DniReport[]>, id: number): Promise<DniReport> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const report = (await find()).find((one) => one.id === id);
    if (report && report.state !== 'queued' && report.state !== 'running') return report;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('report did not finish');
}
const companyReports = async () => (await list()).json<DniReport[]>();

/** The CSV behind a finished report's signed link, opened without signing in. */
async function download(report: DniReport): Promise<string[][]> {
  expect(report.download_url).toMatch(/^\/api\/dni\/reports\/\d+\/download\?expires=\d+&sig=[0-9a-f]+$/);
  const response = await t.app.inject({ method: 'GET', url: report.download_url ?? '' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="dni-calls-/);
  return parse(response.body) as string[][];
}

describe('a company’s DNI call report', () => {
  it('is made in the background: one row per inbound call of the range, attributed, in the company’s time', async () => {
    events.length = 0;
    const response = await ask({ company_id: motors(), startDate: '2026-10-01', endDate: '2026-11-20' });
    expect(response.statusCode, response.body).toBe(202);
    const asked = response.json<DniReport>();
    expect(asked).toMatchObject({
      company_id: motors(),
      business_unit_id: null,
      state: 'queued',
      start_date: '2026-10-01',
      end_date: '2026-11-20',
      requested_by: 'Reese Reporting',
      download_url: null,
    });
    const done = await finished(companyReports, asked.id);
    expect(done.state).toBe('finished');

    // Demo Motors is in Chicago: the range is 2026-10-01 00:00 to 2026-11-21 00:00 Chicago time.
    const expected = await t.ctx.db.$count(
      calls,
      and(
        eq(calls.company_id, motors()),
        eq(calls.is_inbound, true),
        sql`${calls.started_at} >= ('2026-10-01'::timestamp at time zone 'America/Chicago')`,
        sql`${calls.started_at} < ('2026-11-21'::timestamp at time zone 'America/Chicago')`,
      ),
    );
    expect(done.rows).toBe(expected);
    const rows = await download(done);
    expect(rows[0]).toEqual([...DNI_REPORT_COLUMNS]);
    expect(rows).toHaveLength(expected + 1);

    // A tracked call (the seed's) carries its visit: source, medium, click id, session, pages before the call.
    const column = (name: (typeof DNI_REPORT_COLUMNS)[number]) => DNI_REPORT_COLUMNS.indexOf(name);
    const tracked = rows.slice(1).find((row) => row[column('Session ID')]);
    expect(tracked).toBeDefined();
    const row = tracked as string[];
    const [call] = await t.ctx.db
      .select()
      .from(calls)
      .where(eq(calls.id, Number(row[column('Call ID')])));
    expect(call?.dni_session_id).toBe(row[column('Session ID')]);
    expect(row[column('Company')]).toBe('Demo Motors');
    expect(row[column('Source')]).toBe(call?.source);
    expect(['Google Ads', 'Facebook']).toContain(row[column('Source')]);
    expect(row[column('Medium')]).toBe(call?.attribution?.medium);
    expect(row[column('Tracking number')]).toBe(call?.called);
    expect(row[column('Number label')]).toMatch(/pool \d$/);
    expect(Number(row[column('Pages before call')])).toBeGreaterThanOrEqual(
      call?.attribution?.path.length ?? 1,
    );
    expect(row[column('Time zone')]).toBe('America/Chicago');
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Chicago',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(call?.started_at);
    expect(row[column('Date/time')]).toBe(local);
    const clicks = [row[column('GCLID')], row[column('FBCLID')]].filter(Boolean);
    expect(clicks.length + (row[column('Campaign')] ? 1 : 0)).toBeGreaterThan(0);
    // Oldest first.
    const times = rows.slice(1).map((one) => one[column('Date/time')] ?? '');
    expect([...times].sort()).toEqual(times);

    // Its progress went out on the company's channel, ending finished.
    const published = events.filter((event) => event.event === EVENTS.dniReportUpdated);
    expect(published.map((event) => (event.payload as DniReport).state)).toContain('finished');
    expect(published.every((event) => event.channel === `private-companies.${motors()}`)).toBe(true);
  });

  it('lists the company’s reports newest first', async () => {
    const second = (
      await ask({ company_id: motors(), startDate: '2026-11-01', endDate: '2026-11-01' })
    ).json<DniReport>();
    await finished(companyReports, second.id);
    const reports = await companyReports();
    expect(reports[0]?.id).toBe(second.id);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports.every((report) => report.company_id === motors())).toBe(true);
  });

  it.each([
    [{ startDate: '2026-11-02', endDate: '2026-11-01' }, { endDate: [DNI_REPORT_MESSAGES.endBeforeStart] }],
    [{ startDate: '2024-11-01', endDate: '2026-11-02' }, { endDate: [DNI_REPORT_MESSAGES.tooLong] }],
    [{ startDate: '2026-02-30', endDate: '2026-11-01' }, { startDate: [DNI_REPORT_MESSAGES.date] }],
    [{ startDate: 'yesterday', endDate: '2026-11-01' }, { startDate: [DNI_REPORT_MESSAGES.date] }],
    [{ startDate: '2026-11-01' }, { endDate: [expect.any(String)] }],
  ])('refuses the range %j with a message per field', async (range, errors) => {
    const response = await ask({ company_id: motors(), ...range });
    expect(response.statusCode, response.body).toBe(422);
    expect(fieldErrors(response)).toEqual(errors);
  });

  it('takes two years to the day (§7 leaves the bound to us: two calendar years)', async () => {
    const response = await ask({ company_id: motors(), startDate: '2024-11-01', endDate: '2026-11-01' });
    expect(response.statusCode, response.body).toBe(202);
  });

  it('needs reports.view; another company’s reports are 404', async () => {
    expect(
      (await ask({ company_id: motors(), startDate: '2026-11-01', endDate: '2026-11-02' }, 'agent@demo.test'))
        .statusCode,
    ).toBe(403);
    expect((await list(motors(), 'agent@demo.test')).statusCode).toBe(403);
    expect(
      (await ask({ company_id: motors(), startDate: '2026-11-01', endDate: '2026-11-02' }, 'other@demo.test'))
        .statusCode,
    ).toBe(404);
    expect((await list(motors(), 'other@demo.test')).statusCode).toBe(404);
    expect((await list(t.ids.companies.otherCo, 'owner@demo.test')).statusCode).toBe(404);
    // The other company's own list does not show Demo Motors' reports.
    const theirs = await list(t.ids.companies.otherCo, 'other@demo.test');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<DniReport[]>()).toEqual([]);
  });
});

describe('a business unit’s DNI call report', () => {
  it('covers every company of the unit, each in its own time zone, for its organization admin', async () => {
    // Demo Realty (New York) gets a call, late on 2026-11-10 in New York (UTC−5): 2026-11-11 in UTC.
    const [realtyCall] = await t.ctx.db
      .insert(calls)
      .values({
        company_id: t.ids.companies.demoRealty,
        number_id: t.ids.numbers.realtyMain,
        is_inbound: true,
        caller: '+13055550177',
        called: '+13055550110',
        outcome: 1,
        duration: 61,
        source: 'website',
        started_at: new Date('2026-11-11T03:30:00Z'),
      })
      .returning();
    const org = t.ids.organizationId;
    const response = await t.as('orgadmin@demo.test', {
      method: 'POST',
      url: unitUrl(org, '/calls'),
      payload: { startDate: '2026-11-10', endDate: '2026-11-10' },
    });
    expect(response.statusCode, response.body).toBe(202);
    const asked = response.json<DniReport>();
    expect(asked).toMatchObject({ company_id: null, business_unit_id: org });
    const unitReports = async () =>
      (await t.as('orgadmin@demo.test', { method: 'GET', url: unitUrl(org) })).json<DniReport[]>();
    const done = await finished(unitReports, asked.id);
    expect(done.state).toBe('finished');
    const rows = await download(done);
    const companiesIn = new Set(rows.slice(1).map((row) => row[0]));
    expect(companiesIn).toEqual(new Set(['Demo Motors', 'Demo Realty']));
    const realty = rows.find((row) => row[1] === String(realtyCall?.id));
    expect(realty?.[2]).toBe('2026-11-10 22:30:00');
    expect(realty?.[3]).toBe('America/New_York');
    // A unit's report is not the company's, nor the reverse.
    expect((await unitReports()).every((report) => report.business_unit_id === org)).toBe(true);
    expect((await companyReports()).some((report) => report.id === asked.id)).toBe(false);
    // Its progress went to the one who asked (no channel is a unit's).
    const published = events.filter(
      (event) => event.event === EVENTS.dniReportUpdated && (event.payload as DniReport).id === asked.id,
    );
    expect(published.length).toBeGreaterThan(0);
    expect(
      published.every((event) => event.channel === `private-users.${t.ids.users['orgadmin@demo.test']}`),
    ).toBe(true);
  });

  it('is its organization admins’: a company’s owner, another unit or none is 404', async () => {
    const org = t.ids.organizationId;
    const range = { startDate: '2026-11-01', endDate: '2026-11-02' };
    for (const email of ['owner@demo.test', 'reporting@demo.test', 'other@demo.test']) {
      expect(
        (await t.as(email, { method: 'POST', url: unitUrl(org, '/calls'), payload: range })).statusCode,
      ).toBe(404);
      expect((await t.as(email, { method: 'GET', url: unitUrl(org) })).statusCode).toBe(404);
    }
    const [foreign] = await t.ctx.db.insert(organizations).values({ name: 'Elsewhere' }).returning();
    expect(
      (await t.as('orgadmin@demo.test', { method: 'GET', url: unitUrl(foreign?.id ?? 0) })).statusCode,
    ).toBe(404);
    expect((await t.as('superadmin@demo.test', { method: 'GET', url: unitUrl(org) })).statusCode).toBe(200);
  });
});

describe('the signed download link', () => {
  it('refuses a tampered or expired link, and an unfinished report', async () => {
    const [done] = await t.ctx.db
      .select()
      .from(dniReports)
      .where(and(eq(dniReports.company_id, motors()), eq(dniReports.state, 'finished')))
      .limit(1);
    const url = signDniReportUrl(t.ctx, done?.id ?? 0);
    const tampered = url.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherReport = url.replace(`/reports/${done?.id}/`, `/reports/${(done?.id ?? 0) + 1000}/`);
    expect((await t.app.inject({ method: 'GET', url: otherReport })).statusCode).toBe(403);
    t.setNow(new Date(NOW.getTime() + 16 * 60_000));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    t.setNow(NOW);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const [failed] = await t.ctx.db
      .insert(dniReports)
      .values({ company_id: motors(), start_date: '2026-11-01', end_date: '2026-11-02', state: 'failed' })
      .returning();
    const unfinished = await t.app.inject({ method: 'GET', url: signDniReportUrl(t.ctx, failed?.id ?? 0) });
    expect(unfinished.statusCode).toBe(409);
  });
});

describe('resuming', () => {
  it('a run that died after a checkpoint finishes the same file, each call once', async () => {
    const [report] = await t.ctx.db
      .insert(dniReports)
      .values({ company_id: motors(), start_date: '2026-07-01', end_date: '2026-11-20', state: 'queued' })
      .returning();
    if (!report) throw new Error('report');
    await writeReport(t.ctx, report, undefined, 50);
    const path = reportPath(t.ctx, report.id);
    const whole = await readFile(path, 'utf8');
    const [written] = await t.ctx.db.select().from(dniReports).where(eq(dniReports.id, report.id));
    expect(written?.rows).toBeGreaterThan(150);

    // As a crash leaves it: 100 rows checkpointed, some written after the checkpoint, a row cut half-way.
    const lines = whole.split('\n');
    await writeFile(path, `${lines.slice(0, 101 + 37).join('\n')}\n`);
    await appendFile(path, (lines[138] ?? '').slice(0, 10));
    await t.ctx.db
      .update(dniReports)
      .set({ state: 'running', rows: 100 })
      .where(eq(dniReports.id, report.id));
    const [crashed] = await t.ctx.db.select().from(dniReports).where(eq(dniReports.id, report.id));
    await writeReport(t.ctx, crashed as typeof report, undefined, 50);
    expect(await readFile(path, 'utf8')).toBe(whole);
    const [resumed] = await t.ctx.db.select().from(dniReports).where(eq(dniReports.id, report.id));
    expect(resumed).toMatchObject({ state: 'finished', rows: written?.rows });
  });

  it('fails a report no job will finish', async () => {
    const [stale] = await t.ctx.db
      .insert(dniReports)
      .values({ company_id: motors(), start_date: '2026-11-01', end_date: '2026-11-02', state: 'running' })
      .returning();
    await failStaleReports(t.ctx);
    const [row] = await t.ctx.db
      .select()
      .from(dniReports)
      .where(eq(dniReports.id, stale?.id ?? 0));
    expect(row).toMatchObject({ state: 'failed', message: expect.stringMatching(/ask for it again/) });
  });
});
