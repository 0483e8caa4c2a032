/** §7 Users routes. Rules in service/ (members, invitations, the user's own profile); this file is HTTP only. */
import { pageOffset, toPage } from '@shared/api/paged';
import { USER_ENDPOINTS as E } from '@shared/api/users';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { ROLE_PERMISSIONS } from '@shared/domain/permissions';
import { ROLES, type Role } from '@shared/domain/users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { companyOfInvitation, invite, pendingInvitations, resendInvitationById } from './service/invitations';
import {
  companyUser,
  listCompanyUsers,
  setAccounts,
  setActivation,
  updateCompanyUser,
} from './service/members';
import { changeOwnPassword, updateProfile } from './service/profile';

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { query: 'companyId' } });

  route(E.list, 'users.view', async ({ company, query }) => {
    const { rows, total } = await listCompanyUsers(ctx, company.id, {
      search: query.search,
      limit: query.perPage,
      offset: pageOffset(query.page, query.perPage),
    });
    return toPage(rows, total, query.page, query.perPage);
  });

  route(E.get, 'users.view', async ({ company, params }) => companyUser(ctx, company.id, params.id));

  route(E.update, 'users.manage', async ({ company, params, body }) =>
    updateCompanyUser(ctx, company.id, company.role, params.id, {
      name: body.name,
      role: body.role as Role | undefined,
    }),
  );

  route(E.updateProfile, 'authenticated', async ({ caller, body }) => {
    await updateProfile(ctx, caller.user, body);
    return { message: SUCCESS_MESSAGES.userInfoUpdated };
  });

  route(E.updatePassword, 'authenticated', async ({ caller, body }) => {
    await changeOwnPassword(ctx, caller, body);
    return { message: SUCCESS_MESSAGES.passwordChanged };
  });

  route(E.invites, 'users.view', async ({ company }) => pendingInvitations(ctx, company.id));

  route(E.invite, 'users.manage', async ({ company, caller, body }) =>
    invite(ctx, company.id, { id: caller.user.id, role: company.role }, body),
  );

  route(
    E.resendInvite,
    'users.manage',
    async ({ params }) => {
      await resendInvitationById(ctx, params.id);
      return { message: SUCCESS_MESSAGES.invitationResent };
    },
    { company: { record: ({ params }) => companyOfInvitation(ctx, params.id) } },
  );

  for (const [endpoint, active] of [
    [E.activate, true],
    [E.deactivate, false],
  ] as const) {
    route(endpoint, 'users.manage', async ({ company, caller, body }) => {
      await setActivation(ctx, company.id, { id: caller.user.id, role: company.role }, body.user_ids, active);
      return { message: SUCCESS_MESSAGES.userAccountsUpdated };
    });
  }

  route(
    E.bulkAccounts,
    'organization.manage',
    async ({ organization, caller, body }) => {
      await setAccounts(ctx, organization.id, caller, {
        userId: body.user_id,
        companyIds: body.company_ids,
        role: body.role as Role | null,
      });
      return { message: SUCCESS_MESSAGES.userAccountsUpdated };
    },
    { organization: { query: 'organizationId' } },
  );

  route(E.roles, 'authenticated', async () =>
    ROLES.map((role) => ({ ...role, permissions: [...ROLE_PERMISSIONS[role.value]] })),
  );
}
