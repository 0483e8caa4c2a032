/**
 * Tracked numbers and what hangs off a number: its routing (routes, greeting, menu, voicemail, hours), the
 * company's hours schedule, triggers, blocked callers and the alerts a user silences for a number.
 */
import type {
  StoredGreeting,
  StoredMenu,
  StoredRoute,
  StoredSchedule,
  StoredVoicemail,
} from '@shared/api/numbers';
import type { NumberStatus } from '@shared/domain/numbers';
import type { Weekday } from '@shared/domain/schedule';
import { isNull, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  companyId,
  createdAt,
  refersTo,
  serialId,
  timestamps,
  timestamptz,
  updatedAt,
} from './columns';
import { users } from './users';

/**
 * §3 Number: a tracked number of a company (E.164, unique on the platform). The numbers and calls issues add
 * routing, pools and purchasing; messaging needs the number, its label, tags and whether it texts.
 */
export const numbers = pgTable(
  'numbers',
  {
    id: serialId(),
    company_id: companyId(),
    /** E.164; unique among the numbers not yet released (a released number may be bought again, by anyone). */
    number: text('number').notNull(),
    label: text('label').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** §3 number-type codes: 1 toll-free voice & SMS, 2 local voice & SMS, 3 fax, 4 bulk. */
    type: smallint('type').notNull().default(2),
    /** §3 number category: 1 Voice & SMS, 2 International, 3 Fax. */
    category: smallint('category').notNull().default(1),
    sms_enabled: boolean('sms_enabled').notNull().default(true),
    call_transcription_enabled: boolean('call_transcription_enabled').notNull().default(false),
    /** The carrier's own id for the number (Twilio's PN… sid); null in the sandbox. */
    carrier_sid: text('carrier_sid'),
    /** Said to a texter who sends HELP (CTIA); a default naming the company is used when empty. */
    help_text: text('help_text'),
    /**
     * §3 routes: each extension with its §3 default config, forwards (E.164, with a state for geo routing) and
     * in-app-calling members (user ids), sorted by extension. Validated by `RouteSchema` on the way in.
     */
    routes: jsonb('routes').$type<StoredRoute[]>().notNull().default([]),
    /** The welcome greeting (the menu's prompt, or played before ringing a single extension); null: none. */
    greeting: jsonb('greeting').$type<StoredGreeting | null>(),
    /** How the menu listens: timeout, retries, default extension (the engine's defaults for what is unset). */
    menu: jsonb('menu').$type<StoredMenu>().notNull().default({}),
    /** The extension that takes calls outside open hours; null: the number's voicemail. */
    after_hours_extension: integer('after_hours_extension'),
    /** The number's own voicemail: greeting and alert address. */
    voicemail: jsonb('voicemail')
      .$type<StoredVoicemail>()
      .notNull()
      .default({ greeting: null, email_alert_address: '' }),
    recording_enabled: boolean('recording_enabled').notNull().default(false),
    number_template_id: integer('number_template_id'), // the template last applied (numberTemplates.ts)
    /** Rotating round robin: per extension, the member offered the previous call first (routing/types.ts). */
    round_robin: jsonb('round_robin').$type<Record<string, number>>().notNull().default({}),
    /** The number's own hours schedule; null: it follows its company's (`schedules`). */
    schedule: jsonb('schedule').$type<StoredSchedule | null>(),
    /**
     * §4 number activation: `active`, or `inactive` with its removal date (`remove_at`, §9 30 days ahead). An
     * inactive number still takes calls and texts until then (a release can be undone without losing a caller);
     * at `remove_at` the removal job gives it back to the carrier and sets `released_at`.
     */
    status: text('status').$type<NumberStatus>().notNull().default('active'),
    remove_at: timestamptz('remove_at'),
    /**
     * Given back to the carrier: the row stays so the number's calls and conversations keep their history, but it
     * is no longer the company's (no list, no routing, no sending) and its E.164 is free to be bought again.
     */
    released_at: timestamptz('released_at'),
    ...timestamps(),
  },
  (table) => [
    index('numbers_company_idx').on(table.company_id),
    uniqueIndex('numbers_number_live_unique').on(table.number).where(sql`${table.released_at} is null`),
  ],
);

