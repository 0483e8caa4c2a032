/**
 * `GET /media/{itemId}/{index}?company=&expires=&sig=`: an attachment by its short-lived signed URL (see
 * urls.ts). Public — `<img>` and `<audio>` send no bearer header — so the signature is the access check: 403
 * when expired or not valid (tampered, or signed for another company, item or index), 404 when the signed item
 * is not that company's or has no such attachment (or it is kept by reference, or its stored path is not one of
 * ours: lib/storedFiles.ts). The file streams with a type from our allow-list, never sniffed, inline only for
 * audio and images, under a CSP that lets nothing in it run, cached privately no longer than the link lives.
 */
import { MEDIA_ENDPOINTS as E } from '@shared/api/messaging';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { notFound } from '../../lib/errors';
import { sendStoredFile, storedFilePath } from '../../lib/storedFiles';
import { attachmentOf } from './service';
import { linkMaxAgeSeconds, verifyMediaUrl } from './urls';

export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(E.get, 'public', async ({ params, query, reply }) => {
    const maxAgeSeconds = linkMaxAgeSeconds(
      ctx,
      verifyMediaUrl(ctx, { companyId: query.company, ...params, expires: query.expires, sig: query.sig }),
      query.expires,
    );
    const media = await attachmentOf(ctx, {
      companyId: query.company,
      itemId: params.itemId,
      index: params.index,
    });
    if (!media?.path) throw notFound('file');
    return sendStoredFile(reply, {
      absolute: storedFilePath(ctx.config.dataDir, 'media', media.path, query.company),
      contentType: media.content_type,
      name: media.name,
      maxAgeSeconds,
      missing: () => notFound('file'),
    });
  });
}
