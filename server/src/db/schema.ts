/**
 * The database schema (Drizzle, PostgreSQL dialect: the same tables on PGlite and on a PostgreSQL server).
 * Every record that belongs to a company carries `company_id`; routes find a record's company from it.
 * Secrets are stored hashed (tokens, passwords, reset links, recovery codes); the MFA secret is needed in
 * clear to check codes and is kept only server-side.
 * After changing this file: `npx drizzle-kit generate` and commit the migration it writes.
 */

import type {
  StoredGreeting,
  StoredMenu,
  StoredRoute,
  StoredSchedule,
  StoredVoicemail,
} from '@shared/api/numbers';
import type { Weekday } from '@shared/domain/schedule';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LiveCall } from '../modules/voice/live';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** §3 Organization (business unit): a group of companies with its own admins. */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  owner_id: integer('owner_id'),
  status: text('status').notNull().default('active'),
  eav_attribute_values: jsonb('eav_attribute_values').$type<unknown[]>().notNull().default([]),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** §3 Company (account). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    organization_id: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** §3 Account status: ACTIVE=0, PARKED=1, DEACTIVATED=2. */
    account_status: smallint('account_status').notNull().default(0),
    timezone: text('timezone').notNull().default('America/New_York'),
    website: text('website'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country').notNull().default('US'),
    phone: text('phone'),
    links_enabled: boolean('links_enabled').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('companies_organization_idx').on(table.organization_id)],
);

/** §3 User. `state` is §6 "activated, deactivated, disabled or invited". */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  first_name: text('first_name'),
  last_name: text('last_name'),
  password_hash: text('password_hash'),
  timezone: text('timezone').notNull().default('America/New_York'),
  state: text('state').notNull().default('active'),
  support_pins: jsonb('support_pins').$type<string[]>().notNull().default([]),
  read_whats_new_at: timestamp('read_whats_new_at', { withTimezone: true, mode: 'date' }),
  sip_address: text('sip_address'),
  sip_user: text('sip_user'),
  sip_password: text('sip_password'),
  mfa_enabled: boolean('mfa_enabled').notNull().default(false),
  mfa_kind: text('mfa_kind'),
  /** TOTP secret (base32), set when enrolment starts, confirmed by /mfa/verify. */
  mfa_secret: text('mfa_secret'),
  /** Hashes of unused recovery codes. */
  mfa_recovery_hashes: jsonb('mfa_recovery_hashes').$type<string[]>().notNull().default([]),
  is_platform_admin: boolean('is_platform_admin').notNull().default(false),
  password_changed_at: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** A user's place in a company: §6 role and §3 in-app-calling status (presence is per user per company). */
export const memberships = pgTable(
  'memberships',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** The role to give back when a deactivated member is activated again. */
    previous_role: text('previous_role'),
    in_app_calling_status: text('in_app_calling_status').notNull().default('away'),
    created_at: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.company_id] }),
    index('memberships_company_idx').on(table.company_id),
  ],
);

/** §6 "Organization admins are made via business-unit-users." */
export const organizationAdmins = pgTable(
  'organization_admins',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organization_id: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.organization_id] })],
);

/**
 * Every credential the platform issues, stored as a SHA-256 hash: `access`/`refresh` token pairs (desktop and
 * API clients), `session` (a same-origin browser's cookie), `personal` (API keys, §7 personalAccessTokens),
 * `mfa` (the short-lived proof that the password step passed), `mfa-setup` (an emailed code confirming a new
 * second factor).
 */
export const credentials = pgTable(
  'credentials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    token_hash: text('token_hash').notNull(),
    /** The access and refresh tokens of one sign-in share a pair id, so refreshing revokes both. */
    pair_id: text('pair_id'),
    name: text('name'),
    /** The first characters of an API key, shown so a person can tell keys apart (never enough to use it). */
    hint: text('hint'),
    /** For `mfa` and `mfa-setup` credentials with an emailed code: the code's hash. */
    code_hash: text('code_hash'),
    /** Wrong second-factor codes tried against this credential. */
    attempts: integer('attempts').notNull().default(0),
    /** Set when a platform admin signed in as this user (§4 Admin login). */
    impersonator_id: integer('impersonator_id'),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('credentials_token_hash_idx').on(table.token_hash),
    index('credentials_user_kind_idx').on(table.user_id, table.kind),
  ],
);

