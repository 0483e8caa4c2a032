/**
 * §7 Activity exports over HTTP: `POST /calls/export` (and messages, fax, voicemails) starts one (202, the batch),
 * its progress, and the download of a finished one's CSV (409 before). The batch and its job are in
 * exportJob.ts, the CSV in exportWriter.ts.
 */
import { EXPORT_ENDPOINTS as E, EXPORT_COLUMNS, type ExportKind } from '@shared/api/activity';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { conflict, notFound } from '../../lib/errors';
import { sendStoredFile } from '../../lib/storedFiles';
import { findExport, startExport } from './exportJob';
import { exportJson, exportPath } from './exportWriter';

export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  for (const kind of Object.keys(EXPORT_COLUMNS) as ExportKind[]) {
    route(
      E[kind],
      'activity.export',
      async ({ company, body, caller }) =>
        startExport(ctx, { companyId: company.id, userId: caller.user.id, kind, body }),
      // A POST export names its company in the body (`companyId`).
      { company: { body: 'companyId' } },
    );
  }

  route(E.progress, 'activity.export', async ({ company, params }) =>
    exportJson(await findExport(ctx, company.id, params.batchId)),
  );

  route(E.download, 'activity.export', async ({ company, params, reply }) => {
    const batch = await findExport(ctx, company.id, params.batchId);
    const path = exportPath(ctx, company.id, batch.id);
    if (batch.state !== 'finished') throw conflict('The export is not finished.');
    return sendStoredFile(reply, {
      absolute: path,
      contentType: 'text/csv',
      name: batch.file_name,
      missing: () => notFound('export file'),
    });
  });
}
