/**
 * §7 Contact labels of a company (`/companies/{companyId}/contactLabels`): list with how many contacts carry
 * each, create and rename (a label the company has in any letter case is refused), delete, and put a label on
 * (or take it off) chosen contacts or every contact matching filters. `label_id` in the bulk bodies is a
 * reference: the company's own, checked before the handlers run (http/references.ts).
 */
import { LABEL_ENDPOINTS as E } from '@shared/api/groups';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { createLabel, deleteLabel, labelContacts, labelViews, renameLabel, unlabelContacts } from './service';

export function labelRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'contacts.view',
    company: { param: 'companyId' },
    handler: async ({ company }) => labelViews(ctx.db, company.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    status: 201,
    handler: async ({ company, body }) => createLabel(ctx, company.id, body.label),
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, params, body }) => renameLabel(ctx, company.id, params.labelId, body.label),
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    status: 204,
    handler: async ({ company, params }) => deleteLabel(ctx, company.id, params.labelId),
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkAdd,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => ({
      affected: await labelContacts(ctx, company.id, body.label_id, body),
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkRemove,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => ({
      affected: await unlabelContacts(ctx, company.id, body.label_id, body),
    }),
  });
}
