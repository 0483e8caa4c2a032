/**
 * §7 Numbers, the part messaging needs: a company's tracked numbers, paged (§3 "Paged number lists carry
 * current_page, last_page, total"), searchable over the number and its label. Routing, pools and purchasing come
 * with the numbers issue.
 */
import { z } from 'zod';
import { valuesOf } from '../domain/codes';
import { DEFAULT_EXTENSION_CONFIG, EXTENSION_KEY_CODES, FORWARD_TYPES } from '../domain/extensions';
import { EXTENSION_MAX, EXTENSION_MIN } from '../domain/limits';
import { NUMBER_STATUSES, NUMBER_TYPES } from '../domain/numbers';
import { normalizePhone } from '../domain/phone';
import {
  type DayHours,
  SCHEDULE_PRESETS,
  TIME_SLOT_ALL_DAY,
  TIME_SLOT_CLOSED,
  to24Hour,
  WEEKDAYS,
} from '../domain/schedule';
import { isHttpsUrl } from '../domain/url';
import { CustomValueSchema } from './contacts';
import { endpoint, enumOf, IdParamSchema, PageNumberSchema, reference } from './contract';
import { pagedSchema } from './paged';
import { TimeZoneSchema } from './timeZone';

const id = IdParamSchema;

/** Numbers per page unless asked otherwise. */
export const NUMBERS_PER_PAGE = 50;

/** §3 Number as the list gives it. */
export const TrackedNumberSchema = z.object({
  id: z.number().int(),
  /** E.164. */
  number: z.string(),
  label: z.string(),
  tags: z.array(z.string()),
  /** §3 number-type code (1 toll-free, 2 local, 3 fax, 4 bulk). */
  type: z.literal(valuesOf(NUMBER_TYPES)),
  sms_enabled: z.boolean(),
  call_transcription_enabled: z.boolean(),
  /** §4 number activation: active, or inactive (being released) until `remove_at` (ISO 8601, else null). */
  status: enumOf(NUMBER_STATUSES),
  remove_at: z.string().nullable(),
  /** The sum of the unread counts of the number's conversations. */
  unread_messages_count: z.number().int().min(0),
  /** Whether the caller has a notification block (any channel) on the number. */
  hasNotificationBlocks: z.boolean(),
});
export type TrackedNumber = z.infer<typeof TrackedNumberSchema>;

export const NumberListQuerySchema = z.object({
  page: PageNumberSchema,
  perPage: z.coerce.number().int().min(1).max(1000).default(NUMBERS_PER_PAGE),
  /** Over the number (digits; `(312) 555-01` finds +1312555010x) and the label. */
  search: z.string().trim().max(100).optional(),
});

export const NUMBER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/numbers',
    summary: 'A page of the company’s tracked numbers, searchable over number and label, with unread counts.',
    params: z.object({ companyId: id }),
    query: NumberListQuerySchema,
    response: pagedSchema(TrackedNumberSchema),
  }),
} as const;

/* ------------------------------------------------------------------------------------------------------------
 * Routing configuration (§3 Forward entry, Routing entry, Default extension config, Forward types; §7
 * `GET /numbers/list/{id}`, `PUT /numbers/{id}`, triggers, schedule). The stored shapes are exactly what the
 * routing engine reads (server/src/routing/types.ts), so storage maps to it without guessing.
 * ---------------------------------------------------------------------------------------------------------- */

/** The extension keys a route may have: 0–25, `*` (65535) and `#` (65534). */
export const EXTENSION_KEY_MESSAGE = `An extension is ${EXTENSION_MIN} to ${EXTENSION_MAX}, or the * or # key.`;

