/**
 * The call record of a live call: created when the call arrives, events appended as routing records them, and
 * closed with its outcome, duration and transcript. A closed call shows in its thread (a 'call' item, and a
 * 'voicemail' item for a message left) and is published like every other conversation change, so the activity
 * feed and the inbox read live calls exactly as they read the seeded history.
 */
import { randomBytes } from 'node:crypto';
import { type MissedReason, missedReasonOf } from '@shared/domain/analytics';
import { normalizePhone } from '@shared/domain/phone';
import { and, eq, max, sql } from 'drizzle-orm';
import type { OutboundCall } from '../../carriers/voice';
import { calls, contacts, conversations, type TranscriptSegment, voicemails } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { EVENTS } from '../../routing/events';
import type { CallEventRecord, RoutingAction } from '../../routing/types';
import { addItem, findOrCreateConversation, publishConversationUpdated } from '../conversations/store';
import { attributeCall, type CallMatch, noteTrackedCall } from '../dni/attribution';
import { contactOfSender, type NumberRow, senderContact } from '../inbound/service';
import type { LiveCall } from './live';

export type CallRow = typeof calls.$inferSelect;

/** A fresh join token: the ring event hands it to the agents rung, `…/reject` asks it back. */
export function newJoinToken(): string {
  return randomBytes(18).toString('base64url');
}

/** The state a call starts in, before routing's first step. */
export function initialLive(input: {
  carrier: LiveCall['carrier'];
  callerState: string | null;
  script?: readonly string[];
  leavesVoicemail?: boolean;
}): LiveCall {
  return {
    carrier: input.carrier,
    phase: 'menu',
    resume: null,
    missed_reason: null,
    ringing: [],
    declined: [],
    phones: [],
    join_token: newJoinToken(),
    caller_state: input.callerState,
    connected_at: null,
    hold: false,
    digits: [],
    transfer: null,
    record: false,
    transcribe: false,
    external: null,
    script: [...(input.script ?? [])],
    leaves_voicemail: input.leavesVoicemail ?? true,
    agent_leg_sid: null,
    conference: null,
    handled: [],
  };
}

/**
 * The live state a routing action leaves the call in: listening to the menu, ringing (who, which phones, a fresh
 * join token for the apps rung; recording and transcription once asked stay on), or taking a message; whoever
 * rang before no longer does. An action that ends the call (closeCall clears its live state) or acts on the
 * agent's leg leaves it as it was.
 */
export function liveAfter(live: LiveCall, action: RoutingAction): LiveCall {
  const idle = { ...live, ringing: [], declined: [], phones: [] };
  switch (action.type) {
    case 'play-greeting-and-gather':
      return { ...idle, phase: 'menu', resume: action.resume };
    case 'dial':
      return {
        ...idle,
        phase: 'ringing',
        resume: action.resume,
        ringing: action.targets.flatMap((target) => (target.kind === 'client' ? [target.userId] : [])),
        phones: action.targets.flatMap((target) => (target.kind === 'number' ? [target.number] : [])),
        join_token: newJoinToken(),
        record: live.record || action.record,
        transcribe: live.transcribe || action.transcribe,
      };
    case 'voicemail':
      return { ...idle, phase: 'voicemail', resume: action.resume };
    case 'reject':
    case 'hangup':
    case 'whisper':
    case 'connect':
      return live;
  }
}

export async function callById(ctx: AppContext, id: number): Promise<CallRow | undefined> {
  const [row] = await ctx.db.select().from(calls).where(eq(calls.id, id));
  return row;
}

export async function callBySid(ctx: AppContext, sid: string): Promise<CallRow | undefined> {
  const [row] = await ctx.db.select().from(calls).where(eq(calls.carrier_sid, sid));
  return row;
}

/** What the company knows of a caller when their call arrives: routing, the call record and the ring card read it. */
export interface CallerHistory {
  /** E.164, or the caller ID as given when it is no phone number (withheld, a name). */
  caller: string;
  /** The company's contact with that number; null when it has none yet, or the caller ID is no number. */
  contact: { id: number; name: string } | null;
  /** §3 first_time: the company never had a call from this caller (a blocked one does not count). */
  firstTime: boolean;
  /** When they last called or texted the company, for the ring card; null: never. */
  lastContactAt: Date | null;
}

/**
 * The caller's contact, calls and thread with the company, in one statement: an aggregate over their calls
 * (`calls_company_caller_idx`), with the contact and the thread as subqueries (each an index probe).
 */
