/** SMS/MMS campaigns (§3 Campaign), their send ledger, and the pace each sending number keeps. */
import type { DynamicField } from '@shared/domain/campaigns';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, bigSerialId, companyId, refersTo, serialId, timestamps, timestamptz } from './columns';
import { contacts } from './contacts';
import { numbers } from './numbers';
import { users } from './users';

/**
 * §3 Campaign. The counts are derived from the ledger (`campaign_recipients`) by the engine and kept here for
 * lists; `generation` grows each time the campaign is scheduled, resumed or rescheduled, and names its current
 * send job, so a job of an earlier generation does nothing.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serialId(),
    company_id: companyId(),
    user_id: refersTo('user_id', () => users.id),
    type: text('type').notNull().default('sms'),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    unsubscribe_text: text('unsubscribe_text').notNull().default(''),
    skip_inbox: boolean('skip_inbox').notNull().default(false),
    /** §3 "groups (first is target)": the group ids in order. */
    group_ids: jsonb('group_ids').$type<number[]>().notNull().default([]),
    number_id: refersTo('number_id', () => numbers.id),
    should_be_sent_at: timestamptz('should_be_sent_at'),
    state: text('state').notNull().default('draft'),
    /** Attachments as messages keep them (relative to the data folder). */
    media: jsonb('media')
      .$type<{ path: string; content_type: string; size: number; name?: string }[]>()
      .notNull()
      .default([]),
    dynamic_fields: jsonb('dynamic_fields').$type<DynamicField[]>(),
    sent_count: integer('sent_count').notNull().default(0),
    delivered_count: integer('delivered_count').notNull().default(0),
    undelivered_count: integer('undelivered_count').notNull().default(0),
    failed_count: integer('failed_count').notNull().default(0),
    skipped_count: integer('skipped_count').notNull().default(0),
    responded_count: integer('responded_count').notNull().default(0),
    unsubscriber_count: integer('unsubscriber_count').notNull().default(0),
    /** Rows in the ledger, and those still waiting (pending or being sent). */
    recipient_count: integer('recipient_count').notNull().default(0),
    pending_count: integer('pending_count').notNull().default(0),
    preview_count: integer('preview_count').notNull().default(0),
    preview_credits: integer('preview_credits').notNull().default(0),
    /** When the ledger was made (the send began); null before. */
    started_at: timestamptz('started_at'),
    finished_at: timestamptz('finished_at'),
    /** Why the campaign paused itself, or failed; null when a person paused it or nothing went wrong. */
    state_reason: text('state_reason'),
    generation: integer('generation').notNull().default(0),
    /** A receipt or reply changed the ledger since the counts were taken: the next refresh takes them again. */
    stats_dirty: boolean('stats_dirty').notNull().default(false),
    stats_at: timestamptz('stats_at'),
    deleted_at: timestamptz('deleted_at'),
    ...timestamps(),
  },
  (table) => [
    index('campaigns_company_idx').on(table.company_id, table.created_at),
    index('campaigns_dirty_idx').on(table.id).where(sql`${table.stats_dirty}`),
  ],
);

/**
 * The send ledger: one row per (campaign, contact), fixed when the campaign starts. A row moves forward only
 * (shared/domain/campaignSending.ts): it is claimed (`sending`, with `claim`) before the carrier is called and
 * carries the carrier's sid after, so a run that dies mid-send is reconciled with the carrier instead of sending
 * again or skipping.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: bigSerialId(),
    campaign_id: belongsTo('campaign_id', () => campaigns.id),
    company_id: companyId(),
    contact_id: refersTo('contact_id', () => contacts.id),
    /** The order sends go in (the group's order when the ledger was made). */
    position: integer('position').notNull(),
    /** The recipient's number (E.164) as it was when the ledger was made; the raw text when invalid. */
    number: text('number').notNull(),
    name: text('name').notNull().default(''),
    /** The text this recipient gets, fields filled in. */
    body: text('body').notNull().default(''),
    state: text('state').notNull().default('pending'),
    skip_reason: text('skip_reason'),
    error_code: text('error_code'),
    /** Their number's time zone and state, for their texting hours (textingHours.ts); null when unknown. */
    time_zone: text('time_zone'),
    region: text('region'),
    /** Not before this time (their texting hours); null: as soon as the pace allows. */
    not_before: timestamptz('not_before'),
    /** The run that holds the row while `sending`; the carrier is given it as the send's reference. */
    claim: text('claim'),
    claimed_at: timestamptz('claimed_at'),
    carrier_sid: text('carrier_sid'),
    /** The inbox item the send made (skip_inbox off). */
    item_id: bigint('item_id', { mode: 'number' }),
    sent_at: timestamptz('sent_at'),
    finished_at: timestamptz('finished_at'),
    responded_at: timestamptz('responded_at'),
    reply: text('reply'),
    unsubscribed_at: timestamptz('unsubscribed_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('campaign_recipients_contact_idx').on(table.campaign_id, table.contact_id),
    index('campaign_recipients_next_idx').on(table.campaign_id, table.state, table.position),
    // The auto-pause rule reads the latest outcomes.
    index('campaign_recipients_finished_idx').on(table.campaign_id, table.finished_at),
    uniqueIndex('campaign_recipients_sid_idx')
      .on(table.carrier_sid)
      .where(sql`${table.carrier_sid} is not null`),
    // A reply finds the latest send to its number.
    index('campaign_recipients_number_idx').on(table.company_id, table.number, table.sent_at),
  ],
);

/**
 * Each sending number's pace across every campaign and server: the next free send slot, taken by one UPDATE
 * per send (a leaky bucket in the database), and how many texts went out in the current day window.
 */
export const campaignPacing = pgTable('campaign_pacing', {
  number_id: belongsTo('number_id', () => numbers.id).primaryKey(),
  next_slot_at: timestamptz('next_slot_at').notNull(),
  day_started_at: timestamptz('day_started_at').notNull(),
  day_count: integer('day_count').notNull().default(0),
  /** The §3 number type the pace was taken for (a retyped number gets its new pace). */
  number_type: smallint('number_type').notNull(),
});
