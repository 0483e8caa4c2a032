/**
 * The sandbox telephone network against the real app and database: calls to the seeded in-app line ring the
 * active agents who are not on a call; the first answer wins (the other is told who); keys, hold, hang up; the
 * call record carries its events, outcome and transcript; declines, away and busy agents, nobody answering and
 * blocked callers end where routing says (voicemail, never a dead end); transfers blind and warm; outbound calls
 * from the dialer land in the sandbox outbox. Waits are manual timers, fired by the tests.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { VOICE_ENDPOINTS as E, VOICE_MESSAGES } from '@shared/api/voice';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, outbox, voicemails } from '../../../db/schema';
import { createTestApp, sharedTestAppWithFiles } from '../../../testing/testApp';
import { contactMaker } from '../../contacts/testing';
import { dialOut, IN_APP_LINE, ringLog } from '../testing';
import { manualTimers } from './timers';

const timers = manualTimers();
const t = sharedTestAppWithFiles({}, { voiceTimers: timers });
const { rings, ringsOf, eventsOf } = ringLog(t);
let motors: number;
let agent: number;
let agent2: number;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
  agent = t.ids.users['agent@demo.test'] ?? 0;
  agent2 = t.ids.users['agent2@demo.test'] ?? 0;
});
beforeEach(() => {
  // Every test starts with no wait pending from the one before (and, by `ringLog`, both agents active).
  timers.clear();
});

const place = async (body: Record<string, unknown> = {}, as = 'owner@demo.test') => {
  const response = await t.as(as, {
    method: 'POST',
    url: '/api/sandbox/calls',
    payload: { from: '+12125550188', to: IN_APP_LINE, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
const act = (as: string, id: number, what: string, payload?: Record<string, unknown>) =>
  t.as(as, { method: 'POST', url: `/api/sandbox/calls/${id}/${what}`, ...(payload ? { payload } : {}) });
const view = async (id: number) =>
  E.sandboxCall.response.parse(
    (await t.as('owner@demo.test', { method: 'GET', url: `/api/sandbox/calls/${id}` })).json(),
  );
const record = async (id: number) => {
  const [row] = await t.ctx.db.select().from(calls).where(eq(calls.id, id));
  if (!row) throw new Error(`no call ${id}`);
  return row;
};
const statuses = async (id: number) => (await record(id)).events.map((event) => event.status);
/** Waits for the sandbox's acts under way (a fired wait runs in the background) before reading. */
const settle = () => t.ctx.voice.sandbox.settled();
const canAnswer = async (as: string, callId: number) =>
  (
    await t.as(as, {
      method: 'GET',
      url: `/api/companies/${motors}/in-app-calling/calls/${callId}/can-answer-call`,
    })
  ).json<{ can_answer: boolean; answered_by: { id: number; name: string } | null }>();
const reject = (as: string, callId: number, joinToken: string) =>
  t.as(as, {
    method: 'POST',
    url: `/api/companies/${motors}/in-app-calling/calls/${callId}/reject`,
    payload: { joinToken },
  });

