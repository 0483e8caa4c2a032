/**
 * The sandbox telephone network: calls without a carrier account, driven by the same routing engine as Twilio.
 * A simulated caller dials a tracked number, presses keys, says a short script once connected, and leaves a
 * message at voicemail (real audio, by espeak-ng where installed, else a tone). Agents answer, decline, press
 * keys, hold, transfer and hang up by HTTP, as Twilio's Device would do by itself. Outside phones (forwards,
 * transfers to a number) are simulated too: they ring in the outbox, and nobody picks up a forward.
 *
 * Every act on one call runs in turn (a queue per call, and the call's lock in Redis across instances), and the
 * answer is also a conditional update in the database, so two agents answering at once get exactly one winner,
 * whichever instances they reach. Waits (ring timeout, menu timeout, the caller speaking) are the timers the
 * composition root gives it: real ones, manual in tests; each is its instance's own (see `waits`).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LiveCallView, OutboundCallAnswer, TransferRequest } from '@shared/api/voice';
import { VOICE_MESSAGES } from '@shared/api/voice';
import { formatPhone, normalizePhone } from '@shared/domain/phone';
import { and, eq, sql } from 'drizzle-orm';
import type { OutboundCall, SandboxVoiceCarrier, VoiceActor } from '../../../carriers/voice';
import { calls } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { conflict, forbidden, HttpError, invalid } from '../../../lib/errors';
import { EVENTS as CALL_EVENTS } from '../../../routing/events';
import type { DialAction, RoutingStep, VoicemailAction } from '../../../routing/types';
import { demoWav } from '../../activity/view';
import type { NumberRow } from '../../inbound/service';
import { mediaPath } from '../../messaging/upload';
import { CallQueue, callLockFor } from '../callQueue';
import type { LiveCall } from '../live';
import {
  appendEvents,
  type CallRow,
  callById,
  closeCall,
  createInboundCall,
  createOutboundCall,
  fileVoicemail,
  initialLive,
  newJoinToken,
  saveLive,
  scriptTranscript,
} from '../records';
import {
  extensionKey,
  incomingCall,
  numberCardOf,
  personOf,
  placeOfNumber,
  tellAgent,
  tellAgents,
} from '../ringing';
import { availableAgent, isWarmTarget, TRANSFER_RING_MS } from '../service';
import { type RoutedStep, routeCall } from '../session';
import { liveCallView } from '../view';
import { realTimers, type VoiceTimers } from './timers';

/** What the simulated caller says once an agent picks up, unless the test or demo gives its own lines. */
export const DEFAULT_SCRIPT: readonly string[] = Object.freeze([
  'Hi, I saw your ad online and I am calling about the used pickup truck.',
  'Is it still available, and could I come by for a test drive on Saturday?',
  'Great, my number is the one I am calling from. Thanks!',
]);

/** How long the simulated caller takes to leave its message after the tone. */
export const VOICEMAIL_SPEAKING_MS = 1500;
/** How long a simulated outside party takes to pick up an outbound call or a transfer to their number. */
export const OUTSIDE_PICKUP_MS = 1500;

/** The sandbox's call sids, like Twilio's `CA…`. */
export function sandboxCallSid(): string {
  return `SBCA${randomBytes(16).toString('hex')}`;
}

export class SandboxVoice implements SandboxVoiceCarrier {
  readonly name = 'sandbox';
  /**
   * This instance's pending waits, to cancel them early. A wait is this instance's alone (another cannot cancel
   * it), so when it fires it acts only if the call is still at the stage it was set for (`stageOf`): a ring
   * answered through another instance makes its timeout a no-op. An instance that stops takes its waits with it;
   * the sandbox is a simulation, so that call then waits for an agent or the caller to act.
   */
  private readonly waits = new Map<number, () => void>();
  private readonly queue: CallQueue;

  constructor(
    private readonly ctx: AppContext,
    private readonly timers: VoiceTimers = realTimers,
  ) {
    this.queue = new CallQueue(callLockFor(ctx.cluster));
  }

  /** Resolves once every act under way on every call has finished (tests read the result after). */
  async settled(): Promise<void> {
    await this.queue.settled();
  }

