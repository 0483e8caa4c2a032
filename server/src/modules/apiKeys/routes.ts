/** §7 personalAccessTokens: a user's own API keys, about themselves only (`authenticated`). */
import { API_KEY_ENDPOINTS as E } from '@shared/api/apiKeys';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { createApiKey, listApiKeys, revokeApiKey } from './service';
import { apiKeyView } from './view';

export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(E.list, 'authenticated', async ({ caller }) =>
    (await listApiKeys(ctx, caller.user.id)).map(apiKeyView),
  );

  route(E.create, 'authenticated', async ({ caller, body }) => {
    const { row, token } = await createApiKey(ctx, caller.user.id, body);
    return { ...apiKeyView(row), token };
  });

  route(E.revoke, 'authenticated', async ({ caller, params }) =>
    revokeApiKey(ctx, caller.user.id, params.id),
  );
}
