/**
 * What an extension does with a call (§3 Forward types and Default extension config): ring its phone forwards
 * or its agents in the app, or take a voicemail; and, when a ring ends unanswered, what comes next. Every path
 * that runs out of people to ring ends in voicemail, so a call never reaches a dead end.
 */
import type { MissedReason } from '@shared/domain/analytics';
import { deriveRoutingType } from '@shared/domain/extensions';
import { FORWARD_CONFIRM_KEY_WAIT_SEC, FORWARD_TIMEOUT_SEC } from '@shared/domain/limits';
import { normalizePhone } from '@shared/domain/phone';
import { EVENTS } from './events';
import { playable, type Route } from './menu';
import type {
  CallEventRecord,
  DialOutcome,
  DialTarget,
  GreetingRef,
  RoundRobinState,
  RoutingAction,
  RoutingAgent,
  RoutingDecision,
  RoutingInput,
  Whisper,
} from './types';

/** The longest voicemail kept: five minutes, the longest of §9's long-duration buckets. */
export const VOICEMAIL_MAX_SECONDS = 300;

/** What the step before the ring adds: its events, and a greeting to play to the caller first. */
export interface RingLead {
  events: readonly CallEventRecord[];
  greeting: GreetingRef | null;
  /** The call's first ring, which starts its transcription. */
  firstRing: boolean;
}

export function decide(
  action: RoutingAction,
  fields: Partial<Omit<RoutingDecision, 'action'>> = {},
): RoutingDecision {
  return {
    action,
    events: [],
    outcome: null,
    extension: null,
    roundRobin: null,
    alertEmail: null,
    missedReason: null,
    ...fields,
  };
}

/** An extension's own voicemail settings, else the number's (§3 email_alert_address; empty means nobody). */
export function voicemailAlertEmail(input: RoutingInput, route: Route | undefined): string | null {
  return route?.email_alert_address.trim() || input.number.voicemail.email_alert_address.trim() || null;
}

/**
 * §3 Forward type voicemail: "greeting, record, email alert address". Transcribed when the number is. `reason`:
 * why nobody answered in person (the call's missed reason whether or not a message is left).
 */
export function voicemail(
  input: RoutingInput,
  route: Route | undefined,
  events: readonly CallEventRecord[],
  reason: MissedReason,
): RoutingDecision {
  const extension = route?.extension ?? null;
  return decide(
    {
      type: 'voicemail',
      greeting: playable(route?.voicemail_greeting) ?? playable(input.number.voicemail.greeting),
      maxLength: VOICEMAIL_MAX_SECONDS,
      transcribe: input.number.call_transcription_enabled,
      alertEmail: voicemailAlertEmail(input, route),
      resume: { kind: 'after-voicemail', extension },
    },
    { events: [...events, EVENTS.voicemail], extension, missedReason: reason },
  );
}