describe('a call to the in-app line', () => {
  it('rings every active agent with the caller’s card: number, line, source, extension, join token', async () => {
    const id = await place();
    const card = ringsOf(agent, id)[0];
    expect(card).toMatchObject({
      call_id: id,
      company_id: motors,
      from: '+12125550188',
      city: 'New York',
      state: 'NY',
      number: { number: IN_APP_LINE, label: 'In-app agents' },
      source: 'in-app',
      extension: { key: '1', label: 'Agents in the app' },
      transferred_by: null,
    });
    expect(card?.join_token).toMatch(/^[\w-]{20,}$/);
    expect(ringsOf(agent2, id)).toHaveLength(1);
    expect(await canAnswer('agent@demo.test', id)).toEqual({ can_answer: true, answered_by: null });
    // Started (1), Received (6): it rings.
    expect(await statuses(id)).toEqual([1, 6]);
    expect((await view(id)).phase).toBe('ringing');
    await act('owner@demo.test', id, 'hangup');
  });

  it('answer race: two agents answer at once, exactly one wins and the other is told who', async () => {
    const id = await place();
    const [first, second] = await Promise.all([
      act('agent@demo.test', id, 'answer'),
      act('agent2@demo.test', id, 'answer'),
    ]);
    const responses = [first, second];
    const winners = responses.filter((response) => response.statusCode === 200);
    const losers = responses.filter((response) => response.statusCode === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const winner = (await record(id)).user_id;
    const winnerName = winner === agent ? 'Aria Agent' : 'Andre Agent';
    const loser = winner === agent ? agent2 : agent;
    expect(losers[0]?.json().message).toBe(VOICE_MESSAGES.answeredBy(winnerName));
    expect(eventsOf(loser, id)).toContainEqual({
      type: 'stopped',
      call_id: id,
      reason: 'answered-elsewhere',
      answered_by: { id: winner, name: winnerName },
    });
    const loserEmail = loser === agent ? 'agent@demo.test' : 'agent2@demo.test';
    expect(await canAnswer(loserEmail, id)).toEqual({
      can_answer: false,
      answered_by: { id: winner, name: winnerName },
    });
    expect(await statuses(id)).toEqual([1, 6, 12]);
    await act(loserEmail === 'agent@demo.test' ? 'agent2@demo.test' : 'agent@demo.test', id, 'hangup', {
      as: 'agent',
    });
  });

  it('connected: keys and hold are recorded; the caller hangs up; the record says answered, with its transcript', async () => {
    const script = ['Hello, I am calling about my order.', 'Thanks, goodbye.'];
    const id = await place({ script });
    expect((await act('agent@demo.test', id, 'answer')).statusCode).toBe(200);
    expect(eventsOf(agent, id)).toContainEqual({ type: 'connected', call_id: id, user_id: agent });

    const keys = await act('agent@demo.test', id, 'digits', { digits: '12#', as: 'agent' });
    expect(keys.statusCode, keys.body).toBe(200);
    await act('owner@demo.test', id, 'digits', { digits: '5' });
    expect((await view(id)).digits.map(({ by, digits }) => ({ by, digits }))).toEqual([
      { by: 'agent', digits: '12#' },
      { by: 'caller', digits: '5' },
    ]);
    // Only the connected agent may press keys or hold.
    expect((await act('agent2@demo.test', id, 'digits', { digits: '1', as: 'agent' })).statusCode).toBe(403);
    const held = await act('agent@demo.test', id, 'hold', { hold: true });
    expect(held.json()).toMatchObject({ hold: true, agent: { id: agent } });
    expect(eventsOf(agent, id)).toContainEqual({ type: 'held', call_id: id, hold: true });
    await act('agent@demo.test', id, 'hold', { hold: false });

    const users = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/companies/${motors}/in-app-calling/users`,
    });
    expect(users.json().data.find((user: { id: number }) => user.id === agent).on_call).toBe(true);

    const ended = await act('owner@demo.test', id, 'hangup');
    expect(ended.json()).toMatchObject({ phase: 'ended', outcome: 1 });
    const row = await record(id);
    expect(row.events.map((event) => event.status)).toEqual([1, 6, 12, 3]);
    expect(row).toMatchObject({ outcome: 1, user_id: agent, carrier_status: 'completed', live: null });
    expect(row.transcription).toMatchObject({
      state: 'complete',
      text: script.join(' '),
      segments: [
        { speaker: 2, transcript: script[0] },
        { speaker: 2, transcript: script[1] },
      ],
    });
    expect(eventsOf(agent, id)).toContainEqual({ type: 'ended', call_id: id, outcome: 1 });
    const after = await t.as('agent@demo.test', {
      method: 'GET',
      url: `/api/companies/${motors}/in-app-calling/users`,
    });
    expect(after.json().data.find((user: { id: number }) => user.id === agent).on_call).toBe(false);
  });

  it('decline: a wrong join token is refused; when every agent declines, the caller leaves a voicemail', async () => {
    const id = await place();
    const token = ringsOf(agent, id)[0]?.join_token ?? '';
    const forged = await reject('agent@demo.test', id, 'not-the-token');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(VOICE_MESSAGES.wrongJoinToken);

    expect((await reject('agent@demo.test', id, token)).statusCode).toBe(200);
    expect(eventsOf(agent, id)).toContainEqual({
      type: 'stopped',
      call_id: id,
      reason: 'declined',
      answered_by: null,
    });
    expect((await view(id)).phase).toBe('ringing');
    expect(await canAnswer('agent@demo.test', id)).toMatchObject({ can_answer: false });

    expect((await reject('agent2@demo.test', id, token)).statusCode).toBe(200);
    expect((await view(id)).phase).toBe('voicemail');
    // Rejected (7), then Voicemail (4).
    expect(await statuses(id)).toEqual([1, 6, 7, 4]);

    timers.fireNext();
    await settle();
    const row = await record(id);
    expect(row).toMatchObject({ outcome: 3, live: null });
    const [message] = await t.ctx.db.select().from(voicemails).where(eq(voicemails.call_id, id));
    expect(message?.recording_path).toBe(`voice/voicemail-${id}.wav`);
    expect(message?.duration).toBeGreaterThan(0);
    expect(existsSync(join(t.ctx.config.dataDir, message?.recording_path ?? 'missing'))).toBe(true);
    const [alert] = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'mail'), eq(outbox.to, 'owner@demo.test')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(alert?.subject).toBe('New voicemail from (212) 555-0188');
  });

  it('an away agent is not rung; with everyone away the caller reaches voicemail without ringing', async () => {
    await t.as('agent2@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/in-app-calling/status`,
      payload: { status: 'away' },
    });
    const one = await place();
    expect(ringsOf(agent, one)).toHaveLength(1);
    expect(ringsOf(agent2, one)).toHaveLength(0);
    await act('owner@demo.test', one, 'hangup');

    await t.as('agent@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/in-app-calling/status`,
      payload: { status: 'away' },
    });
    const none = await place({ voicemail: false });
    expect(ringsOf(agent, none)).toHaveLength(0);
    expect((await view(none)).phase).toBe('voicemail');
    timers.fireNext();
    await settle();
    // The caller hung up at the tone: missed (2), Missed (10) and Hangup (11).
    expect(await record(none)).toMatchObject({ outcome: 2 });
    expect(await statuses(none)).toEqual([1, 4, 10, 11]);
  });

  it('an agent on a call is not rung by the next one', async () => {
    const first = await place();
    await act('agent@demo.test', first, 'answer');
    const second = await place({ from: '+13125550177' });
    expect(ringsOf(agent, second)).toHaveLength(0);
    expect(ringsOf(agent2, second)).toHaveLength(1);
    await act('owner@demo.test', second, 'hangup');
    await act('owner@demo.test', first, 'hangup');
  });

  it('nobody answers: the ring times out, the agents stop ringing, and the caller leaves a voicemail', async () => {
    const id = await place();
    expect(timers.pending()).toEqual([{ ms: 20_000 }]);
    timers.fireNext();
    await settle();
    expect(eventsOf(agent, id)).toContainEqual({
      type: 'stopped',
      call_id: id,
      reason: 'timeout',
      answered_by: null,
    });
    expect((await view(id)).phase).toBe('voicemail');
    timers.fireNext();
    await settle();
    expect(await record(id)).toMatchObject({ outcome: 3 });
    // No Answer (8), Voicemail (4).
    expect(await statuses(id)).toEqual([1, 6, 8, 4]);
  });

  it('the caller hanging up while it rings stops the ringing: missed', async () => {
    const id = await place();
    await act('owner@demo.test', id, 'hangup');
    expect(eventsOf(agent2, id)).toContainEqual({
      type: 'stopped',
      call_id: id,
      reason: 'caller-hangup',
      answered_by: null,
    });
    expect(await record(id)).toMatchObject({ outcome: 2, live: null });
    expect(await statuses(id)).toEqual([1, 6, 10, 11]);
    expect((await act('agent@demo.test', id, 'answer')).json().message).toBe(VOICE_MESSAGES.noLongerRinging);
  });

  it('a blocked caller never rings: outcome blocked (4), Blocked (13)', async () => {
    const blocked = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/blocks',
      payload: { company_id: motors, target: '+17025550199', global: true },
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const id = await place({ from: '+17025550199' });
    expect(rings.filter((ring) => 'call' in ring.event && ring.event.call.call_id === id)).toHaveLength(0);
    expect(await record(id)).toMatchObject({ outcome: 4, live: null, carrier_status: 'busy' });
    expect(await statuses(id)).toEqual([1, 13]);
  });
});

