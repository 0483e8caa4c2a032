/**
 * §7 Favorite reports (`reports.view`: they save analytics reports) and Column presets (`company.view`: every
 * table of the company has them). Both are the caller's own in a company: a new one names its company in the
 * body; one by id finds its company only for someone who may see it — a favorite its owner, a column set its
 * owner or (shared) anyone of the company — so another person's answers 404. Who may change a shared column set
 * (its owner) is checked in ./columnPresets.ts (403).
 */
import { FAVORITE_REPORT_ENDPOINTS as F, COLUMN_PRESET_ENDPOINTS as P } from '@shared/api/favoriteReports';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import {
  companyOfVisiblePreset,
  createPreset,
  deletePreset,
  listPresets,
  updatePreset,
  viewPreset,
} from './columnPresets';
import {
  companyOfOwnFavorite,
  createFavorite,
  deleteFavorite,
  listFavorites,
  updateFavorite,
} from './favoriteReports';
import { favoriteView } from './view';

/** A new record's company: the one its body names. */
const bodyCompany = { body: 'company_id' } as const;

type ById = { params: { id: number }; caller: Caller };

export function favoriteReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { query: 'company_id' } });
  const own = {
    company: { record: ({ params, caller }: ById) => companyOfOwnFavorite(ctx, params.id, caller.user.id) },
  };

  route(F.list, 'reports.view', async ({ company, caller }) =>
    (await listFavorites(ctx, company.id, caller.user.id)).map(favoriteView),
  );

  route(
    F.create,
    'reports.view',
    async ({ company, caller, body }) =>
      favoriteView(await createFavorite(ctx, company.id, caller.user.id, body)),
    { company: bodyCompany },
  );

  route(
    F.update,
    'reports.view',
    async ({ company, caller, params, body }) =>
      favoriteView(await updateFavorite(ctx, company.id, caller.user.id, params.id, body)),
    own,
  );

  route(
    F.remove,
    'reports.view',
    async ({ company, caller, params }) => deleteFavorite(ctx, company.id, caller.user.id, params.id),
    own,
  );
}

export function columnPresetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { query: 'company_id' } });
  const visible = {
    company: { record: ({ params, caller }: ById) => companyOfVisiblePreset(ctx, params.id, caller.user.id) },
  };

  route(P.list, 'company.view', async ({ company, caller, query }) =>
    listPresets(ctx, company.id, caller.user.id, query.table),
  );

  route(
    P.create,
    'company.view',
    async ({ company, caller, body }) => createPreset(ctx, company.id, caller.user.id, body),
    { company: bodyCompany },
  );

  route(
    P.get,
    'company.view',
    async ({ company, caller, params }) => viewPreset(ctx, company.id, caller.user.id, params.id),
    visible,
  );

  route(
    P.update,
    'company.view',
    async ({ company, caller, params, body }) =>
      updatePreset(ctx, company.id, caller.user.id, params.id, body),
    visible,
  );

  route(
    P.remove,
    'company.view',
    async ({ company, caller, params }) => deletePreset(ctx, company.id, caller.user.id, params.id),
    visible,
  );
}
