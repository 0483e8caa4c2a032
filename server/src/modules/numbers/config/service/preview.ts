/**
 * What a caller meets on a number now (or at a chosen time), in words — computed by the routing engine itself,
 * not a second reading of the configuration: the engine is asked about a call that starts at that moment, and
 * every path is followed to its end by answering the engine's questions the way a caller and unanswered phones
 * would (each menu key pressed; nobody answering a ring; a voicemail left). So the number page's preview ("Open:
 * rings Sales, then voicemail after 20 s") can never disagree with what a call does.
 */
import type { RoutingPreview } from '@shared/api/numbers';
import { formatPhone } from '@shared/domain/phone';
import { route } from '../../../../routing/engine';
import { scheduleStateAt } from '../../../../routing/schedule';
import type {
  DialTarget,
  RoutingAction,
  RoutingAgent,
  RoutingDecision,
  RoutingInput,
  RoutingStep,
} from '../../../../routing/types';

/** A caller on the demo's test line (no block matches it) from no particular state. */
const PREVIEW_CALLER = { number: '+15005550006', state: null };
/** Steps one path follows at most (a sequence of 25 forwards fits; a loop would not run on). */
const MAX_STEPS = 40;

type Base = Omit<RoutingInput, 'step'>;

function targetsInWords(targets: readonly DialTarget[], agents: readonly RoutingAgent[]): string {
  const names = targets.map((target) =>
    target.kind === 'number'
      ? formatPhone(target.number)
      : (agents.find((agent) => agent.id === target.userId)?.name ?? 'an agent'),
  );
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function actionInWords(action: RoutingAction, base: Base): string {
  switch (action.type) {
    case 'reject':
      return 'rejects the call';
    case 'hangup':
      return action.goodbye ? 'says goodbye and hangs up' : 'hangs up';
    case 'voicemail':
      return action.alertEmail ? `takes a voicemail (emailed to ${action.alertEmail})` : 'takes a voicemail';
    case 'dial': {
      const who = targetsInWords(action.targets, base.agents);
      const together = action.mode === 'simultaneous' && action.targets.length > 1 ? ' together' : '';
      const greeting = action.greeting ? 'plays the greeting, then ' : '';
      return `${greeting}rings ${who}${together} for ${action.timeout} s`;
    }
    case 'play-greeting-and-gather':
      return 'plays the menu';
    case 'whisper':
    case 'connect':
      return 'connects the caller';
  }
}

/** What the engine is told next when nobody answers or the caller goes on; null when the path ends here. */
function nextStep(decision: RoutingDecision): RoutingStep | null {
  const action = decision.action;
  if (action.type === 'dial') return { ...action.resume, outcome: 'no-answer' };
  if (action.type === 'voicemail') return { ...action.resume, recorded: true };
  return null;
}

/** One path from `first` to its end, in words, a step each. */
function follow(base: Base, first: RoutingStep): string[] {
  const words: string[] = [];
  let step: RoutingStep | null = first;
  for (let count = 0; step && count < MAX_STEPS; count++) {
    const decision: RoutingDecision = route({ ...base, step });
    if (decision.action.type === 'play-greeting-and-gather') {
      // A caller who presses nothing hears the menu again, until the engine takes them somewhere.
      const silent: boolean = step.kind === 'after-gather' && step.digits === '';
      step = silent ? { ...decision.action.resume, digits: '' } : null;
      continue;
    }
    const said = actionInWords(decision.action, base);
    if (decision.action.type !== 'hangup' || words.length === 0) words.push(said);
    step = nextStep(decision);
  }
  return words;
}

const sentence = (steps: readonly string[]) =>
  steps.length
    ? steps.map((step, index) => (index === 0 ? step : `then ${step}`)).join(', ')
    : 'nothing happens';

/** The preview of a call starting at `base.now`. */
export function previewRouting(base: Base): RoutingPreview {
  const hours = scheduleStateAt(base.schedule, base.now);
  const state = hours === 'open' ? 'Open' : hours === 'direct-voicemail' ? 'Direct voicemail' : 'Closed';
  const start = route({ ...base, step: { kind: 'start' } });
  if (start.action.type !== 'play-greeting-and-gather') {
    const steps = follow(base, { kind: 'start' });
    return { at: base.now.toISOString(), state, summary: `${state}: ${sentence(steps)}.`, menu: [] };
  }
  const gather = start.action;
  const menu = gather.choices.map((choice) => ({
    key: choice.key,
    label: choice.label,
    steps: follow(base, { ...gather.resume, digits: choice.key }),
  }));
  const silent = follow(base, { ...gather.resume, digits: '' });
  const greeting = gather.greeting ? 'plays the greeting and ' : '';
  const keys = menu.map((choice) => `${choice.key} ${choice.label}`.trim()).join(', ');
  return {
    at: base.now.toISOString(),
    state,
    summary: `${state}: ${greeting}offers a menu (${keys})${silent.length ? `; pressing nothing ${sentence(silent)}` : ''}.`,
    menu,
  };
}

export { PREVIEW_CALLER };
