/**
 * The changes the inbox makes to conversations: read, unread, archive, restore (one or in bulk), read-all and
 * read-all-by-type, block and unblock, assignment. Each tells open inboxes with `conversation.updated`.
 */
import type { Conversation, ConversationItem } from '@shared/api/conversations';
import type { CONVERSATION_ACTIONS } from '@shared/domain/messaging';
import { roleCan } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { conversationItems, conversations, memberships } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { invalid, notFound } from '../../../lib/errors';
import { addItem, publishConversationUpdated } from '../store';
import { conversationViews } from '../view';
import { oneConversation } from './list';
import { conversationRow } from './records';

export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number]['value'];

/** Publishes `conversation.updated` for each conversation (one batch of views), with no item. */
export async function publishConversations(ctx: AppContext, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await ctx.db
    .select()
    .from(conversations)
    .where(inArray(conversations.id, [...ids]));
  const views = await conversationViews(ctx, rows);
  for (const conversation of views) {
    await ctx.realtime.publish(channels.conversations(conversation.company_id), EVENTS.conversationUpdated, {
      conversation,
      item: null as ConversationItem | null,
    });
  }
}

/** What each bulk action sets. */
function changesFor(action: ConversationAction, now: Date) {
  switch (action) {
    case 'read':
      return { unread_count: 0, updated_at: now };
    case 'unread':
      return { unread_count: sql`greatest(1, ${conversations.unread_count})`, updated_at: now };
    case 'archive':
      return {
        archived_at: sql`coalesce(${conversations.archived_at}, ${now.toISOString()}::timestamptz)`,
        updated_at: now,
      };
    case 'restore':
      return { archived_at: null, updated_at: now };
  }
}

/**
 * Applies an action to the company's conversations among `ids` (others' ids are left alone) and publishes each
 * one changed. Answers the ids it applied to.
 */
export async function applyAction(
  ctx: AppContext,
  companyId: number,
  ids: readonly number[],
  action: ConversationAction,
): Promise<number[]> {
  if (!ids.length) return [];
  const changed = await ctx.db
    .update(conversations)
    .set(changesFor(action, ctx.now()))
    .where(and(eq(conversations.company_id, companyId), inArray(conversations.id, [...ids])))
    .returning({ id: conversations.id });
  const changedIds = changed.map((row) => row.id);
  await publishConversations(ctx, changedIds);
  return changedIds;
}

/** Marks read every unread conversation of the company (or of one of its numbers). */
export function readAll(ctx: AppContext, companyId: number, numberId?: number): Promise<number[]> {
  return markRead(ctx, companyId, numberId);
}

/**
 * Marks read the unread conversations of the company (or of one of its numbers) that also meet `where`;
 * publishes and answers the ones it changed.
 */
async function markRead(
  ctx: AppContext,
  companyId: number,
  numberId: number | undefined,
  ...where: SQL[]
): Promise<number[]> {
  const changed = await ctx.db
    .update(conversations)
    .set({ unread_count: 0, updated_at: ctx.now() })
    .where(
      and(
        eq(conversations.company_id, companyId),
        gt(conversations.unread_count, 0),
        numberId !== undefined ? eq(conversations.number_id, numberId) : undefined,
        ...where,
      ),
    )
    .returning({ id: conversations.id });
  const ids = changed.map((row) => row.id);
  await publishConversations(ctx, ids);
  return ids;
}

/**
 * Read-all-by-type. There is no read flag per item: a conversation's unread items are taken to be its newest
 * `unread_count` inbound items of the kinds that raise the count (texts, calls, voicemails, faxes — what
 * `addItem` counts). A conversation is marked read when at least one of those is of `kind` and none is of
 * another kind; one with unread texts and an unread voicemail stays unread for either type.
 */
export function readAllByType(
  ctx: AppContext,
  companyId: number,
  kind: string,
  numberId?: number,
): Promise<number[]> {
  const unreadItems = sql`(select ${conversationItems.kind} as kind, row_number() over (order by ${conversationItems.created_at} desc, ${conversationItems.id} desc) as position
      from ${conversationItems}
      where ${conversationItems.conversation_id} = ${conversations.id} and ${conversationItems.is_inbound}
        and ${conversationItems.kind} in ('message', 'call', 'voicemail', 'fax'))`;
  return markRead(
    ctx,
    companyId,
    numberId,
    sql`exists (select 1 from ${unreadItems} unread where unread.position <= ${conversations.unread_count} and unread.kind = ${kind})`,
    sql`not exists (select 1 from ${unreadItems} unread where unread.position <= ${conversations.unread_count} and unread.kind <> ${kind})`,
  );
}

/** One conversation's action: apply it, publish, answer the conversation as it is now (404 for none). */
export async function actOn(
  ctx: AppContext,
  companyId: number,
  id: number,
  action: ConversationAction,
): Promise<Conversation> {
  const changed = await applyAction(ctx, companyId, [id], action);
  if (!changed.length) throw notFound('conversation');
  return oneConversation(ctx, companyId, id);
}

/**
 * Blocks (or unblocks) the conversation's outside party; the thread says who did, and when. Already so: nothing
 * changes. Answers the conversation as it is now (404 for none).
 */
export async function setBlocked(
  ctx: AppContext,
  companyId: number,
  id: number,
  userId: number,
  blocked: boolean,
): Promise<Conversation> {
  const row = await conversationRow(ctx.db, companyId, id);
  if (!row) throw notFound('conversation');
  if (row.blocked === blocked) return oneConversation(ctx, companyId, row.id);
  await ctx.db
    .update(conversations)
    .set({ blocked, updated_at: ctx.now() })
    .where(eq(conversations.id, row.id));
  const item = await addItem(ctx.db, row, {
    kind: 'block',
    user_id: userId,
    content: blocked ? 'Blocked' : 'Unblocked',
  });
  await publishConversationUpdated(ctx, row.id, item);
  return oneConversation(ctx, companyId, row.id);
}

/**
 * Assigns the conversation to a member of the company who uses the inbox (422 on `user_id` otherwise), or to
 * nobody (null). Answers the conversation as it is now (404 for none).
 */
export async function assignConversation(
  ctx: AppContext,
  companyId: number,
  id: number,
  userId: number | null,
): Promise<Conversation> {
  const row = await conversationRow(ctx.db, companyId, id);
  if (!row) throw notFound('conversation');
  if (userId !== null) {
    const [membership] = await ctx.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.user_id, userId), eq(memberships.company_id, companyId)));
    if (!membership || !roleCan(membership.role as Role, 'inbox.use')) {
      throw invalid({
        user_id: ['Choose an active member of this company who uses the inbox.'],
      });
    }
  }
  await ctx.db
    .update(conversations)
    .set({ assigned_user_id: userId, updated_at: ctx.now() })
    .where(eq(conversations.id, row.id));
  await publishConversationUpdated(ctx, row.id, null);
  return oneConversation(ctx, companyId, row.id);
}
