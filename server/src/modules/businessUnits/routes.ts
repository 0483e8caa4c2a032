/** §7 Business units: organizations, their companies and admins. Only their admins (or a platform admin) manage them. */
import { BUSINESS_UNIT_ENDPOINTS as E } from '@shared/api/businessUnits';
import { pageOffset, toPage } from '@shared/api/paged';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { organizationOfCompany } from '../companies/service';
import { acceptAdminInvitation, inviteAdmin, organizationUsers, withdrawInvitation } from './invitations';
import {
  addCompany,
  createOrganization,
  listOrganizations,
  organizationCompanies,
  organizationOf,
  removeAdmin,
  removeCompany,
  updateOrganization,
} from './service';

export function businessUnitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { organization: { param: 'id' } });

  route(E.list, 'authenticated', async ({ caller, query }) => {
    const { rows, total } = await listOrganizations(ctx, caller, {
      limit: query.perPage,
      offset: pageOffset(query.page, query.perPage),
    });
    return toPage(rows, total, query.page, query.perPage);
  });

  route(E.create, 'authenticated', async ({ caller, body }) =>
    createOrganization(ctx, caller.user.id, body.name),
  );

  route(E.get, 'organization.manage', async ({ organization }) => organizationOf(ctx, organization.id));

  route(E.update, 'organization.manage', async ({ organization, body }) =>
    updateOrganization(ctx, organization.id, { name: body.name }),
  );

  route(E.status, 'organization.manage', async ({ organization, body }) =>
    updateOrganization(ctx, organization.id, { status: body.status }),
  );

  route(E.companies, 'organization.manage', async ({ organization }) =>
    organizationCompanies(ctx, organization.id),
  );

  route(E.addCompany, 'organization.manage', async ({ organization, caller, body }) => {
    await addCompany(ctx, organization.id, caller, body.company_id);
    return { message: SUCCESS_MESSAGES.organizationUpdated };
  });

  route(E.removeCompany, 'organization.manage', async ({ params }) => removeCompany(ctx, params.id), {
    organization: { record: ({ params }) => organizationOfCompany(ctx, params.id) },
  });

  route(E.admins, 'organization.manage', async ({ organization }) => organizationUsers(ctx, organization.id));

  route(E.addAdmin, 'organization.manage', async ({ organization, caller, body }) =>
    inviteAdmin(ctx, organization.id, caller.user.id, body.email),
  );

  route(E.withdrawInvitation, 'organization.manage', async ({ organization, params }) =>
    withdrawInvitation(ctx, organization.id, params.invitationId),
  );

  // Any signed-in person: the invitation's own rules (sent to their address) decide.
  route(E.acceptInvitation, 'authenticated', async ({ caller, body }) =>
    acceptAdminInvitation(ctx, caller, body.token),
  );

  route(E.removeAdmin, 'organization.manage', async ({ organization, params }) =>
    removeAdmin(ctx, organization.id, params.userId),
  );
}
