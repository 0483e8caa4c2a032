/**
 * §7 Conversations and messages, the inbox: the conversation list and its filters, one conversation, its
 * items, read / unread / archive / restore (one or in bulk), read-all and read-all-by-type, assignment, block
 * and unblock, and deleting messages and items. Everything needs inbox.use in the conversation's company; a
 * conversation or item of another company answers 404. Every change publishes `conversation.updated`.
 */
import { ACTIVITY_ITEM_KINDS, INBOX_ENDPOINTS as E } from '@shared/api/inbox';
import { pageOffset, toPage } from '@shared/api/paged';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { roleCan } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';
import { and, count, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversationItems, conversations, memberships, notes } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { invalid, notFound } from '../../lib/errors';
import {
  applyAction,
  type ConversationAction,
  companyOfConversation,
  companyOfItem,
  conversationFilter,
  conversationRow,
  readAll,
  readAllByType,
} from './service';
import { addItem, type ItemRow, publishConversationUpdated } from './store';
import { conversationViews, itemViews } from './view';

export function conversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const byId = {
    record: ({ params }: { params: { id: number } }) => companyOfConversation(ctx.db, params.id),
  };
  const itemById = {
    record: ({ params }: { params: { id: number } }) => companyOfItem(ctx.db, params.id),
  };

  async function view(companyId: number, id: number) {
    const row = await conversationRow(ctx.db, companyId, id);
    if (!row) throw notFound('conversation');
    const [conversation] = await conversationViews(ctx, [row]);
    if (!conversation) throw notFound('conversation');
    return conversation;
  }

  /** One conversation's action: apply it, publish, answer the conversation as it is now. */
  async function act(companyId: number, id: number, action: ConversationAction) {
    const changed = await applyAction(ctx, companyId, [id], action);
    if (!changed.length) throw notFound('conversation');
    return view(companyId, id);
  }

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, caller, query }) => {
      const where = conversationFilter(company.id, caller.user.id, query);
      const [total] = await ctx.db.select({ value: count() }).from(conversations).where(where);
      const rows = await ctx.db
        .select()
        .from(conversations)
        .where(where)
        .orderBy(desc(conversations.last_item_at), desc(conversations.id))
        .limit(query.perPage)
        .offset(pageOffset(query.page, query.perPage));
      return toPage(await conversationViews(ctx, rows), total?.value ?? 0, query.page, query.perPage);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'inbox.use',
    company: byId,
    handler: ({ company, params }) => view(company.id, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.items,
    access: 'inbox.use',
    company: {
      record: ({ query }) => companyOfConversation(ctx.db, query.conversationId),
    },
    handler: async ({ company, query }) => {
      const conversation = await conversationRow(ctx.db, company.id, query.conversationId);
      if (!conversation) throw notFound('conversation');
      const conditions: SQL[] = [eq(conversationItems.conversation_id, conversation.id)];
      if (query.before !== undefined) {
        // Items older than the cursor item (same order as the thread: time, then id).
        const [cursor] = await ctx.db
          .select({ id: conversationItems.id, created_at: conversationItems.created_at })
          .from(conversationItems)
          .where(
            and(
              eq(conversationItems.id, query.before),
              eq(conversationItems.conversation_id, conversation.id),
            ),
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
      const [total] = await ctx.db.select({ value: count() }).from(conversationItems).where(where);
      const rows = await ctx.db
        .select()
        .from(conversationItems)
        .where(where)
        .orderBy(desc(conversationItems.created_at), desc(conversationItems.id))
        .limit(query.perPage)
        .offset(pageOffset(query.page, query.perPage));
      return toPage(await itemViews(ctx, rows), total?.value ?? 0, query.page, query.perPage);
    },
  });

  for (const [endpoint, action] of [
    [E.read, 'read'],
    [E.unread, 'unread'],
    [E.archive, 'archive'],
    [E.restore, 'restore'],
  ] as const) {
    registerRoute(app, ctx, {
      endpoint,
      access: 'inbox.use',
      company: byId,
      handler: ({ company, params }) => act(company.id, params.id, action),
    });
  }

  for (const [endpoint, blocked] of [
    [E.block, true],
    [E.unblock, false],
  ] as const) {
    registerRoute(app, ctx, {
      endpoint,
      access: 'inbox.use',
      company: byId,
      handler: async ({ company, caller, params }) => {
        const row = await conversationRow(ctx.db, company.id, params.id);
        if (!row) throw notFound('conversation');
        if (row.blocked === blocked) return view(company.id, row.id);
        await ctx.db
          .update(conversations)
          .set({ blocked, updated_at: ctx.now() })
          .where(eq(conversations.id, row.id));
        // The thread says who blocked (or unblocked) the recipient, and when.
        const item = await addItem(ctx.db, row, {
          kind: 'block',
          user_id: caller.user.id,
          content: blocked ? 'Blocked' : 'Unblocked',
        });
        await publishConversationUpdated(ctx, row.id, item);
        return view(company.id, row.id);
      },
    });
  }

  registerRoute(app, ctx, {
    endpoint: E.assign,
    access: 'inbox.use',
    company: byId,
    handler: async ({ company, params, body }) => {
      const row = await conversationRow(ctx.db, company.id, params.id);
      if (!row) throw notFound('conversation');
      if (body.user_id !== null) {
        const [membership] = await ctx.db
          .select({ role: memberships.role })
          .from(memberships)
          .where(and(eq(memberships.user_id, body.user_id), eq(memberships.company_id, company.id)));
        if (!membership || !roleCan(membership.role as Role, 'inbox.use')) {
          throw invalid({
            user_id: ['Choose an active member of this company who uses the inbox.'],
          });
        }
      }
      await ctx.db
        .update(conversations)
        .set({ assigned_user_id: body.user_id, updated_at: ctx.now() })
        .where(eq(conversations.id, row.id));
      await publishConversationUpdated(ctx, row.id, null);
      return view(company.id, row.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.readAll,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => ({
      affected: (await readAll(ctx, company.id, body.number)).length,
      message: SUCCESS_MESSAGES.bulkUpdateApplied,
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.readAllByType,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => ({
      affected: (await readAllByType(ctx, company.id, body.type, body.number)).length,
      message: SUCCESS_MESSAGES.bulkUpdateApplied,
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkUpdate,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => ({
      affected: (await applyAction(ctx, company.id, body.ids, body.action)).length,
      message: SUCCESS_MESSAGES.bulkUpdateApplied,
    }),
  });

  /** Deletes an item, moves its conversation back to its newest remaining item's time, and publishes. */
  async function removeItem(item: ItemRow): Promise<void> {
    await ctx.db.delete(conversationItems).where(eq(conversationItems.id, item.id));
    // A note item is the thread's view of a note on the conversation: the note goes with it.
    if (item.kind === 'note' && item.record_id !== null) {
      await ctx.db
        .delete(notes)
        .where(and(eq(notes.id, item.record_id), eq(notes.model_type, 'conversation')));
    }
    const [newest] = await ctx.db
      .select({ created_at: conversationItems.created_at })
      .from(conversationItems)
      .where(eq(conversationItems.conversation_id, item.conversation_id))
      .orderBy(desc(conversationItems.created_at))
      .limit(1);
    if (newest) {
      await ctx.db
        .update(conversations)
        .set({ last_item_at: newest.created_at, updated_at: ctx.now() })
        .where(eq(conversations.id, item.conversation_id));
    }
    await publishConversationUpdated(ctx, item.conversation_id, null);
  }

  async function itemRow(companyId: number, id: number): Promise<ItemRow> {
    const [item] = await ctx.db
      .select()
      .from(conversationItems)
      .where(and(eq(conversationItems.id, id), eq(conversationItems.company_id, companyId)));
    if (!item) throw notFound('item');
    return item;
  }

  registerRoute(app, ctx, {
    endpoint: E.removeMessage,
    access: 'inbox.use',
    company: itemById,
    status: 204,
    handler: async ({ company, params }) => {
      const item = await itemRow(company.id, params.id);
      if (!['message', 'scheduledmessage'].includes(item.kind)) {
        throw invalid(
          { id: ['This item is not a message; delete it as a conversation item.'] },
          'This item is not a message.',
        );
      }
      await removeItem(item);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.removeItem,
    access: 'inbox.use',
    company: itemById,
    status: 204,
    handler: async ({ company, params }) => {
      const item = await itemRow(company.id, params.id);
      if ((ACTIVITY_ITEM_KINDS as readonly string[]).includes(item.kind)) {
        throw invalid(
          {
            id: [
              `A ${item.kind} is a record of the activity feed, not only of this conversation; it cannot be deleted here.`,
            ],
          },
          'Calls, voicemails and faxes cannot be deleted from a conversation.',
        );
      }
      await removeItem(item);
    },
  });
}
