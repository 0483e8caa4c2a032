/**
 * Who is calling: a bearer token (desktop app, API clients) or a same-origin browser's session cookie, which
 * must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN on writes (ARCHITECTURE "URLs, origins and sign-in").
 * `registerCaller` resolves it before every handler, with what the caller may use (memberships, organizations
 * administered), from the instance's cache of callers (callerCache.ts) or else one query; the query is the
 * auth module's, given by app.ts (this layer imports no module).
 */
import { normalizeIP } from '@fastify/rate-limit';
import { decodeUriComponentOrNull } from '@shared/api/query';
import type { Role } from '@shared/domain/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { credentials, type users } from '../db/schema';
import { HttpError } from '../lib/errors';
import { hashToken, safeEqual } from '../lib/secrets';
import type { AppContext } from './context';

export const SESSION_COOKIE = 'switchboard_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export type UserRow = typeof users.$inferSelect;

/** The companies a caller may use, and how: what roles are checked against and GET /user lists. */
export interface CallerAccess {
  /** Their memberships, deactivated ones included, each with its company's name and organization. */
  memberships: readonly {
    companyId: number;
    companyName: string;
    organizationId: number | null;
    role: Role;
    inAppCallingStatus: string;
  }[];
  /** The organizations they administer. */
  administers: readonly number[];
  /** Every company of those organizations. */
  organizationCompanies: readonly { id: number; name: string; organizationId: number }[];
}

export interface Caller {
  user: UserRow;
  access: CallerAccess;
  credentialId: number;
  credentialKind: 'access' | 'personal' | 'session';
  /** The platform admin signed in as this user, if any (§4 Admin login). */
  impersonatorId: number | null;
  via: 'bearer' | 'session';
}

/** A live credential as it was read (and is remembered): the credential, its user and what they may use. */
export interface CallerRecord {
  credential: {
    id: number;
    kind: string;
    expires_at: Date | null;
    impersonator_id: number | null;
    last_used_at: Date | null;
  };
  user: UserRow;
  access: CallerAccess;
}

/**
 * Reads the credential whose token has this hash when it is live (not revoked, not expired) and of one of these
 * kinds, with its user and their access, in one round trip.
 */
export type LoadCaller = (
  ctx: AppContext,
  tokenHash: string,
  kinds: readonly Caller['credentialKind'][],
) => Promise<CallerRecord | undefined>;

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

/**
 * A remembered credential is held to what the query asks of one read now: of a kind this way of calling accepts
 * (a session cookie's token is no bearer token), and not expired since it was read. Revoked ones are forgotten.
 */
function isLive(credential: CallerRecord['credential'], kinds: readonly string[], now: Date): boolean {
  return (
    kinds.includes(credential.kind) &&
    (!credential.expires_at || credential.expires_at.getTime() > now.getTime())
  );
}

/** Resolves the caller, or null for an anonymous request. A dead or malformed credential is a 401. */
async function resolveCaller(
  ctx: AppContext,
  request: FastifyRequest,
  loadCaller: LoadCaller,
): Promise<Caller | null> {
  const bearer = bearerToken(request);
  const session = bearer ? undefined : request.cookies[SESSION_COOKIE];
  const token = bearer ?? session;
  if (!token) return null;

  const now = ctx.now();
  const kinds = bearer ? (['access', 'personal'] as const) : (['session'] as const);
  const tokenHash = hashToken(token);
  const row = await ctx.callers.get(tokenHash, () => loadCaller(ctx, tokenHash, kinds));
  if (!row || !isLive(row.credential, kinds, now))
    throw new HttpError(401, 'Unauthenticated. Your session has ended; please sign in again.');
  if (row.user.state !== 'active') throw new HttpError(401, 'Unauthenticated. This account is not active.');

  if (session && !SAFE_METHODS.has(request.method)) checkXsrf(request);

  // API keys show when they were last used; a minute's precision is enough and spares a write per request.
  if (
    row.credential.kind === 'personal' &&
    (!row.credential.last_used_at || now.getTime() - row.credential.last_used_at.getTime() > 60_000)
  ) {
    await ctx.db.update(credentials).set({ last_used_at: now }).where(eq(credentials.id, row.credential.id));
    row.credential.last_used_at = now;
  }

  return {
    user: row.user,
    access: row.access,
    credentialId: row.credential.id,
    credentialKind: row.credential.kind as Caller['credentialKind'],
    impersonatorId: row.credential.impersonator_id,
    via: bearer ? 'bearer' : 'session',
  };
}

/**
 * Resolves the caller as the request arrives (`request.caller`, null when anonymous), before the rate limiter
 * counts it: only a credential verified here earns an allowance of its own (`rateLimitKey`). A dead or malformed
 * one is kept as `request.callerError` and answered only after the limiter has counted the request, so junk
 * tokens cannot step around it. Public routes (sign-in, reset) work with a stale cookie; the others answer the
 * error.
 */
export function registerCaller(
  app: FastifyInstance,
  ctx: AppContext,
  { loadCaller }: { loadCaller: LoadCaller },
): void {
  app.decorateRequest('caller', null as Caller | null);
  app.decorateRequest('callerError', null as HttpError | null);
  app.addHook('onRequest', async (request) => {
    try {
      request.caller = await resolveCaller(ctx, request, loadCaller);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      request.callerError = error;
    }
  });
  app.addHook('preHandler', async (request) => {
    if (request.callerError && request.routeOptions.config?.access !== 'public') throw request.callerError;
  });
}

/**
 * The address a request comes from, as throttles count it: the client's IP (from X-Forwarded-For only under
 * TRUST_PROXY), an IPv6 one by its /64 — one customer's line, so stepping through its addresses is no new one.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * Whose allowance a request spends (app.ts's rate limiter): a verified credential's own — a token, an API key or
 * a session cookie, resolved by `registerCaller` before the limiter runs — else its address's. Whatever a client
 * merely sends (junk tokens, dead cookies) must not buy it a fresh allowance.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return request.caller ? `credential:${request.caller.credentialId}` : `address:${clientAddress(request)}`;
}
