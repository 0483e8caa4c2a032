/**
 * `Idempotency-Key` on any mutating request: a repeat with the same key by the same user within 24 hours
 * answers the first response and changes nothing — what lets the renderer replay edits made offline safely.
 * The key is claimed before the handler runs, so two concurrent repeats cannot both act.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../lib/errors';
import type { AppContext } from './context';

const WINDOW_MS = 24 * 60 * 60 * 1000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IN_PROGRESS = 0;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !MUTATING.has(request.method) || !request.caller) return;
    if (key.length < 8 || key.length > 200) {
      throw new HttpError(422, 'The given data was invalid.', {
        'Idempotency-Key': ['The Idempotency-Key header must be 8 to 200 characters.'],
      });
    }
    const userId = request.caller.user.id;
    const path = request.url.split('?')[0] ?? request.url;
    await ctx.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.user_id, userId),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.created_at, new Date(ctx.now().getTime() - WINDOW_MS)),
        ),
      );
    const claimed = await ctx.db
      .insert(idempotencyKeys)
      .values({
        user_id: userId,
        key,
        method: request.method,
        path,
        status: IN_PROGRESS,
        created_at: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotencyKey = key;
      return;
    }
    const [first] = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
    if (!first) return;
    if (first.method !== request.method || first.path !== path) {
      throw new HttpError(422, 'This Idempotency-Key was used for a different request.', {
        'Idempotency-Key': [`Already used for ${first.method} ${first.path}.`],
      });
    }
    if (first.status === IN_PROGRESS)
      throw new HttpError(409, 'A request with this Idempotency-Key is still being processed.');
    reply.header('idempotent-replayed', 'true');
    return reply.status(first.status).send(first.body ?? undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.caller) return payload;
    const userId = request.caller.user.id;
    if (reply.statusCode >= 500) {
      // A failure on our side did not complete: release the key so a retry can act.
      await ctx.db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
      return payload;
    }
    let body: unknown = null;
    if (typeof payload === 'string' && payload) {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    await ctx.db
      .update(idempotencyKeys)
      .set({ status: reply.statusCode, body })
      .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
    return payload;
  });
}
