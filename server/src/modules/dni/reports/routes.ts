/**
 * §7 DNI call reports over HTTP. A company's (`POST /dni/reports/calls` with `company_id`, `GET /dni/reports?companyId=`)
 * need `reports.view` there: a DNI call report is analytics, as the dashboards are. A business unit's
 * (`POST`/`GET /business-units/{id}/dni/reports…`) cover every company of the unit, so they need what every
 * business unit route needs, `organization.manage` — its organization admins (and platform admins). That is the
 * closest rule there is: no role of one company may read its sibling companies' calls, and an organization admin
 * acts as administrator (with `reports.view`) in each of them anyway. The CSV itself is opened by the short-lived
 * signed link the list gives (`public`, the link's signature is its access), like exports' and media's files.
 */
import { DNI_REPORT_ENDPOINTS as E } from '@shared/api/dniReports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { conflict, notFound } from '../../../lib/errors';
import { sendStoredFile } from '../../../lib/storedFiles';
import { linkMaxAgeSeconds, verifyDniReportUrl } from '../../media/urls';
import { bulkAttributeRoutes } from '../bulkAttributes/routes';
import { downloadName, findReport, listReports, reportPath, requestReport } from './service';

/** The batch half of call tracking, registered together: DNI call reports and the bulk attribute update. */
export function dniBatchRoutes(app: FastifyInstance, ctx: AppContext): void {
  dniReportRoutes(app, ctx);
  bulkAttributeRoutes(app, ctx);
}

export function dniReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, {
    company: { query: 'companyId' },
    organization: { param: 'id' },
  });

  route(
    E.requestCalls,
    'reports.view',
    async ({ company, caller, body }) =>
      requestReport(ctx, {
        scope: { companyId: company.id },
        userId: caller.user.id,
        startDate: body.startDate,
        endDate: body.endDate,
      }),
    { company: { body: 'company_id' } },
  );

  route(E.list, 'reports.view', async ({ company }) => listReports(ctx, { companyId: company.id }));

  route(E.requestUnitCalls, 'organization.manage', async ({ organization, caller, body }) =>
    requestReport(ctx, {
      scope: { organizationId: organization.id },
      userId: caller.user.id,
      startDate: body.startDate,
      endDate: body.endDate,
    }),
  );

  route(E.unitList, 'organization.manage', async ({ organization }) =>
    listReports(ctx, { organizationId: organization.id }),
  );

  route(E.download, 'public', async ({ params, query, reply }) => {
    const maxAge = linkMaxAgeSeconds(
      ctx,
      verifyDniReportUrl(ctx, { id: params.id, expires: query.expires, sig: query.sig }),
      query.expires,
    );
    const report = await findReport(ctx, params.id);
    if (!report) throw notFound('report');
    if (report.state !== 'finished') throw conflict('The report is not finished.');
    return sendStoredFile(reply, {
      absolute: reportPath(ctx, report.id),
      contentType: 'text/csv',
      name: downloadName(report),
      maxAgeSeconds: maxAge,
      missing: () => notFound('report file'),
    });
  });
}