/** The numbers still the companies' (not released to the carrier): every lookup of a working number says so. */
export const liveNumber = isNull(numbers.released_at);

/**
 * §3 Hours schedule settings of a company (§7 `GET`/`PUT /companies/{companyId}/schedule`): §4 preset 1–6, IANA
 * zone, per-day open and close (24-hour `HH:MM`, `Closed`, `All Day` or null), the Direct Voicemail flag and the
 * custom blocks. A company without a row has the default (24/7, UTC).
 */
export const schedules = pgTable('schedules', {
  company_id: companyId().primaryKey(),
  preset: smallint('preset').notNull().default(1),
  timezone: text('timezone').notNull().default('UTC'),
  /** `{ mon_open_hour, mon_close_hour, … sun_close_hour }`. */
  hours: jsonb('hours').$type<Record<string, string | null>>().notNull().default({}),
  voicemail: boolean('voicemail').notNull().default(false),
  blocks: jsonb('blocks')
    .$type<{ days: Weekday[]; start: string; end: string; timezone: string | null; user?: boolean }[]>()
    .notNull()
    .default([]),
  updated_at: updatedAt(),
});

/** §3 Number triggers (§7 `PUT /companies/{companyId}/triggers`): an event of a number and what it sets off. */
export const numberTriggers = pgTable(
  'number_triggers',
  {
    id: serialId(),
    company_id: companyId(),
    number_id: belongsTo('number_id', () => numbers.id),
    /** call.missed, call.answered, voicemail.left, message.received. */
    event: text('event').notNull(),
    /** email or webhook. */
    action: text('action').notNull(),
    /** The address or URL. */
    target: text('target').notNull(),
    ...timestamps(),
  },
  (table) => [
    index('number_triggers_company_idx').on(table.company_id),
    index('number_triggers_number_idx').on(table.number_id),
  ],
);

/**
 * §3 Block: "target, global, number_id, company_id, action 1". A caller (E.164) rejected on every number of the
 * company (global, number_id null) or on one number. One block per company, target and number.
 */
export const blocks = pgTable(
  'blocks',
  {
    id: serialId(),
    company_id: companyId(),
    target: text('target').notNull(),
    global: boolean('global').notNull().default(false),
    number_id: integer('number_id').references(() => numbers.id, { onDelete: 'cascade' }),
    /** §3 action 1: reject. */
    action: smallint('action').notNull().default(1),
    created_by: refersTo('created_by', () => users.id),
    created_at: createdAt(),
  },
  (table) => [
    index('blocks_company_target_idx').on(table.company_id, table.target),
    uniqueIndex('blocks_company_target_number_unique').on(
      table.company_id,
      table.target,
      sql`coalesce(${table.number_id}, 0)`,
    ),
  ],
);

/** §7 notificationBlocks: a user silences one channel of alerts for one tracked number. */
export const notificationBlocks = pgTable(
  'notification_blocks',
  {
    user_id: belongsTo('user_id', () => users.id),
    number_id: belongsTo('number_id', () => numbers.id),
    company_id: companyId(),
    /** calls, messages, voicemails, faxes. */
    channel: text('channel').notNull(),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.number_id, table.channel] })],
);

/**
 * A request to raise a company's number limit (§7 `number-limit-increase`): how many numbers it asked for and
 * why, waiting until support handles it (`handled_at`).
 */
export const numberLimitRequests = pgTable(
  'number_limit_requests',
  {
    id: serialId(),
    company_id: companyId(),
    user_id: refersTo('user_id', () => users.id),
    requested: integer('requested').notNull(),
    reason: text('reason').notNull().default(''),
    created_at: createdAt(),
    handled_at: timestamptz('handled_at'),
  },
  (table) => [index('number_limit_requests_company_idx').on(table.company_id)],
);