export async function callerHistory(
  ctx: AppContext,
  companyId: number,
  from: string,
): Promise<CallerHistory> {
  const e164 = normalizePhone(from);
  const caller = e164 ?? from.trim();
  const ofContact = <T>(column: typeof contacts.id | typeof contacts.name) =>
    sql<T | null>`(select ${column} from ${contacts}
      where ${contacts.company_id} = ${companyId} and ${contacts.number} = ${caller})`;
  const [row] = await ctx.db
    .select({
      contactId: ofContact<number>(contacts.id),
      contactName: ofContact<string>(contacts.name),
      // A blocked call (outcome 4) does not make its caller known.
      calledBefore: sql<boolean | null>`bool_or(${calls.outcome} <> 4)`,
      lastCallAt: max(calls.started_at),
      lastThreadAt: sql<Date | null>`(select max(${conversations.last_item_at}) from ${conversations}
        where ${conversations.company_id} = ${companyId} and ${conversations.recipient} = ${caller})`.mapWith(
        conversations.last_item_at,
      ),
    })
    .from(calls)
    .where(and(eq(calls.company_id, companyId), eq(calls.caller, caller)));
  const lastContactAt = [row?.lastCallAt, row?.lastThreadAt]
    .filter((at): at is Date => at instanceof Date)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    caller,
    // A caller ID that is no phone number (withheld, a short code) is nobody's contact.
    contact:
      e164 && row?.contactId != null && row.contactName != null
        ? { id: row.contactId, name: row.contactName }
        : null,
    firstTime: !row?.calledBefore,
    lastContactAt: lastContactAt ?? null,
  };
}

/**
 * Records a call arriving at a tracked number, in one statement: linked to the company's contact with the
 * caller's number, made in the same statement when the company has none (as a text's sender's is:
 * `contactOfSender`), first-time as `history` says, sourced by the number's first tag (its marketing source, as
 * the seeded history is), with what routing already decided (events, outcome, extension, live state) when the
 * carrier routed before recording. Safe against a replayed first webhook: the carrier sid is unique, and a
 * second insert answers the first row (`created` false).
 */
export async function insertInboundCall(
  ctx: AppContext,
  input: {
    number: NumberRow;
    history: CallerHistory;
    carrierSid: string;
    live: LiveCall;
    startedAt: Date;
    decided?: {
      events: readonly CallEventRecord[];
      outcome: number | null;
      extension: number | null;
      missedReason?: MissedReason | null;
    };
    /** Call tracking's match (read beside routing's inputs); read here when not given. */
    match?: CallMatch;
  },
): Promise<{ call: CallRow; created: boolean }> {
  const { number, history, decided } = input;
  const match = input.match ?? (await attributeCall(ctx, number, input.startedAt));
  const companyId = number.company_id;
  const row = {
    company_id: companyId,
    number_id: number.id,
    is_inbound: true,
    caller: history.caller,
    called: number.number,
    events: stamped(decided?.events ?? [], input.startedAt),
    ...(decided?.outcome != null ? { outcome: decided.outcome } : {}),
    extension: decided?.extension ?? null,
    source: match.source,
    attribution: match.attribution,
    dni_session_id: match.dniSessionId,
    first_time: history.firstTime,
    carrier_sid: input.carrierSid,
    carrier_status: 'ringing',
    live: { ...input.live, missed_reason: decided?.missedReason ?? input.live.missed_reason ?? null },
    started_at: input.startedAt,
  };
  const e164 = normalizePhone(history.caller);
  let created: CallRow | undefined;
  if (history.contact || !e164) {
    [created] = await ctx.db
      .insert(calls)
      .values({ ...row, contact_id: history.contact?.id ?? null })
      .onConflictDoNothing({ target: calls.carrier_sid })
      .returning();
  } else {
    const made = ctx.db.$with('made').as(
      ctx.db
        .insert(contacts)
        .values(senderContact(companyId, e164, input.startedAt))
        .onConflictDoNothing()
        .returning({ id: contacts.id }),
    );
    [created] = await ctx.db
      .with(made)
      .insert(calls)
      .values({ ...row, contact_id: sql`(select ${made.id} from ${made})` })
      .onConflictDoNothing({ target: calls.carrier_sid })
      .returning();
    // Someone else made the contact at the same moment (their text, a second line): link theirs.
    if (created && created.contact_id === null) {
      const contactId = await contactOfSender(ctx, companyId, e164);
      await ctx.db.update(calls).set({ contact_id: contactId }).where(eq(calls.id, created.id));
      created = { ...created, contact_id: contactId };
    }
  }
  if (created) {
    if (match.attribution) await noteTrackedCall(ctx, created);
    return { call: created, created: true };
  }
  const existing = await callBySid(ctx, input.carrierSid);
  if (!existing) throw new Error('call vanished between insert and select');
  return { call: existing, created: false };
}

