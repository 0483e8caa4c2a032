/**
 * Holds and transfers through the carrier-agnostic agent endpoints (`POST /companies/{id}/in-app-calling/calls/
 * {callId}/hold`, `…/transfer`, `…/transfer/complete`, `…/transfer/cancel`). A Twilio call is driven to the
 * connected state through signed webhooks, and a fake REST client records what was asked of Twilio: blind
 * transfers push new TwiML to the caller's call (an agent, a number, an extension), warm ones and hold go
 * through the call's conference (its events signed like every webhook). A sandbox call gets the sandbox
 * network's acts; a Twilio call without Twilio configured a clear 503.
 */
import { VOICE_ENDPOINTS as E, VOICE_MESSAGES } from '@shared/api/voice';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  TwilioParticipantCreate,
  TwilioParticipants,
  TwilioVoiceClient,
} from '../../../carriers/twilio';
import { calls } from '../../../db/schema';
import { sharedTestApp } from '../../../testing/testApp';
import { initialLive } from '../records';
import { manualTimers } from '../sandbox/timers';
import {
  TWILIO_ACCOUNT as ACCOUNT,
  activateAgents,
  callOfSid,
  IN_APP_LINE,
  PUBLIC_URL,
  postSigned,
  ringLog,
  statusesOfSid,
  TWILIO_SETTINGS,
} from '../testing';

const VOICE_URL = `${PUBLIC_URL}/api/webhooks/twilio/voice`;
const CONFERENCE = 'CF00000000000000000000000000000001';

/** What the fake REST client was asked, in order. */
interface Made {
  op:
    | 'calls.update'
    | 'participants.create'
    | 'participants.update'
    | 'participants.remove'
    | 'conferences.list';
  sid?: string;
  conference?: string;
  params?: Record<string, unknown>;
}
const made: Made[] = [];
let targetLegs = 0;

const participantsOf = (conference: string): TwilioParticipants =>
  Object.assign(
    (sid: string) => ({
      update: async (params: Record<string, unknown>) => {
        made.push({ op: 'participants.update', conference, sid, params: { ...params } });
        return {};
      },
      remove: async () => {
        made.push({ op: 'participants.remove', conference, sid });
        return true;
      },
    }),
    {
      create: async (params: TwilioParticipantCreate) => {
        const sid = `CA${String(++targetLegs).padStart(32, '9')}`;
        made.push({ op: 'participants.create', conference, sid, params: { ...params } });
        return { callSid: sid };
      },
    },
  );

const fakeTwilio: TwilioVoiceClient = {
  calls: (sid) => ({
    update: async (params) => {
      made.push({ op: 'calls.update', sid, params: { ...params } });
      return {};
    },
  }),
  conferences: Object.assign((name: string) => ({ participants: participantsOf(name) }), {
    list: async (params: Record<string, unknown>) => {
      made.push({ op: 'conferences.list', params: { ...params } });
      return [{ sid: CONFERENCE }];
    },
  }),
};

const t = sharedTestApp(TWILIO_SETTINGS, { twilioClient: fakeTwilio });
const { rings, ringsOf, eventsOf } = ringLog(t);
let motors: number;
let agent: number;
let agent2: number;
let seq = 0;
beforeAll(() => {
  motors = t.ids.companies.demoMotors;
  agent = t.ids.users['agent@demo.test'] ?? 0;
  agent2 = t.ids.users['agent2@demo.test'] ?? 0;
});
beforeEach(() => {
  made.length = 0;
});

/** Posts a form to a Twilio webhook path (with its query), signed as Twilio signs it. */
const post = (path: string, params: Record<string, string>) => postSigned(t, path, params);
const voice = (query: string, params: Record<string, string>) =>
  post(`/webhooks/twilio/voice${query}`, { AccountSid: ACCOUNT, ...params });
const nextSid = () => `CA${String(++seq).padStart(32, '0')}`;
const record = (sid: string) => callOfSid(t, sid);
const statuses = (sid: string) => statusesOfSid(t, sid);
const act = (as: string, callId: number, what: string, payload?: Record<string, unknown>) =>
  t.as(as, {
    method: 'POST',
    url: `/api/companies/${motors}/in-app-calling/calls/${callId}/${what}`,
    ...(payload ? { payload } : {}),
  });
