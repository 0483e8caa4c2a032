/**
 * §7 Custom fields: entity types, a company's attributes (custom fields) with their choices, usage counts and
 * overrides. Listing and statistics need company.view; changing fields needs settings.manage. Routes about one
 * attribute take its company from the attribute itself, so another company's field answers 404.
 */
import { CUSTOM_FIELD_ENDPOINTS as E } from '@shared/api/customFields';
import { CUSTOM_FIELD_ENTITY_TYPES } from '@shared/domain/customFields';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
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
  registerRoute(app, ctx, {
    endpoint: E.entityTypes,
    access: 'authenticated',
    handler: async () => CUSTOM_FIELD_ENTITY_TYPES.map((type) => ({ id: type.value, name: type.label })),
  });

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'company.view',
    company: { query: 'companyId' },
    handler: async ({ company, query }) => listFields(ctx.db, company.id, query.entityType),
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'settings.manage',
    company: { query: 'companyId' },
    status: 201,
    handler: async ({ company, params, body }) =>
      createField(ctx.db, { companyId: company.id, entityType: params.type }, body),
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'settings.manage',
    // A field of another entity type than the path names is not found there.
    company: { record: ({ params }) => companyOfField(ctx.db, params.id, params.type) },
    handler: async ({ params, body }) => updateField(ctx.db, params.id, body),
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'settings.manage',
    company: { record: ({ params }) => companyOfField(ctx.db, params.id) },
    status: 204,
    handler: async ({ params }) => {
      await deleteField(ctx.db, params.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.countStats,
    access: 'company.view',
    company: { record: ({ params }) => companyOfField(ctx.db, params.id) },
    handler: async ({ params }) => countStats(ctx.db, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.overrides,
    access: 'company.view',
    company: { record: ({ params }) => companyOfField(ctx.db, params.id) },
    handler: async ({ params, query }) => overrides(ctx.db, params.id, query.page, query.perPage),
  });
}
