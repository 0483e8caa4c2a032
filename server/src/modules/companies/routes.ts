/** §7 Company routes: one company, its settings, the companies a user may use, creating one. */
import { COMPANY_ENDPOINTS as E } from '@shared/api/companies';
import { pageOffset, toPage } from '@shared/api/paged';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import {
  companyView,
  createCompany,
  organizationOfCompany,
  refuseIfDeactivated,
  searchCompanies,
  setAccountStatus,
  updateCompany,
} from './service';

export function companyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'id' } });

  route(E.get, 'company.view', async ({ company, caller }) =>
    companyView(ctx, company.id, caller.user.id, company.role),
  );

  route(E.update, 'company.manage', async ({ company, caller, body }) => {
    await updateCompany(ctx, company.id, body);
    return companyView(ctx, company.id, caller.user.id, company.role);
  });

  route(E.slim, 'authenticated', async ({ caller, query }) => {
    const { rows, total } = await searchCompanies(ctx, caller, {
      search: query.search,
      limit: query.perPage,
      offset: pageOffset(query.page, query.perPage),
    });
    return toPage(rows, total, query.page, query.perPage);
  });

  route(
    E.lookup,
    'authenticated',
    async ({ caller, query }) =>
      (await searchCompanies(ctx, caller, { search: query.search, limit: 20, offset: 0 })).rows,
  );

  route(
    E.accountStatus,
    'organization.manage',
    async ({ params, body }) => {
      await setAccountStatus(ctx, params.id, body.account_status);
      return { id: params.id, account_status: body.account_status };
    },
    { organization: { record: ({ params }) => organizationOfCompany(ctx, params.id) } },
  );

  route(E.create, 'authenticated', async ({ caller, body }) => {
    await refuseIfDeactivated(ctx, caller);
    const id = await createCompany(ctx, caller, body);
    return companyView(ctx, id, caller.user.id, 'owner');
  });
}
