/**
 * `GET /media/{itemId}/{index}?company=&expires=&sig=`: an attachment by its short-lived signed URL (see
 * urls.ts). Public — `<img>` and `<audio>` send no bearer header — so the signature is the access check: 403
 * when expired or not valid (tampered, or signed for another company, item or index), 404 when the signed item
 * is not that company's or has no such attachment. The file streams with its stored type, inline, never
 * sniffed by the browser, and cached privately no longer than the link lives.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { MEDIA_ENDPOINTS as E } from '@shared/api/messaging';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversationItems } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { forbidden, notFound } from '../../lib/errors';
import { mediaPath } from '../messaging/upload';
import { verifyMediaUrl } from './urls';

export const MEDIA_LINK_MESSAGES = {
  expired: 'This link has expired.',
  invalid: 'This link is not valid.',
} as const;

/** `inline; filename="…"` with a plain-ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(name: string | undefined): string {
  if (!name) return 'inline';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'public',
    handler: async ({ params, query, reply }) => {
      const verdict = verifyMediaUrl(ctx, {
        companyId: query.company,
        itemId: params.itemId,
        index: params.index,
        expires: query.expires,
        sig: query.sig,
      });
      if (verdict === 'expired') throw forbidden(MEDIA_LINK_MESSAGES.expired);
      if (verdict === 'invalid') throw forbidden(MEDIA_LINK_MESSAGES.invalid);
      const [item] = await ctx.db
        .select({ media: conversationItems.media })
        .from(conversationItems)
        .where(and(eq(conversationItems.id, params.itemId), eq(conversationItems.company_id, query.company)));
      const media = item?.media[params.index];
      if (!media) throw notFound('file');
      const path = mediaPath(ctx, media.path);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw notFound('file');
      const maxAge = Math.max(0, Math.floor((query.expires - ctx.now().getTime()) / 1000));
      return reply
        .status(200)
        .header('content-type', media.content_type)
        .header('content-length', String(info.size))
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('content-disposition', disposition(media.name))
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path));
    },
  });
}