describe('transfers', () => {
  it('blind to agent2: the first agent leaves at once, agent2 rings with who transfers, and takes the call', async () => {
    const id = await place();
    await act('agent@demo.test', id, 'answer');
    rings.length = 0;
    const moved = await act('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'agent', user_id: agent2 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(eventsOf(agent, id)).toContainEqual({ type: 'ended', call_id: id, outcome: 0 });
    expect(ringsOf(agent2, id)[0]?.transferred_by).toEqual({ id: agent, name: 'Aria Agent' });
    expect((await act('agent2@demo.test', id, 'answer')).json()).toMatchObject({
      phase: 'connected',
      agent: { id: agent2 },
    });
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'completed' });
    await act('owner@demo.test', id, 'hangup');
    expect(await record(id)).toMatchObject({ outcome: 1, user_id: agent2 });
  });

  it('blind, unanswered: the caller goes to voicemail rather than a dead end', async () => {
    const id = await place();
    await act('agent@demo.test', id, 'answer');
    await act('agent@demo.test', id, 'transfer', { kind: 'blind', to: { kind: 'agent', user_id: agent2 } });
    timers.fireNext();
    await settle();
    expect((await view(id)).phase).toBe('voicemail');
    await act('owner@demo.test', id, 'hangup');
  });

  it('warm to agent2: the caller waits on hold, the agents talk, then the call is handed over', async () => {
    const id = await place();
    await act('agent@demo.test', id, 'answer');
    const started = await act('agent@demo.test', id, 'transfer', {
      kind: 'warm',
      to: { kind: 'agent', user_id: agent2 },
    });
    expect(started.json()).toMatchObject({
      hold: true,
      transfer: { kind: 'warm', state: 'ringing', target: 'Andre Agent' },
    });
    const early = await act('agent@demo.test', id, 'transfer/complete');
    expect(early.json().message).toBe(VOICE_MESSAGES.nothingToComplete);
    await act('agent2@demo.test', id, 'answer');
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'consulting' });
    const handed = await act('agent@demo.test', id, 'transfer/complete');
    expect(handed.json()).toMatchObject({
      phase: 'connected',
      hold: false,
      transfer: null,
      agent: { id: agent2 },
    });
    expect(eventsOf(agent, id)).toContainEqual({ type: 'ended', call_id: id, outcome: 0 });
    await act('agent2@demo.test', id, 'hangup', { as: 'agent' });
    expect(await record(id)).toMatchObject({ outcome: 1, user_id: agent2 });
  });

  it('warm, called off: the target stops ringing and the caller is back with the agent', async () => {
    const id = await place();
    await act('agent@demo.test', id, 'answer');
    await act('agent@demo.test', id, 'transfer', { kind: 'warm', to: { kind: 'agent', user_id: agent2 } });
    const back = await act('agent@demo.test', id, 'transfer/cancel');
    expect(back.json()).toMatchObject({
      phase: 'connected',
      hold: false,
      transfer: null,
      agent: { id: agent },
    });
    expect(eventsOf(agent2, id)).toContainEqual({
      type: 'stopped',
      call_id: id,
      reason: 'timeout',
      answered_by: null,
    });
    await act('agent@demo.test', id, 'hangup', { as: 'agent' });
  });

  it('refuses a transfer to oneself, to an away agent, and a warm one to an extension, with per-field messages', async () => {
    const id = await place();
    await act('agent@demo.test', id, 'answer');
    const self = await act('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'agent', user_id: agent },
    });
    expect(self.json().errors['to.user_id']).toEqual([VOICE_MESSAGES.transferToSelf]);
    await t.as('agent2@demo.test', {
      method: 'POST',
      url: `/api/companies/${motors}/in-app-calling/status`,
      payload: { status: 'away' },
    });
    const away = await act('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'agent', user_id: agent2 },
    });
    expect(away.json().errors['to.user_id']).toEqual([VOICE_MESSAGES.agentAway('Andre Agent')]);
    const warm = await act('agent@demo.test', id, 'transfer', {
      kind: 'warm',
      to: { kind: 'extension', extension: 1 },
    });
    expect(warm.statusCode).toBe(422);
    expect(warm.json().errors['to.kind']).toEqual([VOICE_MESSAGES.warmToExtension]);
    await act('agent@demo.test', id, 'hangup', { as: 'agent' });
  });

  it('blind to a number: the outside party takes the call (sandbox outbox), the agent leaves', async () => {
    const id = await place();
    await act('agent@demo.test', id, 'answer');
    const moved = await act('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'number', number: '(312) 555-0142' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [dialled] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, '+13125550142'));
    expect(dialled).toMatchObject({ channel: 'call', from: IN_APP_LINE });
    await act('owner@demo.test', id, 'hangup');
    expect(await record(id)).toMatchObject({ outcome: 1 });
  });
});

