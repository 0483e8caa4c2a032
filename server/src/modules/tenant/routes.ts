/** §7 Tenant config: branding, support email and how to reach realtime, by hostname (public: asked before sign-in). */
import { TENANT_ENDPOINTS as E } from '@shared/api/tenant';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { tenantConfig } from './service';

export function tenantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(E.config, 'public', async ({ query, request }) =>
    tenantConfig(ctx, query.hostname ?? request.hostname, {
      host: request.headers.host,
      protocol: request.protocol,
    }),
  );
}
