/**
 * §7 Numbers, configuration: `GET /numbers/list/{id}`, `PUT /numbers/{id}` (`The number has been updated`),
 * `PUT /companies/{companyId}/triggers` (remove, upsert) and `GET`/`PUT /companies/{companyId}/schedule`.
 * Reading needs numbers.view; routing, triggers need numbers.manage; the company schedule company.manage.
 */
import { NUMBER_CONFIG_ENDPOINTS as E } from '@shared/api/numbers';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { notFound } from '../../../lib/errors';
import { routingInputsOf } from '../../voice/session';
import {
  companyOfNumber,
  getNumberConfig,
  numberOfCompany,
  saveTriggers,
  updateNumberConfig,
} from './service/number';
import { PREVIEW_CALLER, previewRouting } from './service/preview';
import { companySchedule, saveCompanySchedule } from './service/schedule';
import { scheduleView, triggerView } from './view';

export function numberConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  const numberCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfNumber(ctx.db, params.id),
  };

  route(E.show, 'numbers.view', async ({ company, params }) => getNumberConfig(ctx, company.id, params.id), {
    company: numberCompany,
  });

  route(
    E.preview,
    'numbers.view',
    async ({ company, params, query }) => {
      const row = await numberOfCompany(ctx.db, company.id, params.id);
      if (!row) throw notFound('number');
      return previewRouting({
        ...(await routingInputsOf(ctx, row)),
        roundRobin: row.round_robin,
        caller: PREVIEW_CALLER,
        now: query.at ? new Date(query.at) : ctx.now(),
      });
    },
    { company: numberCompany },
  );

  route(
    E.update,
    'numbers.manage',
    async ({ company, params, body }) => ({
      message: SUCCESS_MESSAGES.numberUpdated,
      number: await updateNumberConfig(ctx, company.id, params.id, body),
    }),
    { company: numberCompany },
  );

  route(E.triggers, 'numbers.manage', async ({ company, body }) => ({
    data: (await saveTriggers(ctx, company.id, body)).map(triggerView),
  }));

  route(E.schedule, 'numbers.view', async ({ company }) =>
    scheduleView(await companySchedule(ctx.db, company.id)),
  );

  route(E.updateSchedule, 'company.manage', async ({ company, body }) => {
    await saveCompanySchedule(ctx.db, company.id, body);
    return scheduleView(await companySchedule(ctx.db, company.id));
  });
}
