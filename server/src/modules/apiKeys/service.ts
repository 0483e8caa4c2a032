/**
 * A user's own API keys (§7 personalAccessTokens): credentials of kind `personal`, stored hashed, usable as bearer
 * tokens with their owner's rights until revoked or expired.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { credentials } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { notFound } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/secrets';
import type { ApiKeyRow } from './view';

const DAY_MS = 86_400_000;

const liveKeysOf = (userId: number) =>
  and(eq(credentials.user_id, userId), eq(credentials.kind, 'personal'), isNull(credentials.revoked_at));

/** The user's live keys, newest first. */
export function listApiKeys(ctx: AppContext, userId: number): Promise<ApiKeyRow[]> {
  return ctx.db.select().from(credentials).where(liveKeysOf(userId)).orderBy(desc(credentials.id));
}

/** Makes a key; its secret is answered here once and never again (only its hash is kept). */
export async function createApiKey(
  ctx: AppContext,
  userId: number,
  input: { name: string; expires_in_days?: number | null },
): Promise<{ row: ApiKeyRow; token: string }> {
  const token = newToken('personal');
  const [row] = await ctx.db
    .insert(credentials)
    .values({
      user_id: userId,
      kind: 'personal',
      name: input.name,
      token_hash: hashToken(token),
      hint: token.slice(0, 10),
      expires_at: input.expires_in_days
        ? new Date(ctx.now().getTime() + input.expires_in_days * DAY_MS)
        : null,
    })
    .returning();
  if (!row) throw new Error('API key insert returned nothing');
  return { row, token };
}

/** Revokes one of the user's own live keys at once; another user's (or none) is 404. */
export async function revokeApiKey(ctx: AppContext, userId: number, id: number): Promise<void> {
  const revoked = await ctx.db
    .update(credentials)
    .set({ revoked_at: ctx.now() })
    .where(and(eq(credentials.id, id), liveKeysOf(userId)))
    .returning({ id: credentials.id });
  if (!revoked.length) throw notFound('API key');
  await ctx.callers.usersChanged([userId]);
}
