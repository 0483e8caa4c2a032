/**
 * Each monitor kind's condition (shared/domain/alerts.ts MONITOR_DEFAULTS), evaluated against the real database on
 * the app's clock: no calls on a voice number that had some, a phone forward failing call after call (recorded by
 * the voice module as a real sandbox call rings it), a campaign paused by the §4 auto-pause rule (not one a person
 * paused), and a company near its number limit. The monitors are Demo Realty's (nothing seeded there) except the
 * forward, which rings Demo Motors' Sales phones.
 */

import type { MonitorKind } from '@shared/domain/alerts';
import { AUTO_PAUSE, autoPauseReason } from '@shared/domain/campaignSending';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alerts, calls, campaigns, companies, forwardDials, monitors } from '../../db/schema';
import { sharedTestApp } from '../../testing/testApp';
import { manualTimers } from '../voice/sandbox/timers';
import { evaluateCompanyMonitors } from './monitors/evaluate';

const timers = manualTimers();
const t = sharedTestApp({}, { voiceTimers: timers });

const HOUR_MS = 3_600_000;
/** Friday 20 November 2026, 10:00 in Chicago: Demo Motors is open, so its main line's menu answers. */
const FRIDAY_MORNING = new Date('2026-11-20T16:00:00Z');
let realty = 0;

beforeAll(async () => {
  await t.app.jobs.stop();
  realty = t.ids.companies.demoRealty;
  t.setNow(FRIDAY_MORNING);
});

async function turnOn(company: number, kind: MonitorKind, settings: Record<string, number> = {}) {
  await t.ctx.db
    .insert(monitors)
    .values({ company_id: company, kind, enabled: true, settings })
    .onConflictDoUpdate({ target: [monitors.company_id, monitors.kind], set: { enabled: true, settings } });
}

async function liveAlertsOf(company: number, kind: MonitorKind) {
  const rows = await t.ctx.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.company_id, company), eq(alerts.kind, kind)));
  return rows.filter((row) => row.state !== 'closed');
}

describe('no_calls', () => {
  it('fires per voice number whose last inbound call is older than `hours`, never for one with no calls', async () => {
    await turnOn(realty, 'no_calls', { hours: 24 });
    const now = FRIDAY_MORNING.getTime();
    await t.ctx.db.insert(calls).values([
      // The office line's last call was 30 hours ago; the main line's an hour ago.
      {
        company_id: realty,
        number_id: t.ids.numbers.realtyOffice,
        caller: '+12025550901',
        called: '+13055550111',
        outcome: 1,
        started_at: new Date(now - 30 * HOUR_MS),
      },
      {
        company_id: realty,
        number_id: t.ids.numbers.realtyMain,
        caller: '+12025550902',
        called: '+13055550110',
        outcome: 1,
        started_at: new Date(now - HOUR_MS),
      },
    ]);
    await evaluateCompanyMonitors(t.ctx, realty);
    const fired = await liveAlertsOf(realty, 'no_calls');
    expect(fired.map((row) => [row.subject_type, row.subject_id])).toEqual([
      ['number', String(t.ids.numbers.realtyOffice)],
    ]);
    expect(fired[0]?.title).toMatch(/^No calls on Office .* for 24 hours$/);
    // A day later the main line is quiet too; the office line's alert is still the one.
    t.setNow(new Date(now + 24 * HOUR_MS));
    await evaluateCompanyMonitors(t.ctx, realty);
    expect((await liveAlertsOf(realty, 'no_calls')).map((row) => row.subject_id).sort()).toEqual(
      [String(t.ids.numbers.realtyMain), String(t.ids.numbers.realtyOffice)].sort(),
    );
    t.setNow(FRIDAY_MORNING);
  });
});

describe('no_calls watches lines that were getting calls', () => {
  it('a line quiet for longer than `hours` plus the week before is not watched; one call in that week and it is', async () => {
    const other = t.ids.companies.otherCo;
    await turnOn(other, 'no_calls', { hours: 24 });
    const now = FRIDAY_MORNING.getTime();
    const call = (daysAgo: number) => ({
      company_id: other,
      number_id: t.ids.numbers.otherMain,
      caller: '+12025550911',
      called: '+14155550120',
      outcome: 1,
      started_at: new Date(now - daysAgo * 24 * HOUR_MS),
    });
    // Its last call was ten days ago: it went quiet long ago, nothing new to say.
    await t.ctx.db.insert(calls).values(call(10));
    await evaluateCompanyMonitors(t.ctx, other);
    expect(await liveAlertsOf(other, 'no_calls')).toEqual([]);
    // A call three days ago: a line that gets calls has been silent for more than a day.
    await t.ctx.db.insert(calls).values(call(3));
    await evaluateCompanyMonitors(t.ctx, other);
    expect((await liveAlertsOf(other, 'no_calls')).map((row) => row.subject_id)).toEqual([
      String(t.ids.numbers.otherMain),
    ]);
  });
});