/** An extension: a number 0–25 or a key code; `*` and `#` are read as their codes. */
export const ExtensionSchema = z.preprocess(
  (value) =>
    typeof value === 'string' && value in EXTENSION_KEY_CODES
      ? EXTENSION_KEY_CODES[value as '*' | '#']
      : value,
  z.coerce
    .number({ message: EXTENSION_KEY_MESSAGE })
    .int({ message: EXTENSION_KEY_MESSAGE })
    .refine(
      (value) =>
        (value >= EXTENSION_MIN && value <= EXTENSION_MAX) ||
        Object.values(EXTENSION_KEY_CODES).includes(value as 65535 | 65534),
      { message: EXTENSION_KEY_MESSAGE },
    ),
);

export const GREETING_AUDIO_HTTPS = 'The greeting’s audio address must start with https://';

/**
 * A greeting as a number stores it: a reference to a company greeting (§7 Greetings), or its text (spoken), or an
 * audio URL. All absent, null or blank means none. The audio URL is handed to the carrier to fetch and play, so it
 * is https only (issue 33: `file:`, `javascript:` and `gopher:` addresses were stored and written into TwiML);
 * audio uploaded to us is named by `greeting_id`, and a call is given its signed link when it plays.
 */
export const GreetingRefSchema = z.object({
  greeting_id: reference('greeting').nullable().optional(),
  text: z.string().trim().max(2000).nullable().optional(),
  audio_url: z
    .string()
    .trim()
    .max(2000)
    .refine((url) => url === '' || isHttpsUrl(url), { message: GREETING_AUDIO_HTTPS })
    .nullable()
    .optional(),
});
export type StoredGreeting = z.infer<typeof GreetingRefSchema>;

export const FORWARD_NUMBER_REQUIRED = 'Each forward needs a number.';
export const FORWARD_NUMBER_INVALID = 'Enter a valid phone number for this forward.';
const TIMEOUT_RANGE = 'The timeout is 5 to 120 seconds.';
const CONFIRM_WAIT_RANGE = 'The wait is 1 to 60 seconds.';

/**
 * §3 Forward entry: its number (normalised to E.164), plus the US state it serves for geo routing (a geo forward
 * with none is a static fallback). `isValid`, `usingIntNumber` and `updated_at` are the client's; they are
 * accepted and dropped (§3 "the last three fields are cleared").
 */
export const ForwardSchema = z
  .object({
    number: z
      .string({ message: FORWARD_NUMBER_REQUIRED })
      .trim()
      .min(1, { message: FORWARD_NUMBER_REQUIRED })
      .transform((value, context) => {
        const e164 = normalizePhone(value);
        if (!e164) {
          context.addIssue({ code: 'custom', message: FORWARD_NUMBER_INVALID });
          return z.NEVER;
        }
        return e164;
      }),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { message: 'A state is its two-letter code, such as IL.' })
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    isValid: z.unknown().optional(),
    usingIntNumber: z.unknown().optional(),
    updated_at: z.unknown().optional(),
  })
  .transform(({ number, state }) => ({ number, state }));
export type StoredForward = z.output<typeof ForwardSchema>;

export const ROUND_ROBIN_MODES = ['none', 'rotating'] as const;

const GROUP_TYPES: readonly string[] = ['simultaneous', 'sequential', 'geo'];

/**
 * §3 Routing entry with its §3 Default extension config: every field not sent takes its default. `members` are
 * the users an in-app-calling extension rings (company members, checked by the server).
 */
