/**
 * §7 Alerts against the real server, with the evaluation job driven on the app's clock (the runner is stopped, so
 * `runDue` runs it here): a monitor fires once and stays open on re-evaluation; §3 close reasons are required
 * (and a comment for `other`); a snooze hides an alert, the monitor does not fire while it sleeps, and it reopens
 * when it ends with the condition still true (or is closed by the monitor when the condition cleared); a closed
 * alert silences its condition until the condition clears, then the monitor fires anew when it comes back; counts, history order, 10 a page, `alerts.updated` on the companies channel;
 * another company's alert is not found, and a role without reports.view is refused.
 *
 * The evaluations run in Demo Realty (no calls, no monitors seeded) so what fires is only what each test made;
 * Demo Motors' seeded alerts are read as they are.
 */
import type { Alert, AlertCounts, AlertHistoryEntry } from '@shared/api/alerts';
import { ALERT_MESSAGES } from '@shared/api/alerts';
import type { Paged } from '@shared/api/paged';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { alerts, calls, monitors } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo';
import { fieldErrors, publishedEvents, sharedTestApp } from '../../testing/testApp';
import { CLEARED_COMMENT } from './monitors/evaluate';
import { EVALUATE_EVERY_MS, MONITOR_EVALUATION_JOB } from './monitors/job';

const t = sharedTestApp();
const events = publishedEvents(t);

const HOUR_MS = 3_600_000;
const START = new Date('2026-12-01T12:00:00Z');
let clock = START.getTime();
const setClock = (at: number) => {
  clock = at;
  t.setNow(new Date(clock));
};
const advance = (ms: number) => setClock(clock + ms);

let realty = 0;
let realtyMain = 0;

beforeAll(async () => {
  // The runner would take the job the moment a monitor is turned on; here the tests run it, when they say.
  await t.app.jobs.stop();
  realty = t.ids.companies.demoRealty;
  realtyMain = t.ids.numbers.realtyMain;
  setClock(START.getTime());
});

/**
 * `t.as` with a token signed in on the app's clock: these tests move the clock by hours, past an access token's
 * hour, so a token is taken again once the clock has moved on since it was issued.
 */
const tokens = new Map<string, { token: string; at: number }>();
async function as(email: string, options: InjectOptions) {
  let held = tokens.get(email);
  if (!held || clock - held.at > 30 * 60_000 || clock < held.at) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    held = { token: response.json<{ access_token: string }>().access_token, at: clock };
    tokens.set(email, held);
  }
  return t.app.inject({ ...options, headers: { authorization: `Bearer ${held.token}` } });
}

const evaluate = () => t.app.jobs.runDue({ kinds: [MONITOR_EVALUATION_JOB] });

const setMonitor = (
  kind: string,
  payload: InjectOptions['payload'],
  email = 'owner@demo.test',
  company = realty,
) => as(email, { method: 'PUT', url: `/api/companies/${company}/monitors/${kind}`, payload });

const updateAlert = (id: number, payload: InjectOptions['payload'], email = 'owner@demo.test') =>
  as(email, { method: 'PUT', url: `/api/monitoring/alerts/${id}`, payload });

