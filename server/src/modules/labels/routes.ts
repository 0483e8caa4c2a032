/**
 * §7 Contact labels of a company (`/companies/{companyId}/contactLabels`): list with how many contacts carry
 * each, create and rename (a label the company has in any letter case is refused), delete, and put a label on
 * (or take it off) chosen contacts or every contact matching filters. `label_id` in the bulk bodies is a
 * reference: the company's own, checked before the handlers run (http/references.ts).
 */
import { LABEL_ENDPOINTS as E } from '@shared/api/groups';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { createLabel, deleteLabel, labelContacts, labelViews, renameLabel, unlabelContacts } from './service';

export function labelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  route(E.list, 'contacts.view', async ({ company }) => labelViews(ctx.db, company.id));

  route(E.create, 'contacts.manage', async ({ company, body }) => createLabel(ctx, company.id, body.label));

  route(E.update, 'contacts.manage', async ({ company, params, body }) =>
    renameLabel(ctx, company.id, params.labelId, body.label),
  );

  route(E.remove, 'contacts.manage', async ({ company, params }) =>
    deleteLabel(ctx, company.id, params.labelId),
  );

  route(E.bulkAdd, 'contacts.manage', async ({ company, body }) => ({
    affected: await labelContacts(ctx, company.id, body.label_id, body),
  }));

  route(E.bulkRemove, 'contacts.manage', async ({ company, body }) => ({
    affected: await unlabelContacts(ctx, company.id, body.label_id, body),
  }));
}
