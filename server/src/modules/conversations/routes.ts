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
import { moduleRoutes } from '../../http/route';
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
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  const byId = {
    record: ({ params }: { params: { id: number } }) => companyOfConversation(ctx.db, params.id),
  };
  const itemById = {
    record: ({ params }: { params: { id: number } }) => companyOfItem(ctx.db, params.id),
  };

  route(E.list, 'inbox.use', async ({ company, caller, query }) => {
    const { rows, total } = await listConversations(ctx, company.id, caller.user.id, query, {
      limit: query.perPage,
      offset: pageOffset(query.page, query.perPage),
    });
    return toPage(rows, total, query.page, query.perPage);
  });

  route(E.get, 'inbox.use', ({ company, params }) => oneConversation(ctx, company.id, params.id), {
    company: byId,
  });

  route(
    E.items,
    'inbox.use',
    async ({ company, query }) => {
      const { rows, total } = await listItems(ctx, company.id, query.conversationId, {
        before: query.before,
        limit: query.perPage,
        offset: pageOffset(query.page, query.perPage),
      });
      return toPage(rows, total, query.page, query.perPage);
    },
    {
      company: {
        record: ({ query }) => companyOfConversation(ctx.db, query.conversationId),
      },
    },
  );

  for (const [endpoint, action] of [
    [E.read, 'read'],
    [E.unread, 'unread'],
    [E.archive, 'archive'],
    [E.restore, 'restore'],
  ] as const) {
    route(endpoint, 'inbox.use', ({ company, params }) => actOn(ctx, company.id, params.id, action), {
      company: byId,
    });
  }

  for (const [endpoint, blocked] of [
    [E.block, true],
    [E.unblock, false],
  ] as const) {
    route(
      endpoint,
      'inbox.use',
      async ({ company, caller, params }) => setBlocked(ctx, company.id, params.id, caller.user.id, blocked),
      { company: byId },
    );
  }

  route(
    E.assign,
    'inbox.use',
    async ({ company, params, body }) => assignConversation(ctx, company.id, params.id, body.user_id),
    { company: byId },
  );

  route(E.readAll, 'inbox.use', async ({ company, body }) =>
    bulkApplied(await readAll(ctx, company.id, body.number)),
  );

  route(E.readAllByType, 'inbox.use', async ({ company, body }) =>
    bulkApplied(await readAllByType(ctx, company.id, body.type, body.number)),
  );

  route(E.bulkUpdate, 'inbox.use', async ({ company, body }) =>
    bulkApplied(await applyAction(ctx, company.id, body.ids, body.action)),
  );

  route(
    E.removeMessage,
    'inbox.use',
    async ({ company, params }) => removeMessage(ctx, company.id, params.id),
    { company: itemById },
  );

  route(
    E.removeItem,
    'inbox.use',
    async ({ company, params }) => removeConversationItem(ctx, company.id, params.id),
    { company: itemById },
  );
}
