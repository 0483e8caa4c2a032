/**
 * The Twilio engine against a fake Device (the SDK needs Twilio's servers): registration with its time limit
 * and one rebuild, calls kept by their call_id parameter, accept/reject/disconnect/mute/keys mapped onto the
 * Call, the token renewed ahead of expiry without dropping anything, and quality warnings surfaced.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractCaller } from '../api/client';
import type { EngineEvents, QualityWarning, Registration } from './engine';
import { type CallLike, type DeviceLike, REGISTER_TIMEOUT_MS, twilioEngine } from './twilioEngine';

type Listener = (...args: unknown[]) => void;

class FakeEmitter {
  listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

class FakeCall extends FakeEmitter implements CallLike {
  acts: string[] = [];
  customParameters: Map<string, string>;
  constructor(callId: number) {
    super();
    this.customParameters = new Map([['call_id', String(callId)]]);
  }
  accept() {
    this.acts.push('accept');
  }
  reject() {
    this.acts.push('reject');
  }
  disconnect() {
    this.acts.push('disconnect');
  }
  mute(muted?: boolean) {
    this.acts.push(`mute ${muted}`);
  }
  sendDigits(digits: string) {
    this.acts.push(`digits ${digits}`);
  }
}

class FakeDevice extends FakeEmitter implements DeviceLike {
  tokens: string[] = [];
  destroyed = false;
  connected: { params: Record<string, string> }[] = [];
  devices: string[] = [];
  constructor(
    token: string,
    private readonly registers: boolean,
  ) {
    super();
    this.tokens.push(token);
  }
  async register() {
    // A hung registration never settles.
    if (!this.registers) return new Promise<void>(() => {});
    this.emit('registered');
  }
  async unregister() {}
  updateToken(token: string) {
    this.tokens.push(token);
  }
  async connect(options: { params: Record<string, string> }) {
    this.connected.push(options);
    return new FakeCall(Number(options.params.call_id));
  }
  destroy() {
    this.destroyed = true;
  }
  audio = {
    setInputDevice: async (id: string) => {
      this.devices.push(`input ${id}`);
    },
    speakerDevices: { set: async (id: string | string[]) => void this.devices.push(`speaker ${id}`) },
    ringtoneDevices: { set: async (id: string | string[]) => void this.devices.push(`ringtone ${id}`) },
  };
}

function setup(registers: boolean[] = [true]) {
  const built: FakeDevice[] = [];
  const registrations: Registration[] = [];
  const warnings: [QualityWarning, boolean][] = [];
  const events: EngineEvents = {
    registration: (state) => registrations.push(state),
    warning: (warning, on) => warnings.push([warning, on]),
  };
  let renewals = 0;
  const api = {
    call: vi.fn(async () => ({
      kind: 'twilio',
      call_id: 42,
      params: { To: '+13125550133', call_id: '42' },
      from: '+1',
      to: '+13125550133',
    })),
  } as unknown as ContractCaller;
  const engine = twilioEngine({
    api,
    companyId: 1,
    token: 'token-1',
    events,
    renewToken: async () => `token-${++renewals + 1}`,
    createDevice: async (token) => {
      const device = new FakeDevice(token, registers[built.length] ?? true);
      built.push(device);
      return device;
    },
  });
  return { engine, built, registrations, warnings, api };
}

afterEach(() => vi.useRealTimers());

describe('registration', () => {
  it('registers the Device and reports it', async () => {
    const { engine, registrations } = setup();
    await engine.register();
    expect(registrations).toEqual(['registering', 'registered']);
  });

  it('a registration that hangs is given up after the time limit and the Device rebuilt with a fresh token', async () => {
    vi.useFakeTimers();
    const { engine, built, registrations } = setup([false, true]);
    const registering = engine.register();
    await vi.advanceTimersByTimeAsync(REGISTER_TIMEOUT_MS + 1);
    await registering;
    expect(built).toHaveLength(2);
    expect(built[0]?.destroyed).toBe(true);
    expect(built[1]?.tokens).toEqual(['token-2']);
    expect(registrations.at(-1)).toBe('registered');
  });

  it('the token is renewed ahead of expiry with updateToken (never a new Device mid-call)', async () => {
    const { engine, built } = setup();
    await engine.register();
    built[0]?.emit('tokenWillExpire');
    await vi.waitFor(() => expect(built[0]?.tokens).toEqual(['token-1', 'token-2']));
    expect(built).toHaveLength(1);
  });
});

describe('calls', () => {
  it('answers, mutes, sends keys and hangs up the Call that carries the call_id', async () => {
    const { engine, built } = setup();
    await engine.register();
    const call = new FakeCall(7);
    built[0]?.emit('incoming', call);
    await engine.answer({ call_id: 7 } as never);
    engine.setMuted(true);
    await engine.sendDigits(7, '12#');
    await engine.hangup(7);
    expect(call.acts).toEqual(['accept', 'mute true', 'digits 12#', 'disconnect']);
  });

  it('a ring that stopped elsewhere is rejected on this Device; an unknown call cannot be answered', async () => {
    const { engine, built } = setup();
    await engine.register();
    const call = new FakeCall(8);
    built[0]?.emit('incoming', call);
    engine.released(8);
    expect(call.acts).toEqual(['reject']);
    await expect(engine.answer({ call_id: 8 } as never)).rejects.toThrow('not ringing on this computer');
  });

  it('quality warnings start and clear; a dead microphone is named so', async () => {
    const { engine, built, warnings } = setup();
    await engine.register();
    const call = new FakeCall(9);
    built[0]?.emit('incoming', call);
    call.emit('warning', 'high-jitter');
    call.emit('warning', 'constant-audio-input-level');
    call.emit('warning-cleared', 'high-jitter');
    call.emit('reconnecting');
    expect(warnings).toEqual([
      ['high-jitter', true],
      ['dead-microphone', true],
      ['high-jitter', false],
      ['reconnecting', true],
    ]);
  });

  it('dials: asks the platform for the call, then connects the Device with its params', async () => {
    const { engine, built, api } = setup();
    await engine.register();
    const answer = await engine.dial(2, '+13125550133');
    expect(api.call).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', path: '/v1/calls/token' }),
      { body: { number_id: 2, destination: '+13125550133' } },
      { silent: true },
    );
    expect(built[0]?.connected).toEqual([{ params: { To: '+13125550133', call_id: '42' } }]);
    expect(answer.call_id).toBe(42);
  });

  it('the chosen devices are applied: microphone, speaker, and the ringtone on its own output', async () => {
    const { engine, built } = setup();
    await engine.register();
    await engine.setDevices({
      inputDeviceId: 'mic-2',
      outputDeviceId: 'headset',
      ringtoneDeviceId: 'laptop',
    });
    expect(built[0]?.devices).toEqual(['input mic-2', 'speaker headset', 'ringtone laptop']);
  });
});
