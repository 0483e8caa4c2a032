/**
 * `Idempotency-Key` on any mutating request: a repeat with the same key by the same user within 24 hours
 * answers the first response and changes nothing — what lets the renderer replay edits made offline safely.
 * The key is claimed before the handler runs, so two concurrent repeats cannot both act. A hash of the body is kept
 * with the key: reusing a key for a different body is a client's mistake (two edits sharing one key) and answers
 * 422 rather than silently replaying the first answer for the second edit. (A multipart body is read by its
 * handler, after this hook, so only its method and path are compared.)
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../lib/errors';
import type { AppContext } from './context';

const WINDOW_MS = 24 * 60 * 60 * 1000;

/** JSON with object keys sorted, so the same body hashes the same whatever order its keys were sent in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The body's fingerprint; null when there is none to compare (no body, or multipart read later). */
export function requestHash(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
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
    const hash = requestHash(request.body);
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
        request_hash: hash,
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
    if (first.request_hash !== null && hash !== null && first.request_hash !== hash) {
      throw new HttpError(422, 'This Idempotency-Key was used for a request with a different body.', {
        'Idempotency-Key': [
          'Already used with another body: send a new key for a new request, or the same body to repeat one.',
        ],
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
