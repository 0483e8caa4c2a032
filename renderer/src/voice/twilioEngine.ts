/**
 * The Twilio engine: `@twilio/voice-sdk`'s Device. It registers with the access token (wrapped in a time limit,
 * rebuilt once when registration hangs), keeps each ringing Call by the platform's `call_id` parameter (routing
 * puts it on every `<Client>` leg), and maps the softphone's acts onto the Call: accept, disconnect, mute, keys.
 * Hold and transfer are the platform's (conferences, server side). The token is renewed ahead of expiry with
 * `updateToken`, which never drops a call. Call-quality warnings surface as they start and clear.
 */
import { VOICE_ENDPOINTS } from '@shared/api/voice';
import type { AudioPreferences } from '@shared/ipc';
import type { ContractCaller } from '../api/client';
import type { EngineEvents, QualityWarning, VoiceEngine } from './engine';

/** What the engine uses of a Twilio Call (the SDK's, or a test's fake). */
export interface CallLike {
  readonly customParameters: Map<string, string>;
  accept(): void;
  reject(): void;
  disconnect(): void;
  mute(shouldMute?: boolean): void;
  sendDigits(digits: string): void;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** What the engine uses of a Twilio Device. */
export interface DeviceLike {
  register(): Promise<void>;
  unregister(): Promise<void>;
  updateToken(token: string): void;
  connect(options: { params: Record<string, string> }): Promise<CallLike>;
  destroy(): void;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  audio: {
    setInputDevice(deviceId: string): Promise<void>;
    speakerDevices: { set(ids: string | string[]): Promise<void> };
    ringtoneDevices: { set(ids: string | string[]): Promise<void> };
  } | null;
}

export type DeviceFactory = (token: string) => Promise<DeviceLike>;

/** How long `register()` may take before the Device is rebuilt (a hung WebSocket never answers). */
export const REGISTER_TIMEOUT_MS = 10_000;

const WARNINGS: Readonly<Record<string, QualityWarning>> = {
  'high-rtt': 'high-rtt',
  'high-jitter': 'high-jitter',
  'high-packet-loss': 'high-packet-loss',
  'constant-audio-input-level': 'dead-microphone',
};

/** The SDK's Device, loaded when the first Twilio token arrives (the sandbox never loads it). */
export const sdkDevice: DeviceFactory = async (token) => {
  const { Device } = await import('@twilio/voice-sdk');
  return new Device(token, { closeProtection: true }) as unknown as DeviceLike;
};

export function twilioEngine(options: {
  api: ContractCaller;
  companyId: number;
  token: string;
  events: EngineEvents;
  createDevice?: DeviceFactory;
  /** Asks the platform for a fresh token (POST …/in-app-calling/token). */
  renewToken: () => Promise<string>;
}): VoiceEngine {
  const createDevice = options.createDevice ?? sdkDevice;
  const { api, events } = options;
  let token = options.token;
  let device: DeviceLike | null = null;
  let devices: AudioPreferences = { inputDeviceId: null, outputDeviceId: null, ringtoneDeviceId: null };
  const ringing = new Map<number, CallLike>();
  const connected = new Map<number, CallLike>();

  const callIdOf = (call: CallLike) => Number(call.customParameters.get('call_id') ?? Number.NaN);

  function watch(call: CallLike, callId: number): void {
    call.on('warning', (name) => {
      const warning = WARNINGS[String(name)];
      if (warning) events.warning(warning, true);
    });
    call.on('warning-cleared', (name) => {
      const warning = WARNINGS[String(name)];
      if (warning) events.warning(warning, false);
    });
    call.on('reconnecting', () => events.warning('reconnecting', true));
    call.on('reconnected', () => events.warning('reconnecting', false));
    const forget = () => {
      ringing.delete(callId);
      connected.delete(callId);
    };
    call.on('disconnect', forget);
    call.on('cancel', forget);
    call.on('reject', forget);
  }

  async function build(): Promise<DeviceLike> {
    const built = await createDevice(token);
    built.on('registered', () => events.registration('registered', null));
    built.on('unregistered', () => events.registration('unregistered', null));
    built.on('error', (error) => {
      const message = (error as { message?: string } | undefined)?.message ?? 'The phone connection failed.';
      events.registration('failed', message);
    });
    built.on('incoming', (incoming) => {
      const call = incoming as CallLike;
      const callId = callIdOf(call);
      if (!Number.isSafeInteger(callId)) return;
      ringing.set(callId, call);
      watch(call, callId);
    });
    built.on('tokenWillExpire', () => {
      void options.renewToken().then((fresh) => {
        token = fresh;
        built.updateToken(fresh);
      });
    });
    await applyDevices(built);
    return built;
  }

  async function applyDevices(target: DeviceLike): Promise<void> {
    if (!target.audio) return;
    if (devices.inputDeviceId)
      await target.audio.setInputDevice(devices.inputDeviceId).catch(() => undefined);
    if (devices.outputDeviceId)
      await target.audio.speakerDevices.set(devices.outputDeviceId).catch(() => undefined);
    const ring = devices.ringtoneDeviceId ?? devices.outputDeviceId;
    if (ring) await target.audio.ringtoneDevices.set(ring).catch(() => undefined);
  }

  async function registerWithin(target: DeviceLike): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), REGISTER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([target.register().then(() => true), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The platform's acts on the agent's call (hold, transfer) are its own company's calls. */
  const agentCall = (callId: number) => ({ companyId: options.companyId, callId });
  const silent = { silent: true };

  return {
    kind: 'twilio',
    async register() {
      events.registration('registering', null);
      device ??= await build();
      if (await registerWithin(device)) return;
      // Registration hung: rebuild the Device once with a fresh token, then give up loudly.
      device.destroy();
      token = await options.renewToken();
      device = await build();
      if (!(await registerWithin(device))) {
        events.registration('failed', 'The phone could not register with Twilio. Check the network.');
      }
    },
    updateToken(fresh) {
      token = fresh;
      device?.updateToken(fresh);
    },
    async answer(incoming) {
      const call = ringing.get(incoming.call_id);
      if (!call) throw new Error('This call is not ringing on this computer any more.');
      call.accept();
      ringing.delete(incoming.call_id);
      connected.set(incoming.call_id, call);
      return null;
    },
    async hangup(callId) {
      const call = connected.get(callId) ?? ringing.get(callId);
      call?.disconnect();
      connected.delete(callId);
    },
    async sendDigits(callId, digits) {
      connected.get(callId)?.sendDigits(digits);
    },
    setMuted(muted) {
      for (const call of connected.values()) call.mute(muted);
    },
    hold: (callId, hold) =>
      api.call(VOICE_ENDPOINTS.hold, { params: agentCall(callId), body: { hold } }, silent),
    transfer: (callId, request) =>
      api.call(VOICE_ENDPOINTS.transfer, { params: agentCall(callId), body: request }, silent),
    completeTransfer: (callId) =>
      api.call(VOICE_ENDPOINTS.transferComplete, { params: agentCall(callId) }, silent),
    cancelTransfer: (callId) =>
      api.call(VOICE_ENDPOINTS.transferCancel, { params: agentCall(callId) }, silent),
    async dial(numberId, destination) {
      const body = { number_id: numberId, destination };
      const answer = await api.call(VOICE_ENDPOINTS.outboundToken, { body }, { silent: true });
      if (!device) throw new Error('The phone is not registered yet.');
      const call = await device.connect({ params: answer.params });
      connected.set(answer.call_id, call);
      watch(call, answer.call_id);
      return answer;
    },
    async setDevices(preferences) {
      devices = preferences;
      if (device) await applyDevices(device);
    },
    released(callId) {
      ringing.get(callId)?.reject();
      ringing.delete(callId);
      connected.delete(callId);
    },
    inputLevel: () => 0,
    destroy() {
      device?.destroy();
      device = null;
      ringing.clear();
      connected.clear();
      events.registration('unregistered', null);
    },
  };
}
