/**
 * Why the seeded history's unanswered inbound calls went unanswered, as routing would have recorded it (the
 * `missed_reason` of live calls), with §4 events that tell the same story. Draws come from a generator of their
 * own (the seeding function's second `random`), so the seed's main sequence — and every row and count it makes —
 * is unchanged.
 */
import type { MissedReason } from '@shared/domain/analytics';
import { scheduleStateAt } from '../routing/schedule';
import type { RoutingSchedule } from '../routing/types';
import { DEMO_MOTORS_SCHEDULE } from './numbers';
import type { random } from './random';

type Random = ReturnType<typeof random>;
type Event = { status: number; at: string };

/** Demo Motors' calls outside its business hours (Mon–Fri 8–19, Sat 9–17, Chicago) reached the closed line. */
export function demoMotorsClosedAt(at: Date): boolean {
  return scheduleStateAt(DEMO_MOTORS_SCHEDULE as RoutingSchedule, at) === 'closed';
}

export interface SeededMissedCall {
  start: Date;
  /** §3 outcome: missed 2 or voicemail 3. */
  outcome: 2 | 3;
  /** The extension the caller reached (Extension Selected, 2, at 3 s), or null: they never chose one. */
  extension: number | null;
  /** The line was closed when the call came (its schedule). */
  closed: boolean;
  /** The call's events as they were planned: someone rang and nobody answered. */
  rang: Event[];
}

/**
 * A reason and matching events. Closed: out of hours, straight to voicemail. Open: a missed call is a short
 * abandon (a quarter), a hang-up in the menu (when no extension was chosen), no agent available, or most often
 * nobody answering; a voicemail is no agent available (three in ten) or nobody answering (a message left is
 * never an abandon).
 */
export function seededMissedCall(
  why: Random,
  call: SeededMissedCall,
): { reason: MissedReason; events: Event[] } {
  const at = (seconds: number) => new Date(call.start.getTime() + seconds * 1000).toISOString();
  const started = [{ status: 1, at: at(0) }];
  const chosen = call.extension === null ? [] : [{ status: 2, at: at(3) }];
  const hungUp = (seconds: number) => [
    { status: 10, at: at(seconds) },
    { status: 11, at: at(seconds) },
  ];
  // Voicemail (4) at once: nobody to ring. The caller then leaves a message (3) or hangs up at the tone (2).
  const toVoicemail = (reason: MissedReason) => ({
    reason,
    events: [
      ...started,
      ...chosen,
      { status: 4, at: at(4) },
      ...(call.outcome === 2 ? hungUp(why.int(12, 30)) : []),
    ],
  });

  if (call.closed) return toVoicemail('out_of_hours');
  const roll = why.next();
  if (call.outcome === 3)
    return roll < 0.3 ? toVoicemail('no_agent_available') : { reason: 'not_answered', events: call.rang };
  if (roll < 0.25) {
    // Gone before the 10 s mark, while the menu played or the first ring sounded.
    const ringing = call.extension === null ? [] : [{ status: 6, at: at(4) }];
    return { reason: 'short_abandon', events: [...started, ...chosen, ...ringing, ...hungUp(why.int(4, 9))] };
  }
  if (roll < 0.4 && call.extension === null) {
    return { reason: 'menu_abandoned', events: [...started, ...hungUp(why.int(12, 40))] };
  }
  if (roll < 0.55) return toVoicemail('no_agent_available');
  return { reason: 'not_answered', events: call.rang };
}
