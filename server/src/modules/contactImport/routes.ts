/**
 * §7 contact import: preview a file for the mapping step, import it as a background batch
 * (`PUT /companies/{companyId}/contacts`), follow the batch, download the rows it could not take. Preview and
 * import need contacts.manage, following and the report contacts.view; a batch of another company is not found.
 *
 * The import's multipart parts are read in order: `mapping` (JSON), `groups[]`, `labels[]` first, then `file`.
 */
import { pipeline, Readable } from 'node:stream';
import { CONTACT_ENDPOINTS as E } from '@shared/api/contacts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { csvStream } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { batchJson, findBatch, reportRecords } from './batches';
import { previewUpload, stageUpload } from './upload';

export function contactImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  route(E.importPreview, 'contacts.manage', async ({ company, request }) =>
    previewUpload(ctx, company.id, request),
  );

  route(E.import, 'contacts.manage', async ({ company, caller, request }) => {
    // Staged and queued as a job: the runner is woken and starts on it at once.
    const batch = await stageUpload(ctx, { companyId: company.id, userId: caller.user.id, request });
    return batchJson(batch);
  });

  route(E.importProgress, 'contacts.view', async ({ company, params }) => {
    const batch = await findBatch(ctx.db, company.id, params.batchId);
    if (!batch) throw notFound('import');
    return batchJson(batch);
  });

  route(E.importReport, 'contacts.view', async ({ company, params, reply }) => {
    const batch = await findBatch(ctx.db, company.id, params.batchId);
    if (!batch) throw notFound('import');
    const csv = csvStream({ bom: true, record_delimiter: 'windows' });
    // A failure half-way ends the download (the client sees a cut transfer), never the server.
    pipeline(Readable.from(reportRecords(ctx.db, batch)), csv, () => undefined);
    return reply
      .status(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="import-${batch.id}-errors.csv"`)
      .send(csv);
  });
}
