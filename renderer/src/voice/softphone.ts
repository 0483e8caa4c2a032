/**
 * The softphone: what is ringing, the call in progress, the calls waiting for their wrap-up, and whether this
 * app can be reached. It turns the platform's `in-app-calling` events and the agent's clicks into engine acts
 * and API calls, and keeps one state the panel renders (useSyncExternalStore). No React here, so its rules are
 * unit-tested with a fake engine and a fake API.
 *
 * Rules (the "VoIP panel"): Answer asks can-answer first and says who answered when it is too late;
 * Decline posts reject with the ring's join token; a new ring shows above a wrap-up and never waits for it.
 */
import { type CallingToken, IN_APP_CALLING_ENDPOINTS } from '@shared/api/inAppCalling';
import {
  type IncomingCall,
  type LiveCallView,
  type OutboundCallAnswer,
  type TransferRequest,
  VOICE_ENDPOINTS,
} from '@shared/api/voice';
import type { AudioPreferences } from '@shared/ipc';
import type { InAppCallingEvent } from '@shared/realtime';
import { ApiError, type ContractCaller } from '../api/client';
import type { EngineEvents, QualityWarning, Registration, VoiceEngine } from './engine';

export interface ActiveCall {
  callId: number;
  direction: 'inbound' | 'outbound';
  /** The ringing card of an inbound call (who, which line, why). */
  card: IncomingCall | null;
  /** The outside party's number. */
  remote: string;
  /** The company's contact with that number, when it has one (the panel shows their name). */
  contact: IncomingCall['contact'];
  /** When the talking started (epoch ms); null while an outbound call still rings. */
  connectedAt: number | null;
  muted: boolean;
  held: boolean;
  transfer: LiveCallView['transfer'];
  /** Notes typed during the call; they go to the wrap-up. */
  notes: string;
}

export interface WrapUp {
  callId: number;
  direction: 'inbound' | 'outbound';
  card: IncomingCall | null;
  remote: string;
  contact: IncomingCall['contact'];
  notes: string;
  endedAt: number;
}

export interface SoftphoneState {
  engine: 'twilio' | 'sandbox' | null;
  registration: Registration;
  /** Rings can reach this window: the realtime channel they come on is subscribed. */
  listening: boolean;
  /** Why the phone cannot register or place calls (no SIP line, no network), for the agent. */
  problem: string | null;
  /** Ringing now, oldest first. */
  incoming: IncomingCall[];
  active: ActiveCall | null;
  wrapUps: WrapUp[];
  /** The last thing the agent should know (who answered, why an act failed). */
  notice: string | null;
  /** A call that rang here and nobody took, or a voicemail just left: one click calls back. */
  callBack: { kind: 'missed' | 'voicemail'; remote: string; name: string } | null;
  warnings: QualityWarning[];
}

export interface SoftphoneDeps {
  api: ContractCaller;
  companyId: number;
  /** Builds the engine for the token's kind. */
  createEngine(token: CallingToken, events: EngineEvents, renewToken: () => Promise<string>): VoiceEngine;
  now?: () => number;
  /** Alerts (OS notification, ringtone) start with a ring and stop when it stops. */
  onRing?(call: IncomingCall): void;
  onRingStopped?(callId: number): void;
  /** The call in progress is over, whoever ended it: the lists that show calls refresh. */
  onCallEnded?(callId: number): void;
}

const INITIAL: SoftphoneState = {
  engine: null,
  registration: 'unregistered',
  listening: false,
  problem: null,
  incoming: [],
  active: null,
  wrapUps: [],
  notice: null,
  callBack: null,
  warnings: [],
};

/** The words of a failed call to the platform, for the notice. */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  return fallback;
}

export class Softphone {
  private state: SoftphoneState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private engine: VoiceEngine | null = null;
  private devices: AudioPreferences | null = null;
  private readonly now: () => number;
  /** Who rang here, by call id: a ring that stops unanswered becomes a missed-call alert. */
  private readonly rang = new Map<number, { remote: string; name: string }>();