/** Single-use, expiring password reset links (hash of the link's token). */
export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  created_at: createdAt(),
});

/** §7 Users invites. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    invited_by: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    accepted_at: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    created_at: createdAt(),
  },
  (table) => [index('invitations_company_idx').on(table.company_id)],
);

/**
 * The sandbox outbox: every mail, text and call the platform would have sent without SMTP or a carrier.
 * `company_id` is null for mail to a person (resets, invitations go to people, not companies).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    company_id: integer('company_id'),
    to: text('to').notNull(),
    from: text('from'),
    subject: text('subject'),
    body: text('body').notNull(),
    created_at: createdAt(),
  },
  (table) => [index('outbox_company_idx').on(table.company_id)],
);

/** A repeated mutating request with the same key by the same user within 24 h returns the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body'),
    /** SHA-256 of the request's body: the same key with another body is refused, not answered the first reply. */
    request_hash: text('request_hash'),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.key] })],
);

/** Who did what as whom: every request made while signed in as another user, and security events. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor_id: integer('actor_id'),
    impersonator_id: integer('impersonator_id'),
    company_id: integer('company_id'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    created_at: createdAt(),
  },
  (table) => [index('audit_log_actor_idx').on(table.actor_id)],
);

/** White-label tenants by hostname (§7 Tenant config). The default tenant has hostname `*`. */
export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  hostname: text('hostname').notNull().unique(),
  name: text('name').notNull(),
  support_email: text('support_email').notNull(),
  organization_id: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
  branding: jsonb('branding').$type<Record<string, unknown>>().notNull().default({}),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * §3 Contact. One number per contact per company (E.164): a second contact with the same number is refused on
 * create and merged on import. `custom` of §3 is kept in `custom_country` and `custom_title`.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    company_name: text('company_name'),
    email: text('email'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    notes: text('notes'),
    optin_type: text('optin_type'),
    optin_source: text('optin_source'),
    alternative_names: jsonb('alternative_names').$type<string[]>().notNull().default([]),
    secondary_emails: jsonb('secondary_emails').$type<string[]>().notNull().default([]),
    carrier: text('carrier'),
    gender: text('gender'),
    age_range: text('age_range'),
    type: text('type'),
    is_invalid: boolean('is_invalid').notNull().default(false),
    is_unsubscribed: boolean('is_unsubscribed').notNull().default(false),
    source: text('source').notNull().default('Manual'),
    custom_country: text('custom_country'),
    custom_title: text('custom_title'),
    /** The import that created the contact, if one did. */
    import_batch_id: integer('import_batch_id'),
    created_by: integer('created_by'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('contacts_company_number_idx').on(table.company_id, table.number),
    index('contacts_company_name_idx').on(table.company_id, table.name),
  ],
);

/** Company contact labels (§7 contactLabels); a label's text is unique per company in any letter case. */
export const contactLabels = pgTable(
  'contact_labels',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('contact_labels_company_label_idx').on(table.company_id, sql`lower(${table.label})`),
  ],
);

export const contactLabelLinks = pgTable(
  'contact_label_links',
  {
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    label_id: integer('label_id')
      .notNull()
      .references(() => contactLabels.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.contact_id, table.label_id] }),
    index('contact_label_links_label_idx').on(table.label_id),
  ],
);

/** §3 Contact group. A group with `filters` is virtual: its members are the contacts matching them. */
export const contactGroups = pgTable(
  'contact_groups',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>(),
    user_id: integer('user_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('contact_groups_company_idx').on(table.company_id)],
);

export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    group_id: integer('group_id')
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
    contact_id: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.group_id, table.contact_id] }),
    index('contact_group_members_contact_idx').on(table.contact_id),
  ],
);

/** §3 Custom field (EAV attribute) of one company and entity type. */
export const eavAttributes = pgTable(
  'eav_attributes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entity_type: smallint('entity_type').notNull(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    data_type: text('data_type').notNull(),
    description: text('description'),
    required: boolean('required').notNull().default(false),
    default_value: jsonb('default_value').$type<string | number | boolean | null>(),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [uniqueIndex('eav_attributes_key_idx').on(table.company_id, table.entity_type, table.key)],
);

