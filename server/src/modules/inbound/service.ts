/**
 * A text arriving at a tracked number, from the sandbox route or Twilio's webhook: one function for both.
 *
 * - The tracked number `to` must exist and take texts (else nothing happens: `null`).
 * - A replayed carrier sid creates nothing new (the item's `carrier_sid` is unique): the first item is answered.
 * - A sender the company has no contact for becomes one: named by the formatted number, source 'Manual' (the
 *   spec's other sources — Import, keyword, Migration — name bulk paths; a texter is added one at a time).
 *   Only a valid phone number becomes a contact (not a short code or an alphanumeric sender). A caller becomes
 *   one the same way (`contactOfSender`, used by voice/records.ts).
 * - The conversation is found or started, the inbound item added (delivery state `received`), and
 *   `conversation.updated` published. A blocked conversation's texts are dropped (STOP/START still count).
 * - A keyword (the whole message, trimmed, any case) acts and answers once through the carrier, the answer kept
 *   as an outbound item: STOP & co. unsubscribe the contact, START & co. resubscribe it, HELP/INFO answer the
 *   number's help text (or a default naming the company).
 */
import { type DeliveryState, keywordReply, messageKeyword } from '@shared/domain/messaging';
import { formatPhone, normalizePhone } from '@shared/domain/phone';
import { and, eq } from 'drizzle-orm';
import { CarrierError } from '../../carriers';
import { companies, contacts, conversationItems, conversations, liveNumber, numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { noteCampaignReply } from '../campaigns/engine/hooks';
import { isUniqueViolation } from '../contacts/service/checks';
import {
  addItem,
  type ConversationRow,
  findOrCreateConversation,
  type ItemRow,
  publishConversationUpdated,
} from '../conversations/store';
import { mediaByReference, storeTwilioMedia } from './media';
import { applyDeliveryReceipt } from './receipts';

export type NumberRow = typeof numbers.$inferSelect;

export interface InboundMessage {
  from: string;
  to: string;
  body: string;
  /** Attachments by reference (the carrier's or the sender's URL). */
  media: { url: string; content_type: string }[];
  /** The carrier's id of the message; a replay with the same id creates nothing. */
  carrierSid: string;
  /** Fetch the media into the data folder (Twilio's); otherwise they are kept by reference. */
  downloadMedia?: boolean;
}

export interface Received {
  /** The inbound item; null when the conversation is blocked (the text is dropped). */
  item: ItemRow | null;
  conversation: ConversationRow;
  /** True when the sid was seen before and nothing was created. */
  duplicate: boolean;
  /** The keyword answer sent, if the text was a keyword. */
  reply: ItemRow | null;
}

/** The tracked number with that number (any written form), or undefined. */
export async function trackedNumber(ctx: AppContext, number: string): Promise<NumberRow | undefined> {
  const e164 = normalizePhone(number) ?? number.trim();
  const [row] = await ctx.db
    .select()
    .from(numbers)
    .where(and(eq(numbers.number, e164), liveNumber))
    .limit(1);
  return row;
}

async function itemBySid(ctx: AppContext, sid: string): Promise<ItemRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(conversationItems)
    .where(eq(conversationItems.carrier_sid, sid))
    .limit(1);
  return row;
}

async function replayed(ctx: AppContext, item: ItemRow): Promise<Received> {
  const [conversation] = await ctx.db
    .select()
    .from(conversations)
    .where(eq(conversations.id, item.conversation_id));
  if (!conversation) throw new Error('item without its conversation');
  return { item, conversation, duplicate: true, reply: null };
}

/**
 * The contact of whoever texts or calls the company from `sender`: the company's contact with that number, made
 * (named by the formatted number) when there is none. A sender that is no phone number (a short code, an
 * alphanumeric sender, a withheld caller ID) gets none.
 */
export async function contactOfSender(
  ctx: AppContext,
  companyId: number,
  sender: string,
): Promise<number | null> {
  const number = normalizePhone(sender);
  return number === null ? null : ensureContact(ctx, companyId, number);
}

/** The company's contact with `number` (E.164), if it has one: an outbound call names whom it calls by it. */
export async function knownContact(
  ctx: AppContext,
  companyId: number,
  number: string,
): Promise<{ id: number; name: string } | null> {
  const [known] = await ctx.db
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.company_id, companyId), eq(contacts.number, number)))
    .limit(1);
  return known ?? null;
}

/** The contact made for a sender the company does not know (`number`, E.164): named by the formatted number. */
export function senderContact(companyId: number, number: string, now: Date): typeof contacts.$inferInsert {
  return {
    company_id: companyId,
    name: formatPhone(number),
    number,
    source: 'Manual',
    created_at: now,
    updated_at: now,
  };
}