  constructor(private readonly deps: SoftphoneDeps) {
    this.now = deps.now ?? Date.now;
  }

  // ── The store ────────────────────────────────────────────────────────────────────────────────────────────

  getState = (): SoftphoneState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(change: Partial<SoftphoneState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  // ── Registration ─────────────────────────────────────────────────────────────────────────────────────────

  private async token(): Promise<CallingToken> {
    const params = { companyId: this.deps.companyId };
    return this.deps.api.call(IN_APP_CALLING_ENDPOINTS.token, { params }, { silent: true });
  }

  /** Gets a token, builds the engine of its kind and registers. A user without a calling line is told why. */
  async start(): Promise<void> {
    this.set({ registration: 'registering', problem: null });
    let token: CallingToken;
    try {
      token = await this.token();
    } catch (error) {
      this.set({ registration: 'failed', problem: messageOf(error, 'The phone could not start.') });
      return;
    }
    const events: EngineEvents = {
      registration: (registration, problem) => this.set({ registration, problem }),
      warning: (warning, on) => {
        const others = this.state.warnings.filter((w) => w !== warning);
        this.set({ warnings: on ? [...others, warning] : others });
      },
    };
    this.engine?.destroy();
    this.engine = this.deps.createEngine(token, events, async () => (await this.token()).token);
    this.set({ engine: this.engine.kind });
    if (this.devices) await this.engine.setDevices(this.devices);
    await this.reconnect();
  }

  /** Registers again (after sleep, a network change or a realtime reconnect). */
  async reconnect(): Promise<void> {
    if (!this.engine) return;
    try {
      await this.engine.register();
    } catch (error) {
      this.set({ registration: 'failed', problem: messageOf(error, 'The phone could not register.') });
    }
  }

  /**
   * The ring channel is (again) subscribed, or lost. On subscribing, what rings now is fetched, since rings
   * published while this window could not hear are not replayed.
   */
  async setListening(listening: boolean): Promise<void> {
    this.set({ listening });
    if (!listening) return;
    try {
      const params = { companyId: this.deps.companyId };
      const ringing = await this.deps.api.call(VOICE_ENDPOINTS.ringing, { params }, { silent: true });
      for (const call of ringing.data) this.handleEvent({ type: 'ringing', call });
    } catch {
      // The next ring still arrives live; nothing to tell the agent.
    }
  }

  async setDevices(devices: AudioPreferences): Promise<void> {
    this.devices = devices;
    await this.engine?.setDevices(devices);
  }

  inputLevel(): number {
    return this.engine?.inputLevel() ?? 0;
  }

  stop(): void {
    this.engine?.destroy();
    this.engine = null;
    this.set({ ...INITIAL, listening: this.state.listening });
  }

  // ── What the platform says ───────────────────────────────────────────────────────────────────────────────

  handleEvent(event: InAppCallingEvent): void {
    switch (event.type) {
      case 'ringing': {
        const call = event.call;
        if (call.company_id !== this.deps.companyId) return;
        if (this.state.incoming.some((c) => c.call_id === call.call_id)) return;
        if (this.state.active?.callId === call.call_id) return;
        this.set({ incoming: [...this.state.incoming, call], notice: null });
        this.rang.set(call.call_id, { remote: call.from, name: call.contact?.name ?? '' });
        this.deps.onRing?.(call);
        return;
      }
      case 'stopped': {
        const ringingHere = this.state.incoming.some((c) => c.call_id === event.call_id);
        if (!ringingHere) return;
        this.stopRinging(event.call_id);
        this.engine?.released(event.call_id);
        if (event.reason === 'answered-elsewhere' && event.answered_by) {
          this.set({ notice: `${event.answered_by.name} answered this call.` });
        }
        if (event.reason === 'caller-hangup' || event.reason === 'timeout') {
          const missed = this.rang.get(event.call_id);
          if (missed) this.set({ callBack: { kind: 'missed', ...missed } });
        }
        return;
      }
      case 'connected': {
        const active = this.state.active;
        if (active?.callId === event.call_id && active.connectedAt === null) {
          this.set({ active: { ...active, connectedAt: this.now() } });
        }
        return;
      }
      case 'held': {
        const active = this.state.active;
        if (active?.callId === event.call_id) this.set({ active: { ...active, held: event.hold } });
        return;
      }
      case 'transfer': {
        const active = this.state.active;
        if (active?.callId !== event.call_id || !active.transfer) return;
        const over = event.state === 'completed' || event.state === 'cancelled' || event.state === 'failed';
        if (event.state === 'failed')
          this.set({ notice: 'Nobody took the transfer: the caller is back with you.' });
        const transfer =
          event.state === 'ringing' || event.state === 'consulting'
            ? { ...active.transfer, state: event.state }
            : null;
        this.set({ active: { ...active, transfer, held: over ? false : active.held } });
        return;
      }
      case 'ended':
        this.stopRinging(event.call_id);
        if (this.state.active?.callId === event.call_id) this.finish();
        return;
    }
  }

  // ── The agent's acts ─────────────────────────────────────────────────────────────────────────────────────

  /** Answer: can-answer first; too late says who took it; a refused claim says why. */
  async answer(callId: number): Promise<void> {
    const call = this.state.incoming.find((c) => c.call_id === callId);
    if (!call || !this.engine) return;
    if (this.state.active) await this.hangup();
    try {
      const params = { companyId: call.company_id, callId };
      const data = await this.deps.api.call(VOICE_ENDPOINTS.canAnswer, { params }, { silent: true });
      if (!data.can_answer) {
        this.stopRinging(callId);
        this.engine.released(callId);
        this.set({
          notice: data.answered_by
            ? `${data.answered_by.name} answered this call.`
            : 'This call is no longer ringing.',
        });
        return;
      }
      await this.engine.answer(call);
    } catch (error) {
      this.stopRinging(callId);
      this.set({ notice: messageOf(error, 'The call could not be answered.') });
      return;
    }
    this.stopRinging(callId);
    this.set({
      notice: null,
      active: {
        callId,
        direction: 'inbound',
        card: call,
        remote: call.from,
        contact: call.contact,
        connectedAt: this.now(),
        muted: false,
        held: false,
        transfer: null,
        notes: '',
      },
    });
  }

  async decline(callId: number): Promise<void> {
    const call = this.state.incoming.find((c) => c.call_id === callId);
    if (!call) return;
    this.stopRinging(callId);
    this.engine?.released(callId);
    try {
      await this.deps.api.call(
        VOICE_ENDPOINTS.reject,
        { params: { companyId: call.company_id, callId }, body: { joinToken: call.join_token } },
        { silent: true },
      );
    } catch (error) {
      this.set({ notice: messageOf(error, 'The call could not be declined.') });
    }
  }

  async hangup(): Promise<void> {
    const active = this.state.active;
    if (!active || !this.engine) return;
    try {
      await this.engine.hangup(active.callId);
    } catch (error) {
      // The call may have ended on the other side a moment before: it is over either way.
      if (!(error instanceof ApiError && error.status === 409)) {
        this.set({ notice: messageOf(error, 'The call could not be hung up.') });
      }
    }
    if (this.state.active?.callId === active.callId) this.finish();
  }

  toggleMute(): void {
    const active = this.state.active;
    if (!active || !this.engine) return;
    this.engine.setMuted(!active.muted);
    this.set({ active: { ...active, muted: !active.muted } });
  }

  async toggleHold(): Promise<void> {
    const active = this.state.active;
    if (!active || !this.engine) return;
    await this.act(async (engine) => {
      const view = await engine.hold(active.callId, !active.held);
      this.patchActive({ held: view.hold });
    }, 'The call could not be put on hold.');
  }

  async sendDigits(digits: string): Promise<void> {
    const active = this.state.active;
    if (!active) return;
    await this.act((engine) => engine.sendDigits(active.callId, digits), 'The keys could not be sent.');
  }

  setNotes(notes: string): void {
    const active = this.state.active;
    if (active) this.set({ active: { ...active, notes } });
  }

  async transfer(request: TransferRequest): Promise<boolean> {
    const active = this.state.active;
    if (!active) return false;
    return this.act(async (engine) => {
      const view = await engine.transfer(active.callId, request);
      if (request.kind === 'blind') {
        // The call has gone on; this agent's part is over, and its wrap-up waits.
        this.finish();
        return;
      }
      this.patchActive({ transfer: view.transfer, held: view.hold });
    }, 'The call could not be transferred.');
  }

  async completeTransfer(): Promise<void> {
    const active = this.state.active;
    if (!active) return;
    await this.act(async (engine) => {
      await engine.completeTransfer(active.callId);
      this.finish();
    }, 'The transfer could not be completed.');
  }

  async cancelTransfer(): Promise<void> {
    const active = this.state.active;
    if (!active) return;
    await this.act(async (engine) => {
      const view = await engine.cancelTransfer(active.callId);
      this.patchActive({ transfer: view.transfer, held: view.hold });
    }, 'The transfer could not be called off.');
  }

  /** Places a call from a tracked number (the Caller ID the callee sees). */
  async dial(numberId: number, destination: string): Promise<OutboundCallAnswer | null> {
    if (!this.engine) {
      this.set({ notice: this.state.problem ?? 'The phone is not ready yet.' });
      return null;
    }
    if (this.state.active) {
      this.set({ notice: 'Hang up the current call before placing another.' });
      return null;
    }
    try {
      const answer = await this.engine.dial(numberId, destination);
      this.set({
        notice: null,
        active: {
          callId: answer.call_id,
          direction: 'outbound',
          card: null,
          remote: answer.to,
          contact: answer.contact ?? null,
          connectedAt: null,
          muted: false,
          held: false,
          transfer: null,
          notes: '',
        },
      });
      return answer;
    } catch (error) {
      this.set({ notice: messageOf(error, 'The call could not be placed.') });
      return null;
    }
  }

  /** The wrap-up was saved or skipped. */
  closeWrapUp(callId: number): void {
    this.set({ wrapUps: this.state.wrapUps.filter((w) => w.callId !== callId) });
  }

  dismissNotice(): void {
    this.set({ notice: null });
  }

  /** A voicemail was just left for the company (the inbox's conversation.updated says so). */
  voicemailLeft(remote: string, name: string): void {
    this.set({ callBack: { kind: 'voicemail', remote, name } });
  }

  dismissCallBack(): void {
    this.set({ callBack: null });
  }

  // ── Helpers ──────────────────────────────────────────────────────────────────────────────────────────────

  private async act(run: (engine: VoiceEngine) => Promise<void>, fallback: string): Promise<boolean> {
    if (!this.engine) return false;
    try {
      await run(this.engine);
      return true;
    } catch (error) {
      this.set({ notice: messageOf(error, fallback) });
      return false;
    }
  }

  private patchActive(change: Partial<ActiveCall>): void {
    const active = this.state.active;
    if (active) this.set({ active: { ...active, ...change } });
  }

  private stopRinging(callId: number): void {
    if (!this.state.incoming.some((c) => c.call_id === callId)) return;
    this.set({ incoming: this.state.incoming.filter((c) => c.call_id !== callId) });
    this.deps.onRingStopped?.(callId);
  }

  /** The call in progress is over: its media released, its wrap-up queued (newest first). */
  private finish(): void {
    const active = this.state.active;
    if (!active) return;
    this.engine?.released(active.callId);
    const wrapUp: WrapUp = {
      callId: active.callId,
      direction: active.direction,
      card: active.card,
      remote: active.remote,
      contact: active.contact,
      notes: active.notes,
      endedAt: this.now(),
    };
    this.set({
      active: null,
      warnings: [],
      wrapUps: [wrapUp, ...this.state.wrapUps.filter((w) => w.callId !== active.callId)],
    });
    this.deps.onCallEnded?.(active.callId);
  }
}
