/**
 * §7 Numbers, administration: the table (`GET /numbers/datatable`) and its CSV export, the stats, the prefixes and
 * patterns the filters offer, area-code overlays and a search over several area codes. Reading needs numbers.view
 * (everyone who sees how lines route); the bulk search numbers.manage, as the single one (it is the start of a
 * purchase). The company is the query's or the body's `company_id`; an overlay is the numbering plan's, no
 * company's: any signed-in user.
 */
import { NUMBER_TABLE_ENDPOINTS as E } from '@shared/api/numberTable';
import { pageOffset, toPage } from '@shared/api/paged';
import { areaCodeOverlay } from '@shared/domain/areaCodeOverlays';
import { isTollFreeAreaCode } from '@shared/domain/numberSearch';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { bodyCompany } from '../bodyCompany';
import { locateNumbers } from '../purchase/search';
import { numberPrefixes, numberStats, numberTableCsv, numberTablePage, patternCounts } from './table';

const companyQuery = { company: { query: 'company_id' } } as const;

export function numberTableRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(
    E.datatable,
    'numbers.view',
    async ({ company, caller, query }) => {
      const { company_id: _company, page, perPage, ...filters } = query;
      const { rows, total } = await numberTablePage(ctx, company.id, caller.user.id, filters, {
        limit: perPage,
        offset: pageOffset(page, perPage),
      });
      return toPage(rows, total, page, perPage);
    },
    companyQuery,
  );

  route(
    E.export,
    'numbers.view',
    async ({ company, body, reply }) => {
      const { company_id: _company, ...filters } = body;
      const day = ctx.now().toISOString().slice(0, 10);
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="numbers-${day}.csv"`)
        .send(await numberTableCsv(ctx, company.id, filters));
    },
    { company: bodyCompany },
  );

  route(E.stats, 'numbers.view', async ({ company }) => numberStats(ctx, company.id), companyQuery);

  route(
    E.prefixes,
    'numbers.view',
    async ({ company }) => ({ data: await numberPrefixes(ctx, company.id) }),
    companyQuery,
  );

  route(
    E.patterns,
    'numbers.view',
    async ({ company }) => ({ data: await patternCounts(ctx, company.id) }),
    companyQuery,
  );

  route(E.overlay, 'authenticated', async ({ params }) => areaCodeOverlay(params.areaCode));

  route(
    E.locateBulk,
    'numbers.manage',
    async ({ body }) => {
      const data = [];
      // One code after another: the carrier's search API is rate-limited per account.
      for (const code of [...new Set(body.area_codes)])
        data.push({
          area_code: code,
          numbers: await locateNumbers(ctx, {
            company_id: body.company_id,
            type: isTollFreeAreaCode(code) ? 1 : 2,
            area_code: code,
            pattern: body.pattern,
            mode: body.mode,
            limit: body.per_area_code,
          }),
        });
      return { data };
    },
    { company: bodyCompany },
  );
}
