/**
 * §7 Alerts and the monitors that open them. Reading alerts and monitors, and closing, snoozing or reopening an
 * alert, need `reports.view` (alerts are monitoring of the company's activity, as its analytics are); changing a
 * monitor needs `settings.manage`. An alert's company is the alert's (another company's alert answers 404).
 */
import { ALERT_ENDPOINTS as E } from '@shared/api/alerts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { alertHistoryOf, alertOf, companyOfAlert, listAlerts, updateAlert, viewAlert } from './alerts';
import { listMonitors, updateMonitor } from './settings';
import { alertCounts } from './store';

export function alertRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { query: 'company_id' } });
  const alertCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfAlert(ctx, params.id),
  };

  route(E.list, 'reports.view', async ({ company, query }) => listAlerts(ctx, company.id, query));

  route(E.counts, 'reports.view', async ({ company }) => alertCounts(ctx.db, company.id));

  route(
    E.get,
    'reports.view',
    async ({ company, params }) => viewAlert(ctx, await alertOf(ctx, company.id, params.id)),
    { company: alertCompany },
  );

  route(
    E.history,
    'reports.view',
    async ({ company, params }) => alertHistoryOf(ctx, company.id, params.id),
    {
      company: alertCompany,
    },
  );

  route(
    E.update,
    'reports.view',
    async ({ company, caller, params, body }) =>
      updateAlert(ctx, await alertOf(ctx, company.id, params.id), caller.user.id, body),
    { company: alertCompany },
  );

  route(E.monitors, 'reports.view', async ({ company }) => listMonitors(ctx, company.id), {
    company: { param: 'companyId' },
  });

  route(
    E.updateMonitor,
    'settings.manage',
    async ({ company, params, body }) => updateMonitor(ctx, company.id, params.kind, body),
    { company: { param: 'companyId' } },
  );
}
