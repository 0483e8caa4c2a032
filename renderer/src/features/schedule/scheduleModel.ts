/**
 * The company's hours screen (§3 Hours schedule settings, §4 presets, §9 time slots): the company's schedule as
 * the number page's hours form holds it (so the same editor edits both), back into the body of
 * `PUT /companies/{companyId}/schedule`.
 */

import type { BodyOf } from '@shared/api/contract';
import type { NUMBER_CONFIG_ENDPOINTS, ScheduleView } from '@shared/api/numbers';
import { type NumberForm, type ScheduleForm, scheduleFormOf, scheduleToSend } from '../numbers/routingModel';

export type CompanyScheduleBody = BodyOf<typeof NUMBER_CONFIG_ENDPOINTS.updateSchedule>;

/**
 * The company's schedule as the hours editor's form: its own hours (never "follow": there is nothing above a
 * company to follow). The number's other fields are empty — the screen shows the hours part alone.
 */
export function companyScheduleForm(schedule: ScheduleView | undefined, browserZone?: string): NumberForm {
  const hours = scheduleFormOf(schedule ?? null, undefined, browserZone);
  return {
    label: '',
    tags: [],
    sms_enabled: false,
    call_transcription_enabled: false,
    routes: [],
    schedule: { ...hours, follow: false },
  };
}

/** What `PUT /companies/{companyId}/schedule` is sent: the preset's hours, 24-hour times, the zone, the flag. */
export function companyScheduleToSend(schedule: ScheduleForm): CompanyScheduleBody {
  const body = scheduleToSend({ ...schedule, follow: false });
  if (!body) throw new Error('A company schedule is always its own.');
  return body;
}

/** A field the server refused, as the form names it (`mon_open_hour` → `schedule.mon_open_hour`). */
export function scheduleFieldName(field: string): string {
  return `schedule.${field}`;
}
