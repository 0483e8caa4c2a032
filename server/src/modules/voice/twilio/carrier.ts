/**
 * Twilio as the voice carrier: an agent's decline and outbound call, and the holds and transfers of the calls
 * Twilio carries ("Twilio via conferences; sandbox alike") through Twilio's REST API, with the sandbox network's
 * checks, messages and agent events (../sandbox/carrier.ts is the reference; the agent endpoints send a sandbox
 * call there and a Twilio call here). The composition root builds it once, with the REST client (null without
 * Twilio configured: a Twilio call's acts then answer 503).
 *
 * - Blind, to an agent or a number: the caller's call gets new TwiML at once (`calls(callerSid).update({ twiml
 *   })`) dialling the target — an agent's app with the call id, join token and whisper URL of a ring — with an
 *   action URL that resumes routing (`via=transfer`: unanswered, the caller overflows to voicemail). New TwiML on
 *   the caller's call ends its bridge to the first agent, who is told `ended`.
 * - Blind, to an extension: routing's decision for that key, as if the caller pressed it (after-gather), as
 *   TwiML pushed the same way.
 * - Hold and warm transfers use a conference named after the call (`call-<id>`). A bridged call is moved into it
 *   by giving the agent's leg the conference's TwiML; Twilio then ends the caller's dial and asks its action URL,
 *   which answers the same conference for the caller (./service.ts). Giving the caller's call new TwiML instead
 *   would hang up the agent's leg. Hold is the Participant API's (`participants(callerSid).update({ hold })`, no
 *   holdUrl: Twilio's default hold music), applied once the conference reports the caller joined.
 * - Warm: the caller is held; the target joins as a participant (`conferences(name).participants.create`, from
 *   the tracked number to `client:user-N?call_id=…&join_token=…` or the number); their joining is the answer
 *   (consulting). Complete: the target is made to end the conference when they leave, the first agent is
 *   removed, the caller taken off hold. Cancel: a ringing target's call is hung up, a consulted one's participant
 *   removed, the caller taken off hold; the target leaving, not answering or declining does the same.
 * Acts on one call run in turn (a queue per call), conference events included. Twilio refusing answers 502 with
 * its reason; without Twilio configured, 503.
 */
import { callingIdentity } from '@shared/api/inAppCalling';
import {
  type LiveCallView,
  type OutboundCallAnswer,
  type TransferRequest,
  VOICE_MESSAGES,
} from '@shared/api/voice';
import { normalizePhone } from '@shared/domain/phone';
import type { TwilioVoiceClient } from '../../../carriers/twilio';
import type { OutboundCall, TwilioVoiceCarrier, VoiceActor } from '../../../carriers/voice';
import type { AppContext } from '../../../http/context';
import { conflict, forbidden, HttpError, invalid } from '../../../lib/errors';
import { routingUrls } from '../../../routing/callbacks';
import { EVENTS as CALL_EVENTS } from '../../../routing/events';
import { toTwiml } from '../../../routing/twiml';
import type { DialResume, DialTarget } from '../../../routing/types';
import { CallQueue, callLockFor } from '../callQueue';
import type { LiveCall, LiveConference, LiveTransfer } from '../live';
import { appendEvents, type CallRow, callById, createOutboundCall, newJoinToken, saveLive } from '../records';
import { extensionKey, incomingCall, numberCardOf, tellAgent } from '../ringing';
import { availableAgent, isWarmTarget, TRANSFER_RING_MS } from '../service';
import { liveCallView } from '../view';
import { twimlForStep } from './service';
import { actionUrl, conferenceName, conferenceTwiml, conferenceUrl, voiceUrl } from './view';

/** A connected Twilio call an agent acts on, with what every act needs. */
interface Connected {
  call: CallRow;
  live: LiveCall;
  client: TwilioVoiceClient;
  /** The caller's call (the parent of the agent's leg). */
  callerSid: string;
  /** The dial that connected it: a transfer's dial resumes routing from there. */
  resume: DialResume;
}

type Target = { kind: 'agent'; user: VoiceActor } | { kind: 'number'; number: string };

const field = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

export class TwilioVoice implements TwilioVoiceCarrier {
  readonly name = 'twilio';
  private readonly queue: CallQueue;

  constructor(
    private readonly ctx: AppContext,
    private readonly client: TwilioVoiceClient | null,
  ) {
    // Conference events and agents' acts on one call may reach different instances: they take turns across them.
    this.queue = new CallQueue(callLockFor(ctx.cluster));
  }

