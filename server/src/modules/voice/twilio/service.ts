/**
 * What Twilio's voice webhooks do (./routes.ts receives them), driving the routing engine (routing/twiml.ts
 * writes the answers):
 * - a call arrives (no step in the query), or goes on to its next step (the resume state in the query, written
 *   by routing's callbacks). An agent's app answering is reported at the whisper step of its `<Client>` leg:
 *   that is the claim (Twilio itself connects only the first leg to answer). A call placed from an agent's app
 *   (From `client:user-N`) dials its destination from the tracked number.
 * - the call's status only moves forward; a finished call is closed if routing did not.
 * - recordings, live transcription and voicemail transcriptions are kept with the call.
 * Idempotent on CallSid: the first webhook creates the call once; a replayed step (same query and key fields)
 * answers the same TwiML and records nothing. The whisper steps run on the agent's (child) leg: the call is
 * found by its ParentCallSid, and the child's sid kept as the agent's leg (holds and transfers move it).
 * Holds and transfers (./carrier.ts) mark the action URLs they write with `via`: `transfer` (a transfer's
 * dial: unanswered, the caller overflows to voicemail) or `conference` (the caller's conference ended).
 */
import { callingIdentity } from '@shared/api/inAppCalling';
import { and, eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { calls, voicemails } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { HttpError } from '../../../lib/errors';
import { parseStep, routingUrls } from '../../../routing/callbacks';
import { EVENTS as CALL_EVENTS } from '../../../routing/events';
import { toTwiml } from '../../../routing/twiml';
import type { RoutingStep } from '../../../routing/types';
import { trackedNumber } from '../../inbound/service';
import { receiveCall, ringAgents } from '../arrival';
import type { LiveCall } from '../live';
import {
  appendEvents,
  type CallRow,
  callById,
  callBySid,
  closeCall,
  fileVoicemail,
  initialLive,
  liveAfter,
  saveLive,
} from '../records';
import { incomingCall, personOf, tellAgent, tellAgents } from '../ringing';
import { routeCall } from '../session';
import { conferenceTwiml, EMPTY_TWIML, say, voiceUrl } from './view';

/** Twilio's CallStatus values in the order a call goes through them; the last five all end it. */
const STATUS_RANK: Readonly<Record<string, number>> = {
  queued: 0,
  initiated: 1,
  ringing: 2,
  'in-progress': 3,
  completed: 4,
  busy: 4,
  failed: 4,
  'no-answer': 4,
  canceled: 4,
};

const field = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

/** What makes a step's callback unique: the query routing wrote (in the request's `url`) and the fields Twilio reports. */
function stepKey(url: string, body: Record<string, unknown>): string {
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  const keys = ['Digits', 'DialCallSid', 'DialCallStatus', 'RecordingSid', 'To'];
  return [query, ...keys.map((key) => field(body, key))].join('|');
}

/** One voice webhook: a new call, an agent's app placing one, or the next step of a call under way. */
export async function voiceStep(
  ctx: AppContext,
  url: string,
  query: Record<string, unknown>,
  body: Record<string, unknown>,
): Promise<string> {
  const sid = field(body, 'CallSid');
  if (!sid) throw new HttpError(422, 'CallSid is missing.', { CallSid: ['CallSid is missing.'] });
  if (field(body, 'From').startsWith('client:') && !query.step) return outboundTwiml(ctx, sid, body);

  const step = parseStep(query, body);
  if (!step) throw new HttpError(422, 'The step of this callback is not one routing wrote.');
  const urls = routingUrls(voiceUrl(ctx));

  // A new call: routed and recorded in one go (../arrival.ts), its ring cards sent as the TwiML answers.
  if (step.kind === 'start') {
    const number = await trackedNumber(ctx, field(body, 'To'));
    if (!number) return say('The number you called is not in service. Goodbye.');
    const arrival = await receiveCall(ctx, {
      number,
      from: field(body, 'From'),
      carrierSid: sid,
      live: initialLive({ carrier: 'twilio', callerState: field(body, 'FromState') || null }),
    });
    if (!arrival.created) return answer(ctx, arrival.call, step, urls, true);
    ringAgents(ctx, arrival);
    return toTwiml(arrival.routed.decision, urls, {
      clientParameters: { call_id: String(arrival.call.id), join_token: arrival.call.live?.join_token ?? '' },
    });
  }

  // The whisper steps run on the dialled (child) leg: the caller's call is its parent.
  const parentSid = field(body, 'ParentCallSid');
  const onChildLeg = step.kind === 'whisper' || step.kind === 'whisper-confirm';
  const call =
    (onChildLeg && parentSid ? await callBySid(ctx, parentSid) : undefined) ?? (await callBySid(ctx, sid));
  if (!call) return say('This call could not be found. Goodbye.');

  // An agent's app picked up: the claim. Twilio bridges only the first leg to answer; record who it was.
  if (step.kind === 'whisper' && field(body, 'To').startsWith('client:')) {
    await claimByClient(ctx, call, field(body, 'To').slice('client:'.length), parentSid ? sid : null);
    return EMPTY_TWIML;
  }

  // A hold or warm transfer moved the agent's leg into the call's conference, which ended the caller's dial:
  // the caller joins them there (nothing is recorded: the call goes on).
  const via = typeof query.via === 'string' ? query.via : '';
  if (step.kind === 'after-dial' && !via && call.live?.conference)
    return conferenceTwiml(ctx, call, 'caller');

  const key = stepKey(url, body);
  const replay = call.live === null || call.live.handled.includes(key);
  if (!replay && call.live) {
    await saveLive(ctx, call.id, { ...call.live, handled: [...call.live.handled, key] });
    if (step.kind === 'after-voicemail' && step.recorded) await fileTwilioVoicemail(ctx, call, body);
  }
  let next = withDeclines(call, step);
  // The caller's conference ended (someone hung up): the call ends as a connected dial does.
  if (next.kind === 'after-dial' && via === 'conference') next = { ...next, outcome: 'completed' };
  if (!replay && !via && next.kind === 'after-dial' && next.outcome === 'completed') {
    await forwardAnswered(ctx, call, body);
  }
  // Nobody took a blind transfer: the caller goes to voicemail rather than a dead end.
  if (next.kind === 'after-dial' && via === 'transfer' && next.outcome !== 'completed') {
    if (!replay) await transferUnanswered(ctx, call.id);
    next = { kind: 'overflow', extension: call.extension };
  }
  return answer(ctx, await freshCall(ctx, call.id), next, urls, replay);
}

/**
 * A dial that ended after talking was picked up DialCallDuration seconds ago: when the call was answered. A
 * forwarded-to phone without a whisper reports its answer no sooner; an agent's app answered earlier (the claim
 * set it), and that stays.
 */
async function forwardAnswered(ctx: AppContext, call: CallRow, body: Record<string, unknown>): Promise<void> {
  const reported = field(body, 'DialCallDuration');
  if (!/^\d{1,6}$/.test(reported)) return;
  const at = new Date(ctx.now().getTime() - Number(reported) * 1000);
  await ctx.db
    .update(calls)
    .set({ answered_at: sql`coalesce(${calls.answered_at}, ${at.toISOString()}::timestamptz)` })
    .where(eq(calls.id, call.id));
}

/** A blind transfer's dial ended unanswered: the agent who moved it is told, the caller is nobody's. */
async function transferUnanswered(ctx: AppContext, callId: number): Promise<void> {
  const call = await freshCall(ctx, callId);
  const live = call.live;
  if (!live) return;
  if (live.transfer) {
    await tellAgent(ctx, live.transfer.from_user_id, { type: 'transfer', call_id: call.id, state: 'failed' });
  }
  await saveLive(ctx, call.id, { ...live, transfer: null, hold: false, connected_at: null, external: null });
}

/**
 * Routes `step` of a Twilio call as its webhook would (recording the decision, ringing agents' apps) and
 * answers the TwiML, for a transfer to push to the call.
 */
export function twimlForStep(ctx: AppContext, call: CallRow, step: RoutingStep): Promise<string> {
  return answer(ctx, call, step, routingUrls(voiceUrl(ctx)), false);
}

/** Twilio reports a leg every agent rejected as busy or unanswered; the platform knows they declined. */
function withDeclines(call: CallRow, step: RoutingStep): RoutingStep {
  const live = call.live;
  if (step.kind !== 'after-dial' || step.outcome === 'completed' || !live) return step;
  const everyoneDeclined =
    live.ringing.length > 0 &&
    live.phones.length === 0 &&
    live.ringing.every((id) => live.declined.includes(id));
  return everyoneDeclined ? { ...step, outcome: 'declined' } : step;
}

async function freshCall(ctx: AppContext, id: number): Promise<CallRow> {
  const call = await callById(ctx, id);
  if (!call) throw new Error('call vanished');
  return call;
}

/**
 * Routes the step (or, for a replay, computes the same answer without recording it), keeps the live state in
 * step with the decision, rings or stops agents' apps, and answers the TwiML.
 */
async function answer(
  ctx: AppContext,
  call: CallRow,
  step: RoutingStep,
  urls: ReturnType<typeof routingUrls>,
  replay: boolean,
): Promise<string> {
  const live = call.live;
  const connected = call.events.some((event) => event.status === CALL_EVENTS.connected.status);
  const routed = await routeCall(ctx, call, step, {
    dryRun: replay,
    skip: connected ? [CALL_EVENTS.connected.status] : [],
  });
  if (!routed) return say('This line is no longer in service. Goodbye.');
  const { decision } = routed;
  const action = decision.action;
  if (replay || !live) {
    return toTwiml(decision, urls, {
      clientParameters: { call_id: String(call.id), join_token: live?.join_token ?? '' },
    });
  }

  // The ring that just ended stops on every app it still rang.
  if (step.kind === 'after-dial' || step.kind === 'caller-hangup' || step.kind === 'overflow') {
    const still = live.ringing.filter((id) => !live.declined.includes(id) && id !== call.user_id);
    const reason = step.kind === 'caller-hangup' ? 'caller-hangup' : 'timeout';
    await tellAgents(ctx, still, { type: 'stopped', call_id: call.id, reason, answered_by: null });
  }

  const current = await freshCall(ctx, call.id);
  const next = liveAfter(current.live as LiveCall, action);
  switch (action.type) {
    case 'play-greeting-and-gather':
    case 'voicemail':
      await saveLive(ctx, call.id, next);
      break;
    case 'dial': {
      await saveLive(ctx, call.id, next, { carrier_status: 'ringing' });
      const card = await incomingCall(ctx, { ...current, live: next }, routed, decision.extension);
      await tellAgents(ctx, next.ringing, { type: 'ringing', call: card });
      // A call already transcribed (rung again after a transfer) does not start a second transcription.
      const started = live.transcribe ? { ...decision, action: { ...action, transcribe: false } } : decision;
      return toTwiml(started, urls, {
        clientParameters: { call_id: String(call.id), join_token: next.join_token },
      });
    }
    case 'reject':
    case 'hangup': {
      const closed = await closeCall(ctx, call.id, {
        outcome: decision.outcome,
        carrierStatus: action.type === 'reject' ? 'busy' : 'completed',
      });
      if (live.phase === 'connected' && call.user_id) {
        await tellAgent(ctx, call.user_id, {
          type: 'ended',
          call_id: call.id,
          outcome: closed?.outcome ?? 0,
        });
      }
      break;
    }
    case 'whisper':
    case 'connect':
      break;
  }
  return toTwiml(decision, urls, {
    clientParameters: { call_id: String(call.id), join_token: next.join_token },
  });
}

/**
 * The first agent's leg to answer: the call is theirs (Connected, 12); the others stop ringing and are told
 * who took it; their leg (`legSid`, the child call) is kept for holds and transfers. The target of a blind
 * transfer answering completes it (the agent who moved it is told). A second report (another leg Twilio did
 * not bridge) records Answered Already (9).
 */
async function claimByClient(
  ctx: AppContext,
  call: CallRow,
  identity: string,
  legSid: string | null,
): Promise<void> {
  const userId = Number(/^user-(\d+)$/.exec(identity)?.[1] ?? Number.NaN);
  const live = call.live;
  if (!live || !Number.isSafeInteger(userId) || identity !== callingIdentity(userId)) return;
  const now = ctx.now();
  const answeredAlready = async (by: number | null) => {
    if (by !== userId) await appendEvents(ctx, call.id, [{ status: 9, label: 'Answered Already' }], now);
  };
  if (live.phase === 'connected') return answeredAlready(call.user_id);
  const answeredBy = await personOf(ctx, userId);
  const next: LiveCall = {
    ...live,
    phase: 'connected',
    connected_at: live.connected_at ?? now.toISOString(),
    ringing: [],
    declined: [],
    agent_leg_sid: legSid,
    transfer: null,
    hold: false,
  };
  // The claim is conditional: two legs' reports reaching two instances at once record one answer, the first.
  const [claimed] = await ctx.db
    .update(calls)
    .set({ live: next, user_id: userId, carrier_status: 'in-progress', updated_at: now })
    .where(and(eq(calls.id, call.id), sql`${calls.live}->>'phase' <> 'connected'`))
    .returning({ id: calls.id });
  if (!claimed) return answeredAlready((await callById(ctx, call.id))?.user_id ?? null);
  await appendEvents(ctx, call.id, [CALL_EVENTS.connected], now);
  const others = live.ringing.filter((id) => id !== userId && !live.declined.includes(id));
  await tellAgents(ctx, others, {
    type: 'stopped',
    call_id: call.id,
    reason: 'answered-elsewhere',
    answered_by: answeredBy,
  });
  if (live.transfer?.kind === 'blind') {
    await tellAgent(ctx, live.transfer.from_user_id, {
      type: 'transfer',
      call_id: call.id,
      state: 'completed',
    });
  }
  await tellAgent(ctx, userId, { type: 'connected', call_id: call.id, user_id: userId });
}

/** The TwiML of an agent's outbound call: only the agent who placed it, showing its tracked number. */
async function outboundTwiml(ctx: AppContext, sid: string, body: Record<string, unknown>): Promise<string> {
  const callId = Number(field(body, 'call_id'));
  const call = Number.isSafeInteger(callId) ? await callById(ctx, callId) : undefined;
  const identity = field(body, 'From').slice('client:'.length);
  if (!call || call.is_inbound || !call.user_id || callingIdentity(call.user_id) !== identity || !call.live) {
    return say('This call was not placed from the app. Goodbye.');
  }
  if (call.carrier_sid !== sid) {
    await ctx.db
      .update(calls)
      .set({ carrier_sid: sid, carrier_status: 'ringing' })
      .where(eq(calls.id, call.id));
  }
  const response = new twilio.twiml.VoiceResponse();
  const dial = response.dial({ callerId: call.caller, answerOnBridge: true });
  dial.number(call.called);
  return response.toString();
}

/** Status only moves forward; a finished call that routing did not close is closed here. */
export async function applyStatus(ctx: AppContext, body: Record<string, unknown>): Promise<void> {
  const call = await callBySid(ctx, field(body, 'CallSid'));
  const status = field(body, 'CallStatus');
  const rank = STATUS_RANK[status];
  if (!call || rank === undefined) return;
  const current = STATUS_RANK[call.carrier_status ?? ''] ?? -1;
  if (rank <= current) return;
  const now = ctx.now();
  if (status === 'in-progress' && call.live && !call.is_inbound) {
    // An outbound call picked up.
    await saveLive(
      ctx,
      call.id,
      { ...call.live, phase: 'connected', connected_at: now.toISOString() },
      {
        carrier_status: status,
      },
    );
    await appendEvents(ctx, call.id, [CALL_EVENTS.connected], now);
    return;
  }
  if (rank < 4 || !call.live) {
    await ctx.db.update(calls).set({ carrier_status: status, updated_at: now }).where(eq(calls.id, call.id));
    return;
  }
  // Finished while routing still waited on it: the caller hung up (or the line failed).
  const talked = call.live.phase === 'connected';
  if (talked) await appendEvents(ctx, call.id, [CALL_EVENTS.hangupAfterConnected], now);
  else await appendEvents(ctx, call.id, [CALL_EVENTS.missed, CALL_EVENTS.callerHangup], now);
  const closed = await closeCall(ctx, call.id, { outcome: talked ? 1 : 2, carrierStatus: status });
  const still = call.live.ringing.filter((id) => !call.live?.declined.includes(id));
  await tellAgents(ctx, still, {
    type: 'stopped',
    call_id: call.id,
    reason: 'caller-hangup',
    answered_by: null,
  });
  if (talked && call.user_id) {
    await tellAgent(ctx, call.user_id, { type: 'ended', call_id: call.id, outcome: closed?.outcome ?? 1 });
  }
}

/**
 * A recording is ready: a voicemail's (the call has one without audio yet) or the call's own. Kept by Twilio's
 * URL; the activity feed plays it from there.
 */
export async function keepRecording(ctx: AppContext, body: Record<string, unknown>): Promise<void> {
  const call = await callBySid(ctx, field(body, 'CallSid'));
  const url = field(body, 'RecordingUrl');
  if (!call || !url || (field(body, 'RecordingStatus') && field(body, 'RecordingStatus') !== 'completed'))
    return;
  const [voicemail] = await ctx.db.select().from(voicemails).where(eq(voicemails.call_id, call.id));
  if (voicemail) {
    await ctx.db.update(voicemails).set({ recording_url: url }).where(eq(voicemails.id, voicemail.id));
  } else {
    await ctx.db.update(calls).set({ recording_url: url }).where(eq(calls.id, call.id));
  }
}

/**
 * A piece of the call's live transcription: the caller's track is the client (§3 speaker 2), the other the
 * agent (1). A piece already kept (a replay) is not added twice; the transcript is complete when Twilio stops.
 */
export async function addTranscriptPiece(ctx: AppContext, body: Record<string, unknown>): Promise<void> {
  const call = await callBySid(ctx, field(body, 'CallSid'));
  if (!call) return;
  const event = field(body, 'TranscriptionEvent');
  const existing = call.transcription ?? {
    state: 'loading' as const,
    text: '',
    segments: [],
    agent_percent: 0,
    client_percent: 0,
  };
  if (event === 'transcription-stopped') {
    await ctx.db
      .update(calls)
      .set({ transcription: { ...existing, state: 'complete' } })
      .where(eq(calls.id, call.id));
    return;
  }
  if (event !== 'transcription-content') return;
  let transcript = '';
  try {
    transcript = String(
      (JSON.parse(field(body, 'TranscriptionData')) as { transcript?: unknown }).transcript ?? '',
    );
  } catch {
    return;
  }
  if (!transcript.trim()) return;
  const client = field(body, 'Track') === 'inbound_track';
  const started = Date.parse(field(body, 'Timestamp'));
  const base = call.started_at.getTime();
  const start = Number.isNaN(started) ? 0 : Math.max(0, Math.round((started - base) / 100) / 10);
  const segment = {
    channel: client ? 1 : 2,
    speaker: client ? 2 : 1,
    transcript: transcript.trim(),
    start,
    end: start + Math.max(1, Math.round(transcript.split(/\s+/).length / 2.5)),
  };
  if (existing.segments.some((s) => s.start === segment.start && s.transcript === segment.transcript)) return;
  const segments = [...existing.segments, segment].sort((a, b) => a.start - b.start);
  const words = (speaker: number) =>
    segments
      .filter((s) => s.speaker === speaker)
      .reduce((sum, s) => sum + s.transcript.split(/\s+/).length, 0);
  const total = words(1) + words(2);
  await ctx.db
    .update(calls)
    .set({
      transcription: {
        state: existing.state,
        text: segments.map((s) => s.transcript).join(' '),
        segments,
        agent_percent: total ? Math.round((words(1) / total) * 100) : 0,
        client_percent: total ? Math.round((words(2) / total) * 100) : 0,
      },
    })
    .where(eq(calls.id, call.id));
}

/** A voicemail's transcription (Record's transcribeCallback). */
export async function keepVoicemailTranscription(
  ctx: AppContext,
  body: Record<string, unknown>,
): Promise<void> {
  const call = await callBySid(ctx, field(body, 'CallSid'));
  const text = field(body, 'TranscriptionText');
  if (!call || field(body, 'TranscriptionStatus') !== 'completed' || !text) return;
  await ctx.db.update(voicemails).set({ transcription: text }).where(eq(voicemails.call_id, call.id));
}

/** The after-voicemail step reports the message (RecordingUrl, RecordingDuration): filed before the call closes. */
async function fileTwilioVoicemail(ctx: AppContext, call: CallRow, body: Record<string, unknown>) {
  const duration = Number(field(body, 'RecordingDuration')) || 0;
  await fileVoicemail(ctx, call, {
    recordingUrl: field(body, 'RecordingUrl'),
    duration,
    transcription: null,
  });
}
