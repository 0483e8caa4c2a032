/**
 * Who is calling: a bearer token (desktop app, API clients) or a same-origin browser's session cookie, which
 * must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN on writes (ARCHITECTURE "URLs, origins and sign-in").
 * `registerCaller` resolves it before every handler; the credential lookup is the auth module's, given by app.ts
 * (this layer imports no module).
 */
import { decodeUriComponentOrNull } from '@shared/api/query';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { credentials, type users } from '../db/schema';
import { HttpError } from '../lib/errors';
import { safeEqual } from '../lib/secrets';
import type { AppContext } from './context';

export const SESSION_COOKIE = 'switchboard_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export type UserRow = typeof users.$inferSelect;

export interface Caller {
  user: UserRow;
  credentialId: number;
  credentialKind: 'access' | 'personal' | 'session';
  /** The platform admin signed in as this user, if any (§4 Admin login). */
  impersonatorId: number | null;
  via: 'bearer' | 'session';
}

/** The live credential (not revoked, not expired) of one of these kinds that a token is, with its user. */
export type FindCredential = (
  ctx: AppContext,
  token: string,
  kinds: readonly Caller['credentialKind'][],
) => Promise<{ credential: typeof credentials.$inferSelect; user: UserRow } | undefined>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1])
    throw new HttpError(401, 'Unauthenticated. The Authorization header must be "Bearer <token>".');
  return match[1];
}

/**
 * A browser's write (or sign-in form, or sign-out) must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN: a page on
 * another site can make the browser send the cookie but cannot read it. A cookie that is not even valid
 * percent-encoding is a mismatch, not a failure of ours.
 */
export function checkXsrf(request: FastifyRequest): void {
  const raw = request.cookies[XSRF_COOKIE];
  const cookie = raw === undefined ? null : decodeUriComponentOrNull(raw);
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
    throw new HttpError(403, 'CSRF token mismatch. Reload the page and try again.');
  }
}

/** Resolves the caller, or null for an anonymous request. A dead or malformed credential is a 401. */
async function resolveCaller(
  ctx: AppContext,
  request: FastifyRequest,
  findCredential: FindCredential,
): Promise<Caller | null> {
  const bearer = bearerToken(request);
  const session = bearer ? undefined : request.cookies[SESSION_COOKIE];
  const token = bearer ?? session;
  if (!token) return null;

  const now = ctx.now();
  const kinds = bearer ? (['access', 'personal'] as const) : (['session'] as const);
  const row = await findCredential(ctx, token, kinds);
  if (!row) throw new HttpError(401, 'Unauthenticated. Your session has ended; please sign in again.');
  if (row.user.state !== 'active') throw new HttpError(401, 'Unauthenticated. This account is not active.');

  if (session && !SAFE_METHODS.has(request.method)) checkXsrf(request);

  // API keys show when they were last used; a minute's precision is enough and spares a write per request.
  if (
    row.credential.kind === 'personal' &&
    (!row.credential.last_used_at || now.getTime() - row.credential.last_used_at.getTime() > 60_000)
  ) {
    await ctx.db.update(credentials).set({ last_used_at: now }).where(eq(credentials.id, row.credential.id));
  }

  return {
    user: row.user,
    credentialId: row.credential.id,
    credentialKind: row.credential.kind as Caller['credentialKind'],
    impersonatorId: row.credential.impersonator_id,
    via: bearer ? 'bearer' : 'session',
  };
}

/**
 * Resolves the caller before every handler (`request.caller`, null when anonymous). Public routes (sign-in,
 * reset) work with a stale cookie: they get `request.callerError` instead; the others answer the error.
 */
export function registerCaller(
  app: FastifyInstance,
  ctx: AppContext,
  { findCredential }: { findCredential: FindCredential },
): void {
  app.decorateRequest('caller', null as Caller | null);
  app.decorateRequest('callerError', null as HttpError | null);
  app.addHook('preHandler', async (request) => {
    try {
      request.caller = await resolveCaller(ctx, request, findCredential);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (request.routeOptions.config?.access !== 'public') throw error;
      request.callerError = error;
    }
  });
}
