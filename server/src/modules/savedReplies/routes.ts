/** Saved replies of the inbox (access inbox.use): the rules of shared and own replies are in service.ts. */
import { SAVED_REPLY_ENDPOINTS as E } from '@shared/api/savedReplies';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import {
  companyOfSavedReply,
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  managesSharedReplies,
  updateSavedReply,
} from './service';
import { savedReplyView } from './view';

export function savedReplyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const replyCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfSavedReply(ctx, params.id),
  };
  const viewer = (userId: number, role: Parameters<typeof managesSharedReplies>[0]) => ({
    userId,
    managesShared: managesSharedReplies(role),
  });

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company, caller }) => ({
      data: (await listSavedReplies(ctx, company.id, caller.user.id)).map((row) =>
        savedReplyView(row, viewer(caller.user.id, company.role)),
      ),
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'inbox.use',
    company: { param: 'companyId' },
    status: 201,
    handler: async ({ company, caller, body }) => {
      const row = await createSavedReply(
        ctx,
        company.id,
        { userId: caller.user.id, role: company.role },
        body,
      );
      return savedReplyView(row, viewer(caller.user.id, company.role));
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'inbox.use',
    company: replyCompany,
    handler: async ({ company, caller, params, body }) => {
      const actor = { userId: caller.user.id, role: company.role };
      const row = await updateSavedReply(ctx, company.id, params.id, actor, body);
      return savedReplyView(row, viewer(caller.user.id, company.role));
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'inbox.use',
    company: replyCompany,
    status: 204,
    handler: async ({ company, caller, params }) =>
      deleteSavedReply(ctx, company.id, params.id, { userId: caller.user.id, role: company.role }),
  });
}
