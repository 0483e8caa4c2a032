/**
 * The one way messaging code writes conversations: find (or start) the conversation of a tracked number and an
 * outside party, add an item to it, and tell every open inbox (`conversation.updated` on the company's
 * conversations channel). Inbound texts, sends, delivery receipts, notes and (later) calls all come through here.
 */
import type { ConversationItem } from '@shared/api/conversations';
import { advanceDeliveryState, type DeliveryState } from '@shared/domain/messaging';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, conversationItems, conversations } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { conversationViews, itemViews } from './view';

type ItemInsert = typeof conversationItems.$inferInsert;
export type ConversationRow = typeof conversations.$inferSelect;
export type ItemRow = typeof conversationItems.$inferSelect;

/**
 * The conversation of `numberId` with `recipient` (E.164), created when there is none, and linked to the
 * company's contact with that number when one exists.
 */
export async function findOrCreateConversation(
  db: Db,
  input: { companyId: number; numberId: number; recipient: string },
): Promise<ConversationRow> {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.company_id, input.companyId), eq(contacts.number, input.recipient)))
    .limit(1);
  const [created] = await db
    .insert(conversations)
    .values({
      company_id: input.companyId,
      number_id: input.numberId,
      recipient: input.recipient,
      contact_id: contact?.id ?? null,
    })
    .onConflictDoNothing({ target: [conversations.number_id, conversations.recipient] })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.number_id, input.numberId), eq(conversations.recipient, input.recipient)));
  if (!existing) throw new Error('conversation vanished between insert and select');
  if (!existing.contact_id && contact) {
    await db.update(conversations).set({ contact_id: contact.id }).where(eq(conversations.id, existing.id));
    existing.contact_id = contact.id;
  }
  return existing;
}

/**
 * Adds an item to a conversation and moves the conversation to the top; an inbound message or voicemail raises
 * the unread count and brings an archived conversation back to the inbox.
 */
export async function addItem(
  db: Db,
  conversation: Pick<ConversationRow, 'id' | 'company_id'>,
  item: Omit<ItemInsert, 'conversation_id' | 'company_id'>,
): Promise<ItemRow> {
  const [row] = await db
    .insert(conversationItems)
    .values({ ...item, conversation_id: conversation.id, company_id: conversation.company_id })
    .returning();
  if (!row) throw new Error('conversation item insert returned nothing');
  const unread = row.is_inbound && ['message', 'voicemail', 'fax', 'call'].includes(row.kind);
  await db
    .update(conversations)
    .set({
      last_item_at: row.created_at,
      updated_at: row.created_at,
      ...(unread ? { unread_count: sql`${conversations.unread_count} + 1`, archived_at: null } : {}),
    })
    .where(eq(conversations.id, conversation.id));
  return row;
}

/**
 * Moves an item's delivery state forward to `next` (never back: `advanceDeliveryState`), with `also` computed from
 * the row as it was. The send's answer and the carrier's receipt race (a receipt can land while the send is still
 * being recorded), so the write is a compare-and-set on the state it read, retried on a lost race: a read-then-write
 * would let "queued" overwrite "delivered". Answers the row as it is now and whether it changed.
 */
export async function advanceItemDelivery(
  ctx: AppContext,
  itemId: number,
  next: DeliveryState,
  also: (row: ItemRow, state: DeliveryState) => Partial<ItemInsert> = () => ({}),
): Promise<{ row: ItemRow; changed: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await ctx.db.select().from(conversationItems).where(eq(conversationItems.id, itemId));
    if (!row) throw new Error(`conversation item ${itemId} vanished`);
    const current = (row.delivery_state as DeliveryState | null) ?? null;
    const state = advanceDeliveryState(current, next);
    const extra = also(row, state);
    const unchanged =
      state === current && Object.entries(extra).every(([key, value]) => row[key as keyof ItemRow] === value);
    if (unchanged) return { row, changed: false };
    const [updated] = await ctx.db
      .update(conversationItems)
      .set({ ...extra, delivery_state: state, updated_at: ctx.now() })
      .where(
        and(
          eq(conversationItems.id, itemId),
          current === null
            ? isNull(conversationItems.delivery_state)
            : eq(conversationItems.delivery_state, current),
        ),
      )
      .returning();
    if (updated) return { row: updated, changed: true };
    // Another writer moved the state between the read and the write: read again. Each lost race means the state
    // moved forward, and there are only a few states, so this ends.
    if (attempt > 10) throw new Error(`conversation item ${itemId}: delivery state kept changing`);
  }
}

/**
 * Publishes `conversation.updated` with the conversation and the item that changed it, both as they are now: the
 * item is read again, because writers race (a send's "queued" can be published after the receipt's "delivered"),
 * and the last event a client hears must not carry an older state than the database holds.
 */
export async function publishConversationUpdated(
  ctx: AppContext,
  conversationId: number,
  item: ItemRow | null,
): Promise<void> {
  const [row] = await ctx.db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!row) return;
  const [conversation] = await conversationViews(ctx, [row]);
  if (!conversation) return;
  const [current] = item
    ? await ctx.db.select().from(conversationItems).where(eq(conversationItems.id, item.id))
    : [];
  const [itemView] = item ? await itemViews(ctx, [current ?? item]) : [null];
  await ctx.realtime.publish(channels.conversations(row.company_id), EVENTS.conversationUpdated, {
    conversation,
    item: (itemView ?? null) as ConversationItem | null,
  });
}