describe('outbound calls from the dialer', () => {
  it('dials from the chosen tracked number (sandbox outbox); the outside party picks up; hang up ends it', async () => {
    const placed = await dialOut(t, '312-555-0133');
    expect(placed.statusCode, placed.body).toBe(201);
    const body = E.outboundToken.response.parse(placed.json());
    expect(body).toMatchObject({ kind: 'sandbox', from: '+13125550100', to: '+13125550133' });
    const [dialled] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, '+13125550133'));
    expect(dialled).toMatchObject({ channel: 'call', from: '+13125550100', company_id: motors });
    timers.fireNext();
    await settle();
    expect(eventsOf(agent, body.call_id)).toContainEqual({
      type: 'connected',
      call_id: body.call_id,
      user_id: agent,
    });
    await act('agent@demo.test', body.call_id, 'hangup', { as: 'agent' });
    expect(await record(body.call_id)).toMatchObject({ is_inbound: false, outcome: 1, user_id: agent });
    expect(await statuses(body.call_id)).toEqual([1, 12, 3]);
  });

  it('names the company’s contact with the dialled number, and the call is theirs (their timeline shows it)', async () => {
    const makeContact = contactMaker<{ id: number; name: string }>(t, 'Dialled', 415, 7000);
    const known = await makeContact();
    for (const [destination, contact] of [
      ['(415) 555-7001', { id: known.id, name: known.name }],
      ['(415) 555-7099', null],
    ] as const) {
      const placed = await dialOut(t, destination);
      expect(placed.statusCode, placed.body).toBe(201);
      const body = E.outboundToken.response.parse(placed.json());
      expect(body.contact).toEqual(contact);
      expect(await record(body.call_id)).toMatchObject({ contact_id: contact?.id ?? null });
      await act('agent@demo.test', body.call_id, 'hangup', { as: 'agent' });
    }
  });

  it('refuses an invalid destination (422) and another company’s number (404)', async () => {
    const bad = await dialOut(t, '12');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.destination).toEqual(['"12" is not a valid phone number.']);
    const foreign = await dialOut(t, '3125550133', t.ids.numbers.otherMain);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('who may use the sandbox', () => {
  it('another company’s user gets 404 for the number and the call; bad input is 422 per field', async () => {
    const id = await place();
    const foreign = await t.as('other@demo.test', {
      method: 'POST',
      url: '/api/sandbox/calls',
      payload: { from: '+12125550188', to: IN_APP_LINE },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await act('other@demo.test', id, 'hangup')).statusCode).toBe(404);
    const bad = await t.as('owner@demo.test', {
      method: 'POST',
      url: '/api/sandbox/calls',
      payload: { from: 'nobody', to: IN_APP_LINE },
    });
    expect(bad.json().errors.from).toEqual(['"nobody" is not a valid phone number.']);
    const keys = await act('owner@demo.test', id, 'digits', { digits: 'abc' });
    expect(keys.json().errors.digits).toEqual(['Use the keys 0–9, * and # (up to 32).']);
    await act('owner@demo.test', id, 'hangup');
  });

  it('is off (404) when Twilio is the carrier', async () => {
    const tw = await createTestApp({
      twilio: { accountSid: 'AC00000000000000000000000000000000', authToken: 'x' },
    });
    try {
      const response = await tw.as('owner@demo.test', {
        method: 'POST',
        url: '/api/sandbox/calls',
        payload: { from: '+12125550188', to: IN_APP_LINE },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await tw.close();
    }
  });
});

describe('the menu', () => {
  it('a key pressed at the main line’s menu rings that extension’s phones (outbox); no key replays, then the default', async () => {
    // Friday 10:00 in Chicago: the main line is open.
    t.setNow(new Date('2026-11-20T16:00:00Z'));
    try {
      const id = await place({ to: '+13125550100' });
      expect((await view(id)).phase).toBe('menu');
      const chose = await act('owner@demo.test', id, 'digits', { digits: '2' });
      expect(chose.json().phase).toBe('ringing');
      expect(await statuses(id)).toEqual([1, 2, 6]);
      const forwarded = await t.ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'call'), eq(outbox.company_id, motors)));
      expect(forwarded.some((entry) => entry.body.startsWith('Forwarded call from (212) 555-0188'))).toBe(
        true,
      );
      await act('owner@demo.test', id, 'hangup');

      const silent = await place({ to: '+13125550100' });
      timers.fireNext();
      await settle();
      expect((await view(silent)).phase).toBe('menu');
      timers.fireNext();
      await settle();
      expect((await view(silent)).phase).toBe('ringing');
      await act('owner@demo.test', silent, 'hangup');
    } finally {
      t.setNow(new Date());
    }
  });
});
