/**
 * §7 Ports: `GET /company/{companyId}/ports` (+ `/stats`) and one request need numbers.view; asking for a port
 * (`POST /company/{companyId}/numbers/port`, multipart), uploading the document the desk asked for and cancelling
 * need numbers.manage (they move numbers, which costs money and changes routing). The company is the path's; a
 * request of another company answers 404. A document is public by its short-lived signed URL, like all media.
 */
import { PORT_ENDPOINTS as E } from '@shared/api/ports';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { notFound } from '../../lib/errors';
import { sendStoredFile, storedFilePath } from '../../lib/storedFiles';
import { linkMaxAgeSeconds, verifyPortDocumentUrl } from '../media/urls';
import { readPortForm } from './documents';
import {
  cancelPort,
  createPort,
  listPorts,
  type PortActor,
  portDocumentOf,
  portOf,
  portStats,
  uploadPortDocuments,
  viewPort,
} from './service';

const actorOf = (caller: Caller): PortActor => ({
  userId: caller.user.id,
  impersonatorId: caller.impersonatorId,
});

export function portRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  route(E.list, 'numbers.view', async ({ company, query }) => ({
    data: await listPorts(ctx, company.id, query.status),
  }));

  route(E.stats, 'numbers.view', async ({ company }) => portStats(ctx, company.id));

  route(E.get, 'numbers.view', async ({ company, params }) =>
    viewPort(ctx, await portOf(ctx, company.id, params.id)),
  );

  route(E.create, 'numbers.manage', async ({ company, caller, request }) => {
    const { fields, documents } = await readPortForm(ctx, company.id, request);
    return createPort(ctx, { companyId: company.id, actor: actorOf(caller), fields, documents });
  });

  route(E.uploadDocuments, 'numbers.manage', async ({ company, params, request }) => {
    const row = await portOf(ctx, company.id, params.id);
    const { documents } = await readPortForm(ctx, company.id, request);
    return uploadPortDocuments(ctx, row, documents);
  });

  route(E.cancel, 'numbers.manage', async ({ company, caller, params }) =>
    cancelPort(ctx, await portOf(ctx, company.id, params.id), actorOf(caller)),
  );

  route(E.document, 'public', async ({ params, query, reply }) => {
    const maxAgeSeconds = linkMaxAgeSeconds(
      ctx,
      verifyPortDocumentUrl(ctx, {
        companyId: query.company,
        portId: params.id,
        index: params.index,
        expires: query.expires,
        sig: query.sig,
      }),
      query.expires,
    );
    const document = await portDocumentOf(ctx, {
      companyId: query.company,
      portId: params.id,
      index: params.index,
    });
    if (!document) throw notFound('file');
    return sendStoredFile(reply, {
      absolute: storedFilePath(ctx.config.dataDir, 'media', document.path, query.company),
      contentType: document.content_type,
      name: document.name,
      maxAgeSeconds,
      missing: () => notFound('file'),
    });
  });
}
