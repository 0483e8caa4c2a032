/** §7 personalAccessTokens: a user's own API keys, about themselves only (`authenticated`). */
import { API_KEY_ENDPOINTS as E } from '@shared/api/apiKeys';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { createApiKey, listApiKeys, revokeApiKey } from './service';
import { apiKeyView } from './view';

export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'authenticated',
    handler: async ({ caller }) => (await listApiKeys(ctx, caller.user.id)).map(apiKeyView),
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'authenticated',
    status: 201,
    handler: async ({ caller, body }) => {
      const { row, token } = await createApiKey(ctx, caller.user.id, body);
      return { ...apiKeyView(row), token };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.revoke,
    access: 'authenticated',
    status: 204,
    handler: async ({ caller, params }) => revokeApiKey(ctx, caller.user.id, params.id),
  });
}
