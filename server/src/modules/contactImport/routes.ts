/**
 * §7 contact import: preview a file for the mapping step, import it as a background batch
 * (`PUT /companies/{companyId}/contacts`), follow the batch, download the rows it could not take. Preview and
 * import need contacts.manage, following and the report contacts.view; a batch of another company is not found.
 *
 * The import's multipart parts are read in order: `mapping` (JSON), `groups[]`, `labels[]` first, then `file`.
 */
import { pipeline, Readable } from 'node:stream';
import { CONTACT_ENDPOINTS as E } from '@shared/api/contacts';
import { neutraliseCsvCell } from '@shared/domain/contacts';
import { stringify } from 'csv-stringify';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { batchErrors } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { notFound } from '../../lib/errors';
import { batchJson, findBatch } from './batches';
import { previewUpload, stageUpload } from './upload';

/** Report rows read per query while streaming the report. */
const REPORT_PAGE = 1000;

export function contactImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.importPreview,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, request }) => previewUpload(ctx, company.id, request),
  });

  registerRoute(app, ctx, {
    endpoint: E.import,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    status: 202,
    handler: async ({ company, caller, request }) => {
      const batch = await stageUpload(ctx, { companyId: company.id, userId: caller.user.id, request });
      request.server.importWorker?.wake();
      return batchJson(batch);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.importProgress,
    access: 'contacts.view',
    company: { param: 'companyId' },
    handler: async ({ company, params }) => {
      const batch = await findBatch(ctx.db, company.id, params.batchId);
      if (!batch) throw notFound('import');
      return batchJson(batch);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.importReport,
    access: 'contacts.view',
    company: { param: 'companyId' },
    handler: async ({ company, params, reply }) => {
      const batch = await findBatch(ctx.db, company.id, params.batchId);
      if (!batch) throw notFound('import');
      const csv = stringify({ bom: true, record_delimiter: 'windows' });
      // A failure half-way ends the download (the client sees a cut transfer), never the server.
      pipeline(Readable.from(reportRecords(ctx.db, batch.id, batch.columns)), csv, () => undefined);
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${batch.id}-errors.csv"`)
        .send(csv);
    },
  });
}

/** The report: `row, reason`, then the file's columns; each bad row as it was, formula cells neutralised. */
async function* reportRecords(db: Db, batchId: number, columns: string[]): AsyncGenerator<string[]> {
  yield ['row', 'reason', ...columns].map(neutraliseCsvCell);
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(batchErrors)
      .where(and(eq(batchErrors.batch_id, batchId), gt(batchErrors.row_number, after)))
      .orderBy(asc(batchErrors.row_number))
      .limit(REPORT_PAGE);
    for (const error of page) {
      yield [String(error.row_number), error.reason, ...error.cells].map(neutraliseCsvCell);
    }
    const last = page[page.length - 1];
    if (!last || page.length < REPORT_PAGE) return;
    after = last.row_number;
  }
}
