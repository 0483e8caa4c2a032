/**
 * The database schema (Drizzle, PostgreSQL dialect: the same tables on PGlite and on a PostgreSQL server).
 * Every record that belongs to a company carries `company_id`; routes find a record's company from it.
 * Secrets are stored hashed (tokens, passwords, reset links, recovery codes); the MFA secret is needed in
 * clear to check codes and is kept only server-side.
 * After changing this file: `npx drizzle-kit generate` and commit the migration it writes.
 */
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
