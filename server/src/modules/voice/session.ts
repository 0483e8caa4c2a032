/**
 * One step of a live call through the routing engine, shared by both carriers: read the number's configuration,
 * its schedule and blocks, the agents who may take calls (status and whether they are on a call), the number's
 * round-robin state; ask the engine; record what it decided (events, outcome, extension, round robin, the
 * voicemail alert). The carrier then acts on the decision: Twilio answers TwiML, the sandbox simulates it.
 */
import { callingIdentity } from '@shared/api/inAppCalling';
import { formatPhone } from '@shared/domain/phone';
import { eq } from 'drizzle-orm';
import { numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { route } from '../../routing/engine';
import type { RoutingAgent, RoutingDecision, RoutingInput, RoutingStep } from '../../routing/types';
import { greetingResolver } from '../greetings/service';
import { callingUsers } from '../inAppCalling/service';
import type { NumberRow } from '../inbound/service';
import { routingConfigOfRow } from '../numbers/config/service/routing';
import { recordForwardDials } from './forwardDials';
import { type CallRow, recordOnCall } from './records';

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

/** What routing reads besides the call and the step: the number's configuration and the agents, read at once. */
export async function routingInputsOf(
  ctx: AppContext,
  number: NumberRow,
): Promise<Pick<RoutingInput, 'number' | 'schedule' | 'blocks' | 'agents'>> {
  const [config, agents] = await Promise.all([
    routingConfigOfRow(ctx.db, number, greetingOptions(ctx, number.company_id)),
    routingAgents(ctx, number.company_id),
  ]);
  return { ...config, agents };
}

/** The decision with the number as routing read it (for ring cards). */
export function routedStep(decision: RoutingDecision, number: NumberRow): RoutedStep {
  return {
    decision,
    number: {
      id: number.id,
      number: number.number,
      label: number.label,
      routes: number.routes.map((r) => ({ extension: r.extension ?? null, label: r.label })),
    },
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
  const [number] = await ctx.db.select().from(numbers).where(eq(numbers.id, call.number_id));
  if (!number) return null;
  const now = ctx.now();
  const decision = route({
    ...(await routingInputsOf(ctx, number)),
    roundRobin: number.round_robin,
    caller: { number: call.caller, state: call.live?.caller_state ?? null, source: call.source },
    now,
    step,
  });
  // A replayed carrier callback: the same answer again, nothing recorded twice.
  if (options.dryRun) return routedStep(decision, number);

  const skip = new Set(options.skip ?? []);
  await recordOnCall(
    ctx,
    call.id,
    { ...decision, events: decision.events.filter((event) => !skip.has(event.status)) },
    now,
  );
  await recordOnNumber(ctx, number, call.caller, decision);
  await recordForwardDials(ctx, call, step, now);
  return routedStep(decision, number);
}

/**
 * What a decision changes beyond its call: the number's round-robin state (who is offered the next call first)
 * and, for a voicemail left, the alert mail to the address the number names.
 */
export async function recordOnNumber(
  ctx: AppContext,
  number: NumberRow,
  caller: string,
  decision: RoutingDecision,
): Promise<void> {
  if (decision.roundRobin) {
    await ctx.db
      .update(numbers)
      .set({ round_robin: { ...decision.roundRobin } })
      .where(eq(numbers.id, number.id));
  }
  if (decision.alertEmail) {
    await ctx.outbox.send({
      channel: 'mail',
      to: decision.alertEmail,
      subject: `New voicemail from ${formatPhone(caller)}`,
      body: `${formatPhone(caller)} left a voicemail on ${number.label || formatPhone(number.number)}. Listen to it in the activity feed.`,
    });
  }
}

/** Greetings chosen from the company's library play by their audio (signed URL) or their text. */
function greetingOptions(ctx: AppContext, companyId: number) {
  return { resolveGreeting: greetingResolver(ctx, companyId) };
}
