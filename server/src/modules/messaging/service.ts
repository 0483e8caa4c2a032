/**
 * Sending texts: now (`POST /message`) or at a time (`POST /inbox/message/schedule`, sent by the scheduler).
 *
 * A send resolves the conversation (given, or the number's with the recipient, created when new), refuses an
 * unsubscribed contact, adds the outbound item as `sending`, hands it to the carrier and stores the carrier's
 * sid and state. A carrier refusal keeps the item, `failed` with the carrier's code, so the thread shows it, and
 * answers 422 with the carrier's reason; a carrier that cannot be reached answers 502 (the item is failed too,
 * and the Idempotency-Key is released, so a retry sends a new one). Delivery receipts come later through
 * `applyDeliveryReceipt` (sandbox: its onReceipt; Twilio: the status webhook) and only move the state forward.
 */
import type { ConversationItem } from '@shared/api/conversations';
import {
  SCHEDULE_MAX_AHEAD_MS,
  ScheduleMessageFieldsSchema,
  SendMessageFieldsSchema,
} from '@shared/api/messaging';
import { campaignTextError } from '@shared/domain/campaigns';
import { normalizePhone } from '@shared/domain/phone';
import { and, eq, isNull, lt, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { CarrierError } from '../../carriers/types';
import type { Db } from '../../db/client';
import { contacts, conversationItems, conversations, liveNumber, numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { parseInput } from '../../http/route';
import { cancelJob, enqueueJob } from '../../jobs/queue';
import { HttpError, invalid, notFound } from '../../lib/errors';
import {
  addItem,
  advanceItemDelivery,
  type ConversationRow,
  findOrCreateConversation,
  type ItemRow,
  publishConversationUpdated,
} from '../conversations/store';
import { itemViews } from '../conversations/view';
import { applyDeliveryReceipt } from '../inbound/receipts';
import { signMediaUrl } from '../media/urls';
import { removeMedia, type StoredMedia } from './upload';

type NumberRow = typeof numbers.$inferSelect;

export const MESSAGES = {
  noContent: 'Write a message or attach a file.',
  notSmsNumber: 'This number cannot send texts.',
  releasedNumber:
    'This conversation’s number was released; start a new conversation from one of your numbers.',
  notOwnNumber: 'Choose one of this company’s numbers.',
  badRecipient: 'Enter a valid phone number to send to.',
  unsubscribed: (name: string, number: string) =>
    `${name} (${number}) has unsubscribed (replied STOP): texts to them are refused until they text START.`,
  unsubscribedNumber: (number: string) =>
    `${number} has unsubscribed (replied STOP): texts to them are refused until they text START.`,
  notFuture: 'Choose a time in the future.',
  tooFar: 'Schedule at most one year ahead.',
  alreadySent: 'This message has already been sent; it can no longer be cancelled.',
  carrierUnreachable: 'The text could not be handed to the carrier. Please try again in a moment.',
  carrierRefused: (reason: string) => `The carrier refused the text: ${reason}`,
} as const;

/** The job kind of scheduled texts (scheduler.ts runs it). */
export const SCHEDULED_TEXT_JOB = 'scheduled-text';

/** The error code kept on an item the job could not send because the contact unsubscribed meanwhile. */
export const UNSUBSCRIBED_ERROR_CODE = 'unsubscribed';
/** The error code of an item the carrier could not be reached for. */
export const CARRIER_UNREACHABLE_CODE = 'carrier-unreachable';

/** Multipart fields are read by the upload, not the route: validated here as a JSON body would be. */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  return parseInput(schema, fields, 'body');
}

interface Target {
  conversation: ConversationRow;
  number: NumberRow;
}

/** The conversation a send goes to, checked: the company's, its number texting, the recipient valid. */
async function resolveTarget(
  ctx: AppContext,
  companyId: number,
  fields: { conversationId?: number; numberId?: number; to?: string },
): Promise<Target> {
  if (fields.conversationId) {
    const [conversation] = await ctx.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, fields.conversationId), eq(conversations.company_id, companyId)));
    if (!conversation) throw notFound('conversation');
    const [number] = await ctx.db.select().from(numbers).where(eq(numbers.id, conversation.number_id));
    if (!number) throw notFound('conversation');
    if (number.released_at) throw invalid({ conversationId: [MESSAGES.releasedNumber] });
    if (!number.sms_enabled) throw invalid({ conversationId: [MESSAGES.notSmsNumber] });
    return { conversation, number };
  }
  const [number] = await ctx.db
    .select()
    .from(numbers)
    .where(and(eq(numbers.id, fields.numberId ?? 0), eq(numbers.company_id, companyId), liveNumber));
  if (!number) throw invalid({ numberId: [MESSAGES.notOwnNumber] });
  if (!number.sms_enabled) throw invalid({ numberId: [MESSAGES.notSmsNumber] });
  const recipient = normalizePhone(fields.to ?? '');
  if (!recipient) throw invalid({ to: [MESSAGES.badRecipient] });
  // Checked before the conversation is created, so a refused send leaves nothing behind.
  await refuseUnsubscribed(ctx, companyId, recipient, 'to');
  const conversation = await findOrCreateConversation(ctx.db, {
    companyId,
    numberId: number.id,
    recipient,
  });
  return { conversation, number };
}