export const RouteSchema = z
  .object({
    extension: ExtensionSchema.nullable()
      .optional()
      .transform((value) => value ?? DEFAULT_EXTENSION_CONFIG.extension),
    label: z.string().trim().max(100).default(DEFAULT_EXTENSION_CONFIG.label),
    forwards: z.array(ForwardSchema).max(50).default([]),
    stagger: z.boolean().default(DEFAULT_EXTENSION_CONFIG.stagger),
    caller_id_pass_thru: z.boolean().default(DEFAULT_EXTENSION_CONFIG.caller_id_pass_thru),
    type: enumOf(FORWARD_TYPES).default(DEFAULT_EXTENSION_CONFIG.type),
    confirm_key: z.boolean().default(DEFAULT_EXTENSION_CONFIG.confirm_key),
    confirm_key_wait: z
      .number({ message: CONFIRM_WAIT_RANGE })
      .int(CONFIRM_WAIT_RANGE)
      .min(1, CONFIRM_WAIT_RANGE)
      .max(60, CONFIRM_WAIT_RANGE)
      .default(DEFAULT_EXTENSION_CONFIG.confirm_key_wait),
    timeout: z
      .number({ message: TIMEOUT_RANGE })
      .int(TIMEOUT_RANGE)
      .min(5, TIMEOUT_RANGE)
      .max(120, TIMEOUT_RANGE)
      .default(DEFAULT_EXTENSION_CONFIG.timeout),
    onhold_music_id: reference('greeting').nullable().default(null),
    geo_by_state_enabled: z.boolean().default(DEFAULT_EXTENSION_CONFIG.geo_by_state_enabled),
    geo_by_state_static_fallback: z.boolean().default(DEFAULT_EXTENSION_CONFIG.geo_by_state_static_fallback),
    confirm_whisper: z.string().trim().max(500).default(DEFAULT_EXTENSION_CONFIG.confirm_whisper),
    email_alert_address: z
      .union([z.literal(''), z.email({ message: 'Enter a valid email address, or leave it empty.' })])
      .default(DEFAULT_EXTENSION_CONFIG.email_alert_address),
    voicemail_enabled: z.boolean().default(DEFAULT_EXTENSION_CONFIG.voicemail_enabled),
    round_robin: z.enum(ROUND_ROBIN_MODES).default('none'),
    members: z.array(reference('member')).max(200).default([]),
    voicemail_greeting: GreetingRefSchema.nullable().default(null),
  })
  .superRefine((route, context) => {
    if (GROUP_TYPES.includes(route.type) && route.forwards.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['forwards'],
        message: `A ${route.type === 'geo' ? 'geo' : route.type} group needs at least one forward.`,
      });
    }
    if (route.type === 'in-app-calling' && route.members.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['members'],
        message: 'An in-app calling extension needs at least one member.',
      });
    }
    if (new Set(route.members).size !== route.members.length) {
      context.addIssue({ code: 'custom', path: ['members'], message: 'Each member may be listed once.' });
    }
  });
export type StoredRoute = z.output<typeof RouteSchema>;

/** How the extension menu listens (the engine's defaults apply to what is not set). */
export const MenuSettingsSchema = z
  .object({
    timeout: z.number().int().min(1).max(30).optional(),
    retries: z.number().int().min(0).max(5).optional(),
    default_extension: ExtensionSchema.nullable().optional(),
  })
  .strict();
export type StoredMenu = z.output<typeof MenuSettingsSchema>;

/** The number's own voicemail: its greeting and who is told of a message left. */
export const NumberVoicemailSchema = z
  .object({
    greeting: GreetingRefSchema.nullable().default(null),
    email_alert_address: z
      .union([z.literal(''), z.email({ message: 'Enter a valid email address, or leave it empty.' })])
      .default(''),
  })
  .strict();
export type StoredVoicemail = z.output<typeof NumberVoicemailSchema>;

/* --------------------------------------------- schedule ---------------------------------------------------- */

export const SCHEDULE_TIME_MESSAGE = 'Times are 24-hour HH:MM (such as 09:00 or 17:30), Closed or All Day.';

/** A day's opening or closing time: 24-hour `HH:MM` (a 12-hour form is read too), `Closed`, `All Day` or null. */
export const ScheduleTimeSchema = z
  .string()
  .trim()
  .transform((value) => to24Hour(value))
  .pipe(
    z.union(
      [
        z.literal(TIME_SLOT_CLOSED),
        z.literal(TIME_SLOT_ALL_DAY),
        z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: SCHEDULE_TIME_MESSAGE }),
      ],
      { message: SCHEDULE_TIME_MESSAGE },
    ),
  );

