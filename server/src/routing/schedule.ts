/**
 * Whether a line is open at a moment, by its hours schedule (§3 Hours schedule settings, §4 Schedule presets,
 * §9 time slots). Everything is read in the schedule's timezone (a block in its own, when it names one), so the
 * open and close minutes follow the zone's daylight-saving changes.
 */
import {
  SCHEDULE_PRESET_24_7,
  SCHEDULE_PRESET_DIRECT_VOICEMAIL,
  TIME_SLOT_ALL_DAY,
  TIME_SLOT_CLOSED,
  to24Hour,
  WEEKDAYS,
  type Weekday,
} from '@shared/domain/schedule';
import { resolveTimeZone } from '@shared/domain/time';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { RoutingSchedule, ScheduleBlock } from './types';

dayjs.extend(utc);
dayjs.extend(timezone);

export type ScheduleState = 'open' | 'closed' | 'direct-voicemail';

const MINUTES_PER_DAY = 24 * 60;

/** §4 "2 Mon-Fri (9-5), 3 Sat-Sun (9-5)": their hours are fixed by the preset. */
const NINE_TO_FIVE = ['09:00', '17:00'] as const;
const FIXED_PRESET_DAYS: Readonly<Record<number, readonly Weekday[]>> = {
  2: ['mon', 'tue', 'wed', 'thu', 'fri'],
  3: ['sat', 'sun'],
};
/** §4 "4 Custom" and "6 Business Hours" read the schedule's own hours for each weekday. */
const DAY_HOURS_PRESETS: ReadonlySet<number> = new Set([4, 6]);

/** [start, end) in minutes from the day's midnight; an end past 1440 runs into the next day. */
type Interval = readonly [number, number];

/** `HH:MM` (or a 12-hour form) → minutes from midnight; anything else → null. */
function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(to24Hour(time));
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * One day's open period. §9 "'Closed' and 'All Day'": either slot decides the day. A missing or unreadable time
 * closes the day (§3 "all null by default"). Equal open and close is an empty period; a close before the open
 * (a close of 12:00am included) runs past midnight.
 */
function interval(open: string | null | undefined, close: string | null | undefined): Interval | null {
  if (open === TIME_SLOT_ALL_DAY || close === TIME_SLOT_ALL_DAY) return [0, MINUTES_PER_DAY];
  if (open == null || close == null || open === TIME_SLOT_CLOSED || close === TIME_SLOT_CLOSED) return null;
  const start = minutesOf(open);
  const end = minutesOf(close);
  if (start === null || end === null || start === end) return null;
  return [start, end > start ? end : end + MINUTES_PER_DAY];
}

/** The weekday and minute of the day at `now` in `zone`. */
function localTime(now: Date, zone: string): { day: Weekday; minute: number } {
  const local = dayjs(now).tz(zone);
  // dayjs counts Sunday as 0; WEEKDAYS starts on Monday.
  const day = WEEKDAYS[(local.day() + 6) % 7] as Weekday;
  return { day, minute: local.hour() * 60 + local.minute() };
}

function previousDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7] as Weekday;
}

/** Open at `now` when today's period covers the minute, or yesterday's runs past midnight into it. */
function coveredAt(periodOf: (day: Weekday) => Interval | null, zone: string, now: Date): boolean {
  const { day, minute } = localTime(now, zone);
  const today = periodOf(day);
  if (today && minute >= today[0] && minute < today[1]) return true;
  const yesterday = periodOf(previousDay(day));
  return !!yesterday && minute + MINUTES_PER_DAY < yesterday[1];
}

/** The preset's own hours for a weekday. */
function presetHours(schedule: RoutingSchedule): (day: Weekday) => Interval | null {
  const fixedDays = FIXED_PRESET_DAYS[schedule.preset];
  if (fixedDays) return (day) => (fixedDays.includes(day) ? interval(...NINE_TO_FIVE) : null);
  return (day) => interval(schedule[`${day}_open_hour`], schedule[`${day}_close_hour`]);
}

function blockCovers(block: ScheduleBlock, scheduleZone: string, now: Date): boolean {
  const period = interval(block.start, block.end);
  const zone = resolveTimeZone(block.timezone, scheduleZone);
  return coveredAt((day) => (block.days.includes(day) ? period : null), zone, now);
}

/**
 * The line's state at `now`:
 * - Direct Voicemail (preset 5, or §4's voicemail flag) sends every call to voicemail;
 * - 24/7 (preset 1, §3 "Default preset is 24/7"), and any preset this version does not know, is always open:
 *   a call is never turned away for want of a rule;
 * - presets 2 and 3 are open 9:00–17:00 on their days; 4 and 6 by the schedule's hours for each weekday;
 * - custom blocks add open periods to an hours preset, so they override its closed times.
 * Times are read in the schedule's timezone (§5: an unknown zone name falls back, here to UTC).
 */
export function scheduleStateAt(schedule: RoutingSchedule, now: Date): ScheduleState {
  if (schedule.voicemail || schedule.preset === SCHEDULE_PRESET_DIRECT_VOICEMAIL) return 'direct-voicemail';
  if (schedule.preset === SCHEDULE_PRESET_24_7) return 'open';
  if (!FIXED_PRESET_DAYS[schedule.preset] && !DAY_HOURS_PRESETS.has(schedule.preset)) return 'open';
  const zone = resolveTimeZone(schedule.timezone, 'UTC');
  if (coveredAt(presetHours(schedule), zone, now)) return 'open';
  const blocks = schedule.blocks ?? [];
  return blocks.some((block) => blockCovers(block, zone, now)) ? 'open' : 'closed';
}
