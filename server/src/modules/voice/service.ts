/**
 * What both voice carriers share, and what the agent endpoints ask: which carrier carries a call, the call or
 * number of a company, whether a call rings an agent, and who may take a transfer.
 */
import { VOICE_MESSAGES } from '@shared/api/voice';
import { eq } from 'drizzle-orm';
import type { VoiceActor, VoiceCarrier } from '../../carriers/voice';
import { companyOfNumber as companyOfLiveNumber } from '../../db/companyOf';
import { calls, numbers, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid, notFound } from '../../lib/errors';
import { callingUsers } from '../inAppCalling/service';
import type { NumberRow } from '../inbound/service';
import type { LiveCall } from './live';
import { type CallRow, callById } from './records';

/** How long a transfer rings its target agent before the caller goes on (blind) or back (warm). */
export const TRANSFER_RING_MS = 20_000;

/** The carrier of a call under way: the one that took it (its live state says which), else the sandbox's. */
export function voiceCarrierOf(ctx: AppContext, call: CallRow): VoiceCarrier {
  return call.live?.carrier === 'twilio' ? ctx.voice.twilio : ctx.voice.sandbox;
}

/** The company a call belongs to, or null when there is no such call. */
export async function companyOfCall(ctx: AppContext, callId: number): Promise<number | null> {
  return (await callById(ctx, callId))?.company_id ?? null;
}

/** The call `callId` of the company (in the path), else 404. */
export async function callOfCompany(ctx: AppContext, companyId: number, callId: number): Promise<CallRow> {
  const call = await callById(ctx, callId);
  if (!call || call.company_id !== companyId) throw notFound('call');
  return call;
}

/** The company a tracked number belongs to, or null when there is no such number. */
export function companyOfNumber(ctx: AppContext, numberId: number): Promise<number | null> {
  return companyOfLiveNumber(ctx.db, numberId);
}

/** A tracked number by id, else 404. */
export async function numberById(ctx: AppContext, numberId: number): Promise<NumberRow> {
  const [number] = await ctx.db.select().from(numbers).where(eq(numbers.id, numberId));
  if (!number) throw notFound('number');
  return number;
}

/**
 * Whether the call `callId` of the company rings the agent now (a ring they did not decline, or a warm transfer
 * to them); else who took it. 404 for a call of another company. A softphone asks this as it rings, so it is one
 * narrow read: the call's live state and the name of whoever answered it.
 */
export async function canAnswerCall(
  ctx: AppContext,
  companyId: number,
  callId: number,
  userId: number,
): Promise<{ can_answer: boolean; answered_by: VoiceActor | null }> {
  const [call] = await ctx.db
    .select({ companyId: calls.company_id, live: calls.live, answeredBy: { id: users.id, name: users.name } })
    .from(calls)
    .leftJoin(users, eq(users.id, calls.user_id))
    .where(eq(calls.id, callId));
  if (!call || call.companyId !== companyId) throw notFound('call');
  const live = call.live;
  const ringsMe = Boolean(
    live &&
      ((live.phase === 'ringing' && live.ringing.includes(userId) && !live.declined.includes(userId)) ||
        isWarmTarget(live, userId)),
  );
  const answeredBy = live?.phase === 'connected' || !live ? call.answeredBy : null;
  return { can_answer: ringsMe, answered_by: ringsMe ? null : answeredBy };
}

/** Whether `userId` is the agent a warm transfer is ringing now (the call itself stays connected). */
export function isWarmTarget(live: LiveCall, userId: number): boolean {
  return (
    live.transfer?.kind === 'warm' &&
    live.transfer.state === 'ringing' &&
    live.ringing.includes(userId) &&
    !live.declined.includes(userId)
  );
}

/** A transfer's target: a member of the company who takes calls, is active and is not on a call; else 422. */
export async function availableAgent(
  ctx: AppContext,
  companyId: number,
  userId: number,
): Promise<VoiceActor> {
  const member = (await callingUsers(ctx, companyId)).find((user) => user.id === userId);
  if (!member) throw invalid({ 'to.user_id': [VOICE_MESSAGES.notAnAgent] });
  if (member.status !== 'active') throw invalid({ 'to.user_id': [VOICE_MESSAGES.agentAway(member.name)] });
  if (member.on_call) throw invalid({ 'to.user_id': [VOICE_MESSAGES.agentBusy(member.name)] });
  return { id: member.id, name: member.name };
}