const ClockTimeSchema = z
  .string({ message: SCHEDULE_TIME_MESSAGE })
  .trim()
  .transform((value) => to24Hour(value))
  .pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: SCHEDULE_TIME_MESSAGE }));

/** §3 "Schedule blocks have days and times (start, end), timezone, and an optional user flag." */
export const ScheduleBlockSchema = z
  .object({
    days: z
      .array(z.enum(WEEKDAYS, { message: `Days are ${WEEKDAYS.join(', ')}.` }))
      .min(1, { message: 'Choose at least one day.' })
      .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
    start: ClockTimeSchema,
    end: ClockTimeSchema,
    timezone: TimeZoneSchema.nullable()
      .optional()
      .transform((value) => value ?? null),
    user: z.boolean().optional(),
  })
  .strict()
  .refine((block) => block.start !== block.end, {
    path: ['end'],
    message: 'A block ends at another time than it starts.',
  });

const dayHourFields = Object.fromEntries(
  WEEKDAYS.flatMap((day) => [
    [`${day}_open_hour`, ScheduleTimeSchema.nullable().default(null)],
    [`${day}_close_hour`, ScheduleTimeSchema.nullable().default(null)],
  ]),
) as { [K in keyof DayHours]: z.ZodDefault<z.ZodNullable<typeof ScheduleTimeSchema>> };

/**
 * §3 Hours schedule settings with §4 presets 1–6, the Direct Voicemail flag and the custom blocks. Times are sent
 * as 24-hour `HH:MM`; the zone is an IANA name.
 */
export const ScheduleSchema = z
  .object({
    preset: z.literal(valuesOf(SCHEDULE_PRESETS), { message: 'The preset is 1 to 6 (§4 schedule presets).' }),
    timezone: TimeZoneSchema,
    ...dayHourFields,
    voicemail: z.boolean().default(false),
    blocks: z.array(ScheduleBlockSchema).max(50).default([]),
  })
  .strict();
export type StoredSchedule = z.output<typeof ScheduleSchema>;

/** A schedule as answered: the settings plus the label of §4. */
export const ScheduleViewSchema = z.object({
  preset: z.literal(valuesOf(SCHEDULE_PRESETS)),
  timezone: z.string(),
  ...(Object.fromEntries(
    WEEKDAYS.flatMap((day) => [
      [`${day}_open_hour`, z.string().nullable()],
      [`${day}_close_hour`, z.string().nullable()],
    ]),
  ) as { [K in keyof DayHours]: z.ZodNullable<z.ZodString> }),
  voicemail: z.boolean(),
  blocks: z.array(
    z.object({
      days: z.array(z.enum(WEEKDAYS)),
      start: z.string(),
      end: z.string(),
      timezone: z.string().nullable(),
      user: z.boolean().optional(),
    }),
  ),
  label: z.string(),
});
export type ScheduleView = z.infer<typeof ScheduleViewSchema>;

/* --------------------------------------------- triggers ---------------------------------------------------- */

/** What a number's trigger reacts to (the spec names triggers without their kinds; see spec-interpretations). */
export const TRIGGER_EVENTS = ['call.missed', 'call.answered', 'voicemail.left', 'message.received'] as const;
/** What it does: email the target address, or POST the event to the target URL. */
export const TRIGGER_ACTIONS = ['email', 'webhook'] as const;

export const TriggerInputSchema = z
  .object({
    /** With an id: that trigger is updated; without: a new one. */
    id: reference('trigger').optional(),
    number_id: reference('number'),
    event: z.enum(TRIGGER_EVENTS, { message: `The event is one of ${TRIGGER_EVENTS.join(', ')}.` }),
    action: z.enum(TRIGGER_ACTIONS, { message: `The action is one of ${TRIGGER_ACTIONS.join(', ')}.` }),
    target: z.string().trim().min(1, { message: 'Say where the trigger sends to.' }).max(500),
  })
  .strict()
  .superRefine((trigger, context) => {
    if (trigger.action === 'email' && !z.email().safeParse(trigger.target).success) {
      context.addIssue({ code: 'custom', path: ['target'], message: 'Enter a valid email address.' });
    }
    if (trigger.action === 'webhook' && !/^https?:\/\/[^\s]+$/i.test(trigger.target)) {
      context.addIssue({ code: 'custom', path: ['target'], message: 'Enter an http(s) URL.' });
    }
  });

