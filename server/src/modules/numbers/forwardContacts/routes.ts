/**
 * §7 Numbers, `forward-contacts`: the list (`GET /forward-contacts?company_id=`), stats, usage, and adding,
 * changing and removing an entry. Reading needs numbers.view (everyone who sees how a line routes); writing needs
 * numbers.manage (who routes numbers). The company is named as the numbers area names it: the query's
 * `company_id` for a list, the body's for a create, the entry's own for one by id (another company's is 404).
 * §8 'The forwarding number has been added to the list of forwarding numbers' / 'has been updated'.
 */
import { FORWARD_CONTACT_ENDPOINTS as E } from '@shared/api/forwardContacts';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import {
  addForwardContact,
  companyOfForwardContact,
  forwardContactStats,
  forwardContactUsage,
  listForwardContacts,
  removeForwardContact,
  updateForwardContact,
} from './service';

/** The company a new entry is for: the one its body names. */
const bodyCompany = { body: 'company_id' } as const;

export function forwardContactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { query: 'company_id' } });
  const byRecord = {
    record: ({ params }: { params: { id: number } }) => companyOfForwardContact(ctx, params.id),
  };

  route(E.list, 'numbers.view', ({ company, query }) =>
    listForwardContacts(ctx, company.id, {
      page: query.page,
      perPage: query.perPage,
      search: query.search,
      number: query.number,
    }),
  );

  route(E.stats, 'numbers.view', ({ company }) => forwardContactStats(ctx, company.id));

  route(
    E.create,
    'numbers.manage',
    async ({ company, caller, body }) => ({
      message: SUCCESS_MESSAGES.forwardingNumberAdded,
      forward_contact: await addForwardContact(ctx, company.id, caller.user.id, body),
    }),
    { company: bodyCompany },
  );

  route(
    E.update,
    'numbers.manage',
    async ({ company, params, body }) => ({
      message: SUCCESS_MESSAGES.forwardingNumberUpdated,
      forward_contact: await updateForwardContact(ctx, company.id, params.id, body),
    }),
    { company: byRecord },
  );

  route(
    E.remove,
    'numbers.manage',
    ({ company, params }) => removeForwardContact(ctx, company.id, params.id),
    {
      company: byRecord,
    },
  );

  route(E.usage, 'numbers.view', ({ company, params }) => forwardContactUsage(ctx, company.id, params.id), {
    company: byRecord,
  });
}
