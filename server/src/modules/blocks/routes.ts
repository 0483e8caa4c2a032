/**
 * §7 Blocks: `GET /blocks/{companyId}`, `POST /blocks`, `DELETE /blocks/{id}` (§3 Block). Listing and adding need
 * inbox.use (agents block spammers from the inbox and the softphone); lifting a block needs settings.manage.
 */
import { BLOCK_ENDPOINTS as E } from '@shared/api/blocks';
import { IdParamSchema } from '@shared/api/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { invalid } from '../../lib/errors';
import { addBlock, companyOfBlock, listBlocks, removeBlock } from './service';
import { blockView } from './view';

/** The company a new block is for: read before the company is resolved (422 when it is not a company id). */
const CompanyOfBody = z.object({ company_id: IdParamSchema });

export function blockRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'inbox.use',
    company: { param: 'companyId' },
    handler: async ({ company }) => ({ data: (await listBlocks(ctx, company.id)).map(blockView) }),
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'inbox.use',
    company: {
      record: async ({ request }) => {
        const parsed = CompanyOfBody.safeParse(request.body ?? {});
        if (!parsed.success) throw invalid({ company_id: ['Say which company the block is for.'] });
        return parsed.data.company_id;
      },
    },
    status: 201,
    handler: async ({ company, caller, body }) =>
      blockView(await addBlock(ctx, company.id, caller.user.id, body)),
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'settings.manage',
    company: { record: ({ params }) => companyOfBlock(ctx, params.id) },
    status: 204,
    handler: async ({ company, params }) => removeBlock(ctx, company.id, params.id),
  });
}
