/**
 * Issuing and revoking credentials. Lifetimes: access 1 hour, refresh 30 days (the desktop app's main process
 * refreshes), browser session 12 hours (30 days with "remember me"), second-factor challenge 5 minutes.
 * A revocation tells the cache of callers (http/callerCache.ts) once written, so the next request, on any
 * instance, is refused; a credential issued needs no telling (nothing remembers a token before its first use).
 */
import type { SessionSignIn, TokenPair } from '@shared/api/auth';
import { and, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { credentials } from '../../db/schema';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { hashToken, newToken } from '../../lib/secrets';

export const LIFETIMES_SEC = {
  access: 60 * 60,
  refresh: 30 * 24 * 60 * 60,
  session: 12 * 60 * 60,
  rememberedSession: 30 * 24 * 60 * 60,
  mfa: 5 * 60,
} as const;

const inSeconds = (ctx: AppContext, seconds: number) => new Date(ctx.now().getTime() + seconds * 1000);

/**
 * A new access and refresh token. A sign-in starts a family; a refresh passes its `familyId` on, so a refresh
 * token used twice can end every pair descended from that sign-in (`revokeFamily`). `db`: the transaction of a
 * refresh, so the new pair exists by the time a rival use of the same token can look for the family.
 */
export async function issueTokenPair(
  ctx: AppContext,
  userId: number,
  options: { name?: string | null; impersonatorId?: number | null; familyId?: string | null } = {},
  db: Db = ctx.db,
): Promise<TokenPair> {
  const access = newToken('access');
  const refresh = newToken('refresh');
  const pairId = crypto.randomUUID();
  const common = {
    user_id: userId,
    pair_id: pairId,
    family_id: options.familyId ?? pairId,
    name: options.name ?? null,
    impersonator_id: options.impersonatorId ?? null,
  };
  await db.insert(credentials).values([
    {
      ...common,
      kind: 'access',
      token_hash: hashToken(access),
      expires_at: inSeconds(ctx, LIFETIMES_SEC.access),
    },
    {
      ...common,
      kind: 'refresh',
      token_hash: hashToken(refresh),
      expires_at: inSeconds(ctx, LIFETIMES_SEC.refresh),
    },
  ]);
  return {
    token_type: 'Bearer',
    access_token: access,
    expires_in: LIFETIMES_SEC.access,
    refresh_token: refresh,
  };
}

/** A same-origin browser: it fetched the XSRF cookie (GET /csrf-cookie) before signing in, as Sanctum SPAs do. */
export function wantsCookieSession(request: FastifyRequest): boolean {
  return !!request.cookies[XSRF_COOKIE] && !request.headers.authorization;
}

export function cookieOptions(ctx: AppContext) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: ctx.config.publicUrl.startsWith('https://'),
  };
}

export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
): Promise<SessionSignIn> {
  const token = newToken('session');
  const lifetime = remember ? LIFETIMES_SEC.rememberedSession : LIFETIMES_SEC.session;
  await ctx.db.insert(credentials).values({
    user_id: userId,
    kind: 'session',
    token_hash: hashToken(token),
    expires_at: inSeconds(ctx, lifetime),
  });
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(ctx), httpOnly: true, maxAge: lifetime });
  return { token_type: 'session', expires_in: lifetime };
}

/** Completes a sign-in the way the client signs in: session cookie for a same-origin browser, else tokens. */
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember = false,
): Promise<TokenPair | SessionSignIn> {
  return wantsCookieSession(request)
    ? startSession(ctx, reply, userId, remember)
    : issueTokenPair(ctx, userId);
}

/** Revokes one credential and, for a token pair, its other half. */
export async function revokeCredential(ctx: AppContext, credentialId: number): Promise<void> {
  const [row] = await ctx.db.select().from(credentials).where(eq(credentials.id, credentialId));
  if (!row) return;
  const where = row.pair_id ? eq(credentials.pair_id, row.pair_id) : eq(credentials.id, row.id);
  await ctx.db
    .update(credentials)
    .set({ revoked_at: ctx.now() })
    .where(and(where, isNull(credentials.revoked_at)));
  await ctx.callers.usersChanged([row.user_id]);
}

/**
 * Ends every token descended from one sign-in (its family: the pairs refreshed from it, one after the other),
 * when one of its refresh tokens was used twice. Credentials issued before families were kept have their pair as
 * their family.
 */
export async function revokeFamily(
  ctx: AppContext,
  credential: { user_id: number; family_id: string | null; pair_id: string | null },
): Promise<void> {
  const family = credential.family_id ?? credential.pair_id;
  if (!family) return;
  await ctx.db
    .update(credentials)
    .set({ revoked_at: ctx.now() })
    .where(and(eq(credentials.family_id, family), isNull(credentials.revoked_at)));
  // Every instance forgets the callers it resolved with them: the family's access tokens are refused at once.
  await ctx.callers.usersChanged([credential.user_id]);
}

/**
 * Ends everything a user signs in with — sessions, token pairs, refresh tokens, pending second-factor steps and
 * API keys — when they may no longer sign in at all (deactivated in their last company).
 */
export async function revokeAllAccess(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db
    .update(credentials)
    .set({ revoked_at: ctx.now() })
    .where(and(eq(credentials.user_id, userId), isNull(credentials.revoked_at)));
  await ctx.callers.usersChanged([userId]);
}

/**
 * Signs a user out everywhere: every session and token pair (API keys are revoked one by one, on purpose).
 * `keep` spares the sign-in that asked (and its token pair), e.g. the window where the password was just changed.
 */
export async function revokeAllSignIns(ctx: AppContext, userId: number, keep?: number): Promise<void> {
  let spared: SQL | undefined;
  if (keep !== undefined) {
    const [kept] = await ctx.db
      .select({ id: credentials.id, pair: credentials.pair_id })
      .from(credentials)
      .where(eq(credentials.id, keep));
    spared = kept?.pair ? ne(credentials.pair_id, kept.pair) : ne(credentials.id, keep);
  }
  await ctx.db
    .update(credentials)
    .set({ revoked_at: ctx.now() })
    .where(
      and(
        eq(credentials.user_id, userId),
        inArray(credentials.kind, ['access', 'refresh', 'session', 'mfa', 'mfa-setup']),
        isNull(credentials.revoked_at),
        spared,
      ),
    );
  await ctx.callers.usersChanged([userId]);
}
