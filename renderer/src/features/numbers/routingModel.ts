/**
 * The number page's form model (§3 Routing entry, Forward entry, Default extension config, Forward types, Hours
 * schedule settings): a number as `GET /numbers/list/{id}` answers it, turned into form values and back into the
 * body of `PUT /numbers/{id}`, plus the plain-language summary of what an extension does.
 */
import {
  ForwardSchema,
  type NumberDetail,
  type NumberUpdate,
  NumberUpdateSchema,
  type ROUND_ROBIN_MODES,
  type ScheduleView,
} from '@shared/api/numbers';
import { labelOf } from '@shared/domain/codes';
import {
  type ForwardType,
  newExtensionConfig,
  nextExtension,
  prepareForwardsForSave,
} from '@shared/domain/extensions';
import {
  type DayHours,
  defaultScheduleSettings,
  SCHEDULE_PRESETS,
  type SchedulePreset,
  TIME_SLOT_ALL_DAY,
  TIME_SLOT_CLOSED,
  timeSlots,
  to12Hour,
  to24Hour,
  WEEKDAYS,
  type Weekday,
} from '@shared/domain/schedule';

/** A forward as the form holds it: the number as typed, its state (geo) and the international flag. */
export interface ForwardForm {
  number: string;
  state: string;
  usingIntNumber: boolean;
}

/** One extension as the form holds it; `members` are user ids as strings (the agent picker's values). */
export interface RouteForm {
  extension: number;
  label: string;
  type: ForwardType;
  forwards: ForwardForm[];
  members: string[];
  timeout: number;
  stagger: boolean;
  caller_id_pass_thru: boolean;
  confirm_key: boolean;
  confirm_key_wait: number;
  confirm_whisper: string;
  round_robin: (typeof ROUND_ROBIN_MODES)[number];
  voicemail_enabled: boolean;
  email_alert_address: string;
  /** The hold music (a company greeting) as a string id, or null for none. */
  onhold_music_id: string | null;
  geo_by_state_static_fallback: boolean;
  /** Kept as loaded: this page does not edit an extension's voicemail greeting. */
  voicemail_greeting: NumberDetail['routes'][number]['voicemail_greeting'];
}

/** The number's hours as the form holds them: `follow` means the company's (sent as null). */
export interface ScheduleForm extends DayHours {
  follow: boolean;
  preset: SchedulePreset;
  timezone: string;
  voicemail: boolean;
  blocks: ScheduleView['blocks'];
}

export interface NumberForm {
  label: string;
  tags: string[];
  sms_enabled: boolean;
  call_transcription_enabled: boolean;
  routes: RouteForm[];
  schedule: ScheduleForm;
}

/** Forward types that ring a group of forwards. */
const GROUP_TYPES: readonly ForwardType[] = ['standard', 'simultaneous', 'sequential', 'geo'];

/** Whether a forward type rings phone numbers (else members or nobody). */
export function usesForwards(type: ForwardType): boolean {
  return GROUP_TYPES.includes(type);
}

/** A number outside the +1 plan is entered with its country code. */
function isInternational(e164: string): boolean {
  return e164.startsWith('+') && !e164.startsWith('+1');
}

export function emptyForward(): ForwardForm {
  return { number: '', state: '', usingIntNumber: false };
}

/** What a forward's number is sent as: an international number gets its `+` if it was typed without one. */
export function forwardNumberToSend(forward: ForwardForm): string {
  const typed = forward.number.trim();
  if (forward.usingIntNumber && typed && !typed.startsWith('+')) return `+${typed.replace(/^0+/, '')}`;
  return typed;
}

/** The schema's own check of a forward's number (§5: checked, retried with +1), for the message beside it. */
export function forwardNumberError(forward: ForwardForm): string | undefined {
  const result = ForwardSchema.safeParse({ number: forwardNumberToSend(forward) });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * What `PUT /numbers/{id}` would refuse in these routes, by form field: the contract's own schema judges what
 * Save routing sends, and each refusal is put back on the field it is about (a forward counted as the form lists
 * them, its empty rows included, though they are not sent).
 */
export function routeErrors(routes: readonly RouteForm[]): Record<string, string> {
  const parsed = NumberUpdateSchema.shape.routes.safeParse(routesToSend(routes));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [index, field = 'extension', at, part = 'number'] = issue.path;
    if (typeof index !== 'number') continue;
    let name = `routes.${index}.${String(field)}`;
    if (field === 'forwards' && typeof at === 'number') {
      const filled = (routes[index]?.forwards ?? []).flatMap((forward, row) =>
        forwardNumberToSend(forward) ? [row] : [],
      );
      name = `routes.${index}.forwards.${filled[at] ?? at}.${String(part)}`;
    }
    errors[name] ??= issue.message;
  }
  return errors;
}

