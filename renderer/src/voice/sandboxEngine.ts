/**
 * The sandbox engine: the platform's simulated network, driven by the signed-in agent's HTTP calls (answer,
 * keys, hold, transfer, hang up) while ring and stop events arrive over realtime. The media is real on this
 * side: the chosen microphone is captured (its level shown; muting silences it) and the caller's voice — a
 * soft murmur standing in for the words its transcript will carry — plays on the chosen speaker.
 */
import { VOICE_ENDPOINTS } from '@shared/api/voice';
import type { AudioPreferences } from '@shared/ipc';
import type { ContractCaller } from '../api/client';
import { type Microphone, openMicrophone, type Playing, playTone } from './audio';
import type { EngineEvents, VoiceEngine } from './engine';

/** How long the microphone may stay flat before the agent is told it seems dead. */
const DEAD_MIC_MS = 8000;

export function sandboxEngine(api: ContractCaller, events: EngineEvents): VoiceEngine {
  let devices: AudioPreferences = { inputDeviceId: null, outputDeviceId: null, ringtoneDeviceId: null };
  let microphone: Microphone | null = null;
  let voice: Playing | null = null;
  let muted = false;
  let deadMicTimer: ReturnType<typeof setInterval> | null = null;
  const quiet = { since: 0, warned: false };

  async function startMedia(): Promise<void> {
    stopMedia();
    try {
      microphone = await openMicrophone(devices.inputDeviceId);
      microphone.setMuted(muted);
    } catch {
      events.warning('dead-microphone', true);
    }
    voice = await playTone('voice', devices.outputDeviceId).catch(() => null);
    quiet.since = Date.now();
    deadMicTimer = setInterval(() => {
      if (!microphone || muted) return;
      if (microphone.level() > 0.01) {
        quiet.since = Date.now();
        if (quiet.warned) events.warning('dead-microphone', false);
        quiet.warned = false;
      } else if (!quiet.warned && Date.now() - quiet.since > DEAD_MIC_MS) {
        quiet.warned = true;
        events.warning('dead-microphone', true);
      }
    }, 500);
  }

  function stopMedia(): void {
    if (deadMicTimer) clearInterval(deadMicTimer);
    deadMicTimer = null;
    microphone?.stop();
    microphone = null;
    voice?.stop();
    voice = null;
    if (quiet.warned) events.warning('dead-microphone', false);
    quiet.warned = false;
  }

  const silent = { silent: true };
  const sandboxCall = (id: number) => ({ id });

  return {
    kind: 'sandbox',
    async register() {
      // The sandbox needs no device registration: ringing reaches the app over realtime.
      events.registration('registered', null);
    },
    updateToken() {},
    async answer(call) {
      const view = await api.call(VOICE_ENDPOINTS.sandboxAnswer, { params: { id: call.call_id } }, silent);
      await startMedia();
      return view;
    },
    async hangup(callId) {
      stopMedia();
      await api.call(
        VOICE_ENDPOINTS.sandboxHangup,
        { params: { id: callId }, body: { as: 'agent' } },
        silent,
      );
    },
    async sendDigits(callId, digits) {
      const body = { digits, as: 'agent' as const };
      await api.call(VOICE_ENDPOINTS.sandboxDigits, { params: { id: callId }, body }, silent);
    },
    setMuted(value) {
      muted = value;
      microphone?.setMuted(value);
    },
    hold: (callId, hold) =>
      api.call(VOICE_ENDPOINTS.sandboxHold, { params: sandboxCall(callId), body: { hold } }, silent),
    transfer: (callId, request) =>
      api.call(VOICE_ENDPOINTS.sandboxTransfer, { params: sandboxCall(callId), body: request }, silent),
    completeTransfer: (callId) =>
      api.call(VOICE_ENDPOINTS.sandboxTransferComplete, { params: sandboxCall(callId) }, silent),
    cancelTransfer: (callId) =>
      api.call(VOICE_ENDPOINTS.sandboxTransferCancel, { params: sandboxCall(callId) }, silent),
    async dial(numberId, destination) {
      const body = { number_id: numberId, destination };
      const answer = await api.call(VOICE_ENDPOINTS.outboundToken, { body }, silent);
      await startMedia();
      return answer;
    },
    async setDevices(preferences) {
      devices = preferences;
      if (microphone) await startMedia();
    },
    released() {
      stopMedia();
    },
    inputLevel: () => microphone?.level() ?? 0,
    destroy() {
      stopMedia();
      events.registration('unregistered', null);
    },
  };
}