/** The company's unsubscribed contact with that number, if there is one. */
async function unsubscribedContact(ctx: AppContext, companyId: number, recipient: string) {
  const [contact] = await ctx.db
    .select({ name: contacts.name, number: contacts.number })
    .from(contacts)
    .where(
      and(
        eq(contacts.company_id, companyId),
        eq(contacts.number, recipient),
        eq(contacts.is_unsubscribed, true),
      ),
    )
    .limit(1);
  return contact;
}

async function refuseUnsubscribed(ctx: AppContext, companyId: number, recipient: string, field: string) {
  const contact = await unsubscribedContact(ctx, companyId, recipient);
  if (!contact) return;
  const message = contact.name
    ? MESSAGES.unsubscribed(contact.name, contact.number)
    : MESSAGES.unsubscribedNumber(contact.number);
  throw new HttpError(422, message, { [field]: [message] });
}

function checkText(text: string, media: readonly StoredMedia[]): void {
  if (!text.trim() && !media.length) throw invalid({ text: [MESSAGES.noContent] });
  const error = campaignTextError(text, '', media.length > 0);
  if (error) throw invalid({ text: [error] });
}

async function itemView(ctx: AppContext, item: ItemRow): Promise<ConversationItem> {
  const [view] = await itemViews(ctx, [item]);
  if (!view) throw new Error('item view missing');
  return view;
}

async function updateItem(
  ctx: AppContext,
  id: number,
  values: Partial<typeof conversationItems.$inferInsert>,
): Promise<ItemRow> {
  const [row] = await ctx.db
    .update(conversationItems)
    .set({ ...values, updated_at: ctx.now() })
    .where(eq(conversationItems.id, id))
    .returning();
  if (!row) throw new Error(`conversation item ${id} vanished`);
  return row;
}

/**
 * Hands an outbound `sending` item to the carrier and stores what it answered. Returns the item as it is now
 * and, when the carrier refused or could not be reached, the HttpError the caller answers (the item is failed).
 */
