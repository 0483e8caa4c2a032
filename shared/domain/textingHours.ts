/**
 * When a marketing text may reach someone: the hours of the federal rule and of the states with stricter laws,
 * in the recipient's own time zone. Campaigns hold each recipient until their window opens (the send engine), the
 * editor shows the waves this makes, and the inbox hints at it (`quietHours` in messaging.ts uses the federal
 * window).
 *
 * The table is data, each row with its source. It is a summary of the statutes' calling-hour clauses as they
 * stand in 2026 — kept conservative (the strictest reading) — not legal advice; change a row here and every
 * part of the product follows. Holidays some states also exclude (Rhode Island, for one) are not modelled.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { isKnownTimeZone } from './time';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Hours of one day, local time: from `from` (inclusive) until `until` (exclusive), whole hours 0–24. */
export interface DayWindow {
  from: number;
  until: number;
}

export interface TextingHoursRule {
  /** Two-letter state code, or 'US' for the federal rule every other state follows. */
  region: string;
  name: string;
  /** The window per weekday, Sunday first (dayjs `day()`); null: no marketing texts that day. */
  days: readonly (DayWindow | null)[];
  source: string;
}

const every = (window: DayWindow): (DayWindow | null)[] => Array.from({ length: 7 }, () => window);

/** The federal rule: 8am to 9pm, every day (TCPA, 47 CFR § 64.1200(c)(1)). */
export const FEDERAL_TEXTING_HOURS: TextingHoursRule = Object.freeze({
  region: 'US',
  name: 'United States (federal)',
  days: every({ from: 8, until: 21 }),
  source: '47 CFR § 64.1200(c)(1) (TCPA): no solicitation before 8 a.m. or after 9 p.m. local time',
});

/** States whose own laws are stricter than (or restate) the federal hours. */
export const STATE_TEXTING_HOURS: readonly TextingHoursRule[] = Object.freeze([
  {
    region: 'FL',
    name: 'Florida',
    days: every({ from: 8, until: 20 }),
    source: 'Fla. Stat. § 501.616(6) (Florida Telephone Solicitation Act): 8 a.m. to 8 p.m.',
  },
  {
    region: 'OK',
    name: 'Oklahoma',
    days: every({ from: 8, until: 21 }),
    source: 'Okla. Stat. tit. 15 § 775C.4 (Telephone Solicitation Act of 2022): 8 a.m. to 9 p.m.',
  },
  {
    region: 'MD',
    name: 'Maryland',
    days: every({ from: 8, until: 20 }),
    source: 'Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023): 8 a.m. to 8 p.m.',
  },
  {
    region: 'MS',
    name: 'Mississippi',
    days: [null, ...every({ from: 8, until: 20 }).slice(1)],
    source: 'Miss. Code § 77-3-725: 8 a.m. to 8 p.m., not on Sunday',
  },
  {
    region: 'NJ',
    name: 'New Jersey',
    days: every({ from: 8, until: 21 }),
    source: 'N.J.S.A. 56:8-130: 8 a.m. to 9 p.m.',
  },
  {
    region: 'CT',
    name: 'Connecticut',
    days: every({ from: 9, until: 20 }),
    source: 'Conn. Gen. Stat. § 42-288a (as amended by Public Act 23-98): 9 a.m. to 8 p.m.',
  },
  {
    region: 'TX',
    name: 'Texas',
    days: [{ from: 12, until: 21 }, ...every({ from: 9, until: 21 }).slice(1)],
    source: 'Tex. Bus. & Com. Code § 301.051: 9 a.m. to 9 p.m. Monday to Saturday, noon to 9 p.m. Sunday',
  },
  {
    region: 'RI',
    name: 'Rhode Island',
    days: [null, ...every({ from: 9, until: 18 }).slice(1, 6), { from: 10, until: 17 }],
    source:
      'R.I. Gen. Laws § 5-61-3.4: 9 a.m. to 6 p.m. Monday to Friday, 10 a.m. to 5 p.m. Saturday, not on Sunday',
  },
]).map((rule) => Object.freeze({ ...rule, days: Object.freeze(rule.days) }));

const RULE_BY_REGION = new Map(STATE_TEXTING_HOURS.map((rule) => [rule.region, rule]));
const RULE_BY_NAME = new Map(STATE_TEXTING_HOURS.map((rule) => [rule.name.toLowerCase(), rule]));

/**
 * The rule for a recipient's state: a two-letter code ('FL') or a state's name as the phone geocoder gives it
 * ('Florida'); anything else (another state, unknown) follows the federal rule.
 */
export function textingHoursRule(region: string | null | undefined): TextingHoursRule {
  const key = region?.trim() ?? '';
  return (
    RULE_BY_REGION.get(key.toUpperCase()) ?? RULE_BY_NAME.get(key.toLowerCase()) ?? FEDERAL_TEXTING_HOURS
  );
}

/** The state code a rule row stands for, from a code or a geocoder name; null when no stricter rule applies. */
export function strictRegion(region: string | null | undefined): string | null {
  const rule = textingHoursRule(region);
  return rule === FEDERAL_TEXTING_HOURS ? null : rule.region;
}

/** How many days ahead `nextSendableAt` looks for an open window (every rule opens at least once a week). */
const LOOKAHEAD_DAYS = 8;

/**
 * The first moment at or after `at` when a text may reach a recipient in `timeZone` under `region`'s rule:
 * `at` itself when it is inside the window. An unknown time zone (toll-free or foreign numbers) has no local
 * hours to keep: `at`.
 */
export function nextSendableAt(at: Date, timeZone: string | null | undefined, region?: string | null): Date {
  if (!timeZone || !isKnownTimeZone(timeZone)) return at;
  const rule = textingHoursRule(region);
  const local = dayjs(at).tz(timeZone);
  for (let offset = 0; offset < LOOKAHEAD_DAYS; offset++) {
    const day = local.startOf('day').add(offset, 'day');
    const window = rule.days[day.day()];
    if (!window) continue;
    // Built from the local date and hour, so a day of 23 or 25 hours (DST) still opens at its local hour.
    const date = day.format('YYYY-MM-DD');
    const opens = dayjs.tz(`${date} ${pad(window.from)}:00`, timeZone);
    const closes =
      window.until >= 24 ? day.add(1, 'day') : dayjs.tz(`${date} ${pad(window.until)}:00`, timeZone);
    if (local.isBefore(opens)) return opens.toDate();
    if (local.isBefore(closes)) return at;
  }
  return at;
}

const pad = (hour: number) => String(hour).padStart(2, '0');

/** Whether `at` is inside the recipient's window. */
export function isSendableAt(at: Date, timeZone: string | null | undefined, region?: string | null): boolean {
  return nextSendableAt(at, timeZone, region).getTime() === at.getTime();
}
