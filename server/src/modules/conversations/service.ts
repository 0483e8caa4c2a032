/**
 * The inbox's rules beside store.ts: which company a conversation or item belongs to (for the route wrapper),
 * the list's filters, and the changes the inbox makes to conversations (read, unread, archive, restore, read-all,
 * read-all-by-type), each telling open inboxes with `conversation.updated`.
 */

import type { ConversationItem } from '@shared/api/conversations';
import type { ConversationListQuery } from '@shared/api/inbox';
import type { CONVERSATION_ACTIONS } from '@shared/domain/messaging';
import { normalizeConversationSearch } from '@shared/domain/phone';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq, exists, gt, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, conversationItems, conversations } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { likePattern } from '../companies/service';
import type { ConversationRow } from './store';
import { conversationViews } from './view';

export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number]['value'];

export async function companyOfConversation(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ company: conversations.company_id })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row?.company ?? null;
}

export async function companyOfItem(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ company: conversationItems.company_id })
    .from(conversationItems)
    .where(eq(conversationItems.id, id));
  return row?.company ?? null;
}

/** The conversation, when it is the company's. */
export async function conversationRow(
  db: Db,
  companyId: number,
  id: number,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.company_id, companyId)));
  return row;
}

type Query = Omit<ConversationListQuery, 'unread' | 'archived' | 'assigned' | 'number'> & {
  unread?: boolean | undefined;
  archived?: boolean | undefined;
  number?: number | undefined;
  assigned?: 'mine' | 'unassigned' | number | undefined;
};

/** The list's filters as one condition on `conversations`. */
export function conversationFilter(companyId: number, callerId: number, query: Query): SQL {
  const conditions: (SQL | undefined)[] = [eq(conversations.company_id, companyId)];
  conditions.push(query.archived ? isNotNull(conversations.archived_at) : isNull(conversations.archived_at));
  if (query.unread === true) conditions.push(gt(conversations.unread_count, 0));
  if (query.unread === false) conditions.push(eq(conversations.unread_count, 0));
  if (query.number !== undefined) conditions.push(eq(conversations.number_id, query.number));
  if (query.assigned === 'mine') conditions.push(eq(conversations.assigned_user_id, callerId));
  else if (query.assigned === 'unassigned') conditions.push(isNull(conversations.assigned_user_id));
  else if (query.assigned !== undefined) conditions.push(eq(conversations.assigned_user_id, query.assigned));
  const search = query.search ? normalizeConversationSearch(query.search) : '';
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(conversations.recipient, pattern),
        exists(
          sql`(select 1 from ${contacts} where ${contacts.id} = ${conversations.contact_id} and ${contacts.name} ilike ${pattern})`,
        ),
        exists(
          sql`(select 1 from ${conversationItems} where ${conversationItems.conversation_id} = ${conversations.id} and ${conversationItems.kind} in ('message', 'scheduledmessage', 'note') and ${conversationItems.content} ilike ${pattern})`,
        ),
      ),
    );
  }
  return and(...conditions) as SQL;
}

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
export async function readAll(ctx: AppContext, companyId: number, numberId?: number): Promise<number[]> {
  const changed = await ctx.db
    .update(conversations)
    .set({ unread_count: 0, updated_at: ctx.now() })
    .where(
      and(
        eq(conversations.company_id, companyId),
        gt(conversations.unread_count, 0),
        numberId !== undefined ? eq(conversations.number_id, numberId) : undefined,
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
export async function readAllByType(
  ctx: AppContext,
  companyId: number,
  kind: string,
  numberId?: number,
): Promise<number[]> {
  const unreadItems = sql`(select ${conversationItems.kind} as kind, row_number() over (order by ${conversationItems.created_at} desc, ${conversationItems.id} desc) as position
      from ${conversationItems}
      where ${conversationItems.conversation_id} = ${conversations.id} and ${conversationItems.is_inbound}
        and ${conversationItems.kind} in ('message', 'call', 'voicemail', 'fax'))`;
  const changed = await ctx.db
    .update(conversations)
    .set({ unread_count: 0, updated_at: ctx.now() })
    .where(
      and(
        eq(conversations.company_id, companyId),
        gt(conversations.unread_count, 0),
        numberId !== undefined ? eq(conversations.number_id, numberId) : undefined,
        sql`exists (select 1 from ${unreadItems} unread where unread.position <= ${conversations.unread_count} and unread.kind = ${kind})`,
        sql`not exists (select 1 from ${unreadItems} unread where unread.position <= ${conversations.unread_count} and unread.kind <> ${kind})`,
      ),
    )
    .returning({ id: conversations.id });
  const ids = changed.map((row) => row.id);
  await publishConversations(ctx, ids);
  return ids;
}
