/** Looking up a live credential (not revoked, not expired) by the token a client presents, with its user. */
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { credentials, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { hashToken } from '../../lib/secrets';

export async function findLiveCredential(ctx: AppContext, token: string, kinds: readonly string[]) {
  const [row] = await ctx.db
    .select({ credential: credentials, user: users })
    .from(credentials)
    .innerJoin(users, eq(users.id, credentials.user_id))
    .where(
      and(
        eq(credentials.token_hash, hashToken(token)),
        inArray(credentials.kind, [...kinds]),
        isNull(credentials.revoked_at),
        or(isNull(credentials.expires_at), gt(credentials.expires_at, ctx.now())),
      ),
    )
    .limit(1);
  return row;
}
