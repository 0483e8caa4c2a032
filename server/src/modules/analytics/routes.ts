/**
 * §7 Analytics over HTTP: a company's grouped call report (`company_id` in the query), a business unit's (every
 * company of the unit: `organization.manage`, as every business unit route and the unit's DNI call reports), its
 * CSV export (the body's `companyId`), the KPIs (`companyId` in the path) and a dashboard widget (the body's
 * `company_id`). A company's analytics need `reports.view` there. The queries are in report.ts, kpi.ts,
 * dashboard.ts and exportJob.ts.
 */
import { ANALYTICS_ENDPOINTS as E } from '@shared/api/analytics';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { dashboardWidget } from './dashboard';
import { startAnalyticsExport } from './exportJob';
import { dayRange } from './filters';
import { callKpis } from './kpi';
import { callReport } from './report';

export function analyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, {
    company: { query: 'company_id' },
    organization: { param: 'id' },
  });

  route(E.calls, 'reports.view', async ({ company, query }) => {
    const { company_id: _company, groupBy, tz, limit, from, to, ...filters } = query;
    return callReport(ctx, {
      scope: { companyId: company.id },
      groupBy,
      tz,
      limit,
      filters,
      range: dayRange({ from, to }, tz, ctx.now()),
    });
  });

  route(E.unitCalls, 'organization.manage', async ({ organization, query }) => {
    const { groupBy, tz, limit, from, to, ...filters } = query;
    return callReport(ctx, {
      scope: { organizationId: organization.id },
      groupBy,
      tz,
      limit,
      filters,
      range: dayRange({ from, to }, tz, ctx.now()),
    });
  });

  route(
    E.exportCalls,
    'reports.view',
    async ({ company, caller, body }) =>
      startAnalyticsExport(ctx, { companyId: company.id, userId: caller.user.id, body }),
    { company: { body: 'companyId' } },
  );

  route(E.kpi, 'reports.view', async ({ company, body }) => callKpis(ctx, { companyId: company.id }, body), {
    company: { param: 'companyId' },
  });

  route(
    E.dashboard,
    'reports.view',
    async ({ company, body }) => dashboardWidget(ctx, { companyId: company.id }, body),
    { company: { body: 'company_id' } },
  );
}