function positiveOr(value: number, fallback: number): number {
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * §3 caller_id_pass_thru: the people rung see the caller's number (default), or, when off, the tracked number
 * so they know the call came through the business line. A caller whose number is withheld or not a phone number
 * cannot be shown, so the tracked number stands in.
 */
function callerIdFor(input: RoutingInput, route: Route): string {
  if (!route.caller_id_pass_thru) return input.number.number;
  return normalizePhone(input.caller.number) ?? input.number.number;
}

/**
 * §3 confirm_whisper, confirm_key and confirm_key_wait: only when there is something to say or to press. When the
 * whisper is on and the call is attributed to a source (call tracking), the forwarded-to party hears it too.
 */
function whisperFor(route: Route, source: string | null = null): Whisper | null {
  const text = route.confirm_whisper.trim();
  if (!route.confirm_key && !text) return null;
  const fromSource = source?.trim() ? `Caller from ${source.trim()}.` : '';
  // The configured words end as a sentence before the source is said after them.
  const said = fromSource && text && !/[.!?]$/.test(text) ? `${text}.` : text;
  return {
    text: [said, fromSource].filter(Boolean).join(' '),
    confirmKey: route.confirm_key,
    waitSec: positiveOr(route.confirm_key_wait, FORWARD_CONFIRM_KEY_WAIT_SEC),
  };
}

export function whisperOf(route: Route | undefined, source: string | null = null): Whisper | null {
  return route ? whisperFor(route, source) : null;
}

// ── Phone forwards: standard, simultaneous, sequential, geo ──────────────────────────────────────────────────

interface ForwardPlan {
  numbers: string[];
  sequential: boolean;
}

/**
 * §3 geo: forwards for the caller's state ring; when none serves it (or the state is unknown),
 * `geo_by_state_static_fallback` rings the forwards that name no state, else nobody (→ voicemail).
 */
function geoChoice(
  forwards: readonly { number: string; state: string | null }[],
  callerState: string | null,
  staticFallback: boolean,
) {
  const matching = callerState ? forwards.filter((forward) => forward.state === callerState) : [];
  if (matching.length > 0) return matching;
  return staticFallback ? forwards.filter((forward) => !forward.state) : [];
}

/**
 * Who rings and how. Forwards without a valid number are left out (§3 "entries with an empty number are
 * dropped"). `sequential` rings in order; every other type follows §3's derived routing type: several forwards
 * ring one after another when staggered, else all at once.
 */
function forwardPlan(input: RoutingInput, route: Route): ForwardPlan {
  const forwards = route.forwards.flatMap((forward) => {
    const number = normalizePhone(forward.number);
    return number ? [{ number, state: forward.state?.trim().toUpperCase() || null }] : [];
  });
  const geo = route.type === 'geo' || route.geo_by_state_enabled;
  const callerState = input.caller.state?.trim().toUpperCase() || null;
  const chosen = geo ? geoChoice(forwards, callerState, route.geo_by_state_static_fallback) : forwards;
  const numbers = chosen.map((forward) => forward.number);
  const derived =
    route.type === 'sequential'
      ? 'sequential'
      : deriveRoutingType({ forwardCount: numbers.length, stagger: route.stagger });
  return { numbers, sequential: derived === 'sequential' };
}

function dial(
  input: RoutingInput,
  route: Route,
  ring: { targets: DialTarget[]; sequential: boolean; attempt: number; tried: number[] },
  lead: RingLead,
  roundRobin: RoundRobinState | null = null,
): RoutingDecision {
  const phones = ring.targets.some((target) => target.kind === 'number');
  return decide(
    {
      type: 'dial',
      greeting: lead.greeting,
      mode: ring.sequential ? 'sequential-step' : 'simultaneous',
      targets: ring.targets,
      // §3 "timeout 20": how long each ring lasts, for each step of a sequence too.
      timeout: positiveOr(route.timeout, FORWARD_TIMEOUT_SEC),
      callerId: callerIdFor(input, route),
      whisper: phones ? whisperFor(route, input.caller.source ?? null) : null,
      record: input.number.recording_enabled,
      transcribe: lead.firstRing && input.number.call_transcription_enabled,
      holdMusicId: route.onhold_music_id,
      resume: { kind: 'after-dial', extension: route.extension, attempt: ring.attempt, tried: ring.tried },
    },
    // Someone is ringing: a caller who hangs up now was not answered.
    {
      events: [...lead.events, EVENTS.received],
      extension: route.extension,
      roundRobin,
      missedReason: 'not_answered',
    },
  );
}

function dialForward(input: RoutingInput, route: Route, plan: ForwardPlan, attempt: number, lead: RingLead) {
  const numbers = plan.sequential ? plan.numbers.slice(attempt, attempt + 1) : plan.numbers;
  const targets: DialTarget[] = numbers.map((number) => ({ kind: 'number', number }));
  return dial(input, route, { targets, sequential: plan.sequential, attempt, tried: [] }, lead);
}

// ── In-app calling ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * §3 in-app-calling rings "the forward's member users whose status is active and who are not already on a
 * call": status is the truth, whether or not their app is connected. A member who is no agent of the company
 * (or has no app identity) cannot be rung.
 */
function isAvailable(agent: RoutingAgent | undefined): agent is RoutingAgent {
  return !!agent && agent.status === 'active' && !agent.onCall && agent.clientIdentity.trim() !== '';
}

function agentsById(input: RoutingInput): Map<number, RoutingAgent> {
  return new Map(input.agents.map((agent) => [agent.id, agent]));
}

function clientTarget(agent: RoutingAgent): DialTarget {
  return { kind: 'client', identity: agent.clientIdentity, userId: agent.id };
}

/** The members in turn order, beginning at position `start`. */
function rotated(members: readonly number[], start: number): number[] {
  return [...members.slice(start), ...members.slice(0, start)];
}

/** A new call's turn order begins after the member who was offered the previous call first. */
function turnOrderOfNewCall(members: readonly number[], state: RoundRobinState, extension: number): number[] {
  const previous = state[String(extension)];
  return rotated(members, previous === undefined ? 0 : members.indexOf(previous) + 1);
}

/** A ringing call's turn order began with the first member offered it. */
function turnOrderOfCall(members: readonly number[], firstOffered: number | undefined): number[] {
  return rotated(members, firstOffered === undefined ? 0 : Math.max(0, members.indexOf(firstOffered)));
}

function ringAgents(input: RoutingInput, route: Route, lead: RingLead): RoutingDecision {
  const agents = agentsById(input);
  const members = [...new Set(route.members)];
  if (route.round_robin === 'rotating') {
    const order = turnOrderOfNewCall(members, input.roundRobin, route.extension);
    const first = order.map((id) => agents.get(id)).find(isAvailable);
    // Nobody available: voicemail at once rather than ringing nobody for `timeout` seconds.
    if (!first) return voicemail(input, route, lead.events, 'no_agent_available');
    const roundRobin = { ...input.roundRobin, [String(route.extension)]: first.id };
    const ring = { targets: [clientTarget(first)], sequential: true, attempt: 0, tried: [first.id] };
    return dial(input, route, ring, lead, roundRobin);
  }
  // §3 round_robin none: every available member rings at once; the first to answer takes the call.
  const available = members.map((id) => agents.get(id)).filter(isAvailable);
  if (available.length === 0) return voicemail(input, route, lead.events, 'no_agent_available');
  const ring = { targets: available.map(clientTarget), sequential: false, attempt: 0, tried: [] };
  return dial(input, route, ring, lead);
}

// ── Entry points ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A call reaches an extension: §3 type voicemail (or voicemail_enabled), in-app-calling, or phone forwards. An
 * extension that sends it to voicemail without ringing anyone (a voicemail extension, no member available, no
 * forward to ring) had no agent available for it.
 */
export function ringExtension(input: RoutingInput, route: Route, lead: RingLead): RoutingDecision {
  const nobody = 'no_agent_available';
  if (route.type === 'voicemail' || route.voicemail_enabled)
    return voicemail(input, route, lead.events, nobody);
  if (route.type === 'in-app-calling') return ringAgents(input, route, lead);
  const plan = forwardPlan(input, route);
  if (plan.numbers.length === 0) return voicemail(input, route, lead.events, nobody);
  return dialForward(input, route, plan, 0, lead);
}

/**
 * A ring ended unanswered (no answer, busy, failed, or every agent declined). A sequence goes on to its next
 * forward, a rotation to its next available member; otherwise, and when they run out, the call overflows to
 * voicemail: someone was rung and did not answer (`not_answered`).
 */
export function ringNext(
  input: RoutingInput,
  route: Route,
  ended: { attempt: number; tried: readonly number[]; outcome: Exclude<DialOutcome, 'completed'> },
): RoutingDecision {
  const declined = ended.outcome === 'declined';
  const goesOn: RingLead = {
    events: [declined ? EVENTS.rejected : EVENTS.noAnswerContinuing],
    greeting: null,
    firstRing: false,
  };
  const overflow = [declined ? EVENTS.rejected : EVENTS.noAnswerOverflow];
  const toVoicemail = () => voicemail(input, route, overflow, 'not_answered');

  if (route.type === 'voicemail' || route.voicemail_enabled) return toVoicemail();

  if (route.type === 'in-app-calling') {
    // Round robin none rang everyone at once: nobody is left to ring.
    if (route.round_robin !== 'rotating' || ended.tried.length === 0) return toVoicemail();
    const agents = agentsById(input);
    const next = turnOrderOfCall([...new Set(route.members)], ended.tried[0])
      .filter((id) => !ended.tried.includes(id))
      .map((id) => agents.get(id))
      .find(isAvailable);
    if (!next) return toVoicemail();
    const tried = [...ended.tried, next.id];
    const ring = { targets: [clientTarget(next)], sequential: true, attempt: tried.length - 1, tried };
    return dial(input, route, ring, goesOn);
  }

  const plan = forwardPlan(input, route);
  const attempt = ended.attempt + 1;
  if (!plan.sequential || attempt >= plan.numbers.length) return toVoicemail();
  return dialForward(input, route, plan, attempt, goesOn);
}
