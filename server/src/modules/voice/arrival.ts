/**
 * A call arriving at a tracked number: the hot path of the voice webhook (docs/performance.md "Voice webhook").
 * Routing decides before the call is recorded, so the call is written once, with its decision:
 * 1. at once, everything routing and the ring card read: the number's configuration (schedule, blocks,
 *    greetings), the agents (status, on a call or not), the caller's contact and history with the company;
 * 2. routing decides (in memory);
 * 3. one statement records the call with its events, outcome, extension and live state (who rings, the join
 *    token), making the contact of a caller the company does not know yet in the same statement.
 * So the carrier answers after three waits on the database (the number it looked up, the reads, the insert) and
 * one commit. What rings is stored before the answer; the ring cards, built from what step 1 read, are sent as the
 * answer goes (`ringAgents`), and a softphone that misses one catches up from the stored state (`ringingFor`).
 * A replayed first webhook records nothing: the carrier answers it as a replay.
 */
import type { IncomingCall } from '@shared/api/voice';
import type { AppContext } from '../../http/context';
import { route } from '../../routing/engine';
import { attributeCall } from '../dni/attribution';
import { type NumberRow, senderContact } from '../inbound/service';
import type { LiveCall } from './live';
import { type CallRow, callerHistory, closeCall, insertInboundCall, liveAfter } from './records';
import { ringCard, tellAgents } from './ringing';
import { type RoutedStep, recordOnNumber, routedStep, routingInputsOf } from './session';

export type Arrival =
  /** A replay of a call already recorded: nothing was. */
  | { created: false; call: CallRow }
  /** The call as recorded (closed already when routing rejected or ended it), and whom it rings with which card. */
  | {
      created: true;
      call: CallRow;
      routed: RoutedStep;
      ringing: { userIds: number[]; card: IncomingCall } | null;
    };

/** Routes and records a call from `from` arriving at `number`, with the live state it starts in (`initialLive`). */
export async function receiveCall(
  ctx: AppContext,
  input: { number: NumberRow; from: string; carrierSid: string; live: LiveCall },
): Promise<Arrival> {
  const { number } = input;
  const now = ctx.now();
  const [inputs, history, match] = await Promise.all([
    routingInputsOf(ctx, number),
    callerHistory(ctx, number.company_id, input.from),
    attributeCall(ctx, number, now),
  ]);
  const decision = route({
    ...inputs,
    roundRobin: number.round_robin,
    caller: { number: history.caller, state: input.live.caller_state, source: match.source },
    now,
    step: { kind: 'start' },
  });
  const { call, created } = await insertInboundCall(ctx, {
    number,
    history,
    carrierSid: input.carrierSid,
    live: liveAfter(input.live, decision.action),
    startedAt: now,
    decided: decision,
    match,
  });
  if (!created) return { created: false, call };

  await recordOnNumber(ctx, number, call.caller, decision);
  const routed = routedStep(decision, number);
  const action = decision.action;
  if (action.type === 'reject' || action.type === 'hangup') {
    const closed = await closeCall(ctx, call.id, {
      outcome: decision.outcome,
      carrierStatus: action.type === 'reject' ? 'busy' : 'completed',
    });
    return { created: true, call: closed ?? call, routed, ringing: null };
  }
  const userIds = call.live?.ringing ?? [];
  if (action.type !== 'dial' || userIds.length === 0) return { created: true, call, routed, ringing: null };
  // The contact is the caller's known one, or the one the insert just made (named as senderContact names it).
  const contact =
    history.contact ??
    (call.contact_id === null
      ? null
      : { id: call.contact_id, name: senderContact(call.company_id, call.caller, now).name });
  const card = ringCard(ctx, call, routed, decision.extension, {
    contact,
    lastContactAt: history.lastContactAt,
    transferredBy: null,
  });
  return { created: true, call, routed, ringing: { userIds, card } };
}

/**
 * Sends the ring cards of a call that just arrived to the agents it rings, without holding up the carrier's
 * answer: delivery to an external Pusher-compatible service takes a request of its own, and a failure there must
 * not fail the call (the ring is stored; the softphone catches up from it).
 */
export function ringAgents(ctx: AppContext, arrival: Arrival): void {
  if (!arrival.created || !arrival.ringing) return;
  const { userIds, card } = arrival.ringing;
  tellAgents(ctx, userIds, { type: 'ringing', call: card }).catch((error: unknown) => {
    console.error(`call ${card.call_id}: the ring cards could not be sent`, error);
  });
}
