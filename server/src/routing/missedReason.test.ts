/**
 * Why a call goes unanswered, as routing knows it (issue 22: "missed-call reasons straight from the routing
 * engine"). Each decision says what the call is missed as if it ends in the state the decision leaves it in; the
 * voice module keeps that on the live call and applies `missedReasonOf` (the short-abandon rule) when it closes.
 */
import { MISSED_REASONS, type MissedReason } from '@shared/domain/analytics';
import { describe, expect, it } from 'vitest';
import { route } from './engine';
import {
  agent,
  type CallOptions,
  call,
  dialEnded,
  ext,
  MENU_ROUTES,
  phones,
  pressed,
  SALES,
} from './fixtures';

interface Case {
  rule: string;
  options: CallOptions;
  action: string;
  reason: MissedReason | null;
}

/** Monday 2 March 2026, 20:00 in New York: after a Mon-Fri (9-5) line has closed. */
const evening = { schedule: { preset: 2 }, now: new Date('2026-03-03T01:00:00Z') } as const;
const inApp = (over = {}) => ext(1, { type: 'in-app-calling', members: [11, 12], ...over });
const rotating = inApp({ round_robin: 'rotating' });
const everyoneBusy = [agent(11, { status: 'away' }), agent(12, { onCall: true })];

const CASES: Case[] = [
  // out_of_hours: the schedule sent the call to a voicemail.
  {
    rule: 'after hours with no after-hours extension: the number voicemail, missed out of hours',
    options: evening,
    action: 'voicemail',
    reason: 'out_of_hours',
  },
  {
    rule: '§4 preset 5 "Direct Voicemail": the schedule takes every call to voicemail, out of hours',
    options: { schedule: { preset: 5 } },
    action: 'voicemail',
    reason: 'out_of_hours',
  },
  {
    rule: 'after hours, an after-hours extension of type voicemail: still out of hours',
    options: {
      ...evening,
      number: {
        routes: [ext(1, { forwards: phones(SALES) }), ext(2, { type: 'voicemail' })],
        after_hours_extension: 2,
      },
    },
    action: 'voicemail',
    reason: 'out_of_hours',
  },
  {
    rule: 'after hours, an after-hours extension that rings someone: a hang-up while it rings is not answered',
    options: {
      ...evening,
      number: { routes: [ext(1), ext(2, { forwards: phones(SALES) })], after_hours_extension: 2 },
    },
    action: 'dial',
    reason: 'not_answered',
  },
  // no_agent_available: open, but nobody could be rung.
  {
    rule: 'in-app calling with every member away or on a call: voicemail at once, no agent available',
    options: { number: { routes: [inApp()] }, agents: everyoneBusy },
    action: 'voicemail',
    reason: 'no_agent_available',
  },
  {
    rule: 'rotating round robin with nobody available: no agent available',
    options: { number: { routes: [rotating] }, agents: everyoneBusy },
    action: 'voicemail',
    reason: 'no_agent_available',
  },
  {
    rule: 'phone forwards with no valid number: nobody to ring, no agent available',
    options: { number: { routes: [ext(1, { forwards: phones('not a number') })] } },
    action: 'voicemail',
    reason: 'no_agent_available',
  },
  {
    rule: 'an extension of type voicemail in open hours: nobody takes calls there, no agent available',
    options: { number: { routes: [ext(1, { type: 'voicemail' })] } },
    action: 'voicemail',
    reason: 'no_agent_available',
  },
  {
    rule: 'a number with no extension: its voicemail, no agent available',
    options: { number: { routes: [] } },
    action: 'voicemail',
    reason: 'no_agent_available',
  },
  // menu_abandoned: the menu is playing.
  {
    rule: 'a menu is played: a caller who hangs up now abandoned the menu',
    options: { number: { routes: MENU_ROUTES } },
    action: 'play-greeting-and-gather',
    reason: 'menu_abandoned',
  },
  {
    rule: 'the menu played again after an invalid key: still the menu',
    options: { number: { routes: MENU_ROUTES }, step: pressed('9') },
    action: 'play-greeting-and-gather',
    reason: 'menu_abandoned',
  },
  // not_answered: someone was rung.
  {
    rule: 'the chosen extension rings: a hang-up while it rings is not answered',
    options: { number: { routes: MENU_ROUTES }, step: pressed('2') },
    action: 'dial',
    reason: 'not_answered',
  },
  {
    rule: 'in-app calling rings the available members: not answered if the caller hangs up',
    options: { number: { routes: [inApp()] } },
    action: 'dial',
    reason: 'not_answered',
  },
  {
    rule: 'the ring timed out (no-answer): overflow to voicemail, not answered',
    options: { step: dialEnded(1, 'no-answer') },
    action: 'voicemail',
    reason: 'not_answered',
  },
  {
    rule: 'every agent declined: overflow to voicemail, not answered',
    options: { number: { routes: [inApp()] }, step: dialEnded(1, 'declined') },
    action: 'voicemail',
    reason: 'not_answered',
  },
  {
    rule: 'the forward was busy: overflow to voicemail, not answered',
    options: { step: dialEnded(1, 'busy') },
    action: 'voicemail',
    reason: 'not_answered',
  },
  {
    rule: 'a rotation whose next members are all busy after the first did not answer: not answered',
    options: {
      number: { routes: [rotating] },
      agents: [agent(11, {}), agent(12, { onCall: true })],
      step: dialEnded(1, 'no-answer', 0, [11]),
    },
    action: 'voicemail',
    reason: 'not_answered',
  },
  {
    rule: 'a transfer nobody took overflows to voicemail: not answered',
    options: { step: { kind: 'overflow', extension: 1 } },
    action: 'voicemail',
    reason: 'not_answered',
  },
  // Steps that do not change why the call would be missed.
  {
    rule: 'the caller hung up: the reason of the state they hung up in holds (null: unchanged)',
    options: { step: { kind: 'caller-hangup' } },
    action: 'hangup',
    reason: null,
  },
  {
    rule: 'voicemail ended without a message: the voicemail reason holds',
    options: { step: { kind: 'after-voicemail', extension: 1, recorded: false } },
    action: 'hangup',
    reason: null,
  },
  {
    rule: 'answered: nothing was missed',
    options: { step: dialEnded(1, 'completed') },
    action: 'hangup',
    reason: null,
  },
  {
    rule: 'a blocked caller is rejected, not missed',
    options: { blocks: [{ target: '+17135550142', global: true, number_id: null }] },
    action: 'reject',
    reason: null,
  },
];

describe('missed reasons from the routing engine', () => {
  it.each(CASES)('$rule', ({ options, action, reason }) => {
    const decision = route(call(options));
    expect(decision.action.type).toBe(action);
    expect(decision.missedReason).toBe(reason);
  });

  it('names only reasons of MISSED_REASONS, and every one routing decides but short_abandon (decided on close)', () => {
    const decided = new Set(CASES.flatMap((item) => (item.reason ? [item.reason] : [])));
    const known = MISSED_REASONS.map((reason) => reason.value);
    expect([...decided].every((reason) => known.includes(reason))).toBe(true);
    expect(known.filter((reason) => !decided.has(reason))).toEqual(['short_abandon']);
  });
});
