/**
 * §3 Conversation and its items, as every messaging call returns them. The endpoints of the area (list, items,
 * read/unread, archive, sending, inbound) add their tables beside these shapes (shared/api/messaging.ts,
 * shared/api/inbox.ts).
 */
import { z } from 'zod';
import { CONVERSATION_ITEM_KINDS, DELIVERY_STATES } from '../domain/messaging';
import { enumOf } from './contract';

/** §3 Number as conversations name it: which tracked number the conversation is on. */
export const ConversationNumberSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  label: z.string(),
});

/** An attachment: a short-lived signed URL (works in `<img>`/`<audio>` without a bearer header). */
export const MediaSchema = z.object({
  url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  name: z.string().nullable(),
});
export type Media = z.infer<typeof MediaSchema>;

/**
 * §3 "Sent item: id, isInbound, createdAt, details (content, deliveryState, errorCode, media, type)", for items
 * of every kind (`details.type`). Calls, voicemails and faxes carry their record's id in `details.record_id`.
 */
export const ConversationItemSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  isInbound: z.boolean(),
  createdAt: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  details: z.object({
    type: enumOf(CONVERSATION_ITEM_KINDS),
    content: z.string(),
    deliveryState: enumOf(DELIVERY_STATES).nullable(),
    errorCode: z.string().nullable(),
    media: z.array(MediaSchema),
    shouldBeSentAt: z.string().nullable(),
    record_id: z.number().int().nullable(),
    /** A call's or voicemail's recording, by a short-lived signed link; null when it has none. */
    recording_url: z.string().nullable(),
    /** A call's or voicemail's length in seconds, so a player shows it before it has loaded the file. */
    duration: z.number().int().nonnegative().optional(),
  }),
});
export type ConversationItem = z.infer<typeof ConversationItemSchema>;

/** §3 "Conversation: recipient, number, contact, latest item, unread count, archived, blocked." */
export const ConversationSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  /** The outside party, E.164. */
  recipient: z.string(),
  number: ConversationNumberSchema,
  contact: z.object({ id: z.number().int(), name: z.string(), is_unsubscribed: z.boolean() }).nullable(),
  latest_item: ConversationItemSchema.nullable(),
  unread_count: z.number().int(),
  archived: z.boolean(),
  blocked: z.boolean(),
  assigned_user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  last_item_at: z.string(),
  /**
   * The recipient's IANA time zone from their number (Google libphonenumber's mapping; the first when the number
   * spans several), for the quiet-hours hint (`quietHours` in domain/messaging); null when unknown.
   */
  recipient_timezone: z.string().nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** The payload of `conversation.updated` on `private-conversations.{companyId}`. */
export const ConversationUpdatedEventSchema = z.object({
  conversation: ConversationSchema,
  /** The item that changed it, when one did (a new message, a delivery update). */
  item: ConversationItemSchema.nullable(),
});
export type ConversationUpdatedEvent = z.infer<typeof ConversationUpdatedEventSchema>;
