/**
 * §7 Groups: CRUD with contact counts, add and remove contacts, add every contact matching filters. Virtual
 * groups (with filters) take no members by hand: their contacts are whoever matches the filters.
 */
import { GROUP_ENDPOINTS as E } from '@shared/api/groups';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
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
  const route = moduleRoutes(app, ctx, {
    company: { record: ({ params }) => companyOfGroup(ctx.db, params.id) },
  });

  route(E.list, 'contacts.view', async ({ company, query }) => listGroups(ctx, company.id, query.search), {
    company: { query: 'companyId' },
  });

  route(
    E.create,
    'contacts.manage',
    async ({ company, caller, body }) => createGroup(ctx, company.id, caller.user.id, body),
    { company: { query: 'companyId' } },
  );

  route(E.get, 'contacts.view', async ({ company, params }) => oneGroup(ctx.db, company.id, params.id));

  route(E.update, 'contacts.manage', async ({ company, params, body }) =>
    updateGroup(ctx, company.id, params.id, body),
  );

  route(E.remove, 'contacts.manage', async ({ company, params }) => deleteGroup(ctx, company.id, params.id));

  route(
    E.addAllContacts,
    'contacts.manage',
    async ({ company, params, body }) => ({
      affected: await addMatchingContacts(ctx, company.id, params.groupId, body.filters),
    }),
    { company: { param: 'companyId' } },
  );

  route(E.addContacts, 'contacts.manage', async ({ company, params, body }) => ({
    affected: await addContacts(ctx, company.id, params.id, body.contacts),
  }));

  route(E.removeContacts, 'contacts.manage', async ({ company, params, body }) => ({
    affected: await removeContacts(ctx, company.id, params.id, body),
  }));
}
