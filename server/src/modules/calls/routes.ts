/**
 * §7 Calls: `PATCH /calls/{id}` (note, tags, qualification, outcome, custom values), `POST`/`DELETE
 * /calls/{id}/tags/tags`, `GET /calls/{id}/enhanced-caller-id`, and `POST /calls/{id}/converse` (text back:
 * access inbox.use, since it opens a thread). The company is the call's (another
 * company's call answers 404). Access `calls.handle`: the people who take calls wrap them up and see who is
 * calling (owner, administrator, agent); reporting and billing only read calls (`GET /calls/{id}`).
 *
 * Caller ID mirrors `GET /messages/{id}/enhanced-caller-id`, for the call's outside party: a withheld or invalid
 * party, and a party the provider knows nothing of, answer 404 with the §8 "Enhanced Caller ID could not be
 * retrieved…"; without lookupWhenMissing=1 a number never looked up answers 404 NOT_LOOKED_UP.
 */
import { ACTIVITY_ENDPOINTS as E } from '@shared/api/activity';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { HttpError } from '../../lib/errors';
import { NOT_LOOKED_UP } from '../callerId/routes';
import { changeCallTags, companyOfCall, converse, remotePartyOfCall, updateCall } from './service';

export function callRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, {
    company: { record: ({ params }) => companyOfCall(ctx.db, params.id) },
  });

  route(E.updateCall, 'calls.handle', ({ company, params, body }) =>
    updateCall(ctx, company.id, params.id, body),
  );

  route(E.addCallTags, 'calls.handle', ({ company, params, body }) =>
    changeCallTags(ctx, company.id, params.id, 'add', body.tags),
  );

  route(E.removeCallTags, 'calls.handle', ({ company, params, body }) =>
    changeCallTags(ctx, company.id, params.id, 'remove', body.tags),
  );

  route(E.converse, 'inbox.use', ({ company, params }) => converse(ctx, company.id, params.id));

  route(E.callCallerId, 'calls.handle', async ({ company, params, query }) => {
    const { number } = await remotePartyOfCall(ctx.db, company.id, params.id);
    if (!number) throw new HttpError(404, ERROR_MESSAGES.callerIdUnavailable);
    const found = query.lookupWhenMissing
      ? await ctx.callerId.lookup(company.id, number)
      : await ctx.callerId.cached(company.id, number);
    if (found === undefined) throw new HttpError(404, NOT_LOOKED_UP);
    if (found === null) throw new HttpError(404, ERROR_MESSAGES.callerIdUnavailable);
    return found;
  });
}