const twimlOf = (entry: Made | undefined) => String(entry?.params?.twiml ?? '');
/** The caller's dial (routing's first ring) ended: the agent's leg left it. */
const dialEnded = (sid: string, status: string, via = '') =>
  voice(`?step=after-dial&ext=1&attempt=0${via ? `&via=${via}` : ''}`, {
    CallSid: sid,
    DialCallStatus: status,
  });
const conferenceEvent = (callId: number, event: string, leg: string) =>
  post('/webhooks/twilio/voice/conference', {
    AccountSid: ACCOUNT,
    ConferenceSid: CONFERENCE,
    FriendlyName: `call-${callId}`,
    StatusCallbackEvent: event,
    CallSid: leg,
  });
/** The caller hangs up (Twilio's status callback of their call). */
const finish = (sid: string) => voice('/status', { CallSid: sid, CallStatus: 'completed' });

/** A call to the in-app line that rings both agents, answered by agent@ on their own (child) leg. */
async function connected(): Promise<{ sid: string; leg: string; id: number }> {
  const sid = nextSid();
  const rung = await voice('', {
    CallSid: sid,
    From: '+12125550188',
    To: IN_APP_LINE,
    FromState: 'NY',
    Direction: 'inbound',
    CallStatus: 'ringing',
  });
  expect(rung.statusCode, rung.body).toBe(200);
  const leg = nextSid();
  await voice('?step=whisper&ext=1', { CallSid: leg, ParentCallSid: sid, To: `client:user-${agent}` });
  const row = await record(sid);
  expect(row).toMatchObject({ user_id: agent, live: { phase: 'connected', agent_leg_sid: leg } });
  made.length = 0;
  rings.length = 0;
  return { sid, leg, id: row.id };
}

/** Puts the call into its conference: the caller's dial ends (its answer joins them), Twilio reports them in. */
async function callerJoins(sid: string, id: number) {
  const joined = await dialEnded(sid, 'completed');
  expect(joined.body).toContain(`participantLabel="caller"`);
  expect(joined.body).toContain(`>call-${id}</Conference>`);
  expect(joined.body).toContain(
    `action="${VOICE_URL}?step=after-dial&amp;ext=1&amp;attempt=0&amp;via=conference"`,
  );
  expect((await conferenceEvent(id, 'participant-join', sid)).statusCode).toBe(200);
}

