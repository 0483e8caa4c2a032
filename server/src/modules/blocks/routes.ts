/**
 * §7 Blocks: `GET /blocks/{companyId}`, `POST /blocks`, `DELETE /blocks/{id}` (§3 Block). Listing and adding need
 * inbox.use (agents block spammers from the inbox and the softphone); lifting a block needs settings.manage.
 */
import { BLOCK_ENDPOINTS as E } from '@shared/api/blocks';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { addBlock, companyOfBlock, listBlocks, removeBlock } from './service';
import { blockView } from './view';

export function blockRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(
    E.list,
    'inbox.use',
    async ({ company }) => ({ data: (await listBlocks(ctx, company.id)).map(blockView) }),
    { company: { param: 'companyId' } },
  );

  route(
    E.create,
    'inbox.use',
    async ({ company, caller, body }) => blockView(await addBlock(ctx, company.id, caller.user.id, body)),
    // A new block names its company in the body.
    { company: { body: 'company_id' } },
  );

  route(E.remove, 'settings.manage', async ({ company, params }) => removeBlock(ctx, company.id, params.id), {
    company: { record: ({ params }) => companyOfBlock(ctx, params.id) },
  });
}
