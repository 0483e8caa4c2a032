import { describe, expect, it } from 'vitest';
import {
  defaultScheduleSettings,
  SCHEDULE_PRESETS,
  scheduleLabel,
  TIME_SLOT_ALL_DAY,
  TIME_SLOT_CLOSED,
  timeSlots,
  to12Hour,
  to24Hour,
  WEEKDAYS,
} from './index';

describe('§4 "Schedule presets: 1 24/7, 2 Mon-Fri (9-5), 3 Sat-Sun (9-5), 4 Custom, 5 Direct Voicemail, 6 Business Hours"', () => {
  it('has the six presets', () => {
    expect(SCHEDULE_PRESETS.map((p) => [p.value, p.label])).toEqual([
      [1, '24/7'],
      [2, 'Mon-Fri (9-5)'],
      [3, 'Sat-Sun (9-5)'],
      [4, 'Custom'],
      [5, 'Direct Voicemail'],
      [6, 'Business Hours'],
    ]);
  });
});

describe('scheduleLabel: §4 "Direct Voicemail when the voicemail flag is set; otherwise the preset label, or empty if unknown"', () => {
  it.each([
    [1, false, '24/7'],
    [2, false, 'Mon-Fri (9-5)'],
    [3, false, 'Sat-Sun (9-5)'],
    [4, false, 'Custom'],
    [5, false, 'Direct Voicemail'],
    [6, false, 'Business Hours'],
    [1, true, 'Direct Voicemail'],
    [6, true, 'Direct Voicemail'],
    [99, true, 'Direct Voicemail'],
    [0, false, ''],
    [7, false, ''],
    [Number.NaN, false, ''],
  ])('preset %s, voicemail %s → %j', (preset, voicemail, expected) => {
    expect(scheduleLabel(preset, voicemail)).toBe(expected);
  });
});

describe('defaultScheduleSettings: §3 "all null by default. Default preset is 24/7. Default timezone is the browser\'s, else UTC."', () => {
  it.each([
    ['America/Chicago', 'America/Chicago'],
    ['Europe/London', 'Europe/London'],
    [undefined, 'UTC'],
    ['', 'UTC'],
    ['Mars/Olympus_Mons', 'UTC'],
  ])('browser zone %j → timezone %j', (zone, expected) => {
    expect(defaultScheduleSettings(zone).timezone).toBe(expected);
  });

  it('is 24/7 with every open and close hour null, mon..sun', () => {
    const settings = defaultScheduleSettings('UTC');
    expect(settings.preset).toBe(1);
    expect(WEEKDAYS).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    for (const day of WEEKDAYS) {
      expect(settings[`${day}_open_hour`]).toBeNull();
      expect(settings[`${day}_close_hour`]).toBeNull();
    }
    expect(Object.keys(settings)).toHaveLength(2 + 14);
  });
});

describe("timeSlots: §9 \"every 15 minutes from 12:00am to 11:45pm, plus 'Closed' and 'All Day'\"", () => {
  const slots = timeSlots();

  it('has 96 times then Closed and All Day', () => {
    expect(slots).toHaveLength(98);
    expect(slots.slice(-2)).toEqual([TIME_SLOT_CLOSED, TIME_SLOT_ALL_DAY]);
    expect(slots.slice(-2)).toEqual(['Closed', 'All Day']);
  });

  it.each([
    [0, '12:00am'],
    [1, '12:15am'],
    [4, '1:00am'],
    [47, '11:45am'],
    [48, '12:00pm'],
    [53, '1:15pm'],
    [95, '11:45pm'],
  ])('slot %i is %j', (index, expected) => {
    expect(slots[index]).toBe(expected);
  });

  it('every slot converts to 24-hour time and back to the same minute', () => {
    const minutes = slots.slice(0, 96).map((slot) => {
      const [h, m] = to24Hour(slot).split(':').map(Number);
      return (h ?? 0) * 60 + (m ?? 0);
    });
    expect(minutes).toEqual(Array.from({ length: 96 }, (_, i) => i * 15));
  });
});

describe('to24Hour / to12Hour: §3 "Times display as 12-hour AM/PM and are sent as 24-hour HH:MM"', () => {
  it.each([
    ['1:15 PM', '13:15'],
    ['12:00 AM', '00:00'],
    ['12:30 AM', '00:30'],
    ['12:00 PM', '12:00'],
    ['11:59 PM', '23:59'],
    ['9:05 am', '09:05'],
    ['1:15pm', '13:15'],
    ['09:00 P.M.', '21:00'],
    ['13:15', '13:15'],
    ['7:30', '07:30'],
    ['13:15:00', '13:15'],
    ['Closed', 'Closed'],
    ['All Day', 'All Day'],
    ['13:15 PM', '13:15 PM'],
    ['', ''],
  ])('to24Hour(%j) → %j', (input, expected) => {
    expect(to24Hour(input)).toBe(expected);
  });

  it.each([
    ['13:15', '1:15 PM'],
    ['00:00', '12:00 AM'],
    ['00:30', '12:30 AM'],
    ['12:00', '12:00 PM'],
    ['23:59', '11:59 PM'],
    ['09:05', '9:05 AM'],
    ['9:05', '9:05 AM'],
    ['13:15:00', '1:15 PM'],
    ['24:00', '24:00'],
    ['Closed', 'Closed'],
    ['', ''],
  ])('to12Hour(%j) → %j', (input, expected) => {
    expect(to12Hour(input)).toBe(expected);
  });

  it('round-trips every minute of the day', () => {
    for (let minute = 0; minute < 24 * 60; minute++) {
      const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      expect(to24Hour(to12Hour(hhmm))).toBe(hhmm);
    }
  });
});
