/**
 * The date range of the dashboard and of a report, as it lives in the address: a preset (`days=30`: the last 30
 * days up to today, wherever and whenever the link is opened) or fixed dates (`from=…&to=…`). A preset stays a
 * preset in a link and in a favorite, so "last 30 days" saved in November still means the last 30 days in March.
 * Dates are days (YYYY-MM-DD) in the user's time zone, both ends included, as the analytics contract reads them.
 */
import { DATE_FORMATS } from '@shared/domain/time';
import dayjs from 'dayjs';
import { todayIn } from '../activity/filters';

/** The dashboard's and reports' quick choices, in days. */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** What the screens start on: the last 30 days (as the analytics contract defaults too). */
export const DEFAULT_PRESET: RangePreset = 30;

export type RangeChoice = { days: RangePreset } | { from: string; to: string };

export interface DayRange {
  from: string;
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not). */
export function isDay(value: string | null | undefined): value is string {
  return !!value && DATE.test(value) && dayjs(value).format('YYYY-MM-DD') === value;
}

export function isPreset(value: number): value is RangePreset {
  return (RANGE_PRESETS as readonly number[]).includes(value);
}

/** The last `days` days up to today in `tz`, today included. */
export function lastDays(days: number, now: Date, tz: string): DayRange {
  const to = todayIn(now, tz);
  return {
    from: dayjs(to)
      .subtract(days - 1, 'day')
      .format('YYYY-MM-DD'),
    to,
  };
}

/** The days a choice covers, now. */
export function resolveRange(choice: RangeChoice, now: Date, tz: string): DayRange {
  return 'days' in choice ? lastDays(choice.days, now, tz) : { from: choice.from, to: choice.to };
}

/** A range from the address: a known preset, else two valid dates in order, else the default preset. */
export function readRange(params: URLSearchParams): RangeChoice {
  const days = Number(params.get('days'));
  if (isPreset(days)) return { days };
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && from <= to) return { from, to };
  return { days: DEFAULT_PRESET };
}

/** Writes a range into `params` (the default preset is left out, so a plain screen has a plain address). */
export function writeRange(params: URLSearchParams, choice: RangeChoice): void {
  if ('days' in choice) {
    if (choice.days !== DEFAULT_PRESET) params.set('days', String(choice.days));
    return;
  }
  params.set('from', choice.from);
  params.set('to', choice.to);
}

/** "Last 30 days" or "Nov 1, 2026 – Nov 20, 2026". */
export function rangeLabel(choice: RangeChoice): string {
  if ('days' in choice) return `Last ${choice.days} days`;
  const day = (date: string) => dayjs(date).format(DATE_FORMATS.monthDayYear);
  return choice.from === choice.to ? day(choice.from) : `${day(choice.from)} – ${day(choice.to)}`;
}

/** The same inside a sentence: "last 30 days", "Nov 1, 2026 – Nov 20, 2026". */
export function rangePhrase(choice: RangeChoice): string {
  return 'days' in choice ? `last ${choice.days} days` : rangeLabel(choice);
}