async function listOf(company: number, query = ''): Promise<Paged<Alert>> {
  const response = await as('owner@demo.test', {
    method: 'GET',
    url: `/api/monitoring/alerts?company_id=${company}${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function countsOf(company: number): Promise<AlertCounts> {
  const response = await as('owner@demo.test', {
    method: 'GET',
    url: `/api/monitoring/alerts/counts?company_id=${company}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function historyOf(id: number): Promise<AlertHistoryEntry[]> {
  const response = await as('owner@demo.test', {
    method: 'GET',
    url: `/api/monitoring/alerts/${id}/history`,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Inbound calls to Demo Realty's main line `minutesAgo` before the clock, one per outcome given. */
async function inboundCalls(outcomes: number[], minutesAgo: number): Promise<void> {
  await t.ctx.db.insert(calls).values(
    outcomes.map((outcome, index) => ({
      company_id: realty,
      number_id: realtyMain,
      is_inbound: true,
      caller: `+1202555${String(3000 + index)}`,
      called: '+13055550110',
      outcome,
      started_at: new Date(clock - minutesAgo * 60_000),
    })),
  );
}

const alertEvents = () =>
  events.filter(
    (event) => event.event === EVENTS.alertsUpdated && event.channel === channels.companies(realty),
  );

/** Realty's live alerts of a kind (open or snoozed). */
async function liveAlerts(kind: string) {
  const rows = await t.ctx.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.company_id, realty), eq(alerts.kind, kind as 'missed_rate')));
  return rows.filter((row) => row.state !== 'closed');
}

describe('monitors', () => {
  it('lists every kind, off, with its defaults, until one is set', async () => {
    const response = await as('reporting@demo.test', {
      method: 'GET',
      url: `/api/companies/${t.ids.companies.demoMotors}/monitors`,
    });
    expect(response.statusCode).toBe(200);
    const list =
      response.json<{ kind: string; enabled: boolean; settings: object; updated_at: string | null }[]>();
    expect(list.map((one) => one.kind)).toEqual([
      'missed_rate',
      'no_calls',
      'forward_failing',
      'campaign_paused',
      'number_limit',
    ]);
    // Demo Motors has the missed-rate monitor on (seeded; no-calls is seeded off); the rest are off with defaults.
    expect(list.find((one) => one.kind === 'missed_rate')).toMatchObject({
      enabled: true,
      settings: { threshold: 30, windowHours: 4, minCalls: 5 },
    });
    expect(list.find((one) => one.kind === 'forward_failing')).toEqual({
      kind: 'forward_failing',
      enabled: false,
      settings: { failures: 3 },
      updated_at: null,
    });
    expect(list.find((one) => one.kind === 'number_limit')?.settings).toEqual({ percent: 90 });
    expect(list.find((one) => one.kind === 'campaign_paused')?.settings).toEqual({});
  });

  it.each([
    ['missed_rate', { bogus: 1 }, 'settings.bogus', /no such setting/],
    ['missed_rate', { threshold: 0 }, 'settings.threshold', /from 1 to 100/],
    ['missed_rate', { threshold: 101 }, 'settings.threshold', /from 1 to 100/],
    ['missed_rate', { windowHours: 2.5 }, 'settings.windowHours', /whole number from 1 to 168/],
    ['no_calls', { hours: 721 }, 'settings.hours', /from 1 to 720/],
    ['forward_failing', { failures: 0 }, 'settings.failures', /from 1 to 50/],
    ['campaign_paused', { percent: 90 }, 'settings.percent', /no such setting/],
    ['number_limit', { percent: 150 }, 'settings.percent', /from 1 to 100/],
  ])('%s refuses %j on %s', async (kind, settings, field, message) => {
    const response = await setMonitor(kind, { enabled: true, settings });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)[field]?.[0]).toMatch(message);
  });

  it('refuses an unknown kind and a body without enabled', async () => {
    expect((await setMonitor('nonsense', { enabled: true })).statusCode).toBe(422);
    const response = await setMonitor('no_calls', { settings: {} });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toHaveProperty('enabled');
  });

  it('needs settings.manage to change, reports.view to read', async () => {
    const motors = t.ids.companies.demoMotors;
    expect((await setMonitor('no_calls', { enabled: false }, 'reporting@demo.test', motors)).statusCode).toBe(
      403,
    );
    expect((await setMonitor('no_calls', { enabled: false }, 'agent@demo.test', motors)).statusCode).toBe(
      403,
    );
    const read = await as('agent@demo.test', { method: 'GET', url: `/api/companies/${motors}/monitors` });
    expect(read.statusCode).toBe(403);
    expect((await setMonitor('no_calls', { enabled: false }, 'other@demo.test', motors)).statusCode).toBe(
      404,
    );
  });

  it('saves a change, keeping the settings it does not name, and arms the company’s evaluation job', async () => {
    const first = await setMonitor('missed_rate', { enabled: false, settings: { threshold: 40 } });
    expect(first.statusCode).toBe(200);
    const second = await setMonitor('missed_rate', { enabled: true, settings: { minCalls: 5 } });
    expect(second.json()).toMatchObject({
      kind: 'missed_rate',
      enabled: true,
      settings: { threshold: 40, windowHours: 4, minCalls: 5 },
      updated_at: START.toISOString(),
    });
    const [row] = await t.ctx.db
      .select()
      .from(monitors)
      .where(and(eq(monitors.company_id, realty), eq(monitors.kind, 'missed_rate')));
    expect(row?.settings).toEqual({ threshold: 40, minCalls: 5 });
    // Nothing to find yet: the job runs, finds nothing, and waits for its next turn.
    expect(await evaluate()).toBe(1);
    expect(await evaluate()).toBe(0);
    expect(await liveAlerts('missed_rate')).toEqual([]);
    // Back to the threshold the rest of these tests use.
    await setMonitor('missed_rate', { enabled: true, settings: { threshold: 30 } });
  });
});

describe('an alert’s life', () => {
  let alertId = 0;

  it('fires once when the missed-call rate is over its threshold, with its history and an event', async () => {
    advance(EVALUATE_EVERY_MS);
    // 4 of 6 unanswered (missed 2, voicemail 3): 67 % > 30 %.
    await inboundCalls([2, 2, 3, 2, 1, 1], 10);
    events.length = 0;
    expect(await evaluate()).toBe(1);
    const page = await listOf(realty);
    expect(page.total).toBe(1);
    const alert = page.data[0] as Alert;
    alertId = alert.id;
    expect(alert).toMatchObject({
      kind: 'missed_rate',
      state: 'open',
      title: 'Missed-call rate 67 % over the last 4 hours (threshold 30 %)',
      subject: { type: 'company', id: String(realty), label: 'Demo Realty' },
      details: { missed: 4, total: 6, threshold: 30 },
      reason: null,
      closed_by: null,
      opened_at: new Date(clock).toISOString(),
    });
    expect((await historyOf(alertId)).map((entry) => [entry.action, entry.state, entry.user])).toEqual([
      ['opened', 'open', null],
    ]);
    expect(alertEvents().map((event) => event.payload)).toEqual([
      {
        id: alertId,
        change: 'opened',
        title: alert.title,
        counts: { open: 1, snoozed: 0, closed: 0 },
      },
    ]);
  });

  it('stays one open alert on every later evaluation while the condition holds', async () => {
    events.length = 0;
    for (let run = 0; run < 3; run++) {
      advance(EVALUATE_EVERY_MS);
      expect(await evaluate()).toBe(1);
    }
    expect((await liveAlerts('missed_rate')).map((row) => row.id)).toEqual([alertId]);
    expect(alertEvents()).toEqual([]);
    expect(await countsOf(realty)).toEqual({ open: 1, snoozed: 0, closed: 0 });
  });

  it('refuses to close without a §3 reason, and `other` without a comment', async () => {
    const noReason = await updateAlert(alertId, { state: 'closed' });
    expect(noReason.statusCode).toBe(422);
    expect(fieldErrors(noReason).reason).toEqual([ALERT_MESSAGES.reasonRequired]);
    const badReason = await updateAlert(alertId, { state: 'closed', reason: 'bored' });
    expect(badReason.statusCode).toBe(422);
    expect(fieldErrors(badReason)).toHaveProperty('reason');
    const other = await updateAlert(alertId, { state: 'closed', reason: 'other', comment: '  ' });
    expect(other.statusCode).toBe(422);
    expect(fieldErrors(other).comment).toEqual([ALERT_MESSAGES.commentRequired]);
    expect((await liveAlerts('missed_rate'))[0]?.state).toBe('open');
  });

  it('refuses a snooze without an end, one in the past, or one beyond a week', async () => {
    for (const snoozed_until of [
      undefined,
      new Date(clock - 60_000).toISOString(),
      new Date(clock + 169 * HOUR_MS).toISOString(),
    ]) {
      const response = await updateAlert(alertId, { state: 'snoozed', snoozed_until });
      expect(response.statusCode, String(snoozed_until)).toBe(422);
      expect(fieldErrors(response).snoozed_until).toEqual([ALERT_MESSAGES.snoozeUntil]);
    }
  });

  it('snoozes: hidden from the open ones, and the monitor does not fire again while it sleeps', async () => {
    events.length = 0;
    const until = new Date(clock + 2 * HOUR_MS).toISOString();
    const response = await updateAlert(alertId, {
      state: 'snoozed',
      snoozed_until: until,
      comment: 'Lunch rush',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: 'snoozed', snoozed_until: until, comment: 'Lunch rush' });
    expect(alertEvents().map((event) => event.payload)).toEqual([
      expect.objectContaining({ id: alertId, change: 'snoozed', counts: { open: 0, snoozed: 1, closed: 0 } }),
    ]);
    expect((await listOf(realty, '&state=open')).total).toBe(0);
    expect((await listOf(realty, '&state=snoozed')).data.map((one) => one.id)).toEqual([alertId]);

    events.length = 0;
    advance(HOUR_MS);
    await inboundCalls([2, 2], 5);
    expect(await evaluate()).toBe(1);
    expect(await liveAlerts('missed_rate')).toHaveLength(1);
    expect(alertEvents()).toEqual([]);
  });

  it('reopens when the snooze ends with the condition still true', async () => {
    events.length = 0;
    advance(HOUR_MS + EVALUATE_EVERY_MS);
    expect(await evaluate()).toBe(1);
    const [row] = await liveAlerts('missed_rate');
    expect(row).toMatchObject({ id: alertId, state: 'open', snoozed_until: null });
    expect(alertEvents().map((event) => event.payload)).toEqual([
      expect.objectContaining({
        id: alertId,
        change: 'reopened',
        counts: { open: 1, snoozed: 0, closed: 0 },
      }),
    ]);
  });

  it('closes with a reason and comment, by the caller, and the history reads oldest first', async () => {
    events.length = 0;
    const response = await updateAlert(alertId, {
      state: 'closed',
      reason: 'other',
      comment: 'New hire starts Monday',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'closed',
      reason: 'other',
      comment: 'New hire starts Monday',
      closed_at: new Date(clock).toISOString(),
      closed_by: { id: t.ids.users['owner@demo.test'], name: expect.any(String) },
    });
    const history = await historyOf(alertId);
    expect(history.map((entry) => entry.action)).toEqual(['opened', 'snoozed', 'reopened', 'closed']);
    expect(history.map((entry) => entry.at)).toEqual([...history.map((entry) => entry.at)].sort());
    expect(history[1]).toMatchObject({ comment: 'Lunch rush', user: { id: t.ids.users['owner@demo.test'] } });
    expect(history[2]?.user).toBeNull();
    expect(history[3]).toMatchObject({ reason: 'other', comment: 'New hire starts Monday', state: 'closed' });
    expect(alertEvents().map((event) => event.payload)).toEqual([
      expect.objectContaining({ id: alertId, change: 'closed', counts: { open: 0, snoozed: 0, closed: 1 } }),
    ]);
    // A closed alert cannot be snoozed or closed again (reopen it first).
    const snooze = await updateAlert(alertId, {
      state: 'snoozed',
      snoozed_until: new Date(clock + HOUR_MS).toISOString(),
    });
    expect(snooze.statusCode).toBe(409);
    expect((await updateAlert(alertId, { state: 'closed', reason: 'duplicate' })).statusCode).toBe(409);
    expect((await historyOf(alertId)).map((entry) => entry.action)).toHaveLength(4);
  });

  it('does not fire again while the condition it was closed on still holds (edge-triggered)', async () => {
    for (let turn = 0; turn < 3; turn += 1) {
      advance(EVALUATE_EVERY_MS);
      expect(await evaluate()).toBe(1);
      expect(await liveAlerts('missed_rate')).toEqual([]);
    }
    expect(await countsOf(realty)).toEqual({ open: 0, snoozed: 0, closed: 1 });
  });

  it('fires anew once the condition has cleared and come back; reopening the old one then conflicts', async () => {
    // Five hours on, the calls are out of the four-hour window: the condition has cleared.
    advance(5 * HOUR_MS);
    expect(await evaluate()).toBe(1);
    expect(await liveAlerts('missed_rate')).toEqual([]);
    const [closed] = await t.ctx.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(closed?.condition_cleared_at).toEqual(new Date(clock));
    // A new rise: 3 of 5 missed.
    await inboundCalls([2, 2, 2, 1, 1], 10);
    advance(EVALUATE_EVERY_MS);
    expect(await evaluate()).toBe(1);
    const live = await liveAlerts('missed_rate');
    expect(live).toHaveLength(1);
    expect(live[0]?.id).not.toBe(alertId);
    expect(await countsOf(realty)).toEqual({ open: 1, snoozed: 0, closed: 1 });
    const reopen = await updateAlert(alertId, { state: 'open' });
    expect(reopen.statusCode).toBe(409);
  });

  it('is closed by the monitor when its snooze ends after the condition cleared', async () => {
    const [current] = await liveAlerts('missed_rate');
    const id = current?.id ?? 0;
    const snooze = await updateAlert(id, {
      state: 'snoozed',
      snoozed_until: new Date(clock + HOUR_MS).toISOString(),
    });
    expect(snooze.statusCode).toBe(200);
    // Five hours on, the calls are out of the four-hour window.
    advance(5 * HOUR_MS);
    events.length = 0;
    expect(await evaluate()).toBe(1);
    const history = await historyOf(id);
    expect(history.at(-1)).toMatchObject({
      action: 'closed',
      state: 'closed',
      user: null,
      comment: CLEARED_COMMENT,
    });
    expect(alertEvents().map((event) => (event.payload as { change: string }).change)).toEqual(['closed']);
    expect(await countsOf(realty)).toEqual({ open: 0, snoozed: 0, closed: 2 });
    // Reopened by a person: back to open, in the history.
    const reopened = await updateAlert(id, { state: 'open' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ state: 'open', reason: null, closed_at: null, closed_by: null });
    expect((await historyOf(id)).at(-1)).toMatchObject({
      action: 'reopened',
      user: { id: t.ids.users['owner@demo.test'] },
    });
    // Reopening it again changes nothing and adds no history.
    const entries = (await historyOf(id)).length;
    expect((await updateAlert(id, { state: 'open' })).statusCode).toBe(200);
    expect(await historyOf(id)).toHaveLength(entries);
    await updateAlert(id, { state: 'closed', reason: 'not-relevant' });
  });

  it('counts a turned-off monitor’s closed alerts as cleared: turned on again, it starts afresh', async () => {
    const uncleared = async () =>
      (await t.ctx.db.select().from(alerts).where(eq(alerts.company_id, realty))).filter(
        (row) => row.state === 'closed' && row.condition_cleared_at === null,
      );
    expect(await uncleared()).toHaveLength(1);
    expect((await setMonitor('missed_rate', { enabled: false })).statusCode).toBe(200);
    advance(EVALUATE_EVERY_MS);
    await evaluate();
    expect(await uncleared()).toEqual([]);
    expect((await setMonitor('missed_rate', { enabled: true })).statusCode).toBe(200);
  });
});

describe('reading alerts', () => {
  it('shows Demo Motors’ seeded alerts, newest first, with the closed one’s history', async () => {
    const page = await listOf(t.ids.companies.demoMotors);
    expect(page.data.map((one) => [one.kind, one.state])).toEqual([
      ['missed_rate', 'open'],
      ['no_calls', 'open'],
      ['missed_rate', 'closed'],
    ]);
    const closed = page.data[2] as Alert;
    expect(closed).toMatchObject({ reason: 'already-aware', closed_by: { name: expect.any(String) } });
    expect((await historyOf(closed.id)).map((entry) => entry.action)).toEqual([
      'opened',
      'snoozed',
      'closed',
    ]);
  });

  it('pages 10 at a time', async () => {
    const before = (await listOf(realty)).total;
    await t.ctx.db.insert(alerts).values(
      Array.from({ length: 21 }, (_, index) => ({
        company_id: realty,
        kind: 'number_limit' as const,
        subject_type: 'company' as const,
        subject_id: String(realty),
        title: `Old alert ${index}`,
        state: 'closed' as const,
        reason: 'duplicate' as const,
        opened_at: new Date(START.getTime() - (index + 1) * HOUR_MS),
        closed_at: START,
      })),
    );
    const total = before + 21;
    const first = await listOf(realty);
    expect(first).toMatchObject({ current_page: 1, per_page: 10, total, last_page: Math.ceil(total / 10) });
    expect(first.data).toHaveLength(10);
    const last = await listOf(realty, `&page=${Math.ceil(total / 10)}`);
    expect(last.data).toHaveLength(total % 10 || 10);
    expect(last.data.at(-1)?.title).toBe('Old alert 20');
    const all = [...first.data, ...(await listOf(realty, '&page=2')).data];
    expect(new Set(all.map((one) => one.id)).size).toBe(20);
  });

  it('answers 404 for another company’s alert and 403 to a role without reports.view', async () => {
    const [seeded] = (await listOf(t.ids.companies.demoMotors)).data;
    const id = seeded?.id ?? 0;
    for (const [method, url, payload] of [
      ['GET', `/api/monitoring/alerts/${id}`, undefined],
      ['GET', `/api/monitoring/alerts/${id}/history`, undefined],
      ['PUT', `/api/monitoring/alerts/${id}`, { state: 'closed', reason: 'duplicate' }],
    ] as const) {
      expect((await as('other@demo.test', { method, url, payload })).statusCode, url).toBe(404);
      expect((await as('agent@demo.test', { method, url, payload })).statusCode, url).toBe(403);
    }
    const list = await as('agent@demo.test', {
      method: 'GET',
      url: `/api/monitoring/alerts?company_id=${t.ids.companies.demoMotors}`,
    });
    expect(list.statusCode).toBe(403);
    const missing = await as('owner@demo.test', { method: 'GET', url: '/api/monitoring/alerts/999999' });
    expect(missing.statusCode).toBe(404);
    const mine = await as('reporting@demo.test', { method: 'GET', url: `/api/monitoring/alerts/${id}` });
    expect(mine.statusCode).toBe(200);
  });
});
