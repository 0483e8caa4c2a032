/**
 * The inbound-call routing engine: (number configuration, schedule, blocks, agents, round-robin state, caller,
 * time, step of the call) → the next action, the §4 call events to record, and the §3 outcome when the call
 * ends. Pure: no I/O and no clock (the time is an input), so the Twilio webhooks, the sandbox carrier, the tests
 * and the benchmark all drive the same rules. Rules read top-down, in the order a call meets them.
 */

import { normalizePhone } from '@shared/domain/phone';
import { EVENTS } from './events';
import {
  defaultRoute,
  extensionForDigits,
  findRoute,
  gather,
  menuTiming,
  playable,
  reachableRoutes,
} from './menu';
import { decide, ringExtension, ringNext, voicemail, voicemailAlertEmail, whisperOf } from './ring';
import { scheduleStateAt } from './schedule';
import type { CallerBlock, RoutingDecision, RoutingInput, RoutingStep } from './types';

type Step<K extends RoutingStep['kind']> = Extract<RoutingStep, { kind: K }>;

export function route(input: RoutingInput): RoutingDecision {
  const step = input.step;
  switch (step.kind) {
    case 'start':
      return startCall(input);
    case 'after-gather':
      return afterMenu(input, step);
    case 'after-dial':
      return afterDial(input, step);
    case 'after-voicemail':
      return afterVoicemail(input, step);
    case 'whisper':
      return whisper(input, step);
    case 'whisper-confirm':
      return afterWhisper(step);
    case 'caller-hangup':
      return callerHungUp();
    case 'overflow':
      return voicemail(
        input,
        findRoute(reachableRoutes(input.number), step.extension),
        [EVENTS.noAnswerOverflow],
        'not_answered',
      );
  }
}

/** Numbers compare in E.164; a caller ID that is no phone number (withheld, a name) compares as written. */
function comparable(number: string): string {
  return normalizePhone(number) ?? number.trim();
}

/** §3 Block "target, global, number_id": a global block covers every number of the company, else its own. */
function isBlocked(input: RoutingInput): boolean {
  const caller = comparable(input.caller.number);
  const covers = (block: CallerBlock) => block.global || block.number_id === input.number.id;
  return input.blocks.some((block) => covers(block) && comparable(block.target) === caller);
}

/**
 * A call arrives. In order: a blocked caller is rejected; a Direct Voicemail schedule takes a voicemail; outside
 * open hours the after-hours route takes it; then one extension rings directly and several get a menu. A call the
 * schedule sends to a voicemail (Direct Voicemail, or after hours, straight or through the after-hours
 * extension) is missed `out_of_hours`; one the after-hours extension rings is missed as any ring is.
 */
function startCall(input: RoutingInput): RoutingDecision {
  const started = [EVENTS.started];

  // Blocked callers (global and per number) are rejected: outcome blocked (4) and the Blocked event (13).
  if (isBlocked(input)) {
    return decide({ type: 'reject' }, { events: [...started, EVENTS.blocked], outcome: 4 });
  }

  // §4 preset 5 "Direct Voicemail" (or the voicemail flag): no ringing, no menu.
  const hours = scheduleStateAt(input.schedule, input.now);
  if (hours === 'direct-voicemail') return voicemail(input, undefined, started, 'out_of_hours');

  const routes = reachableRoutes(input.number);

  // After hours: the after-hours extension when the number names one, else the number's voicemail. The welcome
  // greeting belongs to open hours, so it is not played.
  if (hours === 'closed') {
    const afterHours = findRoute(routes, input.number.after_hours_extension);
    const lead = { events: started, greeting: null, firstRing: true };
    if (!afterHours) return voicemail(input, undefined, started, 'out_of_hours');
    const decision = ringExtension(input, afterHours, lead);
    return decision.action.type === 'voicemail' ? { ...decision, missedReason: 'out_of_hours' } : decision;
  }

  // A number with no extension still takes a message rather than dropping the call: nobody could be rung.
  const [only, ...others] = routes;
  if (!only) return voicemail(input, undefined, started, 'no_agent_available');
  // One extension needs no menu: the welcome greeting, if any, plays, then it rings.
  if (others.length === 0) {
    return ringExtension(input, only, {
      events: started,
      greeting: playable(input.number.greeting),
      firstRing: true,
    });
  }

  // A caller who hangs up while the menu plays abandoned it.
  return decide(gather(input.number, routes, 1, null), { events: started, missedReason: 'menu_abandoned' });
}

