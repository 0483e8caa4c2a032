/**
 * §7 Numbers, after the purchase: release one (`/numbers/{id}/remove`) or many (`/numbers/remove-bulk`, a batch),
 * keep one being released (`/numbers/{id}/restore`), §4's activation rule (`PUT /v1/numbers`) and rotation
 * (`/numbers/{id}/rotate`). All need numbers.manage ("buy, release, route and configure numbers"); a number's
 * company is the record's (a released number is no longer anyone's: 404), a bulk release's or activation's the
 * body's `company_id`.
 */
import { NUMBER_LIFECYCLE_ENDPOINTS as E, NUMBER_LIFECYCLE_MESSAGES } from '@shared/api/numberLifecycle';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../../http/caller';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { HttpError, invalid, notFound } from '../../../lib/errors';
import { bodyCompany } from '../bodyCompany';
import { companyOfNumber, numberOfCompany } from '../config/service/number';
import { PurchaseRefused } from '../purchase/buy';
import { findBulkRelease, releaseBatchView, startBulkRelease } from './bulkRelease';
import {
  type Actor,
  activateNumbers,
  companyNumbersAmong,
  numberStateView,
  releaseNumber,
  restoreNumber,
} from './release';
import { rotateNumber } from './rotate';

const actorOf = (caller: Caller): Actor => ({
  userId: caller.user.id,
  impersonatorId: caller.impersonatorId,
});

export function numberLifecycleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);
  const numberCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfNumber(ctx.db, params.id),
  };
  const theNumber = async (companyId: number, id: number) => {
    const row = await numberOfCompany(ctx.db, companyId, id);
    if (!row) throw notFound('number');
    return row;
  };

  route(
    E.remove,
    'numbers.manage',
    async ({ company, caller, params }) =>
      numberStateView(await releaseNumber(ctx, actorOf(caller), await theNumber(company.id, params.id))),
    { company: numberCompany },
  );

  route(
    E.restore,
    'numbers.manage',
    async ({ company, caller, params }) =>
      numberStateView(await restoreNumber(ctx, actorOf(caller), await theNumber(company.id, params.id))),
    { company: numberCompany },
  );

  route(
    E.removeBulk,
    'numbers.manage',
    async ({ company, caller, body }) => startBulkRelease(ctx, company.id, actorOf(caller), body.number_ids),
    { company: bodyCompany },
  );

  route(
    E.removeBulkStatus,
    'numbers.manage',
    async ({ params }) => {
      const batch = await findBulkRelease(ctx, params.id);
      if (!batch) throw new HttpError(404, 'There is no such bulk release.');
      return releaseBatchView(ctx, batch);
    },
    {
      company: { record: async ({ params }) => (await findBulkRelease(ctx, params.id))?.company_id ?? null },
    },
  );

  route(
    E.activate,
    'numbers.manage',
    async ({ company, caller, body }) => {
      const chosen = [...new Set(body.numbers)];
      const found = new Set((await companyNumbersAmong(ctx, company.id, chosen)).map((row) => row.id));
      const foreign = chosen.filter((id) => !found.has(id));
      if (foreign.length) throw invalid({ numbers: [NUMBER_LIFECYCLE_MESSAGES.notCompanys(foreign)] });
      const rows = await activateNumbers(ctx, actorOf(caller), company.id, chosen);
      return { data: rows.map(numberStateView) };
    },
    { company: bodyCompany },
  );

  route(
    E.rotate,
    'numbers.manage',
    async ({ company, caller, params }) => {
      try {
        const { row, previous } = await rotateNumber(
          ctx,
          actorOf(caller),
          await theNumber(company.id, params.id),
        );
        return { id: row.id, number: row.number, previous };
      } catch (error) {
        if (!(error instanceof PurchaseRefused)) throw error;
        if (error.status === 409) throw new HttpError(409, error.message);
        throw invalid({ number: [error.message] });
      }
    },
    { company: numberCompany },
  );
}