export function routeFormOf(route: NumberDetail['routes'][number]): RouteForm {
  return {
    extension: route.extension,
    label: route.label,
    type: route.type,
    forwards: route.forwards.map((forward) => ({
      number: forward.number,
      state: forward.state ?? '',
      usingIntNumber: isInternational(forward.number),
    })),
    members: route.members.map(String),
    timeout: route.timeout,
    stagger: route.stagger,
    caller_id_pass_thru: route.caller_id_pass_thru,
    confirm_key: route.confirm_key,
    confirm_key_wait: route.confirm_key_wait,
    confirm_whisper: route.confirm_whisper,
    round_robin: route.round_robin,
    voicemail_enabled: route.voicemail_enabled,
    email_alert_address: route.email_alert_address,
    onhold_music_id: route.onhold_music_id === null ? null : String(route.onhold_music_id),
    geo_by_state_static_fallback: route.geo_by_state_static_fallback,
    voicemail_greeting: route.voicemail_greeting,
  };
}

/** A new extension (§3 Default extension config) numbered by the §5 next-extension rule. */
export function newRouteForm(existing: readonly RouteForm[]): RouteForm {
  const config = newExtensionConfig(nextExtension(existing.map((route) => route.extension)));
  return {
    extension: config.extension,
    label: config.label,
    type: config.type,
    forwards: [emptyForward()],
    members: [],
    timeout: config.timeout,
    stagger: config.stagger,
    caller_id_pass_thru: config.caller_id_pass_thru,
    confirm_key: config.confirm_key,
    confirm_key_wait: config.confirm_key_wait,
    confirm_whisper: config.confirm_whisper,
    round_robin: config.round_robin === 'rotating' ? 'rotating' : 'none',
    voicemail_enabled: config.voicemail_enabled,
    email_alert_address: config.email_alert_address,
    onhold_music_id: null,
    geo_by_state_static_fallback: config.geo_by_state_static_fallback,
    voicemail_greeting: null,
  };
}

/** The §4 preset's fixed hours (2 and 3), or the hours as they are for the others. */
const PRESET_DAYS: Partial<Record<SchedulePreset, readonly Weekday[]>> = {
  2: ['mon', 'tue', 'wed', 'thu', 'fri'],
  3: ['sat', 'sun'],
};

/** Presets whose hours are set day by day (§4 4 Custom, 6 Business Hours). */
export function presetHasDayHours(preset: SchedulePreset): boolean {
  return preset === 4 || preset === 6;
}

/** The hours a preset stands for, to show (and keep) when it is chosen: 24/7 all day, 9–5 on its days. */
export function hoursForPreset(preset: SchedulePreset, current: DayHours): DayHours {
  if (presetHasDayHours(preset)) return current;
  const hours = {} as DayHours;
  for (const day of WEEKDAYS) {
    const open = preset === 1 || PRESET_DAYS[preset]?.includes(day);
    const nineToFive = PRESET_DAYS[preset]?.includes(day);
    hours[`${day}_open_hour`] = nineToFive ? '09:00' : open ? TIME_SLOT_ALL_DAY : TIME_SLOT_CLOSED;
    hours[`${day}_close_hour`] = nineToFive ? '17:00' : open ? TIME_SLOT_ALL_DAY : TIME_SLOT_CLOSED;
  }
  return hours;
}

export function scheduleFormOf(
  own: ScheduleView | null,
  company: ScheduleView | undefined,
  browserZone?: string,
): ScheduleForm {
  const base = own ?? company;
  const fallback = defaultScheduleSettings(browserZone);
  const hours = {} as DayHours;
  for (const day of WEEKDAYS) {
    hours[`${day}_open_hour`] = base?.[`${day}_open_hour`] ?? null;
    hours[`${day}_close_hour`] = base?.[`${day}_close_hour`] ?? null;
  }
  return {
    follow: own === null,
    preset: base?.preset ?? fallback.preset,
    timezone: base?.timezone ?? fallback.timezone,
    voicemail: base?.voicemail ?? false,
    blocks: base?.blocks ?? [],
    ...hours,
  };
}

export function numberFormOf(
  detail: NumberDetail,
  company: ScheduleView | undefined,
  browserZone?: string,
): NumberForm {
  return {
    label: detail.label,
    tags: detail.tags,
    sms_enabled: detail.sms_enabled,
    call_transcription_enabled: detail.call_transcription_enabled,
    routes: detail.routes.map(routeFormOf),
    schedule: scheduleFormOf(detail.schedule, company, browserZone),
  };
}

/** The time slots of §9 as options: shown 12-hour, valued 24-hour (Closed and All Day as they are). */
export function timeSlotOptions(): { value: string; label: string }[] {
  return timeSlots().map((slot) => {
    const value = to24Hour(slot);
    return { value, label: value === slot ? slot : to12Hour(value) };
  });
}