/** §3 "choices have id, value, sort_order, description" (enum custom fields). */
export const eavChoices = pgTable(
  'eav_choices',
  {
    id: serial('id').primaryKey(),
    attribute_id: integer('attribute_id')
      .notNull()
      .references(() => eavAttributes.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    description: text('description'),
  },
  (table) => [index('eav_choices_attribute_idx').on(table.attribute_id)],
);

/**
 * One custom value of one record. Records of every entity type share this table, so there is no foreign key to
 * the record: whoever deletes a record deletes its values (`deleteCustomValues`).
 */
export const eavValues = pgTable(
  'eav_values',
  {
    attribute_id: integer('attribute_id')
      .notNull()
      .references(() => eavAttributes.id, { onDelete: 'cascade' }),
    entity_type: smallint('entity_type').notNull(),
    entity_id: integer('entity_id').notNull(),
    company_id: integer('company_id').notNull(),
    value: jsonb('value').$type<string | number | boolean>().notNull(),
    updated_at: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.attribute_id, table.entity_id] }),
    index('eav_values_entity_idx').on(table.entity_type, table.entity_id),
  ],
);

/** §7 Notes on records of a company (contacts now; conversations and calls later). */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    model_type: text('model_type').notNull(),
    model_id: integer('model_id').notNull(),
    user_id: integer('user_id'),
    body: text('body').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('notes_model_idx').on(table.model_type, table.model_id)],
);

/**
 * §3 Batch: a durable background job (contact imports now). Its rows are staged in `batch_rows` as the upload
 * streams in; the worker takes them in chunks after `processed_rows`, committing each chunk with the cursor, so
 * a crash resumes where the last committed chunk ended, and nothing is imported twice.
 */
export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** staging (upload still arriving), queued, running, finished, failed. */
    state: text('state').notNull(),
    user_id: integer('user_id'),
    file_name: text('file_name').notNull().default(''),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    total_rows: integer('total_rows'),
    processed_rows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    message: text('message'),
    /** A worker holds the batch until then; another may take it over after (a crashed server's batch). */
    lease_until: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('batches_company_idx').on(table.company_id), index('batches_state_idx').on(table.state)],
);

/** A batch's input rows, numbered as in the file (the header is row 1, so data starts at 2). */
export const batchRows = pgTable(
  'batch_rows',
  {
    batch_id: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    row_number: integer('row_number').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.batch_id, table.row_number] })],
);

/** The rows a batch could not take, with the reason, for the report a person downloads. */
export const batchErrors = pgTable(
  'batch_errors',
  {
    batch_id: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    row_number: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.batch_id, table.row_number] })],
);

/**
 * §3 Number: a tracked number of a company (E.164, unique on the platform). The numbers and calls issues add
 * routing, pools and purchasing; messaging needs the number, its label, tags and whether it texts.
 */
export const numbers = pgTable(
  'numbers',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    label: text('label').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** §3 number-type codes: 1 toll-free voice & SMS, 2 local voice & SMS, 3 fax, 4 bulk. */
    type: smallint('type').notNull().default(2),
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
    /** Rotating round robin: per extension, the member offered the previous call first (routing/types.ts). */
    round_robin: jsonb('round_robin').$type<Record<string, number>>().notNull().default({}),
    /** The number's own hours schedule; null: it follows its company's (`schedules`). */
    schedule: jsonb('schedule').$type<StoredSchedule | null>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('numbers_company_idx').on(table.company_id)],
);

/**
 * §3 Hours schedule settings of a company (§7 `GET`/`PUT /companies/{companyId}/schedule`): §4 preset 1–6, IANA
 * zone, per-day open and close (24-hour `HH:MM`, `Closed`, `All Day` or null), the Direct Voicemail flag and the
 * custom blocks. A company without a row has the default (24/7, UTC).
 */
