/**
 * §7 Caller ID routes (access inbox.use): the enhanced caller ID of a conversation item's outside party, and a
 * lookup of any number. Not found → 404 with the §8 messages (ERROR_MESSAGES.callerIdUnavailable when the party
 * is withheld or not a real number, callerIdLookupNotFound when the provider knows nothing of it).
 */
import { CALLER_ID_ENDPOINTS as E } from '@shared/api/callerId';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { HttpError, invalid, notFound } from '../../lib/errors';
import { companyOfItem } from '../conversations/service/records';
import { partyNumber, partyOfItem } from './service';

/** Said when the item's party was never looked up and the caller did not ask for a lookup. */
export const NOT_LOOKED_UP = 'Caller information has not been looked up for this number yet.';

export function callerIdRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(
    E.forMessage,
    'inbox.use',
    async ({ company, params, query }) => {
      const number = await partyOfItem(ctx, company.id, params.id);
      if (number === undefined) throw notFound('message');
      if (!number) throw new HttpError(404, ERROR_MESSAGES.callerIdUnavailable);
      const found = query.lookupWhenMissing
        ? await ctx.callerId.lookup(company.id, number)
        : await ctx.callerId.cached(company.id, number);
      if (found === undefined) throw new HttpError(404, NOT_LOOKED_UP);
      if (found === null) throw new HttpError(404, ERROR_MESSAGES.callerIdLookupNotFound);
      return found;
    },
    { company: { record: ({ params }) => companyOfItem(ctx.db, params.id) } },
  );

  route(
    E.lookup,
    'inbox.use',
    async ({ company, body }) => {
      const number = partyNumber(body.number);
      if (!number) throw invalid({ number: ['Enter a valid phone number.'] });
      const found = await ctx.callerId.lookup(company.id, number);
      if (!found) throw new HttpError(404, ERROR_MESSAGES.callerIdLookupNotFound);
      return found;
    },
    { company: { param: 'companyId' } },
  );
}
