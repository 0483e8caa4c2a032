/**
 * Signing in: the credentials the platform issues, password reset links and email verification links. Secrets
 * are stored hashed, here and in users.ts (tokens, passwords, links, recovery codes); the MFA secret
 * (users.mfa_secret) is needed in clear to check codes and is kept only server-side.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, bigSerialId, createdAt, serialId, timestamptz } from './columns';
import { users } from './users';

/**
 * Every credential the platform issues, stored as a SHA-256 hash: `access`/`refresh` token pairs (desktop and
 * API clients), `session` (a same-origin browser's cookie), `personal` (API keys, §7 personalAccessTokens),
 * `mfa` (the short-lived proof that the password step passed), `mfa-setup` (an emailed code confirming a new
 * second factor).
 */
export const credentials = pgTable(
  'credentials',
  {
    id: bigSerialId(),
    user_id: belongsTo('user_id', () => users.id),
    kind: text('kind').notNull(),
    token_hash: text('token_hash').notNull(),
    /** The access and refresh tokens of one sign-in share a pair id, so refreshing revokes both. */
    pair_id: text('pair_id'),
    /**
     * Every pair refreshed from one sign-in shares its family id: a refresh token used twice revokes the whole
     * family (OAuth 2.0 Security BCP, refresh token rotation), since one of the two users of it is a thief.
     */
    family_id: text('family_id'),
    name: text('name'),
    /** The first characters of an API key, shown so a person can tell keys apart (never enough to use it). */
    hint: text('hint'),
    /** For `mfa` and `mfa-setup` credentials with an emailed code: the code's hash. */
    code_hash: text('code_hash'),
    /** Wrong second-factor codes tried against this credential. */
    attempts: integer('attempts').notNull().default(0),
    /** Set when a platform admin signed in as this user (§4 Admin login). */
    impersonator_id: integer('impersonator_id'),
    expires_at: timestamptz('expires_at'),
    revoked_at: timestamptz('revoked_at'),
    last_used_at: timestamptz('last_used_at'),
    created_at: createdAt(),
  },
  (table) => [
    uniqueIndex('credentials_token_hash_idx').on(table.token_hash),
    index('credentials_user_kind_idx').on(table.user_id, table.kind),
    index('credentials_family_idx').on(table.family_id),
  ],
);

/** Single-use, expiring password reset links (hash of the link's token). */
export const passwordResets = pgTable('password_resets', {
  id: serialId(),
  user_id: belongsTo('user_id', () => users.id),
  token_hash: text('token_hash').notNull().unique(),
  expires_at: timestamptz('expires_at').notNull(),
  used_at: timestamptz('used_at'),
  created_at: createdAt(),
});

/**
 * Single-use, expiring links that prove a user reads the mail of their address (hash of the link's token): mailed
 * at sign-up, on a change of address and on request. `email` is the address the link was sent to, so a link
 * mailed before a change of address cannot verify the new one.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: serialId(),
    user_id: belongsTo('user_id', () => users.id),
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    created_at: createdAt(),
  },
  (table) => [index('email_verifications_user_idx').on(table.user_id, table.created_at)],
);
