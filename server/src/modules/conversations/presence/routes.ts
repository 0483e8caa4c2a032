/**
 * §7 The inbox's collision notice (shared/api/conversationPresence.ts): a user reports viewing, typing or leaving
 * a conversation and is answered who is present; the others hear of it on the company's conversations channel.
 * Reports live in this app's memory, or in the cluster's Redis when instances share the work (service.ts).
 */
import { CONVERSATION_PRESENCE_ENDPOINTS as E } from '@shared/api/conversationPresence';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { companyOfConversation } from '../service/records';
import { presenceBoardFor, reportPresence } from './service';

export function conversationPresenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  const board = presenceBoardFor(ctx.cluster);
  route(
    E.report,
    'inbox.use',
    async ({ company, caller, params, body }) =>
      reportPresence(
        ctx,
        board,
        company.id,
        params.id,
        { id: caller.user.id, name: caller.user.name },
        body.state,
      ),
    { company: { record: ({ params }) => companyOfConversation(ctx.db, params.id) } },
  );
}
