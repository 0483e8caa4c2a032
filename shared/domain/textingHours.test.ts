import { describe, expect, it } from 'vitest';
import {
  FEDERAL_TEXTING_HOURS,
  isSendableAt,
  nextSendableAt,
  STATE_TEXTING_HOURS,
  strictRegion,
  textingHoursRule,
} from './textingHours';

// Tuesday 24 November 2026. New York is UTC−5, Chicago UTC−6 (no DST in November).
const at = (iso: string) => new Date(iso);

describe('the texting-hours table', () => {
  it('has the federal rule and the stricter states the issue names, each with its source', () => {
    expect(STATE_TEXTING_HOURS.map((rule) => rule.region)).toEqual([
      'FL',
      'OK',
      'MD',
      'MS',
      'NJ',
      'CT',
      'TX',
      'RI',
    ]);
    for (const rule of [FEDERAL_TEXTING_HOURS, ...STATE_TEXTING_HOURS]) {
      expect(rule.days).toHaveLength(7);
      expect(rule.source.length).toBeGreaterThan(10);
    }
  });

  it.each([
    ['FL', 'FL'],
    ['Florida', 'FL'],
    ['texas', 'TX'],
    ['Illinois', 'US'],
    [null, 'US'],
    ['', 'US'],
  ])('the rule for %s is %s', (region, expected) => {
    expect(textingHoursRule(region).region).toBe(expected);
    expect(strictRegion(region)).toBe(expected === 'US' ? null : expected);
  });
});

describe('nextSendableAt: the first moment at or after a time inside the recipient’s window', () => {
  it.each([
    // [case, now, zone, region, expected]
    [
      'federal, inside (10 am Chicago)',
      '2026-11-24T16:00:00Z',
      'America/Chicago',
      'US',
      '2026-11-24T16:00:00Z',
    ],
    ['federal, 8 am sharp opens', '2026-11-24T14:00:00Z', 'America/Chicago', 'US', '2026-11-24T14:00:00Z'],
    [
      'federal, before 8 am waits for 8',
      '2026-11-24T12:30:00Z',
      'America/Chicago',
      'US',
      '2026-11-24T14:00:00Z',
    ],
    [
      'federal, 9 pm is closed: next morning',
      '2026-11-25T03:00:00Z',
      'America/Chicago',
      'US',
      '2026-11-25T14:00:00Z',
    ],
    ['federal, 8:59 pm is open', '2026-11-25T02:59:00Z', 'America/Chicago', 'US', '2026-11-25T02:59:00Z'],
    [
      'Florida closes at 8 pm (8:30 pm Miami)',
      '2026-11-25T01:30:00Z',
      'America/New_York',
      'FL',
      '2026-11-25T13:00:00Z',
    ],
    [
      'Connecticut opens at 9 am (8:30 am Hartford)',
      '2026-11-24T13:30:00Z',
      'America/New_York',
      'CT',
      '2026-11-24T14:00:00Z',
    ],
    [
      'Texas on Sunday opens at noon (Sun 29 Nov, 10 am Dallas)',
      '2026-11-29T16:00:00Z',
      'America/Chicago',
      'TX',
      '2026-11-29T18:00:00Z',
    ],
    [
      'Texas on Saturday opens at 9 am',
      '2026-11-28T14:30:00Z',
      'America/Chicago',
      'TX',
      '2026-11-28T15:00:00Z',
    ],
    [
      'Rhode Island: none on Sunday, Monday 9 am',
      '2026-11-29T15:00:00Z',
      'America/New_York',
      'RI',
      '2026-11-30T14:00:00Z',
    ],
    [
      'Rhode Island: Saturday closes at 5 pm',
      '2026-11-28T22:30:00Z',
      'America/New_York',
      'RI',
      '2026-11-30T14:00:00Z',
    ],
    ['Mississippi: none on Sunday', '2026-11-29T16:00:00Z', 'America/Chicago', 'MS', '2026-11-30T14:00:00Z'],
    ['an unknown zone keeps no hours', '2026-11-24T08:00:00Z', null, 'US', '2026-11-24T08:00:00Z'],
    ['a made-up zone keeps no hours', '2026-11-24T08:00:00Z', 'Mars/Olympus', 'US', '2026-11-24T08:00:00Z'],
  ])('%s', (_case, now, zone, region, expected) => {
    expect(nextSendableAt(at(now), zone, region).toISOString()).toBe(at(expected).toISOString());
    expect(isSendableAt(at(now), zone, region)).toBe(now === expected);
  });

  it('opens at the local hour on the day clocks change (8 am on Sunday 8 March 2026, after 2 am became 3 am)', () => {
    // 1 am CST on the change day is 07:00Z; 8 am CDT that day is 13:00Z.
    expect(nextSendableAt(at('2026-03-08T07:00:00Z'), 'America/Chicago', 'US').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });
});
