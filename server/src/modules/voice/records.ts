/**
 * The call record of a live call: created when the call arrives, events appended as routing records them, and
 * closed with its outcome, duration and transcript. A closed call shows in its thread (a 'call' item, and a
 * 'voicemail' item for a message left) and is published like every other conversation change, so the activity
 * feed and the inbox read live calls exactly as they read the seeded history.
 */
import { randomBytes } from 'node:crypto';
import { normalizePhone } from '@shared/domain/phone';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { OutboundCall } from '../../carriers/voice';
import { calls, type TranscriptSegment, voicemails } from '../../db/schema';
import type { AppContext } from '../../http/context';
import type { CallEventRecord } from '../../routing/types';
import { addItem, findOrCreateConversation, publishConversationUpdated } from '../conversations/store';
import { contactOfSender, type NumberRow } from '../inbound/service';
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

export async function callById(ctx: AppContext, id: number): Promise<CallRow | undefined> {
  const [row] = await ctx.db.select().from(calls).where(eq(calls.id, id));
  return row;
}

export async function callBySid(ctx: AppContext, sid: string): Promise<CallRow | undefined> {
  const [row] = await ctx.db.select().from(calls).where(eq(calls.carrier_sid, sid));
  return row;
}

/**
 * Records a call arriving at a tracked number: linked to the company's contact with the caller's number (made
 * when the company has none, as a text's sender is: `contactOfSender`), first-time when the company never had a
 * call from it, sourced by the number's first tag (its marketing source, as the seeded history is). Safe against
 * a replayed first webhook: the carrier sid is unique, and a second insert answers the first row.
 */
export async function createInboundCall(
  ctx: AppContext,
  input: { number: NumberRow; from: string; carrierSid: string; live: LiveCall },
): Promise<{ call: CallRow; created: boolean }> {
  const caller = normalizePhone(input.from) ?? input.from.trim();
  const companyId = input.number.company_id;
  const [earlier] = await ctx.db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.company_id, companyId), eq(calls.caller, caller), ne(calls.outcome, 4)))
    .limit(1);
  const [created] = await ctx.db
    .insert(calls)
    .values({
      company_id: companyId,
      number_id: input.number.id,
      contact_id: await contactOfSender(ctx, companyId, input.from),
      is_inbound: true,
      caller,
      called: input.number.number,
      events: [],
      source: input.number.tags[0] ?? null,
      first_time: !earlier,
      carrier_sid: input.carrierSid,
      carrier_status: 'ringing',
      live: input.live,
      started_at: ctx.now(),
    })
    .onConflictDoNothing({ target: calls.carrier_sid })
    .returning();
  if (created) return { call: created, created: true };
  const existing = await callBySid(ctx, input.carrierSid);
  if (!existing) throw new Error('call vanished between insert and select');
  return { call: existing, created: false };
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

/** Appends §4 events, stamped `at`, after those already recorded (in one statement: no lost update). */
export async function appendEvents(
  ctx: AppContext,
  callId: number,
  events: readonly CallEventRecord[],
  at: Date,
): Promise<void> {
  if (events.length === 0) return;
  const stamped = events.map((event) => ({ status: event.status, at: at.toISOString() }));
  await ctx.db
    .update(calls)
    .set({ events: sql`${calls.events} || ${JSON.stringify(stamped)}::jsonb`, updated_at: at })
    .where(eq(calls.id, callId));
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
  const [closed] = await ctx.db
    .update(calls)
    .set({
      live: null,
      outcome: input.outcome ?? call.outcome,
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