/** Records a call arriving at a tracked number before routing's first step (the sandbox carrier routes after). */
export async function createInboundCall(
  ctx: AppContext,
  input: { number: NumberRow; from: string; carrierSid: string; live: LiveCall },
): Promise<{ call: CallRow; created: boolean }> {
  const history = await callerHistory(ctx, input.number.company_id, input.from);
  return insertInboundCall(ctx, { ...input, history, startedAt: ctx.now() });
}

/**
 * Records a call an agent places from a tracked number (Started, 1): its carrier, still ringing the outside
 * party. The carrier dials it (the sandbox at once; Twilio when the Device connects with its call_id).
 */
export async function createOutboundCall(
  ctx: AppContext,
  input: OutboundCall,
  carrier: { name: LiveCall['carrier']; sid: string | null; status: string },
): Promise<CallRow> {
  const now = ctx.now();
  const [call] = await ctx.db
    .insert(calls)
    .values({
      company_id: input.number.company_id,
      number_id: input.number.id,
      is_inbound: false,
      caller: input.number.number,
      called: input.destination,
      contact_id: input.contact?.id ?? null,
      user_id: input.agent.id,
      events: [{ status: 1, at: now.toISOString() }],
      source: input.number.tags[0] ?? null,
      carrier_sid: carrier.sid,
      carrier_status: carrier.status,
      live: { ...initialLive({ carrier: carrier.name, callerState: null }), phase: 'ringing' },
      started_at: now,
    })
    .returning();
  if (!call) throw new Error('call insert returned nothing');
  return call;
}

/** §4 events as a call keeps them, stamped `at`. */
function stamped(events: readonly CallEventRecord[], at: Date): { status: number; at: string }[] {
  return events.map((event) => ({ status: event.status, at: at.toISOString() }));
}

/** Appends §4 events, stamped `at`, after those already recorded (in one statement: no lost update). */
export async function appendEvents(
  ctx: AppContext,
  callId: number,
  events: readonly CallEventRecord[],
  at: Date,
): Promise<void> {
  await recordOnCall(ctx, callId, { events, outcome: null, extension: null }, at);
}

/**
 * Records a routing step on the call in one statement: its §4 events, stamped `at`, after those already recorded
 * (no lost update), and the outcome and extension it set (null: unchanged). The first Connected (12) is when the
 * call was answered (`answered_at`; a transfer answered later keeps it). The missed reason routing gave goes into
 * the live state (a closed call has none, and keeps its own). Nothing to record: no statement.
 */
export async function recordOnCall(
  ctx: AppContext,
  callId: number,
  step: {
    events: readonly CallEventRecord[];
    outcome: number | null;
    extension: number | null;
    missedReason?: MissedReason | null;
  },
  at: Date,
): Promise<void> {
  const reason = step.missedReason ?? null;
  if (step.events.length === 0 && step.outcome === null && step.extension === null && reason === null) return;
  const connected = step.events.some((event) => event.status === EVENTS.connected.status);
  await ctx.db
    .update(calls)
    .set({
      ...(step.events.length > 0
        ? { events: sql`${calls.events} || ${JSON.stringify(stamped(step.events, at))}::jsonb` }
        : {}),
      ...(step.outcome !== null ? { outcome: step.outcome } : {}),
      ...(step.extension !== null ? { extension: step.extension } : {}),
      ...(connected
        ? { answered_at: sql`coalesce(${calls.answered_at}, ${at.toISOString()}::timestamptz)` }
        : {}),
      ...(reason !== null
        ? { live: sql`jsonb_set(${calls.live}, '{missed_reason}', to_jsonb(${reason}::text))` }
        : {}),
      updated_at: at,
    })
    .where(eq(calls.id, callId));
}

/**
 * The missed reason a call closing with `outcome` keeps: none unless an inbound call ends missed (2) or at
 * voicemail (3); then the short-abandon rule over what routing last said. A caller who left a message stayed for
 * the tone, so a voicemail is never a short abandon.
 */
function missedReasonOnClose(call: CallRow, outcome: number, now: Date): MissedReason | null {
  if (!call.is_inbound || (outcome !== 2 && outcome !== 3)) return null;
  const secondsFromArrival =
    outcome === 3 ? Number.POSITIVE_INFINITY : (now.getTime() - call.started_at.getTime()) / 1000;
  return missedReasonOf({ secondsFromArrival, routed: call.live?.missed_reason });
}

/** Saves the live state (and any other columns that changed with it). */
export async function saveLive(
  ctx: AppContext,
  callId: number,
  live: LiveCall | null,
  columns: Partial<Pick<CallRow, 'user_id' | 'extension' | 'carrier_status' | 'outcome'>> = {},
): Promise<void> {
  await ctx.db
    .update(calls)
    .set({ live, ...columns, updated_at: ctx.now() })
    .where(eq(calls.id, callId));
}

