/**
 * §7 bulk attribute update over HTTP: the CSV template (`GET`) and its upload (`POST`, multipart `file`), for one
 * company (`/bulkAttributeUpdate/companies/{companyId}`, `numbers.manage`: custom values configure numbers, as
 * `PUT /numbers/{id}` does) or a business unit (`/bulkAttributeUpdate/businessUnits/{id}`, `organization.manage`:
 * it spans every company of the unit, so it is its organization admins', like every business unit route).
 */
import { BULK_ATTRIBUTE_ENDPOINTS as E } from '@shared/api/dniReports';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { contentDisposition } from '../../../lib/storedFiles';
import { applyBulkUpdate, type BulkScope, templateCsv } from './service';
import { uploadedRecords } from './upload';

async function sendTemplate(ctx: AppContext, reply: FastifyReply, scope: BulkScope, name: string) {
  const csv = await templateCsv(ctx, scope);
  return reply
    .status(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition('attachment', name))
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}

export function bulkAttributeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, {
    company: { param: 'companyId' },
    organization: { param: 'id' },
  });

  route(E.companyTemplate, 'numbers.manage', async ({ company, reply }) =>
    sendTemplate(ctx, reply, { companyId: company.id }, `number-attributes-${company.id}.csv`),
  );

  route(E.companyUpload, 'numbers.manage', async ({ company, request }) =>
    applyBulkUpdate(ctx, { companyId: company.id }, await uploadedRecords(request)),
  );

  route(E.unitTemplate, 'organization.manage', async ({ organization, reply }) =>
    sendTemplate(
      ctx,
      reply,
      { organizationId: organization.id },
      `business-unit-${organization.id}-number-attributes.csv`,
    ),
  );

  route(E.unitUpload, 'organization.manage', async ({ organization, request }) =>
    applyBulkUpdate(ctx, { organizationId: organization.id }, await uploadedRecords(request)),
  );
}
