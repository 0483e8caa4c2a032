/** §7 Tenant config: branding, support email and how to reach realtime, by hostname (public: asked before sign-in). */
import { TENANT_ENDPOINTS as E } from '@shared/api/tenant';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { tenantConfig } from './service';

export function tenantRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.config,
    access: 'public',
    handler: async ({ query, request }) =>
      tenantConfig(ctx, query.hostname ?? request.hostname, {
        host: request.headers.host,
        protocol: request.protocol,
      }),
  });
}
