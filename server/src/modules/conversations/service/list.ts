/**
 * Reading the inbox (§7 Conversations): the conversation list and its filters (archived or not, unread, number,
 * assignee, a search over the party, the contact's name and the thread's texts and notes), one conversation, and
 * a conversation's items newest first, paged or before a cursor item.
 */
import type { Conversation, ConversationItem } from '@shared/api/conversations';
import type { ConversationListQuery } from '@shared/api/inbox';
import { normalizeConversationSearch } from '@shared/domain/phone';
import {
  and,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { contacts, conversationItems, conversations } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { invalid, notFound } from '../../../lib/errors';
import { likePattern } from '../../companies/service';
import { conversationViews, itemViews } from '../view';
import { conversationRow } from './records';

type Query = Omit<ConversationListQuery, 'unread' | 'archived' | 'assigned' | 'number'> & {
  unread?: boolean | undefined;
  archived?: boolean | undefined;
  number?: number | undefined;
  assigned?: 'mine' | 'unassigned' | number | undefined;
};

/** The list's filters as one condition on `conversations`. */
function conversationFilter(companyId: number, callerId: number, query: Query): SQL {
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

/** One page of the company's conversations matching the list's filters, newest first, and how many match. */
export async function listConversations(
  ctx: AppContext,
  companyId: number,
  callerId: number,
  query: Query,
  page: { limit: number; offset: number },
): Promise<{ rows: Conversation[]; total: number }> {
  const where = conversationFilter(companyId, callerId, query);
  // The count and the page side by side (PostgreSQL runs them on separate connections).
  const [[total], rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(conversations).where(where),
    ctx.db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(desc(conversations.last_item_at), desc(conversations.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { rows: await conversationViews(ctx, rows), total: total?.value ?? 0 };
}

/** One conversation of the company as the inbox shows it (404 for none). */
export async function oneConversation(ctx: AppContext, companyId: number, id: number): Promise<Conversation> {
  const row = await conversationRow(ctx.db, companyId, id);
  if (!row) throw notFound('conversation');
  const [conversation] = await conversationViews(ctx, [row]);
  if (!conversation) throw notFound('conversation');
  return conversation;
}

/**
 * One page of a conversation's items, newest first, and how many there are; with `before`, only the items older
 * than that item of the conversation (422 on `before` for an item that is not in it). 404 for no conversation.
 */
export async function listItems(
  ctx: AppContext,
  companyId: number,
  conversationId: number,
  page: { before?: number | undefined; limit: number; offset: number },
): Promise<{ rows: ConversationItem[]; total: number }> {
  const conversation = await conversationRow(ctx.db, companyId, conversationId);
  if (!conversation) throw notFound('conversation');
  const conditions: SQL[] = [eq(conversationItems.conversation_id, conversation.id)];
  if (page.before !== undefined) {
    // Items older than the cursor item (same order as the thread: time, then id).
    const [cursor] = await ctx.db
      .select({ id: conversationItems.id, created_at: conversationItems.created_at })
      .from(conversationItems)
      .where(
        and(eq(conversationItems.id, page.before), eq(conversationItems.conversation_id, conversation.id)),
      );
    if (!cursor) throw invalid({ before: ['That item is not in this conversation.'] });
    conditions.push(
      or(
        lt(conversationItems.created_at, cursor.created_at),
        and(eq(conversationItems.created_at, cursor.created_at), lt(conversationItems.id, cursor.id)),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const [[total], rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(conversationItems).where(where),
    ctx.db
      .select()
      .from(conversationItems)
      .where(where)
      .orderBy(desc(conversationItems.created_at), desc(conversationItems.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { rows: await itemViews(ctx, rows), total: total?.value ?? 0 };
}
