/**
 * One interface for the two ways a softphone reaches the telephone network (the "Engines"): Twilio's
 * Voice SDK Device, and the sandbox (HTTP calls of the signed-in agent, realtime events). The token's kind picks
 * the engine; the softphone (softphone.ts) never looks at which it has. Ring, stop and connected events come
 * from the platform's realtime channel for both; the engine carries the media and the carrier's acts.
 */
import type { IncomingCall, LiveCallView, OutboundCallAnswer, TransferRequest } from '@shared/api/voice';
import type { AudioPreferences } from '@shared/ipc';

export type Registration = 'unregistered' | 'registering' | 'registered' | 'failed';

/** A call-quality problem the agent should see while talking (Twilio's warnings; the sandbox's dead microphone). */
export type QualityWarning =
  | 'high-rtt'
  | 'high-jitter'
  | 'high-packet-loss'
  | 'dead-microphone'
  | 'reconnecting';

export const QUALITY_WARNING_TEXT: Readonly<Record<QualityWarning, string>> = {
  'high-rtt': 'High latency: the other side may hear you late.',
  'high-jitter': 'Choppy connection: audio may break up.',
  'high-packet-loss': 'Packet loss: parts of the call are being lost.',
  'dead-microphone': 'Your microphone is silent: check that it is plugged in and not muted.',
  reconnecting: 'Reconnecting the call…',
};

export interface EngineEvents {
  /** Registration changed (the "reachable" indicator follows it). */
  registration(state: Registration, error: string | null): void;
  /** A quality warning started (`on`) or cleared. */
  warning(warning: QualityWarning, on: boolean): void;
}

export interface VoiceEngine {
  readonly kind: 'twilio' | 'sandbox';
  /** Registers with the network so calls can ring here; safe to call again (re-register after wake). */
  register(): Promise<void>;
  /** Replaces the access token ahead of its expiry (never tears down a call). */
  updateToken(token: string): void;
  /** Picks up a call ringing this agent; rejects with the server's answer (409 names who answered). */
  answer(call: IncomingCall): Promise<LiveCallView | null>;
  /** Ends this agent's side of the call. */
  hangup(callId: number): Promise<void>;
  sendDigits(callId: number, digits: string): Promise<void>;
  /** Mutes the microphone (the other side hears silence). */
  setMuted(muted: boolean): void;
  hold(callId: number, hold: boolean): Promise<LiveCallView>;
  transfer(callId: number, request: TransferRequest): Promise<LiveCallView>;
  completeTransfer(callId: number): Promise<LiveCallView>;
  cancelTransfer(callId: number): Promise<LiveCallView>;
  /** Places an outbound call from a tracked number. */
  dial(numberId: number, destination: string): Promise<OutboundCallAnswer>;
  /** The devices chosen for this computer (microphone, speaker, ringtone output). */
  setDevices(preferences: AudioPreferences): Promise<void>;
  /** The call ended elsewhere (the caller hung up, a transfer handed it on): release its media. */
  released(callId: number): void;
  /** The microphone's level now (0–1), for the live meter; 0 when not capturing. */
  inputLevel(): number;
  destroy(): void;
}
