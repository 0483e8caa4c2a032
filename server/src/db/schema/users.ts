/** People and their places: users, their memberships of companies, organization admins, invitations. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, companyId, createdAt, refersTo, serialId, timestamps, timestamptz } from './columns';
import { organizations } from './companies';

/** §3 User. `state` is §6 "activated, deactivated, disabled or invited". */
export const users = pgTable('users', {
  id: serialId(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  first_name: text('first_name'),
  last_name: text('last_name'),
  password_hash: text('password_hash'),
  timezone: text('timezone').notNull().default('America/New_York'),
  state: text('state').notNull().default('active'),
  support_pins: jsonb('support_pins').$type<string[]>().notNull().default([]),
  read_whats_new_at: timestamptz('read_whats_new_at'),
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
  password_changed_at: timestamptz('password_changed_at'),
  /**
   * When the user proved they read the mail of `email` (a verification link, or the invitation they were added
   * by); null until then, and again after a change of address. Sending and buying wait for it.
   */
  email_verified_at: timestamptz('email_verified_at'),
  /** When someone last tried to sign up with this address (its owner is told, at most once an hour). */
  signup_attempt_mailed_at: timestamptz('signup_attempt_mailed_at'),
  ...timestamps(),
});

/** A user's place in a company: §6 role and §3 in-app-calling status (presence is per user per company). */
export const memberships = pgTable(
  'memberships',
  {
    user_id: belongsTo('user_id', () => users.id),
    company_id: companyId(),
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
    user_id: belongsTo('user_id', () => users.id),
    organization_id: belongsTo('organization_id', () => organizations.id),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.organization_id] })],
);

/** §7 Users invites. */
export const invitations = pgTable(
  'invitations',
  {
    id: serialId(),
    company_id: companyId(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    invited_by: refersTo('invited_by', () => users.id),
    accepted_at: timestamptz('accepted_at'),
    sent_at: timestamptz('sent_at').notNull().defaultNow(),
    created_at: createdAt(),
  },
  (table) => [index('invitations_company_idx').on(table.company_id)],
);

/**
 * Invitations to administer an organization (§6 "Organization admins are made via business-unit-users"): whoever is
 * added by e-mail becomes an admin only by accepting, signed in with that address. One pending invitation per
 * address and organization: inviting again replaces its link.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: serialId(),
    organization_id: belongsTo('organization_id', () => organizations.id),
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    invited_by: refersTo('invited_by', () => users.id),
    accepted_by: refersTo('accepted_by', () => users.id),
    accepted_at: timestamptz('accepted_at'),
    sent_at: timestamptz('sent_at').notNull().defaultNow(),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('organization_invitations_pending_idx')
      .on(table.organization_id, table.email)
      .where(sql`${table.accepted_at} is null`),
  ],
);
