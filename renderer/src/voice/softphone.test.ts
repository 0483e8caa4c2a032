/**
 * The softphone's rules with a fake engine and a fake API: rings from the platform's events, Answer asking
 * can-answer first (and saying who answered when too late, or why the claim was refused), Decline with the
 * join token, a new ring above a wrap-up, hang up and remote ends queueing the wrap-up, blind transfers ending
 * this agent's part, registration problems shown, and catching up with what rings on (re)subscribing.
 */
import type { CallingToken } from '@shared/api/inAppCalling';
import type { IncomingCall, LiveCallView } from '@shared/api/voice';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ContractCaller } from '../api/client';
import { contractRequest } from '../api/contractCall';
import type { EngineEvents, VoiceEngine } from './engine';
import { Softphone } from './softphone';

const COMPANY = 1;

function card(id: number, extra: Partial<IncomingCall> = {}): IncomingCall {
  return {
    call_id: id,
    company_id: COMPANY,
    from: '+12125550188',
    contact: null,
    city: 'New York',
    state: 'NY',
    number: { id: 5, number: '+13125550104', label: 'In-app agents' },
    source: 'in-app',
    first_time: true,
    last_contact_at: null,
    extension: { key: '1', label: 'Agents in the app' },
    transferred_by: null,
    join_token: `token-${id}`,
    ringing_since: '2026-11-23T10:00:00Z',
    ...extra,
  };
}

const view = (callId: number, change: Partial<LiveCallView> = {}): LiveCallView => ({
  call_id: callId,
  phase: 'connected',
  agent: { id: 5, name: 'Aria Agent' },
  hold: false,
  connected_at: null,
  digits: [],
  transfer: null,
  outcome: 0,
  ...change,
});

function fakeEngine(): VoiceEngine & { calls: string[] } {
  const calls: string[] = [];
  return {
    kind: 'sandbox',
    calls,
    register: vi.fn(async () => {
      calls.push('register');
    }),
    updateToken: vi.fn(),
    answer: vi.fn(async (call: IncomingCall) => {
      calls.push(`answer ${call.call_id}`);
      return view(call.call_id);
    }),
    hangup: vi.fn(async (id: number) => {
      calls.push(`hangup ${id}`);
    }),
    sendDigits: vi.fn(async (id: number, digits: string) => {
      calls.push(`digits ${id} ${digits}`);
    }),
    setMuted: vi.fn((muted: boolean) => {
      calls.push(`mute ${muted}`);
    }),
    hold: vi.fn(async (id: number, hold: boolean) => view(id, { hold })),
    transfer: vi.fn(async (id: number) =>
      view(id, { hold: true, transfer: { kind: 'warm', state: 'ringing', target: 'Andre Agent' } }),
    ),
    completeTransfer: vi.fn(async (id: number) => view(id)),
    cancelTransfer: vi.fn(async (id: number) => view(id)),
    dial: vi.fn(async (_numberId: number, destination: string) => ({
      kind: 'sandbox' as const,
      call_id: 99,
      params: {},
      from: '+13125550100',
      to: destination,
    })),
    setDevices: vi.fn(async () => {}),
    released: vi.fn((id: number) => {
      calls.push(`released ${id}`);
    }),
    inputLevel: () => 0.5,
    destroy: vi.fn(),
  };
}

/** A fake API answering by method and path (the contract call's request); unknown paths fail loudly. */
function fakeApi(routes: Record<string, (body?: unknown) => unknown>) {
  const requests: { method: string; path: string; body?: unknown }[] = [];
  const api = {
    call: async (endpoint, input) => {
      const { method, url: path, body } = contractRequest(endpoint, input);
      requests.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      if (!route) throw new Error(`unexpected ${method} ${path}`);
      return route(body);
    },
  } as ContractCaller;
  return { api, requests };
}

const TOKEN: CallingToken = {
  kind: 'sandbox',
  token: 'sbx1.x.y',
  identity: 'user-5',
  expires_at: '2026-11-23T11:00:00Z',
};
const base = `/companies/${COMPANY}/in-app-calling`;

async function started(routes: Record<string, (body?: unknown) => unknown> = {}) {
  const engine = fakeEngine();
  const { api, requests } = fakeApi({ [`POST ${base}/token`]: () => TOKEN, ...routes });
  const rings: number[] = [];
  const stops: number[] = [];
  let events: EngineEvents | null = null;
  const softphone = new Softphone({
    api,
    companyId: COMPANY,
    createEngine: (_token, engineEvents) => {
      events = engineEvents;
      return engine;
    },
    onRing: (call) => rings.push(call.call_id),
    onRingStopped: (id) => stops.push(id),
    now: () => 1_000,
  });
  await softphone.start();
  return { softphone, engine, requests, rings, stops, events: () => events as unknown as EngineEvents };
}

