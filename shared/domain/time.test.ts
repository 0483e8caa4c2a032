import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  formatWhatsNewReadAt,
  isKnownTimeZone,
  previousPeriod,
  resolveTimeZone,
  timeZoneOptions,
  toDate,
} from './index';

describe('resolveTimeZone: §5 "User timezone is used only if a known zone name; otherwise a default"', () => {
  it.each<[string | undefined, string]>([
    ['America/New_York', 'America/New_York'],
    ['Europe/Berlin', 'Europe/Berlin'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Asia/Calcutta', 'Asia/Calcutta'],
    ['UTC', 'UTC'],
    ['  America/Chicago  ', 'America/Chicago'],
    ['america/new_york', 'Etc/UTC'],
    ['Mars/Olympus_Mons', 'Etc/UTC'],
    ['EST5EDT-ish', 'Etc/UTC'],
    ['+05:00', 'Etc/UTC'],
    ['', 'Etc/UTC'],
    [undefined, 'Etc/UTC'],
  ])('%j → %j', (name, expected) => {
    expect(resolveTimeZone(name, 'Etc/UTC')).toBe(expected);
  });
});

describe('timeZoneOptions: §9 "About 400 IANA timezones with labels"', () => {
  const options = timeZoneOptions();

  it('has about 400 zones, each known and labelled with its offset', () => {
    expect(options.length).toBeGreaterThanOrEqual(350);
    expect(options.length).toBeLessThanOrEqual(450);
    for (const option of options) {
      expect(isKnownTimeZone(option.value)).toBe(true);
      expect(option.label).toMatch(/^[+-]\d{2}:\d{2} /);
    }
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
  });

  it('is sorted by offset and includes the zones agents live in', () => {
    const offsets = options.map((o) => o.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    const values = options.map((o) => o.value);
    for (const zone of [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'Europe/London',
    ]) {
      expect(values).toContain(zone);
    }
  });
});

describe('previousPeriod: §9 "defaults to the equal-length range immediately before; other options are one, three, six months or one year earlier"', () => {
  it.each<
    [
      string,
      { start: string; end: string },
      Parameters<typeof previousPeriod>[1],
      { start: string; end: string },
    ]
  >([
    [
      'instants: equal length, ending where this one starts',
      { start: '2026-01-10T00:00:00.000Z', end: '2026-01-20T00:00:00.000Z' },
      undefined,
      { start: '2025-12-31T00:00:00.000Z', end: '2026-01-10T00:00:00.000Z' },
    ],
    [
      'instants: explicit previous',
      { start: '2026-11-22T12:00:00.000Z', end: '2026-11-22T13:30:00.000Z' },
      'previous',
      { start: '2026-11-22T10:30:00.000Z', end: '2026-11-22T12:00:00.000Z' },
    ],
    [
      'whole days: March (31 days) is preceded by the 31 days before it',
      { start: '2026-03-01', end: '2026-03-31' },
      'previous',
      { start: '2026-01-29', end: '2026-02-28' },
    ],
    [
      'whole days: one day',
      { start: '2026-11-22', end: '2026-11-22' },
      undefined,
      { start: '2026-11-21', end: '2026-11-21' },
    ],
    [
      'one month earlier',
      { start: '2026-03-01', end: '2026-03-31' },
      '1m',
      { start: '2026-02-01', end: '2026-02-28' },
    ],
    [
      'three months earlier',
      { start: '2026-05-31', end: '2026-06-30' },
      '3m',
      { start: '2026-02-28', end: '2026-03-30' },
    ],
    [
      'six months earlier',
      { start: '2026-11-01', end: '2026-11-30' },
      '6m',
      { start: '2026-05-01', end: '2026-05-30' },
    ],
    [
      'one year earlier (leap day clamps)',
      { start: '2028-02-29', end: '2028-03-06' },
      '1y',
      { start: '2027-02-28', end: '2027-03-06' },
    ],
    [
      'instants, one month earlier',
      { start: '2026-11-22T00:00:00.000Z', end: '2026-11-23T00:00:00.000Z' },
      '1m',
      { start: '2026-10-22T00:00:00.000Z', end: '2026-10-23T00:00:00.000Z' },
    ],
  ])('%s', (_name, range, option, expected) => {
    expect(previousPeriod(range, option)).toEqual(expected);
  });

  it('answers Dates for Dates', () => {
    const result = previousPeriod({
      start: new Date('2026-01-10T00:00:00Z'),
      end: new Date('2026-01-20T00:00:00Z'),
    });
    expect(result.start).toBeInstanceOf(Date);
    expect(result.start.toISOString()).toBe('2025-12-31T00:00:00.000Z');
    expect(result.end.toISOString()).toBe('2026-01-10T00:00:00.000Z');
  });

  it('refuses a range that ends before it starts, or is not a date', () => {
    expect(() => previousPeriod({ start: '2026-02-01', end: '2026-01-01' })).toThrow(RangeError);
    expect(() => previousPeriod({ start: 'yesterday', end: '2026-01-01' })).toThrow(/Not a date: yesterday/);
  });
});

describe('dates (§3, §9)', () => {
  it("§9 \"Date formats 'h:mm A', 'MMM D', 'MMM D, YYYY'\"", () => {
    expect(DATE_FORMATS).toEqual({ time: 'h:mm A', monthDay: 'MMM D', monthDayYear: 'MMM D, YYYY' });
  });

  it('§3 read_whats_new_at "set to now as year-month-day hour:minute:second"', () => {
    expect(formatWhatsNewReadAt(new Date('2026-11-22T09:05:07.900Z'))).toBe('2026-11-22 09:05:07');
    expect(formatWhatsNewReadAt('2026-01-02T03:04:05Z')).toBe('2026-01-02 03:04:05');
  });

  it('toDate takes a Date or an ISO string', () => {
    expect(toDate('2026-11-22T00:00:00Z').getTime()).toBe(Date.UTC(2026, 10, 22));
    const date = new Date();
    expect(toDate(date)).toBe(date);
  });
});

describe('previousPeriod of local days: §9 "Previous-period comparison defaults to the equal-length range immediately before; other options are one, three, six months or one year earlier."', () => {
  const days = (range: { start: string; end: string }) =>
    (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000 + 1;

  it.each<
    [
      string,
      { start: string; end: string },
      Parameters<typeof previousPeriod>[1],
      { start: string; end: string },
    ]
  >([
    // Every option, on one week.
    [
      'a week: the week before',
      { start: '2026-03-09', end: '2026-03-15' },
      'previous',
      { start: '2026-03-02', end: '2026-03-08' },
    ],
    [
      'a week: one month earlier',
      { start: '2026-03-09', end: '2026-03-15' },
      '1m',
      { start: '2026-02-09', end: '2026-02-15' },
    ],
    [
      'a week: three months earlier',
      { start: '2026-03-09', end: '2026-03-15' },
      '3m',
      { start: '2025-12-09', end: '2025-12-15' },
    ],
    [
      'a week: six months earlier',
      { start: '2026-03-09', end: '2026-03-15' },
      '6m',
      { start: '2025-09-09', end: '2025-09-15' },
    ],
    [
      'a week: one year earlier',
      { start: '2026-03-09', end: '2026-03-15' },
      '1y',
      { start: '2025-03-09', end: '2025-03-15' },
    ],
    // Month ends clamp to the shorter month's end.
    [
      'Mar 31 − 1 month is Feb 28 (2026)',
      { start: '2026-03-31', end: '2026-03-31' },
      '1m',
      { start: '2026-02-28', end: '2026-02-28' },
    ],
    [
      'Mar 31 − 1 month is Feb 29 in a leap year (2028)',
      { start: '2028-03-31', end: '2028-03-31' },
      '1m',
      { start: '2028-02-29', end: '2028-02-29' },
    ],
    [
      'May 31 − 3 months is Feb 28',
      { start: '2026-05-31', end: '2026-05-31' },
      '3m',
      { start: '2026-02-28', end: '2026-02-28' },
    ],
    [
      'Aug 31 − 6 months is Feb 29 in a leap year',
      { start: '2028-08-31', end: '2028-08-31' },
      '6m',
      { start: '2028-02-29', end: '2028-02-29' },
    ],
    // Leap years.
    [
      'Feb 29 2028 − 1 year is Feb 28 2027',
      { start: '2028-02-29', end: '2028-02-29' },
      '1y',
      { start: '2027-02-28', end: '2027-02-28' },
    ],
    [
      'Mar 1 2028 is preceded by Feb 29 2028',
      { start: '2028-03-01', end: '2028-03-01' },
      'previous',
      { start: '2028-02-29', end: '2028-02-29' },
    ],
    [
      'February 2028 (29 days) is preceded by the 29 days before',
      { start: '2028-02-01', end: '2028-02-29' },
      'previous',
      { start: '2028-01-03', end: '2028-01-31' },
    ],
    // DST changes (US: Mar 8 and Nov 1 2026; EU: Mar 29 2026): a day is a day, whatever its hours.
    [
      'two weeks across spring forward (US)',
      { start: '2026-03-02', end: '2026-03-15' },
      'previous',
      { start: '2026-02-16', end: '2026-03-01' },
    ],
    [
      'two weeks across fall back (US)',
      { start: '2026-10-26', end: '2026-11-08' },
      'previous',
      { start: '2026-10-12', end: '2026-10-25' },
    ],
    [
      'a week after spring forward (EU), its previous week holding the change',
      { start: '2026-03-30', end: '2026-04-05' },
      'previous',
      { start: '2026-03-23', end: '2026-03-29' },
    ],
    [
      'one month earlier across a DST change',
      { start: '2026-11-02', end: '2026-11-08' },
      '1m',
      { start: '2026-10-02', end: '2026-10-08' },
    ],
  ])('%s', (_name, range, option, expected) => {
    const previous = previousPeriod(range, option);
    expect(previous).toEqual(expected);
    if (option === 'previous') expect(days(previous)).toBe(days(range));
  });
});
