/** The inbox: conversations, their items (messages, notes, the view of calls…) and saved replies. */
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, bigSerialId, companyId, refersTo, serialId, timestamps, timestamptz } from './columns';
import { contacts } from './contacts';
import { numbers } from './numbers';
import { users } from './users';

/**
 * §3 Conversation: one tracked number and one outside party (the recipient, E.164). Items of every kind hang
 * off it. `contact_id` is set when the company has a contact with that number (cleared when it is deleted).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serialId(),
    company_id: companyId(),
    number_id: belongsTo('number_id', () => numbers.id),
    recipient: text('recipient').notNull(),
    contact_id: refersTo('contact_id', () => contacts.id),
    unread_count: integer('unread_count').notNull().default(0),
    archived_at: timestamptz('archived_at'),
    blocked: boolean('blocked').notNull().default(false),
    assigned_user_id: refersTo('assigned_user_id', () => users.id),
    /** The newest item's time, for ordering the inbox. */
    last_item_at: timestamptz('last_item_at').notNull().defaultNow(),
    ...timestamps(),
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
    id: bigSerialId(),
    company_id: companyId(),
    conversation_id: belongsTo('conversation_id', () => conversations.id),
    kind: text('kind').notNull(),
    is_inbound: boolean('is_inbound').notNull().default(false),
    /** Who wrote it (outbound messages, notes), when a person did. */
    user_id: refersTo('user_id', () => users.id),
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
    should_be_sent_at: timestamptz('should_be_sent_at'),
    record_id: integer('record_id'),
    ...timestamps(),
  },
  (table) => [
    index('conversation_items_conversation_idx').on(table.conversation_id, table.created_at),
    index('conversation_items_due_idx').on(table.should_be_sent_at),
    // The activity feed's and exports' messages by company and time (bench/inbox: a sequential scan of every
    // item without it; the other kinds have their (company, time) indexes).
    index('conversation_items_company_created_idx').on(table.company_id, table.created_at),
  ],
);

/** Saved replies of a company's inbox (shared, or one user's own), with `%%First Name%%`-style fields. */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: serialId(),
    company_id: companyId(),
    /** Null: shared with the company; else only this user's. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    ...timestamps(),
  },
  (table) => [index('saved_replies_company_idx').on(table.company_id)],
);