/**
 * The caller's menu choice. A key of an extension rings it (Extension Selected, 2). An invalid key or none plays
 * the menu again (up to `retries` times), then the default extension takes the call.
 */
function afterMenu(input: RoutingInput, step: Step<'after-gather'>): RoutingDecision {
  const routes = reachableRoutes(input.number);
  // The menu's extensions were removed while the caller listened: take a message instead.
  if (routes.length === 0) return voicemail(input, undefined, [], 'no_agent_available');
  const selected = { events: [EVENTS.extensionSelected], greeting: null, firstRing: true };

  const chosen = findRoute(routes, extensionForDigits(step.digits));
  if (chosen) return ringExtension(input, chosen, selected);

  if (step.attempt <= menuTiming(input.number).retries) {
    const notice = step.digits.trim() === '' ? 'no-input' : 'invalid';
    return decide(gather(input.number, routes, step.attempt + 1, notice), { missedReason: 'menu_abandoned' });
  }

  const fallback = defaultRoute(input.number, routes);
  return fallback
    ? ringExtension(input, fallback, selected)
    : voicemail(input, undefined, [], 'no_agent_available');
}

/**
 * A ring ended. Answered and finished: Connected (12), then Hangup (3), outcome answered (1). Otherwise the
 * extension rings its next, or the call overflows to voicemail. An extension removed mid-call overflows to the
 * number's voicemail.
 */
function afterDial(input: RoutingInput, step: Step<'after-dial'>): RoutingDecision {
  if (step.outcome === 'completed') {
    return decide(
      { type: 'hangup', goodbye: false },
      { events: [EVENTS.connected, EVENTS.hangupAfterConnected], outcome: 1, extension: step.extension },
    );
  }
  const current = findRoute(reachableRoutes(input.number), step.extension);
  if (!current) {
    const overflow = step.outcome === 'declined' ? EVENTS.rejected : EVENTS.noAnswerOverflow;
    return voicemail(input, undefined, [overflow], 'not_answered');
  }
  return ringNext(input, current, { attempt: step.attempt, tried: step.tried, outcome: step.outcome });
}

/** A message left: outcome voicemail (3), and its alert address told. None left: the call was missed (2). */
function afterVoicemail(input: RoutingInput, step: Step<'after-voicemail'>): RoutingDecision {
  const extension = step.extension;
  if (!step.recorded) return callerHungUp(extension);
  const route = findRoute(reachableRoutes(input.number), extension);
  return decide(
    { type: 'hangup', goodbye: true },
    { outcome: 3, extension, alertEmail: voicemailAlertEmail(input, route) },
  );
}

/** The caller hung up before an answer or a message: Missed (10) and Hangup (11), outcome missed (2). */
function callerHungUp(extension: number | null = null): RoutingDecision {
  return decide(
    { type: 'hangup', goodbye: false },
    { events: [EVENTS.missed, EVENTS.callerHangup], outcome: 2, extension },
  );
}

/**
 * The forwarded-to party picked up (their leg): §3 confirm_whisper is said to them, and with confirm_key they
 * must press a key within confirm_key_wait seconds. Nothing configured: they are connected at once.
 */
function whisper(input: RoutingInput, step: Step<'whisper'>): RoutingDecision {
  const settings = whisperOf(
    findRoute(reachableRoutes(input.number), step.extension),
    input.caller.source ?? null,
  );
  if (!settings) return decide({ type: 'connect' }, { extension: step.extension });
  const resume = { kind: 'whisper-confirm', extension: step.extension } as const;
  return decide({ type: 'whisper', whisper: settings, resume }, { extension: step.extension });
}

/**
 * Any key accepts the call; no key within the wait drops their leg, which counts as not answered, so the
 * others keep ringing or the sequence moves on.
 */
function afterWhisper(step: Step<'whisper-confirm'>): RoutingDecision {
  const accepted = step.digits.trim() !== '';
  return decide(accepted ? { type: 'connect' } : { type: 'hangup', goodbye: false }, {
    extension: step.extension,
  });
}
