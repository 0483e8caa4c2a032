/** §7 personalAccessTokens: a user's own API keys, stored hashed, usable as bearer tokens with the owner's rights. */
import { API_KEY_ENDPOINTS as E } from '@shared/api/apiKeys';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { credentials } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { notFound } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/secrets';

type Row = typeof credentials.$inferSelect;

const view = (row: Row) => ({
  id: row.id,
  name: row.name ?? '',
  prefix: row.hint ?? '',
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  expires_at: row.expires_at?.toISOString() ?? null,
});

export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const mine = (userId: number) =>
    and(eq(credentials.user_id, userId), eq(credentials.kind, 'personal'), isNull(credentials.revoked_at));

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'authenticated',
    handler: async ({ caller }) =>
      (await ctx.db.select().from(credentials).where(mine(caller.user.id)).orderBy(desc(credentials.id))).map(
        view,
      ),
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'authenticated',
    status: 201,
    handler: async ({ caller, body }) => {
      const token = newToken('personal');
      const [row] = await ctx.db
        .insert(credentials)
        .values({
          user_id: caller.user.id,
          kind: 'personal',
          name: body.name,
          token_hash: hashToken(token),
          hint: token.slice(0, 10),
          expires_at: body.expires_in_days
            ? new Date(ctx.now().getTime() + body.expires_in_days * 86_400_000)
            : null,
        })
        .returning();
      if (!row) throw new Error('API key insert returned nothing');
      return { ...view(row), token };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.revoke,
    access: 'authenticated',
    status: 204,
    handler: async ({ caller, params }) => {
      const revoked = await ctx.db
        .update(credentials)
        .set({ revoked_at: ctx.now() })
        .where(and(eq(credentials.id, params.id), mine(caller.user.id)))
        .returning({ id: credentials.id });
      if (!revoked.length) throw notFound('API key');
    },
  });
}
