/**
 * §7 Conversations and messages, the inbox: the conversation list and its filters, one conversation, its
 * items, read / unread / archive / restore (one or in bulk), read-all and read-all-by-type, assignment, block
 * and unblock, and deleting messages and items. Everything needs inbox.use in the conversation's company; a
 * conversation or item of another company answers 404. Every change publishes `conversation.updated`.
 * Rules live in service/ (records, list, state, items); this file is HTTP only.
 */
import { INBOX_ENDPOINTS as E } from '@shared/api/inbox';
import { pageOffset, toPage } from '@shared/api/paged';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { removeConversationItem, removeMessage } from './service/items';
import { listConversations, listItems, oneConversation } from './service/list';
import { companyOfConversation, companyOfItem } from './service/records';
import { actOn, applyAction, assignConversation, readAll, readAllByType, setBlocked } from './service/state';

/** The answer of a bulk change: how many conversations it changed. */
const bulkApplied = (changed: readonly number[]) => ({
  affected: changed.length,
  message: SUCCESS_MESSAGES.bulkUpdateApplied,
});

export function conversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const byId = {
    record: ({ params }: { params: { id: number } }) => companyOfConversation(ctx.db, params.id),
  };
  const itemById = {
    record: ({ params }: { params: { id: number } }) => companyOfItem(ctx.db, params.id),
  };

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, caller, query }) => {
      const { rows, total } = await listConversations(ctx, company.id, caller.user.id, query, {
        limit: query.perPage,
        offset: pageOffset(query.page, query.perPage),
      });
      return toPage(rows, total, query.page, query.perPage);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'inbox.use',
    company: byId,
    handler: ({ company, params }) => oneConversation(ctx, company.id, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.items,
    access: 'inbox.use',
    company: {
      record: ({ query }) => companyOfConversation(ctx.db, query.conversationId),
    },
    handler: async ({ company, query }) => {
      const { rows, total } = await listItems(ctx, company.id, query.conversationId, {
        before: query.before,
        limit: query.perPage,
        offset: pageOffset(query.page, query.perPage),
      });
      return toPage(rows, total, query.page, query.perPage);
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
      handler: ({ company, params }) => actOn(ctx, company.id, params.id, action),
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
      handler: async ({ company, caller, params }) =>
        setBlocked(ctx, company.id, params.id, caller.user.id, blocked),
    });
  }

  registerRoute(app, ctx, {
    endpoint: E.assign,
    access: 'inbox.use',
    company: byId,
    handler: async ({ company, params, body }) =>
      assignConversation(ctx, company.id, params.id, body.user_id),
  });

  registerRoute(app, ctx, {
    endpoint: E.readAll,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => bulkApplied(await readAll(ctx, company.id, body.number)),
  });

  registerRoute(app, ctx, {
    endpoint: E.readAllByType,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, body }) =>
      bulkApplied(await readAllByType(ctx, company.id, body.type, body.number)),
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkUpdate,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, body }) =>
      bulkApplied(await applyAction(ctx, company.id, body.ids, body.action)),
  });

  registerRoute(app, ctx, {
    endpoint: E.removeMessage,
    access: 'inbox.use',
    company: itemById,
    status: 204,
    handler: async ({ company, params }) => removeMessage(ctx, company.id, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.removeItem,
    access: 'inbox.use',
    company: itemById,
    status: 204,
    handler: async ({ company, params }) => removeConversationItem(ctx, company.id, params.id),
  });
}
