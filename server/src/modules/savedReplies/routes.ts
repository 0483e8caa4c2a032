/** Saved replies of the inbox (access inbox.use): the rules of shared and own replies are in service.ts. */
import { SAVED_REPLY_ENDPOINTS as E } from '@shared/api/savedReplies';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
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
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  const replyCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfSavedReply(ctx, params.id),
  };
  const viewer = (userId: number, role: Parameters<typeof managesSharedReplies>[0]) => ({
    userId,
    managesShared: managesSharedReplies(role),
  });

  route(E.list, 'inbox.use', async ({ company, caller }) => ({
    data: (await listSavedReplies(ctx, company.id, caller.user.id)).map((row) =>
      savedReplyView(row, viewer(caller.user.id, company.role)),
    ),
  }));

  route(E.create, 'inbox.use', async ({ company, caller, body }) => {
    const row = await createSavedReply(ctx, company.id, { userId: caller.user.id, role: company.role }, body);
    return savedReplyView(row, viewer(caller.user.id, company.role));
  });

  route(
    E.update,
    'inbox.use',
    async ({ company, caller, params, body }) => {
      const actor = { userId: caller.user.id, role: company.role };
      const row = await updateSavedReply(ctx, company.id, params.id, actor, body);
      return savedReplyView(row, viewer(caller.user.id, company.role));
    },
    { company: replyCompany },
  );

  route(
    E.remove,
    'inbox.use',
    async ({ company, caller, params }) =>
      deleteSavedReply(ctx, company.id, params.id, { userId: caller.user.id, role: company.role }),
    { company: replyCompany },
  );
}
