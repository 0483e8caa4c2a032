/**
 * One step of a live call through the routing engine, shared by both carriers: read the number's configuration,
 * its schedule and blocks, the agents who may take calls (status and whether they are on a call), the number's
 * round-robin state; ask the engine; record what it decided (events, outcome, extension, round robin, the
 * voicemail alert). The carrier then acts on the decision: Twilio answers TwiML, the sandbox simulates it.
 */
import { callingIdentity } from '@shared/api/inAppCalling';
import { formatPhone } from '@shared/domain/phone';
import { eq } from 'drizzle-orm';
import { calls, numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { route } from '../../routing/engine';
import type { RoutingAgent, RoutingDecision, RoutingStep } from '../../routing/types';
import { greetingResolver } from '../greetings/service';
import { callingUsers } from '../inAppCalling/service';
import { routingConfigOf } from '../numbers/config/service/routing';
import { appendEvents, type CallRow } from './records';

/** The agents routing may ring: members with a calling role and a line, their status, busy or not. */
export async function routingAgents(ctx: AppContext, companyId: number): Promise<RoutingAgent[]> {
  const members = await callingUsers(ctx, companyId);
  return members.map((member) => ({
    id: member.id,
    name: member.name,
    status: member.status,
    onCall: member.on_call,
    clientIdentity: callingIdentity(member.id),
  }));
}

export interface RoutedStep {
  decision: RoutingDecision;
  /** The number as routing read it (for ring cards: its label and number). */
  number: {
    id: number;
    number: string;
    label: string;
    routes: { extension?: number | null; label?: string }[];
  };
}

/**
 * Routes `step` of `call` and records the decision. Null when the call has no number any more (deleted
 * mid-call): the carrier then ends it. Events already recorded are not recorded twice: `skip` names statuses
 * the carrier recorded itself as they happened (Connected, at the answer).
 */
export async function routeCall(
  ctx: AppContext,
  call: CallRow,
  step: RoutingStep,
  options: { skip?: readonly number[]; dryRun?: boolean } = {},
): Promise<RoutedStep | null> {
  if (call.number_id === null) return null;
  const config = await routingConfigOf(ctx.db, call.number_id, greetingOptions(ctx, call.company_id));
  const [numberRow] = await ctx.db
    .select({ label: numbers.label, round_robin: numbers.round_robin })
    .from(numbers)
    .where(eq(numbers.id, call.number_id));
  if (!config || !numberRow) return null;
  const now = ctx.now();
  const decision = route({
    ...config,
    agents: await routingAgents(ctx, call.company_id),
    roundRobin: numberRow.round_robin,
    caller: { number: call.caller, state: call.live?.caller_state ?? null },
    now,
    step,
  });

  const routed = {
    decision,
    number: {
      id: config.number.id,
      number: config.number.number,
      label: numberRow.label,
      routes: config.number.routes.map((r) => ({ extension: r.extension ?? null, label: r.label })),
    },
  };
  // A replayed carrier callback: the same answer again, nothing recorded twice.
  if (options.dryRun) return routed;

  const skip = new Set(options.skip ?? []);
  await appendEvents(
    ctx,
    call.id,
    decision.events.filter((event) => !skip.has(event.status)),
    now,
  );
  if (decision.outcome !== null || decision.extension !== null) {
    await ctx.db
      .update(calls)
      .set({
        ...(decision.outcome !== null ? { outcome: decision.outcome } : {}),
        ...(decision.extension !== null ? { extension: decision.extension } : {}),
      })
      .where(eq(calls.id, call.id));
  }
  if (decision.roundRobin) {
    await ctx.db
      .update(numbers)
      .set({ round_robin: { ...decision.roundRobin } })
      .where(eq(numbers.id, call.number_id));
  }
  if (decision.alertEmail) {
    await ctx.outbox.send({
      channel: 'mail',
      to: decision.alertEmail,
      subject: `New voicemail from ${formatPhone(call.caller)}`,
      body: `${formatPhone(call.caller)} left a voicemail on ${numberRow.label || formatPhone(config.number.number)}. Listen to it in the activity feed.`,
    });
  }
  return routed;
}

/** Greetings chosen from the company's library play by their audio (signed URL) or their text. */
function greetingOptions(ctx: AppContext, companyId: number) {
  return { resolveGreeting: greetingResolver(ctx, companyId) };
}
