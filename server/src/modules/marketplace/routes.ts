/**
 * §7 Marketplace numbers (shared/api/marketplace.ts): reading needs numbers.view, changing numbers.manage (the
 * people who buy, release and configure the numbers). The company is the path's; a marketplace number of another
 * company answers 404.
 */
import { MARKETPLACE_ENDPOINTS as E } from '@shared/api/marketplace';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { MARKETPLACE_REPORT_FILENAME, marketplaceReportCsv } from './report';
import {
  getMarketplaceNumber,
  listingsOf,
  listMarketplaceNumbers,
  marketplaceKpi,
  offerNumber,
  reportNumbers,
  updateMarketplaceNumber,
} from './service';

export function marketplaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  route(E.list, 'numbers.view', async ({ company, query }) => listMarketplaceNumbers(ctx, company.id, query));

  route(E.kpi, 'numbers.view', async ({ company, query }) => marketplaceKpi(ctx, company.id, query));

  route(E.report, 'numbers.view', async ({ company, query, reply }) => {
    const csv = marketplaceReportCsv(await reportNumbers(ctx, company.id, query));
    return reply
      .status(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${MARKETPLACE_REPORT_FILENAME}"`)
      .send(csv);
  });

  route(E.one, 'numbers.view', async ({ company, params }) =>
    getMarketplaceNumber(ctx, company.id, params.id),
  );

  route(E.listings, 'numbers.view', async ({ company, params }) => ({
    data: await listingsOf(ctx, company.id, params.id),
  }));

  route(E.offer, 'numbers.manage', async ({ company, body }) => offerNumber(ctx, company.id, body));

  route(E.update, 'numbers.manage', async ({ company, caller, params, body }) => ({
    message: SUCCESS_MESSAGES.marketplaceNumberUpdated,
    data: await updateMarketplaceNumber(
      ctx,
      { userId: caller.user.id, impersonatorId: caller.impersonatorId },
      company.id,
      params.id,
      body,
    ),
  }));
}
