/** Business-hours schedules: presets, default settings and the 12/24-hour time forms (§3, §4, §9). */
import { codes, labelOf } from './codes';
import { resolveTimeZone } from './time';

/** §4 "Schedule presets: 1 24/7, 2 Mon-Fri (9-5), 3 Sat-Sun (9-5), 4 Custom, 5 Direct Voicemail, 6 Business Hours." */
export const SCHEDULE_PRESETS = codes([
  { value: 1, label: '24/7' },
  { value: 2, label: 'Mon-Fri (9-5)' },
  { value: 3, label: 'Sat-Sun (9-5)' },
  { value: 4, label: 'Custom' },
  { value: 5, label: 'Direct Voicemail' },
  { value: 6, label: 'Business Hours' },
]);
export type SchedulePreset = (typeof SCHEDULE_PRESETS)[number]['value'];

export const SCHEDULE_PRESET_24_7 = 1;
export const SCHEDULE_PRESET_DIRECT_VOICEMAIL = 5;

/**
 * §4 "The label is Direct Voicemail when the voicemail flag is set; otherwise the preset label, or empty if
 * unknown."
 */
export function scheduleLabel(preset: number, voicemail: boolean): string {
  if (voicemail) return labelOf(SCHEDULE_PRESETS, SCHEDULE_PRESET_DIRECT_VOICEMAIL);
  return labelOf(SCHEDULE_PRESETS, preset as SchedulePreset);
}

/** The weekdays of §3, in the order a week is shown. */
export const WEEKDAYS = Object.freeze(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const);
export type Weekday = (typeof WEEKDAYS)[number];

export type DayHours = {
  [D in Weekday as `${D}_open_hour` | `${D}_close_hour`]: string | null;
};

export type ScheduleSettings = { preset: SchedulePreset; timezone: string } & DayHours;

/**
 * §3 "preset, timezone, and for each weekday mon..sun an open hour and close hour …, all null by default.
 * Default preset is 24/7. Default timezone is the browser's, else UTC." The caller passes the browser's zone.
 */
export function defaultScheduleSettings(browserTimeZone?: string): ScheduleSettings {
  const hours = Object.fromEntries(
    WEEKDAYS.flatMap((day) => [
      [`${day}_open_hour`, null],
      [`${day}_close_hour`, null],
    ]),
  ) as DayHours;
  return { preset: SCHEDULE_PRESET_24_7, timezone: resolveTimeZone(browserTimeZone, 'UTC'), ...hours };
}

/** §9 The two choices after the time slots. */
export const TIME_SLOT_CLOSED = 'Closed';
export const TIME_SLOT_ALL_DAY = 'All Day';

/** §9 "Time slots every 15 minutes from 12:00am to 11:45pm, plus 'Closed' and 'All Day'." */
export function timeSlots(): string[] {
  const slots: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const hour24 = Math.floor(minutes / 60);
    const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
    slots.push(`${hour12}:${String(minutes % 60).padStart(2, '0')}${hour24 < 12 ? 'am' : 'pm'}`);
  }
  return [...slots, TIME_SLOT_CLOSED, TIME_SLOT_ALL_DAY];
}

const TWELVE_HOUR = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?\s*[Mm]\.?$/;
const TWENTY_FOUR_HOUR = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

/**
 * §3 "Times display as 12-hour AM/PM and are sent as 24-hour HH:MM": `1:15 PM` (or the slot form `1:15pm`)
 * becomes `13:15`. A time already in 24-hour form is zero-padded; anything else (`Closed`, `All Day`) is
 * returned unchanged.
 */
export function to24Hour(time: string): string {
  const trimmed = time.trim();
  const twelve = TWELVE_HOUR.exec(trimmed);
  if (twelve) {
    const [, h, m, half] = twelve as unknown as [string, string, string, string];
    const hour = Number(h);
    if (hour < 1 || hour > 12 || Number(m) > 59) return time;
    const hour24 = (hour % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
    return `${String(hour24).padStart(2, '0')}:${m}`;
  }
  const twentyFour = TWENTY_FOUR_HOUR.exec(trimmed);
  if (twentyFour && Number(twentyFour[1]) < 24 && Number(twentyFour[2]) < 60) {
    return `${twentyFour[1]?.padStart(2, '0')}:${twentyFour[2]}`;
  }
  return time;
}

/** §3 The reverse: `13:15` (or `13:15:00`) becomes `1:15 PM`. Anything else is returned unchanged. */
export function to12Hour(time: string): string {
  const match = TWENTY_FOUR_HOUR.exec(time.trim());
  if (!match) return time;
  const hour = Number(match[1]);
  if (hour > 23 || Number(match[2]) > 59) return time;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}