export const TriggerSchema = z.object({
  id: z.number().int(),
  number_id: z.number().int(),
  event: z.enum(TRIGGER_EVENTS),
  action: z.enum(TRIGGER_ACTIONS),
  target: z.string(),
});
export type Trigger = z.infer<typeof TriggerSchema>;

export const TriggersBodySchema = z
  .object({
    remove: z.array(reference('trigger')).max(500).default([]),
    upsert: z.array(TriggerInputSchema).max(500).default([]),
  })
  .strict();

/* --------------------------------------------- one number -------------------------------------------------- */

/**
 * `PUT /numbers/{id}`: any of these; what is not sent stays as it is. `schedule: null` follows the company's.
 * Routes are stored sorted by extension (§3), a missing extension read as 1.
 */
export const NumberUpdateSchema = z
  .object({
    label: z.string().trim().max(100).optional(),
    tags: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
    routes: z
      .array(RouteSchema)
      .max(30)
      .optional()
      .superRefine((routes, context) => {
        if (!routes) return;
        const seen = new Set<number>();
        routes.forEach((route, index) => {
          if (seen.has(route.extension)) {
            context.addIssue({
              code: 'custom',
              path: [index, 'extension'],
              message: 'Each extension may be used once on a number.',
            });
          }
          seen.add(route.extension);
        });
      }),
    greeting: GreetingRefSchema.nullable().optional(),
    menu: MenuSettingsSchema.optional(),
    after_hours_extension: ExtensionSchema.nullable().optional(),
    voicemail: NumberVoicemailSchema.optional(),
    recording_enabled: z.boolean().optional(),
    call_transcription_enabled: z.boolean().optional(),
    sms_enabled: z.boolean().optional(),
    schedule: ScheduleSchema.nullable().optional(),
    /** §3 Number eavAttributeValues: the company's number custom fields (entity type 1); null removes a value. */
    eavAttributeValues: z.array(CustomValueSchema).max(100).optional(),
  })
  .strict();
export type NumberUpdate = z.input<typeof NumberUpdateSchema>;

const StoredRouteViewSchema = z.object({
  extension: z.number().int(),
  label: z.string(),
  forwards: z.array(z.object({ number: z.string(), state: z.string().nullable() })),
  stagger: z.boolean(),
  caller_id_pass_thru: z.boolean(),
  type: enumOf(FORWARD_TYPES),
  confirm_key: z.boolean(),
  confirm_key_wait: z.number().int(),
  timeout: z.number().int(),
  onhold_music_id: z.number().int().nullable(),
  geo_by_state_enabled: z.boolean(),
  geo_by_state_static_fallback: z.boolean(),
  confirm_whisper: z.string(),
  email_alert_address: z.string(),
  voicemail_enabled: z.boolean(),
  round_robin: z.enum(ROUND_ROBIN_MODES),
  members: z.array(z.number().int()),
  voicemail_greeting: GreetingRefSchema.nullable(),
});

