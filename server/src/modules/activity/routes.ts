/**
 * §7 Activity over HTTP: one call, the calls search, the activity feed and a recording (through a signed URL,
 * so `<audio>` needs no bearer header). The queries are in service.ts.
 */
import { ACTIVITY_ENDPOINTS as E } from '@shared/api/activity';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { forbidden, notFound } from '../../lib/errors';
import { FILE_CSP, sendStoredFile, storedFilePath } from '../../lib/storedFiles';
import { MEDIA_LINK_MESSAGES } from '../media/routes';
import { verifyRecordingUrl } from '../media/urls';
import { activityFeed, callCompany, recordingOf, searchCalls } from './service';
import { callView, demoWav } from './view';

export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.call,
    access: 'activity.view',
    company: { record: async ({ params }) => callCompany(ctx, params.id) },
    handler: async ({ params }) => {
      const view = await callView(ctx, params.id);
      if (!view) throw notFound('call');
      return view;
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.searchCalls,
    access: 'activity.view',
    company: { query: 'companyId' },
    handler: async ({ caller, company, query }) =>
      searchCalls(ctx, { companyId: company.id, userId: caller.user.id, query }),
  });

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'activity.view',
    company: { query: 'companyId' },
    handler: async ({ company, body }) => activityFeed(ctx, company.id, body),
  });

  registerRoute(app, ctx, {
    endpoint: E.recording,
    access: 'public',
    handler: async ({ params, query, reply }) => {
      const verdict = verifyRecordingUrl(ctx, {
        companyId: query.company,
        kind: params.kind,
        id: params.id,
        expires: query.expires,
        sig: query.sig,
      });
      if (verdict === 'expired') throw forbidden(MEDIA_LINK_MESSAGES.expired);
      if (verdict === 'invalid') throw forbidden(MEDIA_LINK_MESSAGES.invalid);
      const row = await recordingOf(ctx, { kind: params.kind, id: params.id, companyId: query.company });
      if (!row?.path) throw notFound('recording');
      const maxAge = Math.max(0, Math.floor((query.expires - ctx.now().getTime()) / 1000));
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
    },
  });
}
