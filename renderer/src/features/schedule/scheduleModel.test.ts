/**
 * The company hours screen's model, against the spec: §3 "Times display as 12-hour AM/PM and are sent as 24-hour
 * HH:MM", §4 presets, §9 "Time slots every 15 minutes from 12:00am to 11:45pm, plus 'Closed' and 'All Day'".
 */
import type { ScheduleView } from '@shared/api/numbers';
import { NUMBER_CONFIG_ENDPOINTS } from '@shared/api/numbers';
import {
  TIME_SLOT_ALL_DAY,
  TIME_SLOT_CLOSED,
  timeSlots,
  to12Hour,
  to24Hour,
  WEEKDAYS,
} from '@shared/domain/schedule';
import { describe, expect, it } from 'vitest';
import { hoursForPreset, timeSlotOptions } from '../numbers/routingModel';
import { companyScheduleForm, companyScheduleToSend, scheduleFieldName } from './scheduleModel';
import { rolesWith, whoMay } from './whoMay';

function view(changes: Partial<ScheduleView> = {}): ScheduleView {
  const hours = Object.fromEntries(
    WEEKDAYS.flatMap((day) => [
      [`${day}_open_hour`, null],
      [`${day}_close_hour`, null],
    ]),
  );
  return {
    preset: 1,
    timezone: 'UTC',
    voicemail: false,
    blocks: [],
    label: '24/7',
    ...hours,
    ...changes,
  } as ScheduleView;
}

describe('§9 time slots as the day selects offer them', () => {
  const options = timeSlotOptions();

  it('every 15 minutes from 12:00am to 11:45pm, then Closed and All Day: 96 + 2', () => {
    expect(options).toHaveLength(24 * 4 + 2);
    expect(options.slice(-2)).toEqual([
      { value: TIME_SLOT_CLOSED, label: TIME_SLOT_CLOSED },
      { value: TIME_SLOT_ALL_DAY, label: TIME_SLOT_ALL_DAY },
    ]);
    expect(timeSlots()[0]).toBe('12:00am');
    expect(timeSlots()[95]).toBe('11:45pm');
  });

  it.each([
    ['12:00am', '00:00', '12:00 AM'],
    ['12:15am', '00:15', '12:15 AM'],
    ['9:00am', '09:00', '9:00 AM'],
    ['12:00pm', '12:00', '12:00 PM'],
    ['5:00pm', '17:00', '5:00 PM'],
    ['11:45pm', '23:45', '11:45 PM'],
  ])('§3 the slot %s is stored as %s and shown as %s', (slot, stored, shown) => {
    expect(to24Hour(slot)).toBe(stored);
    expect(to12Hour(stored)).toBe(shown);
    expect(options).toContainEqual({ value: stored, label: shown });
  });

  it('values are 24-hour HH:MM, labels 12-hour AM/PM, each time once', () => {
    const times = options.slice(0, -2);
    expect(times.every((option) => /^([01]\d|2[0-3]):(00|15|30|45)$/.test(option.value))).toBe(true);
    expect(times.every((option) => /^(1[0-2]|[1-9]):(00|15|30|45) (AM|PM)$/.test(option.label))).toBe(true);
    expect(new Set(times.map((option) => option.value)).size).toBe(96);
  });
});

describe('the company schedule in the hours form and back', () => {
  it('a company has its own hours: never "follow"; a missing schedule is §3’s default 24/7 in the browser’s zone', () => {
    expect(companyScheduleForm(undefined, 'America/Chicago').schedule).toMatchObject({
      follow: false,
      preset: 1,
      timezone: 'America/Chicago',
      mon_open_hour: null,
    });
    const stored = companyScheduleForm(view({ preset: 6, timezone: 'Europe/Paris', mon_open_hour: '09:00' }));
    expect(stored.schedule).toMatchObject({ follow: false, preset: 6, timezone: 'Europe/Paris' });
    expect(stored.schedule.mon_open_hour).toBe('09:00');
  });

  it('Business Hours Mon–Fri 9:00 AM–5:00 PM is sent 24-hour, the weekend closed, and the contract accepts it', () => {
    const form = companyScheduleForm(view({ timezone: 'America/New_York' })).schedule;
    const hours = { ...form, preset: 6 as const };
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri'] as const) {
      hours[`${day}_open_hour`] = to24Hour('9:00 AM');
      hours[`${day}_close_hour`] = to24Hour('5:00 PM');
    }
    hours.sat_open_hour = TIME_SLOT_CLOSED;
    const body = companyScheduleToSend(hours);
    expect(body).toMatchObject({
      preset: 6,
      timezone: 'America/New_York',
      mon_open_hour: '09:00',
      fri_close_hour: '17:00',
      sat_open_hour: 'Closed',
      sun_open_hour: null,
      voicemail: false,
    });
    const parsed = NUMBER_CONFIG_ENDPOINTS.updateSchedule.body.safeParse(body);
    expect(parsed.success).toBe(true);
  });

  it('§4 "2 Mon-Fri (9-5)" sends its fixed hours, whatever the days held before', () => {
    const form = { ...companyScheduleForm(view()).schedule, preset: 2 as const, sat_open_hour: '10:00' };
    const body = companyScheduleToSend(form);
    expect(body).toMatchObject({ preset: 2, mon_open_hour: '09:00', mon_close_hour: '17:00' });
    expect(body).toMatchObject(hoursForPreset(2, form));
    expect(body.sat_open_hour).toBe(TIME_SLOT_CLOSED);
  });

  it('keeps the Direct Voicemail flag and the custom blocks', () => {
    const blocks = [{ days: ['mon' as const], start: '12:00', end: '13:00', timezone: null }];
    const body = companyScheduleToSend({
      ...companyScheduleForm(view({ voicemail: true, blocks })).schedule,
    });
    expect(body.voicemail).toBe(true);
    expect(body.blocks).toEqual(blocks);
  });

  it('puts the server’s field names under the form’s schedule', () => {
    expect(scheduleFieldName('mon_open_hour')).toBe('schedule.mon_open_hour');
  });
});

describe('who may change the company’s hours (docs/permissions.md: company.manage)', () => {
  it('owners and administrators', () => {
    expect(rolesWith('company.manage')).toEqual(['owner', 'administrator']);
    expect(whoMay('company.manage')).toBe('owners and administrators');
  });

  it('lists three or more with commas', () => {
    expect(whoMay('inbox.use')).toBe('owners, administrators and users');
  });
});