  /**
   * An outbound call from an agent's app: the call record now (so the app can show it at once), dialled when
   * Twilio asks the TwiML app's voice URL with the `call_id` parameter.
   */
  async placeOutbound(input: OutboundCall): Promise<OutboundCallAnswer> {
    const call = await createOutboundCall(this.ctx, input, { name: 'twilio', sid: null, status: 'queued' });
    return {
      kind: 'twilio',
      call_id: call.id,
      params: { To: input.destination, call_id: String(call.id) },
      from: input.number.number,
      to: input.destination,
    };
  }

  /** An agent declines a call ringing them through Twilio (their Device rejects the leg; this records it). */
  async decline(callId: number, actor: VoiceActor, joinToken: string): Promise<void> {
    const userId = actor.id;
    const call = await callById(this.ctx, callId);
    const live = call?.live;
    // A warm transfer rings its target while the call stays connected to the agent who transfers it.
    const ringsUser = live?.phase === 'ringing' || (live && isWarmTarget(live, userId));
    if (!call || !live || !ringsUser) throw new HttpError(409, VOICE_MESSAGES.noLongerRinging);
    if (!live.ringing.includes(userId)) throw forbidden(VOICE_MESSAGES.notRingingYou);
    if (joinToken !== live.join_token) throw forbidden(VOICE_MESSAGES.wrongJoinToken);
    if (live.declined.includes(userId)) return;
    await saveLive(this.ctx, call.id, { ...live, declined: [...live.declined, userId] });
    await tellAgent(this.ctx, userId, {
      type: 'stopped',
      call_id: call.id,
      reason: 'declined',
      answered_by: null,
    });
  }

  /** Twilio keeps the waits (rings, menus) itself: nothing here to stop. */
  stop(): void {}

