/** §7 Users routes. Rules in service/ (members, invitations, the user's own profile); this file is HTTP only. */
import { pageOffset, toPage } from '@shared/api/paged';
import { USER_ENDPOINTS as E } from '@shared/api/users';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { ROLE_PERMISSIONS } from '@shared/domain/permissions';
import { ROLES, type Role } from '@shared/domain/users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
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
  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'users.view',
    company: { query: 'companyId' },
    handler: async ({ company, query }) => {
      const { rows, total } = await listCompanyUsers(ctx, company.id, {
        search: query.search,
        limit: query.perPage,
        offset: pageOffset(query.page, query.perPage),
      });
      return toPage(rows, total, query.page, query.perPage);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'users.view',
    company: { query: 'companyId' },
    handler: async ({ company, params }) => companyUser(ctx, company.id, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'users.manage',
    company: { query: 'companyId' },
    handler: async ({ company, params, body }) =>
      updateCompanyUser(ctx, company.id, company.role, params.id, {
        name: body.name,
        role: body.role as Role | undefined,
      }),
  });

  registerRoute(app, ctx, {
    endpoint: E.updateProfile,
    access: 'authenticated',
    handler: async ({ caller, body }) => {
      await updateProfile(ctx, caller.user, body);
      return { message: SUCCESS_MESSAGES.userInfoUpdated };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.updatePassword,
    access: 'authenticated',
    handler: async ({ caller, body }) => {
      await changeOwnPassword(ctx, caller, body);
      return { message: SUCCESS_MESSAGES.passwordChanged };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.invites,
    access: 'users.view',
    company: { query: 'companyId' },
    handler: async ({ company }) => pendingInvitations(ctx, company.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.invite,
    access: 'users.manage',
    company: { query: 'companyId' },
    status: 201,
    handler: async ({ company, caller, body }) =>
      invite(ctx, company.id, { id: caller.user.id, role: company.role }, body),
  });

  registerRoute(app, ctx, {
    endpoint: E.resendInvite,
    access: 'users.manage',
    company: { record: ({ params }) => companyOfInvitation(ctx, params.id) },
    handler: async ({ params }) => {
      await resendInvitationById(ctx, params.id);
      return { message: SUCCESS_MESSAGES.invitationResent };
    },
  });

  for (const [endpoint, active] of [
    [E.activate, true],
    [E.deactivate, false],
  ] as const) {
    registerRoute(app, ctx, {
      endpoint,
      access: 'users.manage',
      company: { query: 'companyId' },
      handler: async ({ company, caller, body }) => {
        await setActivation(
          ctx,
          company.id,
          { id: caller.user.id, role: company.role },
          body.user_ids,
          active,
        );
        return { message: SUCCESS_MESSAGES.userAccountsUpdated };
      },
    });
  }

  registerRoute(app, ctx, {
    endpoint: E.bulkAccounts,
    access: 'organization.manage',
    organization: { query: 'organizationId' },
    handler: async ({ organization, body }) => {
      await setAccounts(ctx, organization.id, body.user_id, body.company_ids, body.role as Role | null);
      return { message: SUCCESS_MESSAGES.userAccountsUpdated };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.roles,
    access: 'authenticated',
    handler: async () => ROLES.map((role) => ({ ...role, permissions: [...ROLE_PERMISSIONS[role.value]] })),
  });
}