/**
 * Closes a call: its outcome, talk time (from the connection, 0 when nobody answered), transcript, the thread's
 * 'call' item, and `conversation.updated` so open inboxes and the activity feed show it.
 */
export async function closeCall(
  ctx: AppContext,
  callId: number,
  input: {
    outcome: number | null;
    extension?: number | null;
    transcript?: CallRow['transcription'];
    carrierStatus?: string;
    duration?: number;
  },
): Promise<CallRow | undefined> {
  const call = await callById(ctx, callId);
  if (!call) return undefined;
  const now = ctx.now();
  const connectedAt = call.live?.connected_at ? Date.parse(call.live.connected_at) : null;
  const duration =
    input.duration ??
    (connectedAt !== null ? Math.max(0, Math.round((now.getTime() - connectedAt) / 1000)) : 0);
  const outcome = input.outcome ?? call.outcome;
  const [closed] = await ctx.db
    .update(calls)
    .set({
      live: null,
      outcome,
      // A call closed once already (no live state) keeps the reason it closed with.
      ...(call.live ? { missed_reason: missedReasonOnClose(call, outcome, now) } : {}),
      ...(input.extension != null ? { extension: input.extension } : {}),
      duration,
      ended_at: now,
      carrier_status: input.carrierStatus ?? 'completed',
      ...(input.transcript !== undefined ? { transcription: input.transcript } : {}),
      updated_at: now,
    })
    .where(eq(calls.id, callId))
    .returning();
  if (!closed) return undefined;
  await showInThread(ctx, closed, 'call', closed.id, '');
  return closed;
}

/** Files a voicemail left on a call: its audio, length and transcript, shown (unread) in the caller's thread. */
export async function fileVoicemail(
  ctx: AppContext,
  call: CallRow,
  input: {
    recordingPath?: string | null;
    recordingUrl?: string | null;
    duration: number;
    transcription: string | null;
  },
): Promise<number> {
  const [row] = await ctx.db
    .insert(voicemails)
    .values({
      company_id: call.company_id,
      number_id: call.number_id,
      contact_id: call.contact_id,
      call_id: call.id,
      caller: call.caller,
      duration: input.duration,
      recording_path: input.recordingPath ?? null,
      recording_url: input.recordingUrl ?? null,
      transcription: input.transcription,
      created_at: ctx.now(),
    })
    .returning({ id: voicemails.id });
  if (!row) throw new Error('voicemail insert returned nothing');
  await showInThread(ctx, call, 'voicemail', row.id, input.transcription ?? '');
  return row.id;
}

/** The record as an item of the thread between the tracked number and the outside party, published. */
async function showInThread(
  ctx: AppContext,
  call: CallRow,
  kind: 'call' | 'voicemail',
  recordId: number,
  content: string,
): Promise<void> {
  if (call.number_id === null) return;
  const remote = call.is_inbound ? call.caller : call.called;
  // A withheld caller ID has no thread to show in.
  if (!normalizePhone(remote)) return;
  const conversation = await findOrCreateConversation(ctx.db, {
    companyId: call.company_id,
    numberId: call.number_id,
    recipient: remote,
  });
  const item = await addItem(ctx.db, conversation, {
    kind,
    is_inbound: call.is_inbound,
    user_id: call.user_id,
    content,
    record_id: recordId,
    created_at: ctx.now(),
    updated_at: ctx.now(),
  });
  await publishConversationUpdated(ctx, conversation.id, item);
}

/** Words per second a simulated caller speaks at (about 150 words a minute). */
const WORDS_PER_SECOND = 2.5;

/**
 * The sandbox's transcript of a connected call: the caller's script, line by line, timed by its words. It is a
 * simulation: the lines the simulated caller said, not speech recognition. The agent's side is not transcribed
 * (the sandbox cannot hear the agent's microphone), which the percentages say.
 */
export function scriptTranscript(script: readonly string[]): NonNullable<CallRow['transcription']> {
  const segments: TranscriptSegment[] = [];
  let clock = 1;
  for (const line of script) {
    const words = line.split(/\s+/).filter(Boolean).length;
    const length = Math.max(1, Math.round((words / WORDS_PER_SECOND) * 10) / 10);
    // §3 speaker 2 is the client; the caller's leg is channel 1 of a two-channel recording.
    segments.push({ channel: 1, speaker: 2, transcript: line, start: clock, end: clock + length });
    clock += length + 1.5;
  }
  return {
    state: 'complete',
    text: script.join(' '),
    segments,
    agent_percent: 0,
    client_percent: segments.length > 0 ? 100 : 0,
  };
}