export async function deliverItem(
  ctx: AppContext,
  item: ItemRow,
  target: { from: string; to: string },
): Promise<{ item: ItemRow; error: HttpError | null }> {
  let updated: ItemRow;
  let error: HttpError | null = null;
  try {
    const result = await ctx.carrier.sendMessage({
      from: target.from,
      to: target.to,
      body: item.content,
      companyId: item.company_id,
      media: item.media.map((media, index) => ({
        url: `${ctx.config.publicUrl}${signMediaUrl(ctx, { companyId: item.company_id, itemId: item.id, index })}`,
        content_type: media.content_type,
      })),
      onReceipt: async (receipt) => {
        await applyDeliveryReceipt(ctx, receipt);
      },
    });
    // A receipt may already have moved the item (Twilio is quick): merge, never step back.
    updated = (await advanceItemDelivery(ctx, item.id, result.state, () => ({ carrier_sid: result.sid })))
      .row;
  } catch (cause) {
    const refused = cause instanceof CarrierError;
    updated = await updateItem(ctx, item.id, {
      delivery_state: 'failed',
      error_code: refused ? (cause.code ?? 'refused') : CARRIER_UNREACHABLE_CODE,
    });
    error = refused
      ? new HttpError(422, MESSAGES.carrierRefused(cause.message), {
          text: [MESSAGES.carrierRefused(cause.message)],
        })
      : new HttpError(502, MESSAGES.carrierUnreachable);
  }
  await publishConversationUpdated(ctx, updated.conversation_id, updated);
  return { item: updated, error };
}

/** `POST /message`: sends now; answers the item (or throws the carrier's refusal, the item kept as failed). */
export async function sendMessage(
  ctx: AppContext,
  input: { companyId: number; userId: number; fields: Record<string, unknown>; media: StoredMedia[] },
): Promise<ConversationItem> {
  let item: ItemRow;
  let target: Target;
  try {
    const fields = parseFields(SendMessageFieldsSchema, input.fields);
    checkText(fields.text, input.media);
    target = await resolveTarget(ctx, input.companyId, fields);
    await refuseUnsubscribed(ctx, input.companyId, target.conversation.recipient, 'conversationId');
    item = await addItem(ctx.db, target.conversation, {
      kind: 'message',
      is_inbound: false,
      user_id: input.userId,
      content: fields.text,
      media: input.media,
      delivery_state: 'sending',
      created_at: ctx.now(),
      updated_at: ctx.now(),
    });
  } catch (error) {
    await removeMedia(ctx, input.media);
    throw error;
  }
  const sent = await deliverItem(ctx, item, {
    from: target.number.number,
    to: target.conversation.recipient,
  });
  if (sent.error) throw sent.error;
  return itemView(ctx, sent.item);
}

/** `POST /inbox/message/schedule`: a `scheduledmessage` item the scheduler sends at `shouldBeSentAt`. */
export async function scheduleMessage(
  ctx: AppContext,
  input: { companyId: number; userId: number; fields: Record<string, unknown>; media: StoredMedia[] },
): Promise<ConversationItem> {
  try {
    const fields = parseFields(ScheduleMessageFieldsSchema, input.fields);
    checkText(fields.text, input.media);
    const at = new Date(fields.shouldBeSentAt);
    const now = ctx.now().getTime();
    if (at.getTime() <= now) throw invalid({ shouldBeSentAt: [MESSAGES.notFuture] });
    if (at.getTime() > now + SCHEDULE_MAX_AHEAD_MS) throw invalid({ shouldBeSentAt: [MESSAGES.tooFar] });
    const target = await resolveTarget(ctx, input.companyId, fields);
    await refuseUnsubscribed(ctx, input.companyId, target.conversation.recipient, 'conversationId');
    // The item and its job together: a scheduled text always has a job to send it at its time.
    const item = await ctx.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const row = await addItem(tx, target.conversation, {
        kind: 'scheduledmessage',
        is_inbound: false,
        user_id: input.userId,
        content: fields.text,
        media: input.media,
        should_be_sent_at: at,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      });
      const job = { kind: SCHEDULED_TEXT_JOB, key: String(row.id), payload: { itemId: row.id }, runAt: at };
      await enqueueJob(ctx, job, { tx });
      return row;
    });
    await publishConversationUpdated(ctx, item.conversation_id, item);
    return itemView(ctx, item);
  } catch (error) {
    await removeMedia(ctx, input.media);
    throw error;
  }
}

/** The company of a scheduled-message item (for the cancel route's access check), or null. */
export async function scheduledItemCompany(ctx: AppContext, id: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ company_id: conversationItems.company_id, kind: conversationItems.kind })
    .from(conversationItems)
    .where(eq(conversationItems.id, id));
  // A message that was scheduled keeps its id when sent: still "found", so cancelling it says 409, not 404.
  return row && (row.kind === 'scheduledmessage' || row.kind === 'message') ? row.company_id : null;
}

