/** §7 Business units: organizations, their companies and admins. Only their admins (or a platform admin) manage them. */
import { BUSINESS_UNIT_ENDPOINTS as E } from '@shared/api/businessUnits';
import { pageOffset, toPage } from '@shared/api/paged';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { organizationOfCompany } from '../companies/service';
import {
  addAdmin,
  addCompany,
  adminsOf,
  createOrganization,
  listOrganizations,
  organizationCompanies,
  organizationOf,
  removeAdmin,
  removeCompany,
  updateOrganization,
} from './service';

export function businessUnitRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'authenticated',
    handler: async ({ caller, query }) => {
      const { rows, total } = await listOrganizations(ctx, caller, {
        limit: query.perPage,
        offset: pageOffset(query.page, query.perPage),
      });
      return toPage(rows, total, query.page, query.perPage);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'authenticated',
    status: 201,
    handler: async ({ caller, body }) => createOrganization(ctx, caller.user.id, body.name),
  });

  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization }) => organizationOf(ctx, organization.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization, body }) => updateOrganization(ctx, organization.id, { name: body.name }),
  });

  registerRoute(app, ctx, {
    endpoint: E.status,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization, body }) =>
      updateOrganization(ctx, organization.id, { status: body.status }),
  });

  registerRoute(app, ctx, {
    endpoint: E.companies,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization }) => organizationCompanies(ctx, organization.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.addCompany,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization, caller, body }) => {
      await addCompany(ctx, organization.id, caller, body.company_id);
      return { message: SUCCESS_MESSAGES.organizationUpdated };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.removeCompany,
    access: 'organization.manage',
    organization: { record: ({ params }) => organizationOfCompany(ctx, params.id) },
    status: 204,
    handler: async ({ params }) => removeCompany(ctx, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.admins,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization }) => adminsOf(ctx, organization.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.addAdmin,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization, body }) => addAdmin(ctx, organization.id, body.email),
  });

  registerRoute(app, ctx, {
    endpoint: E.removeAdmin,
    access: 'organization.manage',
    organization: { param: 'id' },
    status: 204,
    handler: async ({ organization, params }) => removeAdmin(ctx, organization.id, params.userId),
  });
}