describe('ringing', () => {
  it('a ring of this company shows (once) and alerts; another company’s is ignored', async () => {
    const { softphone, rings } = await started();
    softphone.handleEvent({ type: 'ringing', call: card(1) });
    softphone.handleEvent({ type: 'ringing', call: card(1) });
    softphone.handleEvent({ type: 'ringing', call: card(2, { company_id: 7 }) });
    expect(softphone.getState().incoming.map((c) => c.call_id)).toEqual([1]);
    expect(rings).toEqual([1]);
  });

  it('answered elsewhere: the ring stops, the alert stops, and the agent is told who', async () => {
    const { softphone, stops, engine } = await started();
    softphone.handleEvent({ type: 'ringing', call: card(1) });
    softphone.handleEvent({
      type: 'stopped',
      call_id: 1,
      reason: 'answered-elsewhere',
      answered_by: { id: 6, name: 'Andre Agent' },
    });
    expect(softphone.getState()).toMatchObject({ incoming: [], notice: 'Andre Agent answered this call.' });
    expect(stops).toEqual([1]);
    expect(engine.calls).toContain('released 1');
  });
});

describe('call-back alerts', () => {
  it('a ring that stops unanswered (caller hung up, timed out) offers to call back; a voicemail too', async () => {
    const { softphone } = await started();
    softphone.handleEvent({ type: 'ringing', call: card(1, { contact: { id: 3, name: 'Dana Diaz' } }) });
    softphone.handleEvent({ type: 'stopped', call_id: 1, reason: 'caller-hangup', answered_by: null });
    expect(softphone.getState().callBack).toEqual({
      kind: 'missed',
      remote: '+12125550188',
      name: 'Dana Diaz',
    });
    softphone.dismissCallBack();
    softphone.handleEvent({ type: 'ringing', call: card(2) });
    softphone.handleEvent({ type: 'stopped', call_id: 2, reason: 'declined', answered_by: null });
    expect(softphone.getState().callBack).toBeNull();
    softphone.voicemailLeft('+13125550177', '');
    expect(softphone.getState().callBack).toEqual({ kind: 'voicemail', remote: '+13125550177', name: '' });
  });
});

describe('answer', () => {
  it('asks can-answer, then answers through the engine: the call is in progress, the ring gone', async () => {
    const { softphone, engine, requests } = await started({
      [`GET ${base}/calls/1/can-answer-call`]: () => ({ can_answer: true, answered_by: null }),
    });
    softphone.handleEvent({ type: 'ringing', call: card(1) });
    await softphone.answer(1);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(`GET ${base}/calls/1/can-answer-call`);
    expect(engine.calls).toContain('answer 1');
    expect(softphone.getState()).toMatchObject({
      incoming: [],
      active: { callId: 1, direction: 'inbound', connectedAt: 1_000, muted: false, held: false },
    });
  });

  it('too late: can-answer says who took it, and the engine is never asked', async () => {
    const { softphone, engine } = await started({
      [`GET ${base}/calls/1/can-answer-call`]: () => ({
        can_answer: false,
        answered_by: { name: 'Andre Agent' },
      }),
    });
    softphone.handleEvent({ type: 'ringing', call: card(1) });
    await softphone.answer(1);
    expect(engine.calls).not.toContain('answer 1');
    expect(softphone.getState()).toMatchObject({
      active: null,
      incoming: [],
      notice: 'Andre Agent answered this call.',
    });
  });

  it('the claim refused (409): the server’s words are shown', async () => {
    const { softphone, engine } = await started({
      [`GET ${base}/calls/1/can-answer-call`]: () => ({ can_answer: true, answered_by: null }),
    });
    vi.mocked(engine.answer).mockRejectedValueOnce(new ApiError(409, {}, 'Andre Agent answered this call.'));
    softphone.handleEvent({ type: 'ringing', call: card(1) });
    await softphone.answer(1);
    expect(softphone.getState()).toMatchObject({ active: null, notice: 'Andre Agent answered this call.' });
  });
});

describe('decline', () => {
  it('posts reject with the ring’s join token and stops ringing at once', async () => {
    const { softphone, requests } = await started({
      [`POST ${base}/calls/1/reject`]: () => ({ message: 'ok' }),
    });
    softphone.handleEvent({ type: 'ringing', call: card(1) });
    await softphone.decline(1);
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      path: `${base}/calls/1/reject`,
      body: { joinToken: 'token-1' },
    });
    expect(softphone.getState().incoming).toEqual([]);
  });
});

