/**
 * §7 `GET /companies/{companyId}/extension-suggestions` (§9 "extension suggestions 10" a page): the extensions set
 * up on the company's numbers, one per label and configuration, searchable by label. Needs numbers.view, as the
 * numbers' routing it is read from does.
 */
import { EXTENSION_SUGGESTION_ENDPOINTS as E } from '@shared/api/forwardContacts';
import { pageOffset, toPage } from '@shared/api/paged';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { companyRouting } from '../forwardContacts/routing';
import { extensionSuggestions } from './suggest';

export function extensionSuggestionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  route(E.list, 'numbers.view', async ({ company, query }) => {
    const all = extensionSuggestions(await companyRouting(ctx, company.id), query.q);
    const start = pageOffset(query.page, query.perPage);
    return toPage(all.slice(start, start + query.perPage), all.length, query.page, query.perPage);
  });
}
