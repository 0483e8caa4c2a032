/**
 * §7 Activity over HTTP: one call, the calls search, the activity feed and a recording (through a signed URL,
 * so `<audio>` needs no bearer header). The queries are in service.ts.
 */
import { ACTIVITY_ENDPOINTS as E } from '@shared/api/activity';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { notFound } from '../../lib/errors';
import { FILE_CSP, sendStoredFile, storedFilePath } from '../../lib/storedFiles';
import { linkMaxAgeSeconds, verifyRecordingUrl } from '../media/urls';
import { activityFeed, callCompany, recordingOf, searchCalls } from './service';
import { callView, demoWav } from './view';

export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { query: 'companyId' } });

  route(
    E.call,
    'activity.view',
    async ({ params }) => {
      const view = await callView(ctx, params.id);
      if (!view) throw notFound('call');
      return view;
    },
    { company: { record: async ({ params }) => callCompany(ctx, params.id) } },
  );

  route(E.searchCalls, 'activity.view', async ({ caller, company, query }) =>
    searchCalls(ctx, { companyId: company.id, userId: caller.user.id, query }),
  );

  route(E.list, 'activity.view', async ({ company, body }) => activityFeed(ctx, company.id, body));

  route(E.recording, 'public', async ({ params, query, reply }) => {
    const maxAge = linkMaxAgeSeconds(
      ctx,
      verifyRecordingUrl(ctx, {
        companyId: query.company,
        ...params,
        expires: query.expires,
        sig: query.sig,
      }),
      query.expires,
    );
    const row = await recordingOf(ctx, { kind: params.kind, id: params.id, companyId: query.company });
    if (!row?.path) throw notFound('recording');
    // The demo's recordings are not files: a short tone stands in for each.
    if (row.path.startsWith('demo/')) {
      const wav = demoWav(row.duration, params.id);
      return reply
        .status(200)
        .header('content-type', 'audio/wav')
        .header('content-length', String(wav.length))
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP)
        .send(wav);
    }
    return sendStoredFile(reply, {
      absolute: storedFilePath(ctx.config.dataDir, 'voice', row.path),
      contentType: 'audio/wav',
      maxAgeSeconds: maxAge,
      missing: () => notFound('recording'),
    });
  });
}