/** The company's contact with `number`, created (named by the formatted number) when there is none. */
async function ensureContact(ctx: AppContext, companyId: number, number: string): Promise<number> {
  const known = await knownContact(ctx, companyId, number);
  if (known) return known.id;
  await ctx.db
    .insert(contacts)
    .values(senderContact(companyId, number, ctx.now()))
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.company_id, companyId), eq(contacts.number, number)))
    .limit(1);
  if (!row) throw new Error('contact vanished between insert and select');
  return row.id;
}

/** Handles a text arriving; null when `to` is no tracked number that takes texts. */
export async function receiveMessage(ctx: AppContext, message: InboundMessage): Promise<Received | null> {
  const number = await trackedNumber(ctx, message.to);
  if (!number?.sms_enabled) return null;
  const seen = await itemBySid(ctx, message.carrierSid);
  if (seen) return replayed(ctx, seen);

  const from = normalizePhone(message.from) ?? message.from.trim();
  const contactId = await contactOfSender(ctx, number.company_id, message.from);
  const conversation = await findOrCreateConversation(ctx.db, {
    companyId: number.company_id,
    numberId: number.id,
    recipient: from,
  });
  // A blocked sender's texts are dropped (no item, no event, no answer); an opt-out or opt-in still counts.
  if (conversation.blocked) {
    const keyword = messageKeyword(message.body);
    if (contactId !== null && (keyword === 'optout' || keyword === 'optin')) {
      await setUnsubscribed(ctx, contactId, keyword === 'optout');
    }
    if (keyword === 'optout') {
      await noteCampaignReply(ctx, {
        companyId: number.company_id,
        numberId: number.id,
        from,
        body: message.body,
      });
    }
    return { item: null, conversation, duplicate: false, reply: null };
  }
  // Twilio's files are fetched into the data folder; the sandbox caller's URLs are kept by reference (size 0).
  const media = message.downloadMedia
    ? await storeTwilioMedia(ctx, number.company_id, message.media)
    : message.media.flatMap((file) => mediaByReference(file) ?? []);
  let item: ItemRow;
  try {
    item = await addItem(ctx.db, conversation, {
      kind: 'message',
      is_inbound: true,
      content: message.body,
      media,
      delivery_state: 'received',
      carrier_sid: message.carrierSid,
    });
  } catch (error) {
    // Two deliveries of the same webhook at once: the other one won.
    const other = isUniqueViolation(error) ? await itemBySid(ctx, message.carrierSid) : undefined;
    if (other) return replayed(ctx, other);
    throw error;
  }
  await publishConversationUpdated(ctx, conversation.id, item);
  await noteCampaignReply(ctx, {
    companyId: number.company_id,
    numberId: number.id,
    from,
    body: message.body,
  });

  const reply = await answerKeyword(ctx, { number, from, contactId, body: message.body, conversation });
  return { item, conversation, duplicate: false, reply };
}

async function setUnsubscribed(ctx: AppContext, contactId: number, unsubscribed: boolean): Promise<void> {
  await ctx.db
    .update(contacts)
    .set({ is_unsubscribed: unsubscribed, updated_at: ctx.now() })
    .where(eq(contacts.id, contactId));
}

async function answerKeyword(
  ctx: AppContext,
  input: {
    number: NumberRow;
    from: string;
    contactId: number | null;
    body: string;
    conversation: ConversationRow;
  },
): Promise<ItemRow | null> {
  const keyword = messageKeyword(input.body);
  if (!keyword) return null;
  if (keyword !== 'help' && input.contactId !== null) {
    await setUnsubscribed(ctx, input.contactId, keyword === 'optout');
  }
  const [company] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, input.number.company_id));
  const text = keywordReply(keyword, company?.name ?? 'our', input.number.help_text);
  let sent: { sid: string | null; state: DeliveryState; errorCode: string | null };
  try {
    const result = await ctx.carrier.sendMessage({
      from: input.number.number,
      to: input.from,
      body: text,
      media: [],
      companyId: input.number.company_id,
      onReceipt: (receipt) => applyDeliveryReceipt(ctx, receipt),
    });
    sent = { sid: result.sid, state: result.state, errorCode: null };
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    sent = { sid: null, state: 'failed', errorCode: error.code };
  }
  const item = await addItem(ctx.db, input.conversation, {
    kind: 'message',
    is_inbound: false,
    content: text,
    delivery_state: sent.state,
    error_code: sent.errorCode,
    carrier_sid: sent.sid,
  });
  await publishConversationUpdated(ctx, input.conversation.id, item);
  return item;
}
