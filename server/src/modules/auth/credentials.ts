/**
 * Looking up a live credential (not revoked, not expired) by the token a client presents, with its user: for a
 * request's caller with what they may use too, in one query (what the cache of callers remembers).
 */
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { credentials, users } from '../../db/schema';
import type { CallerRecord, LoadCaller } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { hashToken } from '../../lib/secrets';
import { accessColumns } from '../users/service/access';

function live(ctx: AppContext, tokenHash: string, kinds: readonly string[]) {
  return and(
    eq(credentials.token_hash, tokenHash),
    inArray(credentials.kind, [...kinds]),
    isNull(credentials.revoked_at),
    or(isNull(credentials.expires_at), gt(credentials.expires_at, ctx.now())),
  );
}

/** The live credential a token is, of one of these kinds, with its user (second-factor steps, refresh tokens). */
export async function findLiveCredential(ctx: AppContext, token: string, kinds: readonly string[]) {
  const [row] = await ctx.db
    .select({ credential: credentials, user: users })
    .from(credentials)
    .innerJoin(users, eq(users.id, credentials.user_id))
    .where(live(ctx, hashToken(token), kinds))
    .limit(1);
  return row;
}

/** A request's caller: the live credential with this token hash, its user and their access, in one round trip. */
export const loadCaller: LoadCaller = async (ctx, tokenHash, kinds) => {
  const [row] = await ctx.db
    .select({
      credential: {
        id: credentials.id,
        kind: credentials.kind,
        expires_at: credentials.expires_at,
        impersonator_id: credentials.impersonator_id,
        last_used_at: credentials.last_used_at,
      },
      user: users,
      ...accessColumns,
    })
    .from(credentials)
    .innerJoin(users, eq(users.id, credentials.user_id))
    .where(live(ctx, tokenHash, kinds))
    .limit(1);
  if (!row) return undefined;
  const { credential, user, ...access } = row;
  return { credential, user, access } satisfies CallerRecord;
};
