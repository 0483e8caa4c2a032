/**
 * Issue 22: why a call went unanswered is what routing knew, stored on the call as it closes, and when it was
 * answered — driven through the sandbox carrier against the real app and database, read back by `GET /calls/{id}`.
 * Each case drives one real call: out of hours (the main line's voicemail on a Sunday), no agent available
 * (everyone away), not answered (the ring timed out, every agent declined, the caller gave up while it rang),
 * the menu abandoned, and the short abandon (gone within SHORT_ABANDON_SECONDS, whatever routing was doing).
 */
import { ACTIVITY_ENDPOINTS } from '@shared/api/activity';
import { MISSED_REASONS, SHORT_ABANDON_SECONDS } from '@shared/domain/analytics';
import { labelOf } from '@shared/domain/codes';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema';
import { sharedTestAppWithFiles } from '../../testing/testApp';
import { manualTimers } from './sandbox/timers';
import { IN_APP_LINE, ringLog } from './testing';

const timers = manualTimers();
const t = sharedTestAppWithFiles({}, { voiceTimers: timers });
const { ringsOf } = ringLog(t);
const MAIN_LINE = '+13125550100';
/** Friday 20 November 2026, 10:00 in Chicago: Demo Motors is open (Mon–Fri 8–19). */
const FRIDAY_MORNING = new Date('2026-11-20T16:00:00Z');
/** Sunday 22 November 2026, 10:00 in Chicago: Demo Motors is closed all day. */
const SUNDAY_MORNING = new Date('2026-11-22T16:00:00Z');
let motors: number;
let agent: number;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
  agent = t.ids.users['agent@demo.test'] ?? 0;
});

/** The test's clock: set at the call's arrival, moved on by `later`. */
let clock = FRIDAY_MORNING;
const at = (date: Date) => {
  clock = date;
  t.setNow(date);
};
const later = (seconds: number) => at(new Date(clock.getTime() + seconds * 1000));
beforeEach(() => {
  timers.clear();
  at(FRIDAY_MORNING);
});
afterEach(() => t.setNow(new Date()));