describe('the call in progress and after', () => {
  async function connected() {
    const setup = await started({
      [`GET ${base}/calls/1/can-answer-call`]: () => ({ can_answer: true, answered_by: null }),
    });
    setup.softphone.handleEvent({ type: 'ringing', call: card(1) });
    await setup.softphone.answer(1);
    return setup;
  }

  it('mute and hold toggle; keys go through the engine; notes are kept', async () => {
    const { softphone, engine } = await connected();
    softphone.toggleMute();
    expect(softphone.getState().active?.muted).toBe(true);
    softphone.toggleMute();
    expect(engine.calls.filter((c) => c.startsWith('mute'))).toEqual(['mute true', 'mute false']);
    await softphone.toggleHold();
    expect(softphone.getState().active?.held).toBe(true);
    await softphone.sendDigits('5');
    expect(engine.calls).toContain('digits 1 5');
    softphone.setNotes('Test drive Saturday');
    expect(softphone.getState().active?.notes).toBe('Test drive Saturday');
  });

  it('hang up: the media released and a wrap-up queued with the notes', async () => {
    const { softphone, engine } = await connected();
    softphone.setNotes('Call back Monday');
    await softphone.hangup();
    expect(engine.calls).toContain('hangup 1');
    expect(softphone.getState()).toMatchObject({
      active: null,
      wrapUps: [{ callId: 1, notes: 'Call back Monday', direction: 'inbound' }],
    });
  });

  it('a new ring shows while a wrap-up waits, and the caller hanging up ends the call', async () => {
    const { softphone } = await connected();
    softphone.handleEvent({ type: 'ended', call_id: 1, outcome: 1 });
    softphone.handleEvent({ type: 'ringing', call: card(2) });
    expect(softphone.getState()).toMatchObject({
      active: null,
      wrapUps: [{ callId: 1 }],
      incoming: [{ call_id: 2 }],
    });
    softphone.closeWrapUp(1);
    expect(softphone.getState().wrapUps).toEqual([]);
  });

  it('a blind transfer ends this agent’s part; a warm one shows its state and can be called off', async () => {
    const { softphone, engine } = await connected();
    expect(await softphone.transfer({ kind: 'warm', to: { kind: 'agent', user_id: 6 } })).toBe(true);
    expect(softphone.getState().active).toMatchObject({
      held: true,
      transfer: { kind: 'warm', state: 'ringing', target: 'Andre Agent' },
    });
    softphone.handleEvent({ type: 'transfer', call_id: 1, state: 'consulting' });
    expect(softphone.getState().active?.transfer?.state).toBe('consulting');
    await softphone.cancelTransfer();
    expect(softphone.getState().active).toMatchObject({ transfer: null, held: false });

    vi.mocked(engine.transfer).mockResolvedValueOnce(view(1, { phase: 'ended' }));
    await softphone.transfer({ kind: 'blind', to: { kind: 'agent', user_id: 6 } });
    expect(softphone.getState()).toMatchObject({ active: null, wrapUps: [{ callId: 1 }] });
  });
});

describe('dialling', () => {
  it('places a call from the chosen number: outbound, ringing until connected', async () => {
    const { softphone } = await started();
    await softphone.dial(2, '+13125550133');
    expect(softphone.getState().active).toMatchObject({
      callId: 99,
      direction: 'outbound',
      connectedAt: null,
    });
    softphone.handleEvent({ type: 'connected', call_id: 99, user_id: 5 });
    expect(softphone.getState().active?.connectedAt).toBe(1_000);
  });

  it('names the contact the platform knows the number by, on the call and its wrap-up; its end is told', async () => {
    const engine = fakeEngine();
    const contact = { id: 7, name: 'Tilda Timeline' };
    vi.mocked(engine.dial).mockImplementationOnce(async (_numberId, destination) => ({
      kind: 'sandbox',
      call_id: 99,
      params: {},
      from: '+13125550100',
      to: destination,
      contact,
    }));
    const ended: number[] = [];
    const { api } = fakeApi({ [`POST ${base}/token`]: () => TOKEN });
    const softphone = new Softphone({
      api,
      companyId: COMPANY,
      createEngine: () => engine,
      onCallEnded: (id) => ended.push(id),
    });
    await softphone.start();
    await softphone.dial(2, '+19715550142');
    expect(softphone.getState().active).toMatchObject({ remote: '+19715550142', contact });
    await softphone.hangup();
    expect(softphone.getState().wrapUps[0]).toMatchObject({ callId: 99, contact });
    expect(ended).toEqual([99]);
  });

  it('without a calling line the token is refused and the reason shown; dialling says it', async () => {
    const engine = fakeEngine();
    const { api } = fakeApi({
      [`POST ${base}/token`]: () => {
        throw new ApiError(403, {}, 'Your user has no calling line set up.');
      },
    });
    const softphone = new Softphone({ api, companyId: COMPANY, createEngine: () => engine });
    await softphone.start();
    expect(softphone.getState()).toMatchObject({
      registration: 'failed',
      problem: 'Your user has no calling line set up.',
    });
    await softphone.dial(2, '+13125550133');
    expect(softphone.getState().notice).toBe('Your user has no calling line set up.');
  });
});

describe('reachability and catching up', () => {
  it('registers on start; the engine’s registration and warnings are the state', async () => {
    const { softphone, engine, events } = await started();
    expect(engine.calls).toContain('register');
    events().registration('registered', null);
    events().warning('high-rtt', true);
    expect(softphone.getState()).toMatchObject({ registration: 'registered', warnings: ['high-rtt'] });
    events().warning('high-rtt', false);
    expect(softphone.getState().warnings).toEqual([]);
  });

  it('on subscribing, what rings now is fetched and shown', async () => {
    const { softphone } = await started({ [`GET ${base}/ringing`]: () => ({ data: [card(3)] }) });
    await softphone.setListening(true);
    expect(softphone.getState()).toMatchObject({ listening: true, incoming: [{ call_id: 3 }] });
  });
});
