/** The inbox's times follow the user's zone (§5), not the browser's: "today" is today there. */
import { describe, expect, it } from 'vitest';
import { fullTime, shortTime } from './format';

describe('shortTime', () => {
  // Now is 01:00 on the 20th in Denver and 17:00 on the 20th in Tokyo; 03:30 UTC was the 19th in Denver.
  const now = new Date('2026-11-20T08:00:00Z');
  it.each([
    ['the time when the item is from today in the zone', '2026-11-20T03:30:00Z', 'Asia/Tokyo', /^12:30\sPM$/],
    ['the date when the zone’s day differs from now’s', '2026-11-20T03:30:00Z', 'America/Denver', /^Nov 19$/],
    ['the date for an older item', '2026-11-18T15:00:00Z', 'UTC', /^Nov 18$/],
    ['nothing for an unreadable time', 'not a time', 'UTC', /^$/],
  ])('%s', (_rule, iso, tz, expected) => {
    expect(shortTime(iso, tz, now)).toMatch(expected);
  });
});

describe('fullTime', () => {
  it.each([
    ['America/New_York', /Nov 19, 2026.*10:30\sPM/],
    ['Europe/Paris', /Nov 20, 2026.*4:30\sAM/],
  ])('%s', (tz, expected) => {
    expect(fullTime('2026-11-20T03:30:00Z', tz)).toMatch(expected);
  });
});
