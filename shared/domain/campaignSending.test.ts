import { describe, expect, it } from 'vitest';
import {
  AUTO_PAUSE,
  autoPauseReason,
  canMoveRecipient,
  creditsPerText,
  RECIPIENT_STATES,
  type RecipientState,
  sendingPace,
  sendingSeconds,
  valuesOf,
} from './index';

describe('the ledger moves forward only', () => {
  const allowed: [RecipientState, RecipientState][] = [
    ['pending', 'sending'],
    ['pending', 'skipped'],
    ['sending', 'sent'],
    ['sending', 'failed'],
    ['sending', 'pending'],
    ['sent', 'delivered'],
    ['sent', 'undelivered'],
  ];
  const states = valuesOf(RECIPIENT_STATES);
  it.each(states.flatMap((from) => states.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    expect(canMoveRecipient(from, to)).toBe(allowed.some(([a, b]) => a === from && b === to));
  });
});

describe('pace by number type (§3 codes: 1 toll-free, 2 local, 4 bulk)', () => {
  it.each([
    [2, { perSecond: 1, perDay: 2000 }],
    [1, { perSecond: 3, perDay: null }],
    [4, { perSecond: 10, perDay: null }],
  ])('type %i', (type, pace) => {
    expect(sendingPace(type)).toEqual(pace);
  });

  it('configuration overrides a type', () => {
    expect(sendingPace(2, { 2: { perSecond: 5, perDay: null } })).toEqual({ perSecond: 5, perDay: null });
  });

  it.each([
    ['nobody', 0, { perSecond: 1, perDay: 2000 }, 0],
    ['60 at 1 a second', 60, { perSecond: 1, perDay: 2000 }, 60],
    ['90 at 3 a second', 90, { perSecond: 3, perDay: null }, 30],
    ['the cap plus one waits a day', 2001, { perSecond: 1, perDay: 2000 }, 86_400 + 1],
    ['exactly the cap', 2000, { perSecond: 1, perDay: 2000 }, 2000],
  ])('sendingSeconds: %s', (_case, recipients, pace, seconds) => {
    expect(sendingSeconds(recipients, pace)).toBe(seconds);
  });
});

describe('credits', () => {
  it.each([
    ['one GSM-7 segment', 'a'.repeat(160), false, 1],
    ['two GSM-7 segments', 'a'.repeat(161), false, 2],
    ['UCS-2 (an emoji) splits at 70', `${'a'.repeat(69)}😀`, false, 2],
    ['an MMS is one message', 'a'.repeat(500), true, 1],
    ['an empty text still costs one', '', false, 1],
  ])('%s', (_case, body, hasMedia, credits) => {
    expect(creditsPerText(body, hasMedia)).toBe(credits);
  });
});

describe(`auto-pause over the last ${AUTO_PAUSE.window} sends`, () => {
  it.each([
    ['too few sends to judge', { finished: 99, failed: 99, stopped: 0 }, null],
    ['19% failed', { finished: 100, failed: 19, stopped: 0 }, null],
    [
      '20% failed',
      { finished: 100, failed: 20, stopped: 0 },
      /20 of the last 100 texts failed \(the limit is 20%\)/,
    ],
    ['4% STOP', { finished: 100, failed: 0, stopped: 4 }, null],
    [
      '5% STOP',
      { finished: 100, failed: 0, stopped: 5 },
      /5 of the last 100 recipients replied STOP \(the limit is 5%\)/,
    ],
  ])('%s', (_case, outcomes, expected) => {
    const reason = autoPauseReason(outcomes);
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toMatch(expected);
  });
});
