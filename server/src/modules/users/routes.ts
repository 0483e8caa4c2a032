/** §7 Users routes. Rules in service.ts; this file is HTTP only. */
import { pageOffset, toPage } from '@shared/api/paged';
import { USER_ENDPOINTS as E } from '@shared/api/users';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { ROLE_PERMISSIONS } from '@shared/domain/permissions';
import { ROLES, type Role } from '@shared/domain/users';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invitations, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { HttpError, invalid } from '../../lib/errors';
import { verifyPassword } from '../../lib/secrets';
import { setPassword } from '../auth/service';
import {
  changeRole,
  companyUser,
  invitationView,
  invite,
  listCompanyUsers,
  resendInvitation,
  setAccounts,
  setActivation,
} from './service';

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
    handler: async ({ company, params, body }) => {
      await companyUser(ctx, company.id, params.id);
      if (body.role) await changeRole(ctx, company.id, company.role, params.id, body.role as Role);
      if (body.name)
        await ctx.db
          .update(users)
          .set({ name: body.name, updated_at: ctx.now() })
          .where(eq(users.id, params.id));
      return companyUser(ctx, company.id, params.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.updateProfile,
    access: 'authenticated',
    handler: async ({ caller, body }) => {
      if (body.email && body.email !== caller.user.email) {
        const [taken] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, body.email), ne(users.id, caller.user.id)));
        if (taken)
          throw new HttpError(409, 'Another account uses this email.', {
            email: ['Another account uses this email.'],
          });
      }
      await ctx.db
        .update(users)
        .set({ ...body, updated_at: ctx.now() })
        .where(eq(users.id, caller.user.id));
      return { message: SUCCESS_MESSAGES.userInfoUpdated };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.updatePassword,
    access: 'authenticated',
    handler: async ({ caller, body }) => {
      if (!(await verifyPassword(body.current_password, caller.user.password_hash))) {
        throw invalid({ current_password: ['That is not your current password.'] });
      }
      await setPassword(ctx, caller.user.id, body.password, caller.credentialId);
      return { message: SUCCESS_MESSAGES.passwordChanged };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.invites,
    access: 'users.view',
    company: { query: 'companyId' },
    handler: async ({ company }) =>
      (
        await ctx.db
          .select()
          .from(invitations)
          .where(and(eq(invitations.company_id, company.id), isNull(invitations.accepted_at)))
          .orderBy(desc(invitations.sent_at))
          .limit(1000)
      ).map(invitationView),
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
    company: {
      record: async ({ params }) => {
        const [row] = await ctx.db
          .select({ company: invitations.company_id })
          .from(invitations)
          .where(eq(invitations.id, params.id));
        return row?.company ?? null;
      },
    },
    handler: async ({ params }) => {
      const [row] = await ctx.db.select().from(invitations).where(eq(invitations.id, params.id));
      if (row) await resendInvitation(ctx, row);
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