let caller = 0;
const place = async (body: Record<string, unknown> = {}) => {
  const response = await t.as('owner@demo.test', {
    method: 'POST',
    url: '/api/sandbox/calls',
    // A caller of their own per call, so no test's caller history reaches another's.
    payload: { from: `+1212555${String(2100 + ++caller)}`, to: IN_APP_LINE, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
const act = (as: string, id: number, what: string, payload?: Record<string, unknown>) =>
  t.as(as, { method: 'POST', url: `/api/sandbox/calls/${id}/${what}`, ...(payload ? { payload } : {}) });
const hangUp = (id: number) => act('owner@demo.test', id, 'hangup');
/** Fires the sandbox's next wait (ring timeout, the caller at the tone) and lets its acts finish. */
const fire = async () => {
  timers.fireNext();
  await t.ctx.voice.sandbox.settled();
};
const phase = async (id: number) =>
  (await t.as('owner@demo.test', { method: 'GET', url: `/api/sandbox/calls/${id}` })).json<{
    phase: string;
  }>().phase;
const callOf = async (id: number) => {
  const response = await t.as('owner@demo.test', { method: 'GET', url: `/api/calls/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return ACTIVITY_ENDPOINTS.call.response.parse(response.json());
};
const setStatus = (email: string, status: 'active' | 'away') =>
  t.as(email, {
    method: 'POST',
    url: `/api/companies/${motors}/in-app-calling/status`,
    payload: { status },
  });
const reject = (email: string, id: number, joinToken: string) =>
  t.as(email, {
    method: 'POST',
    url: `/api/companies/${motors}/in-app-calling/calls/${id}/reject`,
    payload: { joinToken },
  });

interface Case {
  rule: string;
  /** Drives one call from its arrival to its end; answers the call's id. */
  drive: () => Promise<number>;
  outcome: number;
  reason: (typeof MISSED_REASONS)[number]['value'];
}

const CASES: Case[] = [
  {
    rule: 'out of hours: on a Sunday the main line takes a message at once (voicemail, 3)',
    drive: async () => {
      at(SUNDAY_MORNING);
      const id = await place({ to: MAIN_LINE });
      expect(await phase(id)).toBe('voicemail');
      later(40);
      await fire();
      return id;
    },
    outcome: 3,
    reason: 'out_of_hours',
  },
  {
    rule: 'out of hours, no message: the caller hung up at the tone (missed, 2) after the greeting',
    drive: async () => {
      at(SUNDAY_MORNING);
      const id = await place({ to: MAIN_LINE, voicemail: false });
      later(20);
      await fire();
      return id;
    },
    outcome: 2,
    reason: 'out_of_hours',
  },
  {
    rule: 'no agent available: every member away, the in-app line goes to voicemail without ringing',
    drive: async () => {
      await setStatus('agent@demo.test', 'away');
      await setStatus('agent2@demo.test', 'away');
      const id = await place({ voicemail: false });
      expect(ringsOf(agent, id)).toHaveLength(0);
      later(20);
      await fire();
      return id;
    },
    outcome: 2,
    reason: 'no_agent_available',
  },
  {
    rule: 'not answered: the ring timed out, and the caller left a message',
    drive: async () => {
      const id = await place();
      later(20);
      await fire();
      expect(await phase(id)).toBe('voicemail');
      later(30);
      await fire();
      return id;
    },
    outcome: 3,
    reason: 'not_answered',
  },
  {
    rule: 'not answered: every agent declined, and the caller hung up at the tone',
    drive: async () => {
      const id = await place({ voicemail: false });
      const token = ringsOf(agent, id)[0]?.join_token ?? '';
      later(6);
      await reject('agent@demo.test', id, token);
      await reject('agent2@demo.test', id, token);
      expect(await phase(id)).toBe('voicemail');
      later(15);
      await fire();
      return id;
    },
    outcome: 2,
    reason: 'not_answered',
  },
  {
    rule: 'not answered: the caller hung up while it rang, 15 s after arriving',
    drive: async () => {
      const id = await place();
      later(15);
      await hangUp(id);
      return id;
    },
    outcome: 2,
    reason: 'not_answered',
  },
  {
    rule: 'menu abandoned: the caller hung up while the main line’s menu played',
    drive: async () => {
      const id = await place({ to: MAIN_LINE });
      expect(await phase(id)).toBe('menu');
      later(SHORT_ABANDON_SECONDS + 2);
      await hangUp(id);
      return id;
    },
    outcome: 2,
    reason: 'menu_abandoned',
  },
  {
    rule: 'short abandon: gone while it rang, under SHORT_ABANDON_SECONDS after arriving',
    drive: async () => {
      const id = await place();
      later(SHORT_ABANDON_SECONDS - 1);
      await hangUp(id);
      return id;
    },
    outcome: 2,
    reason: 'short_abandon',
  },
  {
    rule: 'short abandon beats the menu: gone 4 s into the menu',
    drive: async () => {
      const id = await place({ to: MAIN_LINE });
      later(4);
      await hangUp(id);
      return id;
    },
    outcome: 2,
    reason: 'short_abandon',
  },
];

describe('the missed reason routing knew is stored on the call and shown by GET /calls/{id}', () => {
  it.each(CASES)('$rule', async ({ drive, outcome, reason }) => {
    const id = await drive();
    const call = await callOf(id);
    expect(call).toMatchObject({
      outcome,
      missed_reason: reason,
      missed_reason_label: labelOf(MISSED_REASONS, reason),
      answered_at: null,
    });
    // The live state (with the reason routing kept while the call lasted) is gone once it closed.
    const [row] = await t.ctx.db.select({ live: calls.live }).from(calls).where(eq(calls.id, id));
    expect(row?.live).toBeNull();
  });

  it('covers every reason of MISSED_REASONS', () => {
    expect(new Set(CASES.map((item) => item.reason))).toEqual(
      new Set(MISSED_REASONS.map((reason) => reason.value)),
    );
  });
});

describe('answered calls', () => {
  it('an agent answering in the app sets answered_at (the Connected moment); no missed reason', async () => {
    const arrived = clock;
    const id = await place();
    later(7);
    const answeredAt = clock;
    const answered = await act('agent@demo.test', id, 'answer');
    expect(answered.statusCode, answered.body).toBe(200);
    later(60);
    await hangUp(id);
    const call = await callOf(id);
    expect(call).toMatchObject({
      outcome: 1,
      missed_reason: null,
      missed_reason_label: null,
      answered_at: answeredAt.toISOString(),
      started_at: arrived.toISOString(),
      duration: 60,
    });
    expect(call.events.find((event) => event.status === 12)?.at).toBe(answeredAt.toISOString());
  });

  it('a call transferred to another agent keeps the first answer', async () => {
    const id = await place();
    later(5);
    const first = clock;
    await act('agent@demo.test', id, 'answer');
    later(30);
    const moved = await act('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'agent', user_id: t.ids.users['agent2@demo.test'] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    later(5);
    expect((await act('agent2@demo.test', id, 'answer')).statusCode).toBe(200);
    later(20);
    await hangUp(id);
    expect((await callOf(id)).answered_at).toBe(first.toISOString());
  });
});