/** §3 Number with its routing configuration, as `GET /numbers/list/{id}` answers it. */
export const NumberDetailSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  number: z.string(),
  label: z.string(),
  tags: z.array(z.string()),
  type: z.literal(valuesOf(NUMBER_TYPES)),
  sms_enabled: z.boolean(),
  call_transcription_enabled: z.boolean(),
  recording_enabled: z.boolean(),
  /** §4 number activation: active, or inactive (being released) until `remove_at` (ISO 8601). */
  status: enumOf(NUMBER_STATUSES),
  remove_at: z.string().nullable(),
  /** When its configuration last changed (ISO 8601). */
  updated_at: z.string(),
  /** §3 routing type: the first extension's type, or derived from its forwards, stagger and the hours preset. */
  routing_type: enumOf(FORWARD_TYPES),
  routes: z.array(StoredRouteViewSchema),
  greeting: GreetingRefSchema.nullable(),
  menu: z.object({
    timeout: z.number().int().optional(),
    retries: z.number().int().optional(),
    default_extension: z.number().int().nullable().optional(),
  }),
  after_hours_extension: z.number().int().nullable(),
  voicemail: z.object({ greeting: GreetingRefSchema.nullable(), email_alert_address: z.string() }),
  /** The number's own schedule; null: it follows the company's (`GET /companies/{companyId}/schedule`). */
  schedule: ScheduleViewSchema.nullable(),
  triggers: z.array(TriggerSchema),
  /** §3 Number eavAttributeValues: its values of the company's number custom fields. */
  eavAttributeValues: z.array(CustomValueSchema),
});
export type NumberDetail = z.infer<typeof NumberDetailSchema>;

/**
 * What a caller meets on the number at a moment, in words, computed by the routing engine: the hours state, a
 * summary ("Open: rings Sales and Service together for 20 s, then takes a voicemail."), and for a menu what each
 * key leads to.
 */
export const RoutingPreviewSchema = z.object({
  at: z.string(),
  state: z.enum(['Open', 'Closed', 'Direct voicemail']),
  summary: z.string(),
  menu: z.array(z.object({ key: z.string(), label: z.string(), steps: z.array(z.string()) })),
});
export type RoutingPreview = z.infer<typeof RoutingPreviewSchema>;

export const NUMBER_CONFIG_ENDPOINTS = {
  preview: endpoint({
    method: 'GET',
    path: '/numbers/{id}/routing-preview',
    summary:
      'What a caller meets on the number now, or at `at` (ISO 8601), in words — worked out by the routing engine itself.',
    params: z.object({ id }),
    query: z.object({
      at: z.iso
        .datetime({ offset: true, message: 'Give the moment as an ISO 8601 date and time.' })
        .optional(),
    }),
    response: RoutingPreviewSchema,
  }),
  show: endpoint({
    method: 'GET',
    path: '/numbers/list/{id}',
    summary:
      'One tracked number with its routing: extensions and forwards, greeting, menu, voicemail, schedule, triggers.',
    params: z.object({ id }),
    response: NumberDetailSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/numbers/{id}',
    summary:
      'Changes a number’s label, tags, routing, greeting, menu, voicemail, schedule, recording and transcription.',
    params: z.object({ id }),
    body: NumberUpdateSchema,
    response: z.object({ message: z.string(), number: NumberDetailSchema }),
    replay: { record: 'number' },
  }),
  triggers: endpoint({
    method: 'PUT',
    path: '/companies/{companyId}/triggers',
    summary: 'Removes and upserts triggers of the company’s numbers; answers all of the company’s triggers.',
    params: z.object({ companyId: id }),
    body: TriggersBodySchema,
    response: z.object({ data: z.array(TriggerSchema) }),
  }),
  schedule: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/schedule',
    summary:
      'The company’s hours schedule: preset, time zone, per-day hours (24-hour HH:MM) and custom blocks.',
    params: z.object({ companyId: id }),
    response: ScheduleViewSchema,
  }),
  updateSchedule: endpoint({
    method: 'PUT',
    path: '/companies/{companyId}/schedule',
    summary:
      'Replaces the company’s hours schedule (presets 1–6, IANA time zone, 24-hour HH:MM times, blocks).',
    params: z.object({ companyId: id }),
    body: ScheduleSchema,
    response: ScheduleViewSchema,
    replay: { record: 'schedule', param: 'companyId' },
  }),
} as const;