export const schedules = pgTable('schedules', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
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
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number_id: integer('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    /** call.missed, call.answered, voicemail.left, message.received. */
    event: text('event').notNull(),
    /** email or webhook. */
    action: text('action').notNull(),
    /** The address or URL. */
    target: text('target').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
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
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    global: boolean('global').notNull().default(false),
    number_id: integer('number_id').references(() => numbers.id, { onDelete: 'cascade' }),
    /** §3 action 1: reject. */
    action: smallint('action').notNull().default(1),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
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

/**
 * §3 Conversation: one tracked number and one outside party (the recipient, E.164). Items of every kind hang
 * off it. `contact_id` is set when the company has a contact with that number (cleared when it is deleted).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number_id: integer('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    contact_id: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    unread_count: integer('unread_count').notNull().default(0),
    archived_at: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    blocked: boolean('blocked').notNull().default(false),
    assigned_user_id: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The newest item's time, for ordering the inbox. */
    last_item_at: timestamp('last_item_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('conversations_number_recipient_idx').on(table.number_id, table.recipient),
    index('conversations_company_last_idx').on(table.company_id, table.last_item_at),
    index('conversations_contact_idx').on(table.contact_id),
    // A contact claims its number's conversations (contacts/links.ts); searches by number.
    index('conversations_company_recipient_idx').on(table.company_id, table.recipient),
  ],
);

/**
 * §3 conversation items: messages (SMS/MMS, both ways), notes, blocks, scheduled messages, tracking matches,
 * and the conversation's view of calls, voicemails and faxes (`record_id` points at their own tables when the
 * activity model lands). A message's `carrier_sid` is the carrier's id (unique: webhooks replay).
 */
export const conversationItems = pgTable(
  'conversation_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    conversation_id: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    is_inbound: boolean('is_inbound').notNull().default(false),
    /** Who wrote it (outbound messages, notes), when a person did. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull().default(''),
    /**
     * Attachments: where we keep the file (`path`, relative to the data folder, a name we gave it), or, for an
     * inbound file we did not fetch, where the sender's carrier keeps it (`url`, http(s) only); its type and size.
     */
    media: jsonb('media')
      .$type<{ path?: string; url?: string; content_type: string; size: number; name?: string }[]>()
      .notNull()
      .default([]),
    /** `DELIVERY_STATES`; moves forward only. */
    delivery_state: text('delivery_state'),
    error_code: text('error_code'),
    carrier_sid: text('carrier_sid').unique(),
    /** When a scheduled message is due; null once sent or for every other item. */
    should_be_sent_at: timestamp('should_be_sent_at', { withTimezone: true, mode: 'date' }),
    record_id: integer('record_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('conversation_items_conversation_idx').on(table.conversation_id, table.created_at),
    index('conversation_items_due_idx').on(table.should_be_sent_at),
    // The activity feed's and exports' messages by company and time (bench/inbox: a sequential scan of every
    // item without it; the other kinds have their (company, time) indexes).
    index('conversation_items_company_created_idx').on(table.company_id, table.created_at),
  ],
);

/** One §3 transcription segment: who spoke (0 mixed, 1 agent, 2 client), on which channel, what, when. */
export interface TranscriptSegment {
  channel: number;
  speaker: number;
  transcript: string;
  start: number;
  end: number;
}

/**
 * §3 Call: a call to or from a tracked number. The activity feed, the inbox thread (as a 'call' item whose
 * `record_id` is this id) and the calls issues (which write live calls here) all read this table.
 */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number_id: integer('number_id').references(() => numbers.id, { onDelete: 'set null' }),
    contact_id: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    is_inbound: boolean('is_inbound').notNull().default(true),
    /** E.164 of the caller and of the number called. */
    caller: text('caller').notNull(),
    called: text('called').notNull(),
    /** §3 outcome: none 0, answered 1, missed 2, voicemail 3, blocked 4. */
    outcome: smallint('outcome').notNull().default(0),
    /** §3 qualification: qualified 1, not qualified 2, lead 3. */
    qualification: smallint('qualification'),
    /** §4 call events, in order: `{ status: 1–13, at: ISO time }`. */
    events: jsonb('events').$type<{ status: number; at: string }[]>().notNull().default([]),
    /** Seconds talking (0 when nobody answered). */
    duration: integer('duration').notNull().default(0),
    /** The agent who answered or placed it. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    extension: smallint('extension'),
    /** Marketing source of the tracked number or visit (e.g. google-ads), and whether the caller is new. */
    source: text('source'),
    first_time: boolean('first_time').notNull().default(false),
    /** Where the recording is kept, relative to the data folder; null without one. */
    recording_path: text('recording_path'),
    transcription: jsonb('transcription').$type<{
      state: 'loading' | 'complete';
      text: string;
      segments: TranscriptSegment[];
      agent_percent: number;
      client_percent: number;
    } | null>(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    note: text('note'),
    /**
     * The carrier's id of the call (Twilio's CallSid, the sandbox's `SBCA…`): a replayed webhook finds its call
     * by it. Null for the seeded history.
     */
    carrier_sid: text('carrier_sid').unique(),
    /** The carrier's call status (queued → ringing → in-progress → completed/busy/failed/no-answer/canceled). */
    carrier_status: text('carrier_status'),
    /** A call under way: where routing stands, who is ringing, hold and transfer (modules/voice/live.ts). */
    live: jsonb('live').$type<LiveCall | null>(),
    /** Where the carrier keeps the recording when it is not in the data folder (Twilio's RecordingUrl). */
    recording_url: text('recording_url'),
    ended_at: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('calls_company_started_idx').on(table.company_id, table.started_at),
    index('calls_contact_idx').on(table.contact_id),
    // A contact claims its number's calls, made or received (contacts/links.ts).
    index('calls_company_caller_idx').on(table.company_id, table.caller),
    index('calls_company_called_idx').on(table.company_id, table.called),
  ],
);