describe('forward_failing', () => {
  it('the voice module records each phone a ring tried, with how the ring ended', async () => {
    const placed = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/sandbox/calls',
      payload: { from: '+12125550777', to: '+13125550100', voicemail: false },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const callId = placed.json<{ id: number }>().id;
    // The menu times out (twice: one retry) to the default extension, Sales, which rings its two phones; nobody
    // answers a sandbox phone, so the ring times out.
    for (let wait = 0; wait < 6; wait++) {
      const rows = await t.ctx.db.select().from(forwardDials).where(eq(forwardDials.call_id, callId));
      if (rows.length > 0) break;
      timers.fireNext();
      await t.ctx.voice.sandbox.settled();
    }
    const rows = await t.ctx.db.select().from(forwardDials).where(eq(forwardDials.call_id, callId));
    expect(rows.map((row) => [row.phone, row.outcome, row.company_id]).sort()).toEqual([
      ['+13125550160', 'no-answer', t.ids.companies.demoMotors],
      ['+13125550161', 'no-answer', t.ids.companies.demoMotors],
    ]);
    await t.as('owner@demo.test', { method: 'POST', url: `/api/sandbox/calls/${callId}/hangup` });
    timers.clear();
  });

  it('fires for a phone whose last `failures` dials all failed; an answered one breaks the run', async () => {
    const at = (minutes: number) => new Date(FRIDAY_MORNING.getTime() - minutes * 60_000);
    const dial = (phone: string, outcome: string, minutes: number) => ({
      company_id: realty,
      phone,
      outcome,
      at: at(minutes),
    });
    await t.ctx.db.insert(forwardDials).values([
      dial('+13055550201', 'busy', 30),
      dial('+13055550201', 'no-answer', 20),
      dial('+13055550201', 'failed', 10),
      // Answered last: not failing, whatever came before.
      dial('+13055550202', 'busy', 30),
      dial('+13055550202', 'busy', 20),
      dial('+13055550202', 'completed', 10),
      // Only two tries: not yet three in a row.
      dial('+13055550203', 'busy', 20),
      dial('+13055550203', 'busy', 10),
    ]);
    await turnOn(realty, 'forward_failing', { failures: 3 });
    await evaluateCompanyMonitors(t.ctx, realty);
    const fired = await liveAlertsOf(realty, 'forward_failing');
    expect(fired.map((row) => [row.subject_type, row.subject_id])).toEqual([['forward', '+13055550201']]);
    expect(fired[0]?.details).toMatchObject({ phone: '+13055550201', failures: 3 });
  });
});

describe('campaign_paused', () => {
  it('opens one alert per campaign the auto-pause rule paused, none for a person’s pause', async () => {
    const reason = autoPauseReason({ finished: AUTO_PAUSE.window, failed: AUTO_PAUSE.window, stopped: 0 });
    expect(reason).toMatch(/^Paused automatically/);
    const made = await t.ctx.db
      .insert(campaigns)
      .values([
        { company_id: realty, title: 'Open house', state: 'paused', state_reason: reason },
        { company_id: realty, title: 'Spring listings', state: 'paused', state_reason: null },
        {
          company_id: realty,
          title: 'Gone',
          state: 'paused',
          state_reason: reason,
          deleted_at: FRIDAY_MORNING,
        },
      ])
      .returning({ id: campaigns.id });
    await turnOn(realty, 'campaign_paused');
    await evaluateCompanyMonitors(t.ctx, realty);
    await evaluateCompanyMonitors(t.ctx, realty);
    const fired = await liveAlertsOf(realty, 'campaign_paused');
    expect(fired.map((row) => [row.subject_type, row.subject_id, row.subject_label])).toEqual([
      ['campaign', String(made[0]?.id), 'Open house'],
    ]);
    expect(fired[0]?.details).toMatchObject({ reason });
  });
});

describe('number_limit', () => {
  it('fires when the company holds at least `percent` % of its limit', async () => {
    await turnOn(realty, 'number_limit', { percent: 90 });
    // Demo Realty has two numbers: 2 of 25 is far from the limit.
    await evaluateCompanyMonitors(t.ctx, realty);
    expect(await liveAlertsOf(realty, 'number_limit')).toEqual([]);
    await t.ctx.db.update(companies).set({ number_limit: 2 }).where(eq(companies.id, realty));
    await evaluateCompanyMonitors(t.ctx, realty);
    const fired = await liveAlertsOf(realty, 'number_limit');
    expect(fired.map((row) => [row.subject_type, row.title])).toEqual([
      ['company', '2 of 2 numbers used (100 % of the limit)'],
    ]);
    expect(fired[0]?.details).toEqual({ used: 2, limit: 2, percent: 90 });
  });
});

describe('a monitor turned off', () => {
  it('checks nothing', async () => {
    const before = (await t.ctx.db.select().from(alerts).where(eq(alerts.company_id, realty))).length;
    await t.ctx.db.update(monitors).set({ enabled: false }).where(eq(monitors.company_id, realty));
    await t.ctx.db.update(companies).set({ number_limit: 1 }).where(eq(companies.id, realty));
    await t.ctx.db.delete(alerts).where(and(eq(alerts.company_id, realty), eq(alerts.kind, 'number_limit')));
    await evaluateCompanyMonitors(t.ctx, realty);
    const after = await t.ctx.db.select().from(alerts).where(eq(alerts.company_id, realty));
    expect(after.length).toBe(before - 1);
  });
});
