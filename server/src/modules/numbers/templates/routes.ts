/**
 * §7 Number templates: `GET`/`POST`/`DELETE /companies/{companyId}/numberTemplates` (DELETE with
 * `numberTemplatesToRemove`), `GET`/`PUT …/{id}`, and `POST …/{id}/apply` (`number_ids`). Reading needs
 * numbers.view; creating, changing, deleting and applying numbers.manage (they configure numbers). The company is
 * the path's; a template or number of another company answers 404.
 */
import { NUMBER_TEMPLATE_ENDPOINTS as E } from '@shared/api/numberTemplates';
import { templateAppliedMessage, templatesDeletedMessage } from '@shared/domain/numberTemplates';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import {
  applyTemplate,
  createTemplate,
  getTemplate,
  listTemplates,
  removeTemplates,
  updateTemplate,
} from './service';

export function numberTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  route(E.list, 'numbers.view', async ({ company }) => ({ data: await listTemplates(ctx, company.id) }));

  route(E.create, 'numbers.manage', async ({ company, body }) => createTemplate(ctx, company.id, body));

  route(E.show, 'numbers.view', async ({ company, params }) => getTemplate(ctx, company.id, params.id));

  route(E.update, 'numbers.manage', async ({ company, params, body }) =>
    updateTemplate(ctx, company.id, params.id, body),
  );

  route(E.remove, 'numbers.manage', async ({ company, body }) => {
    const removed = await removeTemplates(ctx, company.id, body.numberTemplatesToRemove);
    return { message: templatesDeletedMessage(removed), removed };
  });

  route(E.apply, 'numbers.manage', async ({ company, caller, params, body }) => {
    const updated = await applyTemplate(ctx, company.id, params.id, body, {
      userId: caller.user.id,
      impersonatorId: caller.impersonatorId,
    });
    return { message: templateAppliedMessage(updated), updated };
  });
}
