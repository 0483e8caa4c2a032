/**
 * Text-messaging registration (§3 "SMS verification campaign"; modules/registration).
 *
 * - `sms_registrations`: one registration of a kind (`local`: a 10DLC brand and its campaign; `toll_free`: a
 *   toll-free verification), its brand and campaign fields as the person filled them in (drafts hold anything),
 *   each part's review status, the rejection's reasons per field, what was paid, and the registry's own ids.
 * - `sms_registration_numbers`: the numbers a registration covers. A number is in at most one registration (the
 *   unique index): an expired registration's rows are deleted, so a cancelled registration frees its numbers.
 * - `sms_registration_files`: opt-in proof uploaded to a registration (`<dataDir>/registration/<company>/…`).
 */
import type { SmsNumberKind, SmsReviewStatus } from '@shared/domain/registration';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, companyId, serialId, timestamps, timestamptz } from './columns';
import { numbers } from './numbers';

/** An opt-in as stored: its supporting files by id (rows of sms_registration_files). */
export interface StoredOptin {
  type: 'text_to_join' | 'point_of_sale' | 'other';
  description: string;
  keywords: string[];
  supporting_file_ids: number[];
}

/** The campaign part as stored (shared/api/registration.ts SmsCampaignFieldsSchema, every field optional). */
export interface StoredCampaign {
  use_case?: string | null;
  sub_usecases?: string[];
  description?: string | null;
  message_flow?: string | null;
  monthly_volume?: string | null;
  sample_messages?: string[];
  privacy_policy_url?: string | null;
  help_message?: string | null;
  optins?: StoredOptin[];
}

/** A reason of a rejection, as the registry gave it (shared/domain/registration.ts RegistrationFinding). */
export interface StoredFinding {
  field: string;
  severity: 'error' | 'warning';
  message: string;
  fix: string;
}

/** The registry's own ids (Twilio: the customer profile, brand, messaging service, campaign, verification). */
export type RegistryRefs = Record<string, string>;

export const smsRegistrations = pgTable(
  'sms_registrations',
  {
    id: serialId(),
    company_id: companyId(),
    kind: text('kind').$type<SmsNumberKind>().notNull(),
    brand: jsonb('brand').$type<Record<string, string | null>>().notNull().default({}),
    campaign: jsonb('campaign').$type<StoredCampaign>().notNull().default({}),
    brand_status: text('brand_status').$type<SmsReviewStatus>().notNull().default('draft'),
    campaign_status: text('campaign_status').$type<SmsReviewStatus>().notNull().default('draft'),
    rejection: jsonb('rejection').$type<StoredFinding[]>().notNull().default([]),
    /** Which registry took it (`sandbox`, `twilio`), and its ids there. */
    registry: text('registry'),
    registry_refs: jsonb('registry_refs').$type<RegistryRefs>().notNull().default({}),
    /** When the registry is next expected to answer (the sandbox's review time; Twilio's next poll). */
    review_due_at: timestamptz('review_due_at'),
    /** Cents paid by all submissions, and whether the one-time parts are paid (billing meters registration fees). */
    paid_cents: integer('paid_cents').notNull().default(0),
    brand_paid_at: timestamptz('brand_paid_at'),
    month_paid_at: timestamptz('month_paid_at'),
    submitted_at: timestamptz('submitted_at'),
    approved_at: timestamptz('approved_at'),
    expired_at: timestamptz('expired_at'),
    ...timestamps(),
  },
  (table) => [index('sms_registrations_company_idx').on(table.company_id, table.kind)],
);

export const smsRegistrationNumbers = pgTable(
  'sms_registration_numbers',
  {
    registration_id: belongsTo('registration_id', () => smsRegistrations.id),
    number_id: belongsTo('number_id', () => numbers.id),
    company_id: companyId(),
    added_at: timestamptz('added_at').notNull(),
  },
  (table) => [
    uniqueIndex('sms_registration_numbers_number_unique').on(table.number_id),
    index('sms_registration_numbers_registration_idx').on(table.registration_id),
  ],
);

export const smsRegistrationFiles = pgTable(
  'sms_registration_files',
  {
    id: serialId(),
    company_id: companyId(),
    registration_id: belongsTo('registration_id', () => smsRegistrations.id),
    name: text('name').notNull(),
    /** Relative to the data folder. */
    path: text('path').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    ...timestamps(),
  },
  (table) => [index('sms_registration_files_registration_idx').on(table.registration_id)],
);

export type SmsRegistrationRow = typeof smsRegistrations.$inferSelect;
export type SmsRegistrationFileRow = typeof smsRegistrationFiles.$inferSelect;