describe('blind transfers of a Twilio call', () => {
  it('to agent2: the caller’s call dials their app with the ring’s parameters; they ring with who transfers; the agent leaves', async () => {
    const { sid, id } = await connected();
    const moved = await act('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'agent', user_id: agent2 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(E.transfer.response.parse(moved.json())).toMatchObject({
      phase: 'ringing',
      agent: null,
      transfer: { kind: 'blind', state: 'ringing', target: 'Andre Agent' },
    });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ op: 'calls.update', sid });
    const twiml = twimlOf(made[0]);
    const token = (await record(sid)).live?.join_token ?? '';
    expect(twiml).toContain(
      `<Dial action="${VOICE_URL}?step=after-dial&amp;ext=1&amp;attempt=0&amp;via=transfer" method="POST" timeout="20" callerId="+12125550188" answerOnBridge="true">`,
    );
    expect(twiml).toContain(`<Client url="${VOICE_URL}?step=whisper&amp;ext=1" method="POST">`);
    expect(twiml).toContain(`<Identity>user-${agent2}</Identity>`);
    expect(twiml).not.toContain(`<Identity>user-${agent}</Identity>`);
    expect(twiml).toContain(`<Parameter name="call_id" value="${id}"/>`);
    expect(twiml).toContain(`<Parameter name="join_token" value="${token}"/>`);
    expect(ringsOf(agent2, id)[0]).toMatchObject({
      transferred_by: { id: agent, name: 'Aria Agent' },
      join_token: token,
    });
    expect(eventsOf(agent, id)).toContainEqual({ type: 'ended', call_id: id, outcome: 0 });

    // agent2's app answers on a leg of its own: the transfer is done.
    const leg2 = nextSid();
    await voice('?step=whisper&ext=1', { CallSid: leg2, ParentCallSid: sid, To: `client:user-${agent2}` });
    expect(await record(sid)).toMatchObject({
      user_id: agent2,
      live: { phase: 'connected', agent_leg_sid: leg2, transfer: null },
    });
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'completed' });
    const ended = await voice('?step=after-dial&ext=1&attempt=0&via=transfer', {
      CallSid: sid,
      DialCallSid: leg2,
      DialCallStatus: 'completed',
    });
    expect(ended.body).toContain('<Hangup/>');
    expect(await record(sid)).toMatchObject({ outcome: 1, live: null, user_id: agent2 });
  });

  it('to agent2, unanswered: the caller overflows to voicemail, the agent is told it failed', async () => {
    const { sid, id } = await connected();
    await act('agent@demo.test', id, 'transfer', { kind: 'blind', to: { kind: 'agent', user_id: agent2 } });
    const overflow = await dialEnded(sid, 'no-answer', 'transfer');
    expect(overflow.body).toContain('<Record');
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'failed' });
    expect(eventsOf(agent2, id)).toContainEqual({
      type: 'stopped',
      call_id: id,
      reason: 'timeout',
      answered_by: null,
    });
    expect(await statuses(sid)).toEqual([1, 6, 12, 8, 4]);
    expect((await record(sid)).live?.phase).toBe('voicemail');
    await finish(sid);
  });

  it('to a number: the caller’s call dials it from the tracked number; the agent leaves', async () => {
    const { sid, id } = await connected();
    const moved = await act('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'number', number: '(312) 555-0142' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ phase: 'connected', agent: null, transfer: null });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ op: 'calls.update', sid });
    expect(twimlOf(made[0])).toContain(
      `<Dial action="${VOICE_URL}?step=after-dial&amp;ext=1&amp;attempt=0&amp;via=transfer" method="POST" timeout="20" callerId="${IN_APP_LINE}" answerOnBridge="true"><Number>+13125550142</Number></Dial>`,
    );
    expect(eventsOf(agent, id)).toContainEqual({ type: 'ended', call_id: id, outcome: 0 });
    expect(await record(sid)).toMatchObject({ user_id: null, live: { external: '+13125550142' } });
    const ended = await dialEnded(sid, 'completed', 'transfer');
    expect(ended.body).toContain('<Hangup/>');
    expect(await record(sid)).toMatchObject({ outcome: 1, live: null });
  });

  it('to an extension: routing’s ring for that key is pushed to the caller’s call; an unknown one is 422', async () => {
    const { sid, id } = await connected();
    const unknown = await act('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'extension', extension: 7 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['to.extension']).toEqual([VOICE_MESSAGES.noSuchExtension('7')]);
    expect(made).toHaveLength(0);

    const moved = await act('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'extension', extension: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ phase: 'ringing', agent: null });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ op: 'calls.update', sid });
    const twiml = twimlOf(made[0]);
    // Routing's own dial: its action resumes routing as any ring's does.
    expect(twiml).toContain(`<Dial action="${VOICE_URL}?step=after-dial&amp;ext=1&amp;attempt=0"`);
    expect(twiml).toContain(`<Identity>user-${agent2}</Identity>`);
    expect(twiml).toContain(`<Parameter name="join_token" value="${(await record(sid)).live?.join_token}"/>`);
    expect(ringsOf(agent2, id)).toHaveLength(1);
    expect(eventsOf(agent, id)).toContainEqual({ type: 'ended', call_id: id, outcome: 0 });
    // The call's transcription goes on: it is not started twice.
    expect(twiml).not.toContain('<Transcription');
    // Extension Selected (2), as if the caller pressed its key, and Received (6) as it rings.
    expect(await statuses(sid)).toEqual([1, 6, 12, 2, 6]);
    await finish(sid);
  });
});

describe('warm transfers of a Twilio call, through its conference', () => {
  it('to agent2: the agent’s leg and the caller move into the conference, the caller is held, agent2 joins; complete hands over', async () => {
    const { sid, leg, id } = await connected();
    const started = await act('agent@demo.test', id, 'transfer', {
      kind: 'warm',
      to: { kind: 'agent', user_id: agent2 },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      phase: 'connected',
      hold: true,
      agent: { id: agent },
      transfer: { kind: 'warm', state: 'ringing', target: 'Andre Agent' },
    });
    const token = (await record(sid)).live?.join_token ?? '';
    expect(made.map((entry) => entry.op)).toEqual(['calls.update', 'participants.create']);
    expect(made[0]).toMatchObject({ op: 'calls.update', sid: leg });
    expect(twimlOf(made[0])).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial><Conference beep="false" startConferenceOnEnter="true" endConferenceOnExit="true" participantLabel="agent" statusCallback="${VOICE_URL}/conference" statusCallbackEvent="join leave" statusCallbackMethod="POST">call-${id}</Conference></Dial></Response>`,
    );
    const target = made[1]?.sid ?? '';
    expect(made[1]).toMatchObject({
      op: 'participants.create',
      conference: `call-${id}`,
      params: {
        from: IN_APP_LINE,
        to: `client:user-${agent2}?call_id=${id}&join_token=${token}`,
        startConferenceOnEnter: true,
        endConferenceOnExit: false,
        timeout: 20,
        statusCallback: `${VOICE_URL}/conference?call=${id}&leg=target`,
        conferenceStatusCallback: `${VOICE_URL}/conference`,
      },
    });
    expect(ringsOf(agent2, id)[0]?.transferred_by).toEqual({ id: agent, name: 'Aria Agent' });
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'ringing' });

    // The caller's dial ended with the agent's leg gone: its action joins them to the conference (nothing
    // recorded), and once Twilio reports them there they are held.
    await callerJoins(sid, id);
    expect(await statuses(sid)).toEqual([1, 6, 12]);
    expect(made).toContainEqual({
      op: 'participants.update',
      conference: CONFERENCE,
      sid,
      params: { hold: true },
    });
    const early = await act('agent@demo.test', id, 'transfer/complete');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(VOICE_MESSAGES.nothingToComplete);

    // agent2 joining the conference is their answer: the agents talk.
    await conferenceEvent(id, 'participant-join', target);
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'consulting' });
    expect(eventsOf(agent2, id)).toContainEqual({ type: 'connected', call_id: id, user_id: agent2 });

    made.length = 0;
    const handed = await act('agent@demo.test', id, 'transfer/complete');
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({
      phase: 'connected',
      hold: false,
      transfer: null,
      agent: { id: agent2 },
    });
    expect(made).toEqual([
      {
        op: 'participants.update',
        conference: CONFERENCE,
        sid: target,
        params: { endConferenceOnExit: true },
      },
      { op: 'participants.update', conference: CONFERENCE, sid: leg, params: { endConferenceOnExit: false } },
      { op: 'participants.remove', conference: CONFERENCE, sid: leg },
      { op: 'participants.update', conference: CONFERENCE, sid, params: { hold: false } },
    ]);
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'completed' });
    expect(eventsOf(agent, id)).toContainEqual({ type: 'ended', call_id: id, outcome: 0 });
    expect(await record(sid)).toMatchObject({ user_id: agent2, live: { agent_leg_sid: target } });

    // The conference ends (someone hung up): the caller's dial ends the call, answered, agent2's.
    const ended = await dialEnded(sid, 'completed', 'conference');
    expect(ended.body).toContain('<Hangup/>');
    expect(await record(sid)).toMatchObject({ outcome: 1, live: null, user_id: agent2 });
    expect(await statuses(sid)).toEqual([1, 6, 12, 12, 3]);
  });

  it('to agent2, called off while it rings: their call is hung up, the caller is off hold and back', async () => {
    const { sid, id } = await connected();
    await act('agent@demo.test', id, 'transfer', { kind: 'warm', to: { kind: 'agent', user_id: agent2 } });
    const target = made[1]?.sid ?? '';
    await callerJoins(sid, id);
    made.length = 0;
    const back = await act('agent@demo.test', id, 'transfer/cancel');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      phase: 'connected',
      hold: false,
      transfer: null,
      agent: { id: agent },
    });
    expect(made).toEqual([
      { op: 'calls.update', sid: target, params: { status: 'completed' } },
      { op: 'participants.update', conference: CONFERENCE, sid, params: { hold: false } },
    ]);
    expect(eventsOf(agent2, id)).toContainEqual({
      type: 'stopped',
      call_id: id,
      reason: 'timeout',
      answered_by: null,
    });
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'cancelled' });
    expect(await canAnswer('agent2@demo.test', id)).toBe(false);
    await finish(sid);
  });

  it('to a number, called off while consulting: the participant is removed, the caller is back', async () => {
    const { sid, id } = await connected();
    const started = await act('agent@demo.test', id, 'transfer', {
      kind: 'warm',
      to: { kind: 'number', number: '312-555-0142' },
    });
    expect(started.json()).toMatchObject({
      hold: true,
      transfer: { kind: 'warm', target: '(312) 555-0142' },
    });
    expect(made[1]).toMatchObject({
      op: 'participants.create',
      params: { from: IN_APP_LINE, to: '+13125550142' },
    });
    const target = made[1]?.sid ?? '';
    await callerJoins(sid, id);
    await conferenceEvent(id, 'participant-join', target);
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'consulting' });
    made.length = 0;
    const back = await act('agent@demo.test', id, 'transfer/cancel');
    expect(back.json()).toMatchObject({ hold: false, transfer: null, agent: { id: agent } });
    expect(made).toEqual([
      { op: 'participants.remove', conference: CONFERENCE, sid: target },
      { op: 'participants.update', conference: CONFERENCE, sid, params: { hold: false } },
    ]);
    // Twilio then reports the removed participant leaving: the transfer is already over, nothing changes.
    await conferenceEvent(id, 'participant-leave', target);
    expect(eventsOf(agent, id).filter((event) => event.type === 'transfer')).toHaveLength(3);
    await finish(sid);
  });

  it('to agent2, who does not answer: their call ends (its status callback), the caller is back', async () => {
    const { sid, id } = await connected();
    await act('agent@demo.test', id, 'transfer', { kind: 'warm', to: { kind: 'agent', user_id: agent2 } });
    const target = made[1]?.sid ?? '';
    await callerJoins(sid, id);
    made.length = 0;
    const status = await post(`/webhooks/twilio/voice/conference?call=${id}&leg=target`, {
      AccountSid: ACCOUNT,
      CallSid: target,
      CallStatus: 'no-answer',
    });
    expect(status.statusCode).toBe(200);
    expect(made).toEqual([
      { op: 'participants.update', conference: CONFERENCE, sid, params: { hold: false } },
    ]);
    expect(eventsOf(agent, id)).toContainEqual({ type: 'transfer', call_id: id, state: 'failed' });
    expect(await record(sid)).toMatchObject({ user_id: agent, live: { hold: false, transfer: null } });
    await finish(sid);
  });

  it('refuses a warm transfer to an extension, and any act by someone not on the call', async () => {
    const { sid, id } = await connected();
    const warm = await act('agent@demo.test', id, 'transfer', {
      kind: 'warm',
      to: { kind: 'extension', extension: 1 },
    });
    expect(warm.statusCode).toBe(422);
    expect(warm.json().errors['to.kind']).toEqual([VOICE_MESSAGES.warmToExtension]);
    const other = await act('agent2@demo.test', id, 'hold', { hold: true });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(VOICE_MESSAGES.notYourCall);
    expect(made).toHaveLength(0);
    await finish(sid);
  });
});

describe('hold on a Twilio call', () => {
  it('moves the call into its conference and holds the caller there; off hold and on again in place', async () => {
    const { sid, leg, id } = await connected();
    const held = await act('agent@demo.test', id, 'hold', { hold: true });
    expect(held.statusCode, held.body).toBe(200);
    expect(E.hold.response.parse(held.json())).toMatchObject({
      phase: 'connected',
      hold: true,
      agent: { id: agent },
    });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ op: 'calls.update', sid: leg });
    expect(twimlOf(made[0])).toContain(`participantLabel="agent"`);
    expect(eventsOf(agent, id)).toContainEqual({ type: 'held', call_id: id, hold: true });
    await callerJoins(sid, id);
    expect(made).toContainEqual({
      op: 'participants.update',
      conference: CONFERENCE,
      sid,
      params: { hold: true },
    });

    made.length = 0;
    const resumed = await act('agent@demo.test', id, 'hold', { hold: false });
    expect(resumed.json()).toMatchObject({ hold: false });
    expect(made).toEqual([
      { op: 'participants.update', conference: CONFERENCE, sid, params: { hold: false } },
    ]);
    expect(eventsOf(agent, id)).toContainEqual({ type: 'held', call_id: id, hold: false });

    made.length = 0;
    await act('agent@demo.test', id, 'hold', { hold: true });
    expect(made).toEqual([
      { op: 'participants.update', conference: CONFERENCE, sid, params: { hold: true } },
    ]);
    await finish(sid);
    expect(await record(sid)).toMatchObject({ outcome: 1, live: null });
  });
});

const canAnswer = async (as: string, callId: number) =>
  (
    await t.as(as, {
      method: 'GET',
      url: `/api/companies/${motors}/in-app-calling/calls/${callId}/can-answer-call`,
    })
  ).json<{ can_answer: boolean }>().can_answer;

describe('the same endpoints on a sandbox call (and a Twilio call without Twilio)', () => {
  const timers = manualTimers();
  const s = sharedTestApp({}, { voiceTimers: timers });
  beforeAll(async () => {
    await activateAgents(s);
  });

  const place = async () => {
    const placed = await s.as('owner@demo.test', {
      method: 'POST',
      url: '/api/sandbox/calls',
      payload: { from: '+12125550188', to: IN_APP_LINE },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<{ id: number }>().id;
    await sandboxAct('agent@demo.test', id, 'answer');
    return id;
  };
  const sandboxAct = (as: string, id: number, what: string, payload?: Record<string, unknown>) =>
    s.as(as, { method: 'POST', url: `/api/sandbox/calls/${id}/${what}`, ...(payload ? { payload } : {}) });
  const agentAct = (
    as: string,
    id: number,
    what: string,
    payload?: Record<string, unknown>,
    company?: number,
  ) =>
    s.as(as, {
      method: 'POST',
      url: `/api/companies/${company ?? s.ids.companies.demoMotors}/in-app-calling/calls/${id}/${what}`,
      ...(payload ? { payload } : {}),
    });

  it('hold and a warm transfer completed: the sandbox network’s acts and messages', async () => {
    const id = await place();
    expect((await agentAct('agent@demo.test', id, 'hold', { hold: true })).json()).toMatchObject({
      hold: true,
    });
    expect((await agentAct('agent@demo.test', id, 'hold', { hold: false })).json()).toMatchObject({
      hold: false,
    });
    const started = await agentAct('agent@demo.test', id, 'transfer', {
      kind: 'warm',
      to: { kind: 'agent', user_id: agent2 },
    });
    expect(started.json()).toMatchObject({ hold: true, transfer: { kind: 'warm', state: 'ringing' } });
    const early = await agentAct('agent@demo.test', id, 'transfer/complete');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(VOICE_MESSAGES.nothingToComplete);
    await sandboxAct('agent2@demo.test', id, 'answer');
    const handed = await agentAct('agent@demo.test', id, 'transfer/complete');
    expect(handed.json()).toMatchObject({ phase: 'connected', transfer: null, agent: { id: agent2 } });
    await sandboxAct('owner@demo.test', id, 'hangup');
  });

  it('a warm transfer called off, and a blind one to an extension', async () => {
    const id = await place();
    await agentAct('agent@demo.test', id, 'transfer', {
      kind: 'warm',
      to: { kind: 'agent', user_id: agent2 },
    });
    const back = await agentAct('agent@demo.test', id, 'transfer/cancel');
    expect(back.json()).toMatchObject({
      phase: 'connected',
      hold: false,
      transfer: null,
      agent: { id: agent },
    });
    const moved = await agentAct('agent@demo.test', id, 'transfer', {
      kind: 'blind',
      to: { kind: 'extension', extension: 1 },
    });
    expect(moved.json()).toMatchObject({ phase: 'ringing', agent: null });
    await sandboxAct('owner@demo.test', id, 'hangup');
  });

  it('a call of another company is 404, even with one’s own company in the path', async () => {
    const [foreign] = await s.ctx.db
      .insert(calls)
      .values({
        company_id: s.ids.companies.otherCo,
        caller: '+13125550177',
        called: '+14155550120',
        started_at: new Date(),
      })
      .returning();
    const response = await agentAct('agent@demo.test', foreign?.id ?? 0, 'hold', { hold: true });
    expect(response.statusCode).toBe(404);
  });

  it('a Twilio call where Twilio is not configured: 503 saying so, never a 500', async () => {
    const [call] = await s.ctx.db
      .insert(calls)
      .values({
        company_id: s.ids.companies.demoMotors,
        number_id: s.ids.numbers.motorsMain,
        caller: '+13125550177',
        called: '+13125550100',
        user_id: agent,
        carrier_sid: 'CA0000000000000000000000000000dead',
        live: { ...initialLive({ carrier: 'twilio', callerState: null }), phase: 'connected' },
        started_at: new Date(),
      })
      .returning();
    const id = call?.id ?? 0;
    for (const [what, payload] of [
      ['hold', { hold: true }],
      ['transfer', { kind: 'blind', to: { kind: 'number', number: '+13125550142' } }],
      ['transfer/complete', undefined],
      ['transfer/cancel', undefined],
    ] as const) {
      const response = await agentAct('agent@demo.test', id, what, payload);
      expect(response.statusCode, what).toBe(503);
      expect(response.json().message).toBe(VOICE_MESSAGES.twilioNotConfigured);
    }
    await s.ctx.db.update(calls).set({ live: null }).where(eq(calls.id, id));
  });
});