  /** Cancels every pending wait (the server is stopping). */
  stop(): void {
    for (const cancel of this.waits.values()) cancel();
    this.waits.clear();
  }

  // ── The caller's side ────────────────────────────────────────────────────────────────────────────────────

  /** A call from `from` arrives at the tracked number `number`, and routing takes its first step. */
  async place(input: {
    number: NumberRow;
    from: string;
    script?: readonly string[];
    voicemail?: boolean;
  }): Promise<CallRow> {
    const live = initialLive({
      carrier: 'sandbox',
      callerState: placeOfNumber(input.from)?.state ?? null,
      script: input.script?.length ? input.script : DEFAULT_SCRIPT,
      leavesVoicemail: input.voicemail ?? true,
    });
    const { call } = await createInboundCall(this.ctx, {
      number: input.number,
      from: input.from,
      carrierSid: sandboxCallSid(),
      live,
    });
    await this.inTurn(call.id, () => this.step(call, { kind: 'start' }));
    return call;
  }

  /** Keys: a menu choice while the menu listens, else tones recorded on a connected call (caller or agent). */
  digits(callId: number, digits: string, as: 'caller' | 'agent', actor: VoiceActor): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const call = await this.liveCall(callId);
      const live = call.live as LiveCall;
      if (as === 'agent') this.mustBeConnectedAgent(call, actor);
      if (as === 'caller' && live.phase === 'menu' && live.resume?.kind === 'after-gather') {
        this.cancelWait(callId);
        await this.step(call, { ...live.resume, digits });
        return this.view(callId);
      }
      if (live.phase !== 'connected') throw conflict(VOICE_MESSAGES.notListening);
      const entry = { by: as, digits, at: this.ctx.now().toISOString() };
      await saveLive(this.ctx, callId, { ...live, digits: [...live.digits, entry] });
      return this.view(callId);
    });
  }

  /** The caller hangs up (`as` caller), or the connected agent does (`as` agent). */
  hangup(callId: number, as: 'caller' | 'agent', actor: VoiceActor): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const call = await callById(this.ctx, callId);
      if (!call?.live) return this.view(callId);
      const live = call.live;
      if (as === 'agent') {
        const consulting = live.transfer?.kind === 'warm' && live.transfer.target.kind === 'agent';
        if (
          consulting &&
          live.transfer?.target.kind === 'agent' &&
          live.transfer.target.user_id === actor.id
        ) {
          // The consulted agent hangs up: the transfer is off, the caller stays with the first agent.
          await this.endTransfer(call, 'cancelled');
          return this.view(callId);
        }
        this.mustBeConnectedAgent(call, actor);
      }
      this.cancelWait(callId);
      if (live.phase === 'connected') {
        await this.finishConnected(call);
      } else if (live.phase === 'voicemail') {
        await this.stopRinging(call, 'caller-hangup');
        await this.step(call, { kind: 'after-voicemail', extension: call.extension, recorded: false });
      } else {
        await this.stopRinging(call, 'caller-hangup');
        await this.step(call, { kind: 'caller-hangup' });
      }
      return this.view(callId);
    });
  }

  // ── The agent's side ─────────────────────────────────────────────────────────────────────────────────────

  /**
   * The agent answers a call ringing them. The claim is a conditional update in the database (still ringing,
   * the same ring: its join token), so of two agents answering at once — through one instance or two — exactly
   * one wins; the other is told who did.
   */
  answer(callId: number, actor: VoiceActor): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const call = await callById(this.ctx, callId);
      // A warm transfer rings its target while the call stays connected to the agent who transfers it.
      if (call?.live && isWarmTarget(call.live, actor.id)) return this.answerWarmTransfer(call, actor);
      const live = call?.live;
      if (!call || live?.phase !== 'ringing') throw await this.notRinging(call);
      if (!live.ringing.includes(actor.id)) throw forbidden(VOICE_MESSAGES.notRingingYou);
      if (live.declined.includes(actor.id)) throw conflict(VOICE_MESSAGES.youDeclined);

      const now = this.ctx.now();
      const next: LiveCall = {
        ...live,
        phase: 'connected',
        ringing: [],
        declined: [],
        phones: [],
        connected_at: live.connected_at ?? now.toISOString(),
        transfer: null,
        hold: false,
      };
      const claimed = await this.ctx.db
        .update(calls)
        .set({ user_id: actor.id, live: next, carrier_status: 'in-progress', updated_at: now })
        .where(
          and(
            eq(calls.id, callId),
            sql`${calls.live}->>'phase' = 'ringing'`,
            sql`${calls.live}->>'join_token' = ${live.join_token}`,
          ),
        )
        .returning({ id: calls.id });
      if (claimed.length === 0) throw await this.notRinging(await callById(this.ctx, callId));

      this.cancelWait(callId);
      await appendEvents(this.ctx, callId, [CALL_EVENTS.connected], now);
      const others = live.ringing.filter((id) => id !== actor.id && !live.declined.includes(id));
      await tellAgents(this.ctx, others, {
        type: 'stopped',
        call_id: callId,
        reason: 'answered-elsewhere',
        answered_by: actor,
      });
      if (live.transfer?.kind === 'blind') {
        await tellAgent(this.ctx, live.transfer.from_user_id, {
          type: 'transfer',
          call_id: callId,
          state: 'completed',
        });
      }
      await tellAgent(this.ctx, actor.id, { type: 'connected', call_id: callId, user_id: actor.id });
      return this.view(callId);
    });
  }

  /** The agent declines with the ring's join token; when everyone rung declined, routing moves on. */
  decline(callId: number, actor: VoiceActor, joinToken: string): Promise<void> {
    return this.inTurn(callId, async () => {
      const call = await callById(this.ctx, callId);
      const live = call?.live;
      const ringsActor = live?.phase === 'ringing' || (live && isWarmTarget(live, actor.id));
      if (!call || !live || !ringsActor) throw await this.notRinging(call);
      if (!live.ringing.includes(actor.id)) throw forbidden(VOICE_MESSAGES.notRingingYou);
      if (joinToken !== live.join_token) throw forbidden(VOICE_MESSAGES.wrongJoinToken);
      if (live.declined.includes(actor.id)) return;
      const next: LiveCall = { ...live, declined: [...live.declined, actor.id] };
      await saveLive(this.ctx, callId, next);
      await tellAgent(this.ctx, actor.id, {
        type: 'stopped',
        call_id: callId,
        reason: 'declined',
        answered_by: null,
      });
      const everyoneDeclined =
        next.ringing.every((id) => next.declined.includes(id)) && next.phones.length === 0;
      if (!everyoneDeclined) return;
      this.cancelWait(callId);
      const updated = { ...call, live: next };
      if (next.transfer) await this.transferUnanswered(updated);
      else await this.ringEnded(updated, 'declined');
    });
  }

  /** The connected agent puts the caller on hold, or takes them off it. */
  hold(callId: number, actor: VoiceActor, hold: boolean): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const call = await this.liveCall(callId);
      this.mustBeConnectedAgent(call, actor);
      await saveLive(this.ctx, callId, { ...(call.live as LiveCall), hold });
      await tellAgent(this.ctx, actor.id, { type: 'held', call_id: callId, hold });
      return this.view(callId);
    });
  }

  /**
   * Transfers the connected call. Blind: the agent leaves at once and the target rings (an agent), is dialled (a
   * number: the outside party picks up) or takes the call as if the caller pressed its key (an extension).
   * Warm: the caller waits on hold while the target rings; once they answer, the agent completes or cancels.
   */
  transfer(callId: number, actor: VoiceActor, request: TransferRequest): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const call = await this.liveCall(callId);
      this.mustBeConnectedAgent(call, actor);
      const live = call.live as LiveCall;
      if (live.transfer) throw conflict(VOICE_MESSAGES.transferUnderWay);
      const to = request.to;
      if (request.kind === 'warm' && to.kind === 'extension') {
        throw invalid({ 'to.kind': [VOICE_MESSAGES.warmToExtension] });
      }

      if (to.kind === 'agent') {
        if (to.user_id === actor.id) throw invalid({ 'to.user_id': [VOICE_MESSAGES.transferToSelf] });
        const target = await availableAgent(this.ctx, call.company_id, Number(to.user_id));
        const transfer = {
          kind: request.kind,
          from_user_id: actor.id,
          target: { kind: 'agent' as const, user_id: target.id },
          state: 'ringing' as const,
        };
        const next: LiveCall = {
          ...live,
          phase: request.kind === 'blind' ? 'ringing' : 'connected',
          ringing: [target.id],
          declined: [],
          join_token: newJoinToken(),
          hold: true,
          transfer,
        };
        // Blind: the agent is gone; the call is nobody's until the target answers.
        await saveLive(this.ctx, callId, next, request.kind === 'blind' ? { user_id: null } : {});
        if (request.kind === 'blind')
          await tellAgent(this.ctx, actor.id, { type: 'ended', call_id: callId, outcome: 0 });
        else await tellAgent(this.ctx, actor.id, { type: 'transfer', call_id: callId, state: 'ringing' });
        const routedNumber = await numberCardOf(this.ctx, call);
        const card = await incomingCall(
          this.ctx,
          { ...call, live: next },
          routedNumber,
          call.extension,
          actor.id,
        );
        await tellAgent(this.ctx, target.id, { type: 'ringing', call: card });
        this.wait(callId, next, TRANSFER_RING_MS, (current) => this.transferUnanswered(current));
        return this.view(callId);
      }

      if (to.kind === 'number') {
        const number = normalizePhone(to.number);
        if (!number) throw invalid({ 'to.number': [`"${to.number}" is not a valid phone number.`] });
        await this.ctx.outbox.send({
          channel: 'call',
          to: number,
          from: call.called,
          body: `${request.kind === 'blind' ? 'Blind' : 'Warm'} transfer of ${formatPhone(call.caller)} by ${actor.name}.`,
          companyId: call.company_id,
        });
        if (request.kind === 'blind') {
          // The outside party takes the call; the agent leaves it.
          await saveLive(this.ctx, callId, { ...live, external: number, hold: false }, { user_id: null });
          await tellAgent(this.ctx, actor.id, { type: 'ended', call_id: callId, outcome: 0 });
          return this.view(callId);
        }
        const next: LiveCall = {
          ...live,
          hold: true,
          transfer: {
            kind: 'warm',
            from_user_id: actor.id,
            target: { kind: 'number', number },
            state: 'ringing',
          },
        };
        await saveLive(this.ctx, callId, next);
        await tellAgent(this.ctx, actor.id, { type: 'transfer', call_id: callId, state: 'ringing' });
        this.wait(callId, next, OUTSIDE_PICKUP_MS, (current) => this.consult(current));
        return this.view(callId);
      }

      // Blind to an extension: as if the caller had pressed its key.
      const extension = Number(to.extension);
      const routed = await numberCardOf(this.ctx, call);
      if (!routed.number.routes.some((r) => (r.extension ?? 1) === extension)) {
        throw invalid({ 'to.extension': [VOICE_MESSAGES.noSuchExtension(extensionKey(extension))] });
      }
      await saveLive(this.ctx, callId, { ...live, hold: false, connected_at: null }, { user_id: null });
      await tellAgent(this.ctx, actor.id, { type: 'ended', call_id: callId, outcome: 0 });
      const moved = await this.liveCall(callId);
      await this.step(moved, { kind: 'after-gather', attempt: 1, digits: extensionKey(extension) });
      return this.view(callId);
    });
  }

  /** A warm transfer hands the caller to the consulted target; the first agent leaves. */
  completeTransfer(callId: number, actor: VoiceActor): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const call = await this.liveCall(callId);
      this.mustBeConnectedAgent(call, actor);
      const live = call.live as LiveCall;
      const transfer = live.transfer;
      if (transfer?.state !== 'consulting') throw conflict(VOICE_MESSAGES.nothingToComplete);
      const target = transfer.target;
      const next: LiveCall = { ...live, hold: false, transfer: null };
      if (target.kind === 'agent') {
        await saveLive(this.ctx, callId, next, { user_id: target.user_id });
        await appendEvents(this.ctx, callId, [CALL_EVENTS.connected], this.ctx.now());
        await tellAgent(this.ctx, target.user_id, {
          type: 'connected',
          call_id: callId,
          user_id: target.user_id,
        });
      } else if (target.kind === 'number') {
        await saveLive(this.ctx, callId, { ...next, external: target.number }, { user_id: null });
      }
      await tellAgent(this.ctx, actor.id, { type: 'transfer', call_id: callId, state: 'completed' });
      await tellAgent(this.ctx, actor.id, { type: 'ended', call_id: callId, outcome: 0 });
      return this.view(callId);
    });
  }

  /** A transfer under way is called off: the target stops ringing (or leaves), the caller is back. */
  cancelTransfer(callId: number, actor: VoiceActor): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const call = await this.liveCall(callId);
      this.mustBeConnectedAgent(call, actor);
      if (!call.live?.transfer) throw conflict(VOICE_MESSAGES.nothingToCancel);
      await this.endTransfer(call, 'cancelled');
      return this.view(callId);
    });
  }

  /**
   * An outbound call from an agent's softphone: dialled now, the outside party picks up a moment later. The app
   * follows it by its id (the sandbox has no Device to dial).
   */
  async placeOutbound(input: OutboundCall): Promise<OutboundCallAnswer> {
    const call = await createOutboundCall(this.ctx, input, {
      name: 'sandbox',
      sid: sandboxCallSid(),
      status: 'ringing',
    });
    await this.ctx.outbox.send({
      channel: 'call',
      to: input.destination,
      from: input.number.number,
      body: `Call from ${input.agent.name} on ${input.number.label || formatPhone(input.number.number)}.`,
      companyId: input.number.company_id,
    });
    this.wait(call.id, call.live, OUTSIDE_PICKUP_MS, async (current) => {
      const at = this.ctx.now();
      await saveLive(
        this.ctx,
        current.id,
        { ...(current.live as LiveCall), phase: 'connected', connected_at: at.toISOString() },
        { carrier_status: 'in-progress' },
      );
      await appendEvents(this.ctx, current.id, [CALL_EVENTS.connected], at);
      await tellAgent(this.ctx, input.agent.id, {
        type: 'connected',
        call_id: current.id,
        user_id: input.agent.id,
      });
    });
    return {
      kind: 'sandbox',
      call_id: call.id,
      params: { call_id: String(call.id) },
      from: input.number.number,
      to: input.destination,
    };
  }

  /** Where a call stands, as the panel and the tests read it. */
  view(callId: number): Promise<LiveCallView> {
    return liveCallView(this.ctx, callId);
  }

  // ── Routing and its waits ────────────────────────────────────────────────────────────────────────────────

  /** Routes a step of the call and acts on the decision. */
  private async step(call: CallRow, step: RoutingStep, skip: readonly number[] = []): Promise<void> {
    const routed = await routeCall(this.ctx, call, step, { skip });
    const current = await callById(this.ctx, call.id);
    if (!current?.live) return;
    if (!routed) {
      await this.end(current, null, 'failed');
      return;
    }
    await this.act(current, routed);
  }

  private async act(call: CallRow, routed: RoutedStep): Promise<void> {
    const { decision } = routed;
    const action = decision.action;
    const live = call.live as LiveCall;
    switch (action.type) {
      case 'reject':
        return this.end(call, decision.outcome, 'busy');
      case 'hangup':
        return this.end(call, decision.outcome);
      case 'play-greeting-and-gather': {
        const listening: LiveCall = { ...idle(live), phase: 'menu', resume: action.resume };
        await saveLive(this.ctx, call.id, listening);
        this.wait(call.id, listening, action.timeout * 1000, (current) =>
          this.step(current, { ...action.resume, digits: '' }),
        );
        return;
      }
      case 'dial':
        return this.ring(call, routed, action);
      case 'voicemail': {
        const recording: LiveCall = { ...idle(live), phase: 'voicemail', resume: action.resume };
        await saveLive(this.ctx, call.id, recording);
        this.wait(call.id, recording, VOICEMAIL_SPEAKING_MS, (current) =>
          this.leaveVoicemail(current, action),
        );
        return;
      }
      case 'whisper':
      case 'connect':
        // Only a forwarded-to phone's own leg hears these, and the sandbox's phones never pick up.
        return;
    }
  }

  /** Rings the agents (their apps) and phones of a dial until one answers or the ring times out. */
  private async ring(call: CallRow, routed: RoutedStep, action: DialAction): Promise<void> {
    const live = call.live as LiveCall;
    const agents = action.targets.flatMap((target) => (target.kind === 'client' ? [target.userId] : []));
    const phones = action.targets.flatMap((target) => (target.kind === 'number' ? [target.number] : []));
    const next: LiveCall = {
      ...idle(live),
      phase: 'ringing',
      resume: action.resume,
      ringing: agents,
      phones,
      join_token: newJoinToken(),
      record: live.record || action.record,
      transcribe: live.transcribe || action.transcribe,
    };
    await saveLive(this.ctx, call.id, next, { carrier_status: 'ringing' });
    for (const phone of phones) {
      await this.ctx.outbox.send({
        channel: 'call',
        to: phone,
        from: action.callerId,
        body: `Forwarded call from ${formatPhone(call.caller)} to ${routed.number.label || formatPhone(routed.number.number)}; nobody answers a sandbox phone.`,
        companyId: call.company_id,
      });
    }
    const card = await incomingCall(this.ctx, { ...call, live: next }, routed, routed.decision.extension);
    await tellAgents(this.ctx, agents, { type: 'ringing', call: card });
    this.wait(call.id, next, action.timeout * 1000, (current) => this.ringEnded(current, 'no-answer'));
  }

  /** A ring ended unanswered (timed out, or everyone declined): routing goes on from the same dial. */
  private async ringEnded(call: CallRow, outcome: 'no-answer' | 'declined'): Promise<void> {
    const live = call.live as LiveCall;
    if (live.transfer) return this.transferUnanswered(call);
    if (outcome === 'no-answer') await this.stopRinging(call, 'timeout');
    if (live.resume?.kind !== 'after-dial') return this.end(call, null, 'failed');
    await this.step(call, { ...live.resume, outcome });
  }

  /** The simulated caller leaves its message at the tone (or hangs up there, when told not to leave one). */
  private async leaveVoicemail(call: CallRow, action: VoicemailAction): Promise<void> {
    const live = call.live as LiveCall;
    const extension = action.resume.extension;
    if (!live.leaves_voicemail) {
      await this.step(call, { kind: 'after-voicemail', extension, recorded: false });
      return;
    }
    const text = live.script.join(' ');
    const audio = await this.speak(`voice/voicemail-${call.id}.wav`, text);
    await fileVoicemail(this.ctx, call, {
      recordingPath: audio.path,
      duration: audio.seconds,
      transcription: action.transcribe ? text : null,
    });
    await this.step(call, { kind: 'after-voicemail', extension, recorded: true });
  }

  /** A connected call ends (either side hung up): Hangup (3), outcome answered (1), its transcript. */
  private async finishConnected(call: CallRow): Promise<void> {
    const live = call.live as LiveCall;
    if (live.transfer) await this.endTransfer(call, 'cancelled');
    if (live.resume?.kind === 'after-dial') {
      // Connected (12) was recorded at the answer.
      await this.step(call, { ...live.resume, outcome: 'completed' }, [CALL_EVENTS.connected.status]);
      return;
    }
    // An outbound call, or one handed to an outside number: no dial of routing's to resume.
    await appendEvents(this.ctx, call.id, [CALL_EVENTS.hangupAfterConnected], this.ctx.now());
    await this.end(call, 1);
  }

  /** Closes the call: stops any ringing, tells its agent, files the transcript and recording. */
  private async end(call: CallRow, outcome: number | null, carrierStatus = 'completed'): Promise<void> {
    this.cancelWait(call.id);
    const live = call.live as LiveCall;
    await this.stopRinging(call, 'caller-hangup');
    const talked = live.connected_at !== null && (outcome === 1 || call.outcome === 1);
    const transcript = talked && live.transcribe ? scriptTranscript(live.script) : undefined;
    if (talked && live.record) {
      const audio = await this.speak(`voice/call-${call.id}.wav`, live.script.join(' '));
      await this.ctx.db.update(calls).set({ recording_path: audio.path }).where(eq(calls.id, call.id));
    }
    const closed = await closeCall(this.ctx, call.id, {
      outcome,
      carrierStatus,
      ...(transcript ? { transcript } : {}),
    });
    if (live.phase === 'connected' && call.user_id) {
      await tellAgent(this.ctx, call.user_id, {
        type: 'ended',
        call_id: call.id,
        outcome: closed?.outcome ?? 0,
      });
    }
  }

  private async stopRinging(call: CallRow, reason: 'caller-hangup' | 'timeout'): Promise<void> {
    const live = call.live;
    if (live?.phase !== 'ringing') return;
    const still = live.ringing.filter((id) => !live.declined.includes(id));
    await tellAgents(this.ctx, still, { type: 'stopped', call_id: call.id, reason, answered_by: null });
  }

  // ── Transfers ────────────────────────────────────────────────────────────────────────────────────────────

  /** The warm transfer's target answered: the agent and the target talk; the caller waits on hold. */
  private async answerWarmTransfer(call: CallRow, actor: VoiceActor): Promise<LiveCallView> {
    const live = call.live as LiveCall;
    const transfer = live.transfer;
    if (!transfer) throw conflict(VOICE_MESSAGES.noLongerRinging);
    this.cancelWait(call.id);
    await saveLive(this.ctx, call.id, {
      ...live,
      phase: 'connected',
      ringing: [],
      declined: [],
      transfer: { ...transfer, state: 'consulting' },
    });
    await tellAgent(this.ctx, transfer.from_user_id, {
      type: 'transfer',
      call_id: call.id,
      state: 'consulting',
    });
    await tellAgent(this.ctx, actor.id, { type: 'connected', call_id: call.id, user_id: actor.id });
    return this.view(call.id);
  }

  /** The outside number of a warm transfer picked up: the agent consults with them. */
  private async consult(call: CallRow): Promise<void> {
    const live = call.live as LiveCall;
    if (!live.transfer) return;
    await saveLive(this.ctx, call.id, { ...live, transfer: { ...live.transfer, state: 'consulting' } });
    await tellAgent(this.ctx, live.transfer.from_user_id, {
      type: 'transfer',
      call_id: call.id,
      state: 'consulting',
    });
  }

  /**
   * Nobody took the transfer. Warm: the caller is back with the agent. Blind: the agent is gone, so the caller
   * goes to voicemail rather than a dead end.
   */
  private async transferUnanswered(call: CallRow): Promise<void> {
    const live = call.live as LiveCall;
    const transfer = live.transfer;
    if (!transfer) return;
    if (transfer.kind === 'warm') {
      await this.endTransfer(call, 'failed');
      return;
    }
    await this.stopRinging(call, 'timeout');
    await tellAgent(this.ctx, transfer.from_user_id, { type: 'transfer', call_id: call.id, state: 'failed' });
    await saveLive(this.ctx, call.id, { ...idle(live), transfer: null, hold: false, connected_at: null });
    const moved = await this.liveCall(call.id);
    await this.step(moved, { kind: 'overflow', extension: call.extension });
  }

  /** A warm transfer ends without handing over: the target stops ringing or leaves, the caller is back. */
  private async endTransfer(call: CallRow, state: 'cancelled' | 'failed'): Promise<void> {
    const live = call.live as LiveCall;
    const transfer = live.transfer;
    if (!transfer) return;
    this.cancelWait(call.id);
    if (transfer.target.kind === 'agent') {
      const target = transfer.target.user_id;
      if (transfer.state === 'ringing') {
        if (!live.declined.includes(target)) {
          await tellAgent(this.ctx, target, {
            type: 'stopped',
            call_id: call.id,
            reason: 'timeout',
            answered_by: null,
          });
        }
      } else {
        await tellAgent(this.ctx, target, { type: 'ended', call_id: call.id, outcome: 0 });
      }
    }
    await saveLive(this.ctx, call.id, {
      ...live,
      phase: 'connected',
      ringing: [],
      declined: [],
      hold: false,
      transfer: null,
    });
    await tellAgent(this.ctx, transfer.from_user_id, { type: 'transfer', call_id: call.id, state });
  }

  // ── Helpers ──────────────────────────────────────────────────────────────────────────────────────────────

  /** Runs acts on one call one at a time, in the order they came. */
  private inTurn<T>(callId: number, act: () => Promise<T>): Promise<T> {
    return this.queue.run(callId, act);
  }

  /**
   * Waits `ms`, then (in turn, if the call is still at the stage of `setFor`, the live state the wait was set
   * for) runs `then`. A new wait replaces the last.
   */
  private wait(
    callId: number,
    setFor: LiveCall | null,
    ms: number,
    then: (call: CallRow) => Promise<void>,
  ): void {
    this.cancelWait(callId);
    const stage = setFor ? stageOf(setFor) : null;
    const cancel = this.timers.after(ms, () => {
      this.waits.delete(callId);
      this.inTurn(callId, async () => {
        const call = await callById(this.ctx, callId);
        if (call?.live && stageOf(call.live) === stage) await then(call);
      }).catch((error: unknown) => {
        console.error(`sandbox call ${callId}: a timed step failed`, error);
      });
    });
    this.waits.set(callId, cancel);
  }

  private cancelWait(callId: number): void {
    this.waits.get(callId)?.();
    this.waits.delete(callId);
  }

  private async liveCall(callId: number): Promise<CallRow> {
    const call = await callById(this.ctx, callId);
    if (!call) throw new HttpError(404, 'The call was not found.');
    if (!call.live) throw conflict(VOICE_MESSAGES.callEnded);
    return call;
  }

  private mustBeConnectedAgent(call: CallRow, actor: VoiceActor): void {
    if (call.live?.phase !== 'connected' || call.user_id !== actor.id) {
      throw forbidden(VOICE_MESSAGES.notYourCall);
    }
  }

  /** Why a call cannot be answered: who took it, or that it no longer rings. */
  private async notRinging(call: CallRow | undefined): Promise<HttpError> {
    const answeredBy = call?.live?.phase === 'connected' ? await personOf(this.ctx, call.user_id) : null;
    if (answeredBy)
      return conflict(VOICE_MESSAGES.answeredBy(answeredBy.name), { answered_by: [answeredBy.name] });
    return conflict(VOICE_MESSAGES.noLongerRinging);
  }

  /**
   * Renders what the simulated caller says into a WAV in the data folder: espeak-ng where installed, else a
   * tone as long as the words would take (still real audio, so players and downloads work).
   */
  private async speak(relativePath: string, text: string): Promise<{ path: string; seconds: number }> {
    let wav: Buffer;
    try {
      wav = await this.ctx.tts.speak(text);
    } catch {
      const words = text.split(/\s+/).filter(Boolean).length;
      wav = demoWav(Math.ceil(words / 2.5), words);
    }
    const path = mediaPath(this.ctx, relativePath);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, wav);
    return { path: relativePath, seconds: wavSeconds(wav) };
  }
}

/**
 * Where a call stands, as far as its waits care: what it is doing (phase, the step routing resumes from), which
 * ring (each has its own join token) and where a transfer is. A wait set at one stage does nothing at another;
 * a decline, a hold or keys pressed leave the stage as it was.
 */
function stageOf(live: LiveCall): string {
  return canonicalJson([
    live.phase,
    live.resume,
    live.join_token,
    live.transfer?.kind ?? null,
    live.transfer?.state ?? null,
    live.external,
  ]);
}

/** JSON with every object's keys sorted: the state as saved and as read back (jsonb reorders keys) compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** A live state with nothing ringing: before the call moves to its next wait. */
function idle(live: LiveCall): LiveCall {
  return { ...live, ringing: [], declined: [], phones: [] };
}

/** A PCM WAV's length in whole seconds (at least 1), from its header. */
export function wavSeconds(wav: Buffer): number {
  if (wav.length < 44 || wav.toString('latin1', 0, 4) !== 'RIFF') return 1;
  const byteRate = wav.readUInt32LE(28);
  const dataBytes = Math.max(0, wav.length - 44);
  return byteRate > 0 ? Math.max(1, Math.round(dataBytes / byteRate)) : 1;
}
