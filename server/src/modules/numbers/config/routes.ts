/**
 * §7 Numbers, configuration: `GET /numbers/list/{id}`, `PUT /numbers/{id}` (`The number has been updated`),
 * `PUT /companies/{companyId}/triggers` (remove, upsert) and `GET`/`PUT /companies/{companyId}/schedule`.
 * Reading needs numbers.view; routing, triggers need numbers.manage; the company schedule company.manage.
 */
import { NUMBER_CONFIG_ENDPOINTS as E } from '@shared/api/numbers';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { registerRoute } from '../../../http/route';
import { companyOfNumber, getNumberConfig, saveTriggers, updateNumberConfig } from './service/number';
import { companySchedule, saveCompanySchedule } from './service/schedule';
import { scheduleView, triggerView } from './view';

export function numberConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const numberCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfNumber(ctx.db, params.id),
  };

  registerRoute(app, ctx, {
    endpoint: E.show,
    access: 'numbers.view',
    company: numberCompany,
    handler: async ({ company, params }) => getNumberConfig(ctx, company.id, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'numbers.manage',
    company: numberCompany,
    handler: async ({ company, params, body }) => ({
      message: SUCCESS_MESSAGES.numberUpdated,
      number: await updateNumberConfig(ctx, company.id, params.id, body),
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.triggers,
    access: 'numbers.manage',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => ({
      data: (await saveTriggers(ctx, company.id, body)).map(triggerView),
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.schedule,
    access: 'numbers.view',
    company: { param: 'companyId' },
    handler: async ({ company }) => scheduleView(await companySchedule(ctx.db, company.id)),
  });

  registerRoute(app, ctx, {
    endpoint: E.updateSchedule,
    access: 'company.manage',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => {
      await saveCompanySchedule(ctx.db, company.id, body);
      return scheduleView(await companySchedule(ctx.db, company.id));
    },
  });
}