/**
 * `DELETE /inbox/message/schedule/{id}`: removes a scheduled message before the job claims it (one statement:
 * the job's claim and the cancel cannot both win), cancels its job, and removes its files. 409 once it has been
 * sent.
 */
export async function cancelScheduledMessage(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const removed = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .delete(conversationItems)
      .where(
        and(
          eq(conversationItems.id, id),
          eq(conversationItems.company_id, companyId),
          eq(conversationItems.kind, 'scheduledmessage'),
        ),
      )
      .returning();
    if (row) await cancelJob(ctx, SCHEDULED_TEXT_JOB, String(id), { tx });
    return row;
  });
  if (!removed) {
    const [row] = await ctx.db
      .select({ kind: conversationItems.kind })
      .from(conversationItems)
      .where(and(eq(conversationItems.id, id), eq(conversationItems.company_id, companyId)));
    if (row?.kind !== 'message') throw notFound('scheduled message');
    throw new HttpError(409, MESSAGES.alreadySent);
  }
  await removeMedia(ctx, removed.media);
  await publishConversationUpdated(ctx, removed.conversation_id, null);
}

/**
 * Sends one scheduled message if it is due and still scheduled (the scheduled-text job's run): the item is
 * claimed by one UPDATE that turns it into a `sending` message (should_be_sent_at cleared), so another server,
 * a second run or a cancel never claims it again. A server that dies between the claim and the carrier leaves
 * the item `sending` without a sid: at most once, never twice (`failStaleClaims` marks such items failed after
 * a while).
 */
export async function sendScheduledMessage(ctx: AppContext, itemId: number): Promise<void> {
  const now = ctx.now();
  const [item] = await ctx.db
    .update(conversationItems)
    .set({
      kind: 'message',
      should_be_sent_at: null,
      delivery_state: 'sending',
      created_at: now,
      updated_at: now,
    })
    .where(
      and(
        eq(conversationItems.id, itemId),
        eq(conversationItems.kind, 'scheduledmessage'),
        lte(conversationItems.should_be_sent_at, now),
      ),
    )
    .returning();
  // Cancelled, or already sent.
  if (!item) return;
  const [conversation] = await ctx.db
    .update(conversations)
    .set({ last_item_at: now, updated_at: now })
    .where(eq(conversations.id, item.conversation_id))
    .returning();
  const [number] = conversation
    ? await ctx.db.select().from(numbers).where(eq(numbers.id, conversation.number_id))
    : [];
  if (!conversation || !number) return;
  if (!number.sms_enabled || (await unsubscribedContact(ctx, item.company_id, conversation.recipient))) {
    const failed = await updateItem(ctx, item.id, {
      delivery_state: 'failed',
      error_code: number.sms_enabled ? UNSUBSCRIBED_ERROR_CODE : 'sms-disabled',
    });
    await publishConversationUpdated(ctx, failed.conversation_id, failed);
    return;
  }
  await deliverItem(ctx, item, { from: number.number, to: conversation.recipient });
}

/** How long a claimed item may stay `sending` without a carrier sid before it counts as not sent. */
export const STALE_CLAIM_MS = 10 * 60_000;

/** Items a dead server claimed but never handed to the carrier: failed, so the thread says so. */
export async function failStaleClaims(ctx: AppContext): Promise<void> {
  const before = new Date(ctx.now().getTime() - STALE_CLAIM_MS);
  await ctx.db
    .update(conversationItems)
    .set({ delivery_state: 'failed', error_code: 'not-sent', updated_at: ctx.now() })
    .where(
      and(
        eq(conversationItems.kind, 'message'),
        eq(conversationItems.is_inbound, false),
        eq(conversationItems.delivery_state, 'sending'),
        isNull(conversationItems.carrier_sid),
        lt(conversationItems.updated_at, before),
      ),
    );
}
