/** Time zones, date formats and date ranges (§3, §5, §9). Every date the product shows goes through dayjs. */
import { getTimeZones, timeZonesNames } from '@vvo/tzdb';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** Dates may be passed as `Date` or ISO 8601 strings. */
export type DateInput = Date | string;

/** A `Date` for a `Date` or an ISO string; throws a RangeError naming the input when it is not a date. */
export function toDate(input: DateInput): Date {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(input)}`);
  return date;
}

/** §9 Date formats ('h:mm A', 'MMM D', 'MMM D, YYYY'), as dayjs format strings. */
export const DATE_FORMATS = Object.freeze({
  time: 'h:mm A',
  monthDay: 'MMM D',
  monthDayYear: 'MMM D, YYYY',
});

/** §3 User.read_whats_new_at: "set to now as year-month-day hour:minute:second" (UTC). */
export const WHATS_NEW_READ_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatWhatsNewReadAt(now: DateInput): string {
  return dayjs.utc(toDate(now)).format(WHATS_NEW_READ_FORMAT);
}

const KNOWN_TIME_ZONES: ReadonlySet<string> = new Set([
  'UTC',
  'Etc/UTC',
  ...timeZonesNames,
  ...getTimeZones({ includeUtc: true }).flatMap((zone) => zone.group),
]);

/** True for a known IANA zone name (canonical names and their aliases, e.g. `Asia/Calcutta`), exact spelling. */
export function isKnownTimeZone(name: string): boolean {
  return KNOWN_TIME_ZONES.has(name);
}

/** §5 "User timezone is used only if a known zone name; otherwise a default." */
export function resolveTimeZone(name: string | undefined | null, fallback: string): string {
  const trimmed = name?.trim();
  return trimmed && isKnownTimeZone(trimmed) ? trimmed : fallback;
}

export interface TimeZoneOption {
  /** IANA name, the value sent to the server. */
  value: string;
  /** e.g. "-05:00 Eastern Time - New York, Brooklyn, Queens, Philadelphia". */
  label: string;
  /** Current offset from UTC in minutes, for sorting and grouping. */
  offsetMinutes: number;
}

/** §9 "About 400 IANA timezones with labels": one option per zone, sorted by current offset, then name. */
export function timeZoneOptions(): TimeZoneOption[] {
  const zones = getTimeZones({ includeUtc: true });
  const options = new Map<string, TimeZoneOption>();
  for (const zone of zones) {
    for (const name of [zone.name, ...zone.group]) {
      if (options.has(name) || !timeZonesNames.includes(name)) continue;
      options.set(name, {
        value: name,
        label: `${zone.currentTimeFormat.split(' ')[0]} ${name.replaceAll('_', ' ')} (${zone.alternativeName})`,
        offsetMinutes: zone.currentTimeOffsetInMinutes,
      });
    }
  }
  return [...options.values()].sort(
    (a, b) => a.offsetMinutes - b.offsetMinutes || a.value.localeCompare(b.value),
  );
}

/** §9 Previous-period comparison options. */
export const PREVIOUS_PERIOD_OPTIONS = Object.freeze([
  { value: 'previous', label: 'Previous period' },
  { value: '1m', label: 'One month earlier' },
  { value: '3m', label: 'Three months earlier' },
  { value: '6m', label: 'Six months earlier' },
  { value: '1y', label: 'One year earlier' },
] as const);
export type PreviousPeriodOption = (typeof PREVIOUS_PERIOD_OPTIONS)[number]['value'];

export interface DateRange<T extends DateInput = DateInput> {
  start: T;
  end: T;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const SHIFT_MONTHS: Record<Exclude<PreviousPeriodOption, 'previous'>, number> = {
  '1m': 1,
  '3m': 3,
  '6m': 6,
  '1y': 12,
};

/**
 * §9 "Previous-period comparison defaults to the equal-length range immediately before; other options are
 * one, three, six months or one year earlier."
 *
 * The result has the input's form: `Date`s for `Date`s, ISO strings for strings. Date-only strings
 * (`YYYY-MM-DD`) are whole days with both ends included, so March 1–31 is preceded by January 29 – February 28;
 * instants are exact, so the previous range ends at the instant this one starts.
 * Month shifts clamp to the month's end (March 31 one month earlier is February 28 or 29), in UTC.
 */
export function previousPeriod<T extends DateInput>(
  range: DateRange<T>,
  option: PreviousPeriodOption = 'previous',
): DateRange<T> {
  const dateOnly = typeof range.start === 'string' && DATE_ONLY.test(range.start);
  const start = dayjs.utc(toDate(range.start));
  const end = dayjs.utc(toDate(range.end));
  if (end.isBefore(start)) throw new RangeError('The range ends before it starts');

  let previous: { start: dayjs.Dayjs; end: dayjs.Dayjs };
  if (option === 'previous') {
    if (dateOnly) {
      const days = end.diff(start, 'day') + 1;
      const prevEnd = start.subtract(1, 'day');
      previous = { start: prevEnd.subtract(days - 1, 'day'), end: prevEnd };
    } else {
      const length = end.diff(start);
      previous = { start: start.subtract(length, 'millisecond'), end: start };
    }
  } else {
    const months = SHIFT_MONTHS[option];
    previous = { start: start.subtract(months, 'month'), end: end.subtract(months, 'month') };
  }

  const out = (value: dayjs.Dayjs, like: DateInput): DateInput => {
    if (like instanceof Date) return value.toDate();
    return dateOnly ? value.format('YYYY-MM-DD') : value.toISOString();
  };
  return { start: out(previous.start, range.start) as T, end: out(previous.end, range.end) as T };
}
