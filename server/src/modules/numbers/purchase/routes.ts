/**
 * §7 Numbers, finding and buying: locate, buy one, bulk purchase (and its status), the number limit and a request
 * to raise it, and the company's area codes. Searching and buying need numbers.manage ("buy, release, route and
 * configure numbers"); reading the limit and the area codes numbers.view. Routes that name their company in the
 * body read it before the company is resolved (422 when it is not a company id).
 */
import { NUMBER_PURCHASE_ENDPOINTS as E } from '@shared/api/numberPurchase';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../../http/caller';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { HttpError, invalid } from '../../../lib/errors';
import { refuseUnverifiedEmail } from '../../auth/verification';
import { bodyCompany } from '../bodyCompany';
import { numberBasics } from '../config/view';
import { companyAreaCodes } from './areaCodes';
import { bulkPurchaseView, findBulkPurchase, startBulkPurchase } from './bulk';
import { acquireNumber, type Buyer, PurchaseRefused } from './buy';
import { numberLimitOf, requestLimitIncrease } from './limit';
import { locateNumbers } from './search';

const buyerOf = (caller: Caller): Buyer => ({
  userId: caller.user.id,
  impersonatorId: caller.impersonatorId,
});

export function numberPurchaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(E.locate, 'numbers.manage', async ({ body }) => ({ data: await locateNumbers(ctx, body) }), {
    company: bodyCompany,
  });

  route(
    E.buy,
    'numbers.manage',
    async ({ company, caller, body }) => {
      // Buying waits for the buyer's verified email (auth/verification.ts).
      refuseUnverifiedEmail(caller.user, 'numbers');
      try {
        const row = await acquireNumber(ctx, buyerOf(caller), {
          companyId: company.id,
          number: body.number,
          type: body.type,
          category: body.category,
          label: body.label,
        });
        return { ...numberBasics(row), unread_messages_count: 0, hasNotificationBlocks: false };
      } catch (error) {
        if (!(error instanceof PurchaseRefused)) throw error;
        if (error.status === 409) throw new HttpError(409, error.message);
        throw invalid({ [error.field]: [error.message] });
      }
    },
    { company: bodyCompany },
  );

  route(
    E.bulkPurchase,
    'numbers.manage',
    async ({ company, caller, body }) => {
      refuseUnverifiedEmail(caller.user, 'numbers');
      return startBulkPurchase(ctx, company.id, buyerOf(caller), body);
    },
    { company: bodyCompany },
  );

  route(
    E.bulkPurchaseStatus,
    'numbers.manage',
    async ({ params }) => {
      const batch = await findBulkPurchase(ctx, params.id);
      if (!batch) throw new HttpError(404, 'There is no such bulk purchase.');
      return bulkPurchaseView(ctx, batch);
    },
    {
      company: { record: async ({ params }) => (await findBulkPurchase(ctx, params.id))?.company_id ?? null },
    },
  );

  route(E.limit, 'numbers.view', async ({ company }) => numberLimitOf(ctx, company.id), {
    company: { query: 'company_id' },
  });

  route(
    E.requestIncrease,
    'numbers.manage',
    async ({ company, caller, body }) => requestLimitIncrease(ctx, company.id, caller.user.id, body),
    { company: bodyCompany },
  );

  route(
    E.areaCodes,
    'numbers.view',
    async ({ company }) => ({ data: await companyAreaCodes(ctx, company.id) }),
    {
      company: { param: 'companyId' },
    },
  );
}