/** A voicemail left on a tracked number (its call, when there was one, has outcome voicemail 3). */
export const voicemails = pgTable(
  'voicemails',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number_id: integer('number_id').references(() => numbers.id, { onDelete: 'set null' }),
    contact_id: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    call_id: integer('call_id').references(() => calls.id, { onDelete: 'set null' }),
    caller: text('caller').notNull(),
    duration: integer('duration').notNull().default(0),
    recording_path: text('recording_path'),
    /** Where the carrier keeps the recording when it is not in the data folder (Twilio's RecordingUrl). */
    recording_url: text('recording_url'),
    transcription: text('transcription'),
    listened_at: timestamp('listened_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (table) => [
    index('voicemails_company_created_idx').on(table.company_id, table.created_at),
    index('voicemails_company_caller_idx').on(table.company_id, table.caller),
  ],
);

/**
 * §3 Greeting "id, content, voice, uploaded file" of a company (§7 Greetings): an uploaded audio file, or text
 * spoken by a voice (rendered to audio by text-to-speech when it is saved, where espeak-ng is installed).
 */
export const greetings = pgTable(
  'greetings',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    /** The text spoken (a text greeting), else null. */
    content: text('content'),
    /** The text-to-speech voice of a text greeting. */
    voice: text('voice'),
    /** The audio, relative to the data folder (uploaded, or rendered from the text). */
    file_path: text('file_path'),
    content_type: text('content_type'),
    size: integer('size').notNull().default(0),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('greetings_company_idx').on(table.company_id)],
);

/** A fax sent or received on a fax number (§3 number type 3). */
export const faxes = pgTable(
  'faxes',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number_id: integer('number_id').references(() => numbers.id, { onDelete: 'set null' }),
    contact_id: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    is_inbound: boolean('is_inbound').notNull().default(true),
    remote: text('remote').notNull(),
    pages: integer('pages').notNull().default(1),
    /** queued, sending, delivered, failed, received. */
    status: text('status').notNull(),
    file_path: text('file_path'),
    created_at: createdAt(),
  },
  (table) => [
    index('faxes_company_created_idx').on(table.company_id, table.created_at),
    index('faxes_company_remote_idx').on(table.company_id, table.remote),
  ],
);

/** §7 notificationBlocks: a user silences one channel of alerts for one tracked number. */
export const notificationBlocks = pgTable(
  'notification_blocks',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number_id: integer('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** calls, messages, voicemails, faxes. */
    channel: text('channel').notNull(),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.number_id, table.channel] })],
);

/** Saved replies of a company's inbox (shared, or one user's own), with `%%First Name%%`-style fields. */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null: shared with the company; else only this user's. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('saved_replies_company_idx').on(table.company_id)],
);