/** The routes as `PUT /numbers/{id}` takes them (§3: empty forwards dropped, the client's fields cleared). */
export function routesToSend(routes: readonly RouteForm[]): NonNullable<NumberUpdate['routes']> {
  return routes.map((route) => {
    const forwards = usesForwards(route.type)
      ? prepareForwardsForSave(
          route.forwards.map((forward) => ({
            number: forwardNumberToSend(forward),
            state: route.type === 'geo' && forward.state.trim() ? forward.state.trim().toUpperCase() : null,
          })),
        )
      : [];
    return {
      extension: route.extension,
      label: route.label.trim(),
      type: route.type,
      forwards,
      members: route.type === 'in-app-calling' ? route.members.map(Number) : [],
      timeout: Number(route.timeout),
      stagger: route.type === 'sequential' ? true : route.type === 'simultaneous' ? false : route.stagger,
      caller_id_pass_thru: route.caller_id_pass_thru,
      confirm_key: route.confirm_key,
      confirm_key_wait: Number(route.confirm_key_wait),
      confirm_whisper: route.confirm_whisper.trim(),
      round_robin: route.round_robin,
      voicemail_enabled: route.type === 'voicemail' ? true : route.voicemail_enabled,
      email_alert_address: route.email_alert_address.trim(),
      onhold_music_id: route.onhold_music_id === null ? null : Number(route.onhold_music_id),
      geo_by_state_enabled: route.type === 'geo',
      geo_by_state_static_fallback: route.geo_by_state_static_fallback,
      voicemail_greeting: route.voicemail_greeting,
    };
  });
}

/** The hours as `PUT /numbers/{id}` takes them: null follows the company's. */
export function scheduleToSend(schedule: ScheduleForm): NumberUpdate['schedule'] {
  if (schedule.follow) return null;
  const hours = hoursForPreset(schedule.preset, schedule);
  const days = {} as DayHours;
  for (const day of WEEKDAYS) {
    days[`${day}_open_hour`] = hours[`${day}_open_hour`];
    days[`${day}_close_hour`] = hours[`${day}_close_hour`];
  }
  return {
    preset: schedule.preset,
    timezone: schedule.timezone,
    voicemail: schedule.voicemail,
    blocks: schedule.blocks.map((block) => ({
      days: block.days,
      start: block.start,
      end: block.end,
      timezone: block.timezone,
      ...(block.user === undefined ? {} : { user: block.user }),
    })),
    ...days,
  };
}

export function detailsToSend(form: NumberForm): NumberUpdate {
  return {
    label: form.label.trim(),
    tags: [...new Set(form.tags.map((tag) => tag.trim()).filter(Boolean))],
    sms_enabled: form.sms_enabled,
    call_transcription_enabled: form.call_transcription_enabled,
  };
}

/** "Sales, Support and 2 others" — the first names, then how many more. */
function listNames(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} other${names.length === 3 ? '' : 's'}`;
}

/**
 * What an extension does, in words ("Rings Ada and Grace in the app for 20 s, then voicemail"), from the form's
 * values. `agentName` names an agent by id (an unknown one is "an agent"); `phone` formats a forward.
 */
export function routeSummary(
  route: RouteForm,
  agentName: (id: number) => string | undefined,
  phone: (number: string) => string = (number) => number,
): string {
  const seconds = Number(route.timeout);
  // The routing engine sends an unanswered call to voicemail whatever the type (server/src/routing/ring.ts).
  const after = ', then voicemail';
  if (route.type === 'voicemail' || route.voicemail_enabled) return 'Goes straight to voicemail';
  if (route.type === 'in-app-calling') {
    if (route.members.length === 0) return 'Goes to voicemail: no agents chosen yet';
    const names = route.members.map((id) => agentName(Number(id)) ?? 'an agent');
    const order = route.round_robin === 'rotating' ? ' one at a time, taking turns,' : '';
    const who = route.label.trim() ? `${route.label.trim()} agents (${listNames(names)})` : listNames(names);
    return `Rings ${who} in the app${order} for ${seconds} s${after}`;
  }
  const numbers = route.forwards
    .map((forward) => forwardNumberToSend(forward))
    .filter(Boolean)
    .map((number) => phone(number));
  if (numbers.length === 0) return 'Goes to voicemail: no number to forward to yet';
  const how =
    route.type === 'sequential' || (route.type === 'standard' && route.stagger && numbers.length > 1)
      ? ' one after another'
      : route.type !== 'geo' && numbers.length > 1
        ? ' all at once'
        : route.type === 'geo'
          ? ` by the caller’s state${route.geo_by_state_static_fallback ? ', else the numbers without a state' : ''}`
          : '';
  const confirm = route.confirm_key ? ', asking the person who answers to press a key' : '';
  return `Rings ${listNames(numbers)}${how}${confirm} for ${seconds} s${after}`;
}

/** The preset's label (§4), for the hours summary. */
export function presetLabel(preset: SchedulePreset): string {
  return labelOf(SCHEDULE_PRESETS, preset);
}
