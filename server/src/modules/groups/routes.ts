/**
 * §7 Groups: CRUD with contact counts, add and remove contacts, add every contact matching filters. Virtual
 * groups (with filters) take no members by hand: their contacts are whoever matches the filters.
 */
import { GROUP_ENDPOINTS as E } from '@shared/api/groups';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import {
  companyOfGroup,
  createGroup,
  deleteGroup,
  listGroups,
  oneGroup,
  updateGroup,
} from './service/groups';
import { addContacts, addMatchingContacts, removeContacts } from './service/members';

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const groupCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfGroup(ctx.db, params.id),
  };

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'contacts.view',
    company: { query: 'companyId' },
    handler: async ({ company, query }) => listGroups(ctx, company.id, query.search),
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'contacts.manage',
    company: { query: 'companyId' },
    status: 201,
    handler: async ({ company, caller, body }) => createGroup(ctx, company.id, caller.user.id, body),
  });

  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'contacts.view',
    company: groupCompany,
    handler: async ({ company, params }) => oneGroup(ctx.db, company.id, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'contacts.manage',
    company: groupCompany,
    handler: async ({ company, params, body }) => updateGroup(ctx, company.id, params.id, body),
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'contacts.manage',
    company: groupCompany,
    status: 204,
    handler: async ({ company, params }) => deleteGroup(ctx, company.id, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.addAllContacts,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, params, body }) => ({
      affected: await addMatchingContacts(ctx, company.id, params.groupId, body.filters),
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.addContacts,
    access: 'contacts.manage',
    company: groupCompany,
    handler: async ({ company, params, body }) => ({
      affected: await addContacts(ctx, company.id, params.id, body.contacts),
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.removeContacts,
    access: 'contacts.manage',
    company: groupCompany,
    handler: async ({ company, params, body }) => ({
      affected: await removeContacts(ctx, company.id, params.id, body),
    }),
  });
}
