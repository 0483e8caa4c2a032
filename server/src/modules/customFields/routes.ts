/**
 * §7 Custom fields: entity types, a company's attributes (custom fields) with their choices, usage counts and
 * overrides. Listing and statistics need company.view; changing fields needs settings.manage. Routes about one
 * attribute take its company from the attribute itself, so another company's field answers 404.
 */
import { CUSTOM_FIELD_ENDPOINTS as E } from '@shared/api/customFields';
import { CUSTOM_FIELD_ENTITY_TYPES } from '@shared/domain/customFields';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import {
  companyOfField,
  countStats,
  createField,
  deleteField,
  listFields,
  overrides,
  updateField,
} from './fields';

export function customFieldRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, {
    company: { record: ({ params }) => companyOfField(ctx.db, params.id) },
  });
  route(E.entityTypes, 'authenticated', async () =>
    CUSTOM_FIELD_ENTITY_TYPES.map((type) => ({ id: type.value, name: type.label })),
  );

  route(
    E.list,
    'company.view',
    async ({ company, query }) => listFields(ctx.db, company.id, query.entityType),
    { company: { query: 'companyId' } },
  );

  route(
    E.create,
    'settings.manage',
    async ({ company, params, body }) =>
      createField(ctx.db, { companyId: company.id, entityType: params.type }, body),
    { company: { query: 'companyId' } },
  );

  // A field of another entity type than the path names is not found there.
  route(E.update, 'settings.manage', async ({ params, body }) => updateField(ctx.db, params.id, body), {
    company: { record: ({ params }) => companyOfField(ctx.db, params.id, params.type) },
  });

  route(E.remove, 'settings.manage', async ({ params }) => {
    await deleteField(ctx.db, params.id);
  });

  route(E.countStats, 'company.view', async ({ params }) => countStats(ctx.db, params.id));

  route(E.overrides, 'company.view', async ({ params, query }) =>
    overrides(ctx.db, params.id, query.page, query.perPage),
  );
}