  /** The connected agent puts the caller on hold (moving a bridged call into its conference) or off it. */
  hold(callId: number, actor: VoiceActor, hold: boolean): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const { call, live, client, callerSid } = await this.connected(callId, actor);
      if (live.conference) {
        await this.holdCaller(client, live.conference, callerSid, hold);
        await saveLive(this.ctx, callId, { ...live, hold });
      } else if (hold) {
        await this.enterConference(client, call, { ...live, hold: true });
      } else {
        await saveLive(this.ctx, callId, { ...live, hold: false });
      }
      await tellAgent(this.ctx, actor.id, { type: 'held', call_id: callId, hold });
      return liveCallView(this.ctx, callId);
    });
  }

  /** Transfers the connected call: blind (the agent leaves at once) or warm (the caller waits on hold). */
  transfer(callId: number, actor: VoiceActor, request: TransferRequest): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const connected = await this.connected(callId, actor);
      if (connected.live.transfer) throw conflict(VOICE_MESSAGES.transferUnderWay);
      const to = request.to;
      if (request.kind === 'warm' && to.kind === 'extension') {
        throw invalid({ 'to.kind': [VOICE_MESSAGES.warmToExtension] });
      }
      if (to.kind === 'extension') return this.blindToExtension(connected, actor, Number(to.extension));
      let target: Target;
      if (to.kind === 'agent') {
        if (Number(to.user_id) === actor.id) throw invalid({ 'to.user_id': [VOICE_MESSAGES.transferToSelf] });
        target = {
          kind: 'agent',
          user: await availableAgent(this.ctx, connected.call.company_id, Number(to.user_id)),
        };
      } else {
        const number = normalizePhone(to.number);
        if (!number) throw invalid({ 'to.number': [`"${to.number}" is not a valid phone number.`] });
        target = { kind: 'number', number };
      }
      return request.kind === 'blind'
        ? this.blind(connected, actor, target)
        : this.warm(connected, actor, target);
    });
  }

  /** A warm transfer hands the caller to the consulted target; the first agent leaves the conference. */
  completeTransfer(callId: number, actor: VoiceActor): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const { live, client, callerSid } = await this.connected(callId, actor);
      const transfer = live.transfer;
      const conference = live.conference;
      const targetLeg = conference?.target_leg_sid;
      if (transfer?.state !== 'consulting' || !conference || !targetLeg) {
        throw conflict(VOICE_MESSAGES.nothingToComplete);
      }
      const sid = await this.conferenceSid(client, conference);
      const participants = client.conferences(sid).participants;
      // The target now ends the call by hanging up, as the agent did; the agent may leave without ending it.
      await rest(() => participants(targetLeg).update({ endConferenceOnExit: true }));
      const agentLeg = live.agent_leg_sid;
      if (agentLeg) {
        await rest(() => participants(agentLeg).update({ endConferenceOnExit: false }));
        await rest(() => participants(agentLeg).remove());
      }
      await rest(() => participants(callerSid).update({ hold: false }));
      const next: LiveCall = {
        ...live,
        hold: false,
        transfer: null,
        ringing: [],
        declined: [],
        conference: { ...conference, sid, target_leg_sid: null },
      };
      if (transfer.target.kind === 'agent') {
        const userId = transfer.target.user_id;
        await saveLive(this.ctx, callId, { ...next, agent_leg_sid: targetLeg }, { user_id: userId });
        await appendEvents(this.ctx, callId, [CALL_EVENTS.connected], this.ctx.now());
        await tellAgent(this.ctx, userId, { type: 'connected', call_id: callId, user_id: userId });
      } else if (transfer.target.kind === 'number') {
        await saveLive(
          this.ctx,
          callId,
          { ...next, agent_leg_sid: null, external: transfer.target.number },
          { user_id: null },
        );
      }
      await tellAgent(this.ctx, actor.id, { type: 'transfer', call_id: callId, state: 'completed' });
      await tellAgent(this.ctx, actor.id, { type: 'ended', call_id: callId, outcome: 0 });
      return liveCallView(this.ctx, callId);
    });
  }

  /** A transfer under way is called off: the target stops ringing or leaves, the caller is back. */
  cancelTransfer(callId: number, actor: VoiceActor): Promise<LiveCallView> {
    return this.inTurn(callId, async () => {
      const { call, client, callerSid } = await this.connected(callId, actor);
      if (!call.live?.transfer) throw conflict(VOICE_MESSAGES.nothingToCancel);
      await this.endTransfer(client, call, callerSid, 'cancelled', true);
      return liveCallView(this.ctx, callId);
    });
  }

  /**
   * The conference webhook: a participant of a call's conference joined or left (the conference's sid is kept
   * from the first event), or a warm transfer's target's call ended (`leg=target`). The caller joining while
   * held is put on hold; the target joining is their answer (consulting); the target leaving, or their call
   * ending unanswered, ends the transfer with the caller back with the agent.
   */
  conferenceEvent(query: Record<string, unknown>, body: Record<string, unknown>): Promise<void> {
    const fromQuery = typeof query.call === 'string' ? query.call : '';
    const fromName = /^call-(\d+)$/.exec(field(body, 'FriendlyName'))?.[1] ?? '';
    const callId = Number(fromQuery || fromName);
    if (!Number.isSafeInteger(callId) || callId <= 0) return Promise.resolve();
    return this.inTurn(callId, async () => {
      const call = await callById(this.ctx, callId);
      const live = call?.live;
      const client = this.client;
      if (!call?.carrier_sid || !live || live.carrier !== 'twilio' || !live.conference || !client) return;
      const leg = field(body, 'CallSid');
      if (query.leg === 'target') {
        if (leg === live.conference.target_leg_sid && live.transfer) {
          const state = live.transfer.state === 'consulting' ? 'cancelled' : 'failed';
          await this.endTransfer(client, call, call.carrier_sid, state, false);
        }
        return;
      }
      if (field(body, 'FriendlyName') !== live.conference.name) return;
      const sid = field(body, 'ConferenceSid');
      let current = call;
      if (sid && !live.conference.sid) {
        const next: LiveCall = { ...live, conference: { ...live.conference, sid } };
        await saveLive(this.ctx, callId, next);
        current = { ...call, live: next };
      }
      const event = field(body, 'StatusCallbackEvent');
      if (event === 'participant-join') await this.joined(client, current, leg);
      else if (event === 'participant-leave') await this.left(client, current, leg);
    });
  }

  // ── Blind ────────────────────────────────────────────────────────────────────────────────────────────────

  /** The caller's call dials the target now; the agent's bridge ends with it. */
  private async blind(connected: Connected, actor: VoiceActor, target: Target): Promise<LiveCallView> {
    const { call, live, client, callerSid, resume } = connected;
    const toAgent = target.kind === 'agent';
    const transfer: LiveTransfer | null = toAgent
      ? {
          kind: 'blind',
          from_user_id: actor.id,
          target: { kind: 'agent', user_id: target.user.id },
          state: 'ringing',
        }
      : null;
    const next: LiveCall = {
      ...live,
      phase: toAgent ? 'ringing' : 'connected',
      ringing: toAgent ? [target.user.id] : [],
      declined: [],
      phones: [],
      join_token: toAgent ? newJoinToken() : live.join_token,
      hold: false,
      agent_leg_sid: null,
      conference: null,
      external: toAgent ? null : target.number,
      transfer,
    };
    const twiml = this.transferDial(call, next, resume, target);
    // Twilio first: when it refuses, nothing changed.
    await rest(() => client.calls(callerSid).update({ twiml }));
    await saveLive(this.ctx, call.id, next, { user_id: null });
    await tellAgent(this.ctx, actor.id, { type: 'ended', call_id: call.id, outcome: 0 });
    if (target.kind === 'agent') {
      const moved = { ...call, live: next, user_id: null };
      const card = await incomingCall(
        this.ctx,
        moved,
        await numberCardOf(this.ctx, call),
        call.extension,
        actor.id,
      );
      await tellAgent(this.ctx, target.user.id, { type: 'ringing', call: card });
    }
    return liveCallView(this.ctx, call.id);
  }

  /** As if the caller pressed the extension's key: routing rings it, and the caller's call gets that TwiML. */
  private async blindToExtension(
    connected: Connected,
    actor: VoiceActor,
    extension: number,
  ): Promise<LiveCallView> {
    const { call, live, client, callerSid } = connected;
    const routed = await numberCardOf(this.ctx, call);
    if (!routed.number.routes.some((r) => (r.extension ?? 1) === extension)) {
      throw invalid({ 'to.extension': [VOICE_MESSAGES.noSuchExtension(extensionKey(extension))] });
    }
    const left: LiveCall = {
      ...live,
      hold: false,
      connected_at: null,
      agent_leg_sid: null,
      conference: null,
    };
    await saveLive(this.ctx, call.id, left, { user_id: null });
    const twiml = await twimlForStep(
      this.ctx,
      { ...call, live: left, user_id: null },
      { kind: 'after-gather', attempt: 1, digits: extensionKey(extension) },
    );
    await rest(() => client.calls(callerSid).update({ twiml }));
    await tellAgent(this.ctx, actor.id, { type: 'ended', call_id: call.id, outcome: 0 });
    return liveCallView(this.ctx, call.id);
  }

  /**
   * The TwiML of a transfer's dial: the target agent's app (with the call id, join token and whisper URL of a
   * ring: its answer is the claim) or the number, ringing 20 s, whose end resumes routing (`via=transfer`).
   */
  private transferDial(call: CallRow, next: LiveCall, resume: DialResume, target: Target): string {
    const targets: DialTarget[] =
      target.kind === 'agent'
        ? [{ kind: 'client', identity: callingIdentity(target.user.id), userId: target.user.id }]
        : [{ kind: 'number', number: target.number }];
    const urls = routingUrls(voiceUrl(this.ctx));
    return toTwiml(
      {
        action: {
          type: 'dial',
          greeting: null,
          mode: 'simultaneous',
          targets,
          timeout: TRANSFER_RING_MS / 1000,
          // Agents see who is calling; an outside phone sees the tracked number (a number of the account).
          callerId: target.kind === 'agent' ? (normalizePhone(call.caller) ?? call.called) : call.called,
          whisper: null,
          // The call's recording is its first connection's; transcription, once started, goes on.
          record: false,
          transcribe: false,
          holdMusicId: null,
          resume,
        },
        events: [],
        outcome: null,
        extension: call.extension,
        roundRobin: null,
        alertEmail: null,
        // Only rendered, never recorded: the call was answered before it was transferred.
        missedReason: null,
      },
      { ...urls, action: (r) => actionUrl(this.ctx, r, 'transfer') },
      { clientParameters: { call_id: String(call.id), join_token: next.join_token } },
    );
  }

  // ── Warm, through the conference ─────────────────────────────────────────────────────────────────────────

  /** The caller on hold in the call's conference, the target added to it as a participant. */
  private async warm(connected: Connected, actor: VoiceActor, target: Target): Promise<LiveCallView> {
    const { call, live, client, callerSid } = connected;
    const transfer: LiveTransfer = {
      kind: 'warm',
      from_user_id: actor.id,
      target: target.kind === 'agent' ? { kind: 'agent', user_id: target.user.id } : target,
      state: 'ringing',
    };
    let next: LiveCall = {
      ...live,
      hold: true,
      transfer,
      ringing: target.kind === 'agent' ? [target.user.id] : [],
      declined: [],
      join_token: target.kind === 'agent' ? newJoinToken() : live.join_token,
    };
    if (live.conference) {
      await this.holdCaller(client, live.conference, callerSid, true);
      await saveLive(this.ctx, call.id, next);
    } else {
      next = await this.enterConference(client, call, next);
    }
    const conference = next.conference as LiveConference;
    let added: { callSid: string };
    try {
      added = await rest(() =>
        client.conferences(conference.name).participants.create({
          from: call.called,
          to:
            target.kind === 'agent'
              ? `client:${callingIdentity(target.user.id)}?${new URLSearchParams({ call_id: String(call.id), join_token: next.join_token })}`
              : target.number,
          label: 'transfer-target',
          timeout: TRANSFER_RING_MS / 1000,
          beep: 'false',
          earlyMedia: true,
          startConferenceOnEnter: true,
          endConferenceOnExit: false,
          statusCallback: `${conferenceUrl(this.ctx)}?${new URLSearchParams({ call: String(call.id), leg: 'target' })}`,
          statusCallbackMethod: 'POST',
          statusCallbackEvent: ['completed'],
          conferenceStatusCallback: conferenceUrl(this.ctx),
          conferenceStatusCallbackMethod: 'POST',
          conferenceStatusCallbackEvent: ['join', 'leave'],
        }),
      );
    } catch (error) {
      // Nobody to ring: the caller stays in the conference with the agent, off hold.
      await this.holdCaller(client, conference, callerSid, false).catch(() => undefined);
      await saveLive(this.ctx, call.id, { ...next, hold: false, transfer: null, ringing: [] });
      throw error;
    }
    next = { ...next, conference: { ...conference, target_leg_sid: added.callSid } };
    await saveLive(this.ctx, call.id, next);
    await tellAgent(this.ctx, actor.id, { type: 'transfer', call_id: call.id, state: 'ringing' });
    if (target.kind === 'agent') {
      const card = await incomingCall(
        this.ctx,
        { ...call, live: next },
        await numberCardOf(this.ctx, call),
        call.extension,
        actor.id,
      );
      await tellAgent(this.ctx, target.user.id, { type: 'ringing', call: card });
    }
    return liveCallView(this.ctx, call.id);
  }

  /**
   * Moves a bridged call into its conference: the agent's leg gets the conference's TwiML, and the caller
   * follows from their dial's action URL (./service.ts answers the conference there). Saved first, since that
   * callback and the conference's events read it; put back when Twilio refuses.
   */
  private async enterConference(client: TwilioVoiceClient, call: CallRow, next: LiveCall): Promise<LiveCall> {
    const agentLeg = next.agent_leg_sid;
    if (!agentLeg) throw conflict(VOICE_MESSAGES.agentLegUnknown);
    const moved: LiveCall = {
      ...next,
      conference: { name: conferenceName(call.id), sid: null, target_leg_sid: null },
    };
    await saveLive(this.ctx, call.id, moved);
    try {
      const twiml = conferenceTwiml(this.ctx, { ...call, live: moved }, 'agent');
      await rest(() => client.calls(agentLeg).update({ twiml }));
    } catch (error) {
      await saveLive(this.ctx, call.id, call.live);
      throw error;
    }
    return moved;
  }

  /** Holds the caller (or takes them off hold) in the conference; before it reports them, their join will. */
  private async holdCaller(
    client: TwilioVoiceClient,
    conference: LiveConference,
    callerSid: string,
    hold: boolean,
  ): Promise<void> {
    const sid = conference.sid;
    if (!sid) return;
    await rest(() => client.conferences(sid).participants(callerSid).update({ hold }));
  }

  /** A participant joined: the held caller is put on hold; the warm transfer's target answered. */
  private async joined(client: TwilioVoiceClient, call: CallRow, leg: string): Promise<void> {
    const live = call.live as LiveCall;
    const conference = live.conference as LiveConference;
    if (leg === call.carrier_sid && live.hold) {
      await this.holdCaller(client, conference, leg, true).catch((error: unknown) => {
        console.error(`twilio call ${call.id}: holding the caller failed`, error);
      });
      return;
    }
    const transfer = live.transfer;
    if (leg !== conference.target_leg_sid || transfer?.kind !== 'warm' || transfer.state !== 'ringing')
      return;
    await saveLive(this.ctx, call.id, {
      ...live,
      ringing: [],
      declined: [],
      transfer: { ...transfer, state: 'consulting' },
    });
    await tellAgent(this.ctx, transfer.from_user_id, {
      type: 'transfer',
      call_id: call.id,
      state: 'consulting',
    });
    if (transfer.target.kind === 'agent') {
      const userId = transfer.target.user_id;
      await tellAgent(this.ctx, userId, { type: 'connected', call_id: call.id, user_id: userId });
    }
  }

  /** The warm transfer's target left before the call was handed over: the caller is back with the agent. */
  private async left(client: TwilioVoiceClient, call: CallRow, leg: string): Promise<void> {
    const live = call.live as LiveCall;
    if (!live.transfer || !call.carrier_sid || leg !== live.conference?.target_leg_sid) return;
    const state = live.transfer.state === 'consulting' ? 'cancelled' : 'failed';
    await this.endTransfer(client, call, call.carrier_sid, state, false);
  }

  /**
   * A warm transfer ends without handing over: the target's ring is hung up, or their participant removed
   * (`removeTarget`, when the agent calls it off), the caller is taken off hold, everyone is told.
   */
  private async endTransfer(
    client: TwilioVoiceClient,
    call: CallRow,
    callerSid: string,
    state: 'cancelled' | 'failed',
    removeTarget: boolean,
  ): Promise<void> {
    const live = call.live as LiveCall;
    const transfer = live.transfer;
    if (!transfer) return;
    const conference = live.conference;
    const targetLeg = conference?.target_leg_sid;
    if (conference && removeTarget && targetLeg) {
      if (transfer.state === 'ringing') {
        await rest(() => client.calls(targetLeg).update({ status: 'completed' }));
      } else {
        const sid = await this.conferenceSid(client, conference);
        await rest(() => client.conferences(sid).participants(targetLeg).remove());
      }
    }
    if (conference) {
      await this.holdCaller(client, conference, callerSid, false).catch((error: unknown) => {
        if (removeTarget) throw error;
        console.error(`twilio call ${call.id}: taking the caller off hold failed`, error);
      });
    }
    if (transfer.target.kind === 'agent') {
      const target = transfer.target.user_id;
      if (transfer.state === 'consulting') {
        await tellAgent(this.ctx, target, { type: 'ended', call_id: call.id, outcome: 0 });
      } else if (!live.declined.includes(target)) {
        await tellAgent(this.ctx, target, {
          type: 'stopped',
          call_id: call.id,
          reason: 'timeout',
          answered_by: null,
        });
      }
    }
    await saveLive(this.ctx, call.id, {
      ...live,
      phase: 'connected',
      ringing: [],
      declined: [],
      hold: false,
      transfer: null,
      conference: conference ? { ...conference, target_leg_sid: null } : null,
    });
    await tellAgent(this.ctx, transfer.from_user_id, { type: 'transfer', call_id: call.id, state });
  }

  // ── Helpers ──────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * The call, if it is this agent's connected Twilio call that can be moved: configured (503), theirs (403),
   * an inbound call routing dialled (the caller's call is the parent of the agent's leg).
   */
  private async connected(callId: number, actor: VoiceActor): Promise<Connected> {
    const call = await callById(this.ctx, callId);
    if (!call) throw new HttpError(404, 'The call was not found.');
    const live = call.live;
    if (!live) throw conflict(VOICE_MESSAGES.callEnded);
    const client = this.client;
    if (!client) throw new HttpError(503, VOICE_MESSAGES.twilioNotConfigured);
    if (live.phase !== 'connected' || call.user_id !== actor.id) throw forbidden(VOICE_MESSAGES.notYourCall);
    const resume = live.resume;
    if (!call.is_inbound || !call.carrier_sid || resume?.kind !== 'after-dial') {
      throw conflict(VOICE_MESSAGES.notMovable);
    }
    return { call, live, client, callerSid: call.carrier_sid, resume };
  }

  /** The conference's sid: from its events, else looked up by its name while it is in progress. */
  private async conferenceSid(client: TwilioVoiceClient, conference: LiveConference): Promise<string> {
    if (conference.sid) return conference.sid;
    const [found] = await rest(() =>
      client.conferences.list({ friendlyName: conference.name, status: 'in-progress', limit: 1 }),
    );
    if (!found) throw conflict(VOICE_MESSAGES.conferenceNotStarted);
    return found.sid;
  }

  /** Runs acts on one call one at a time, in the order they came. */
  private inTurn<T>(callId: number, act: () => Promise<T>): Promise<T> {
    return this.queue.run(callId, act);
  }
}

/** A REST request to Twilio; its refusal (or Twilio out of reach) answers 502 with the reason. */
async function rest<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError(502, VOICE_MESSAGES.twilioRefused(reason));
  }
}
