/**
 * §7 Numbers, the list messaging needs: a company's tracked numbers, paged, searchable over the number and its
 * label, each with the unread count of its conversations. `hasNotificationBlocks`: the caller has a notification
 * block (any channel) on the number. A number's configuration is the sub-area config/.
 */
import { NUMBER_ENDPOINTS as E } from '@shared/api/numbers';
import { pageOffset, toPage } from '@shared/api/paged';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { listNumbers } from './service';

export function numberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(
    E.list,
    'numbers.view',
    async ({ company, caller, query }) => {
      const { rows, total } = await listNumbers(ctx, company.id, caller.user.id, {
        search: query.search,
        limit: query.perPage,
        offset: pageOffset(query.page, query.perPage),
      });
      return toPage(rows, total, query.page, query.perPage);
    },
    { company: { param: 'companyId' } },
  );
}
