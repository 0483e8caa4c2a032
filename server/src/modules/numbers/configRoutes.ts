/**
 * §7 Numbers, configuration: `GET /numbers/list/{id}`, `PUT /numbers/{id}` (`The number has been updated`),
 * `PUT /companies/{companyId}/triggers` (remove, upsert) and `GET`/`PUT /companies/{companyId}/schedule`.
 * Reading needs numbers.view; routing, triggers need numbers.manage; the company schedule company.manage.
 */
import { NUMBER_CONFIG_ENDPOINTS as E } from '@shared/api/numbers';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { numbers, numberTriggers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { invalid, notFound } from '../../lib/errors';
import {
  companySchedule,
  configurationErrors,
  numberDetail,
  numberOfCompany,
  saveCompanySchedule,
  scheduleView,
  triggerView,
  updateValues,
} from './config';

export function numberConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const numberCompany = {
    record: async ({ params }: { params: { id: number } }) => {
      const [row] = await ctx.db
        .select({ company_id: numbers.company_id })
        .from(numbers)
        .where(eq(numbers.id, params.id));
      return row?.company_id ?? null;
    },
  };

  registerRoute(app, ctx, {
    endpoint: E.show,
    access: 'numbers.view',
    company: numberCompany,
    handler: async ({ company, params }) => {
      const row = await numberOfCompany(ctx.db, company.id, params.id);
      if (!row) throw notFound('number');
      return numberDetail(ctx.db, row);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'numbers.manage',
    company: numberCompany,
    handler: async ({ company, params, body }) => {
      const row = await numberOfCompany(ctx.db, company.id, params.id);
      if (!row) throw notFound('number');
      const errors = await configurationErrors(ctx.db, company.id, row, body);
      if (Object.keys(errors).length) throw invalid(errors);
      const values = updateValues(body);
      const [updated] = Object.keys(values).length
        ? await ctx.db
            .update(numbers)
            .set({ ...values, updated_at: new Date() })
            .where(eq(numbers.id, row.id))
            .returning()
        : [row];
      return { message: SUCCESS_MESSAGES.numberUpdated, number: await numberDetail(ctx.db, updated ?? row) };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.triggers,
    access: 'numbers.manage',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => {
      // Every trigger and number id in the body is the company's: checked before this runs (http/references.ts).

      await ctx.db.transaction(async (tx) => {
        if (body.remove.length)
          await tx.delete(numberTriggers).where(inArray(numberTriggers.id, body.remove));
        for (const { id, ...trigger } of body.upsert) {
          if (id) {
            await tx
              .update(numberTriggers)
              .set({ ...trigger, updated_at: new Date() })
              .where(eq(numberTriggers.id, id));
          } else {
            await tx.insert(numberTriggers).values({ ...trigger, company_id: company.id });
          }
        }
      });
      const rows = await ctx.db
        .select()
        .from(numberTriggers)
        .where(eq(numberTriggers.company_id, company.id))
        .orderBy(asc(numberTriggers.id));
      return { data: rows.map(triggerView) };
    },
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
