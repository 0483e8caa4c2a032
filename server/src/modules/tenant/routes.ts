/** §7 Tenant config: branding, support email and how to reach realtime, by hostname. */
import { TENANT_ENDPOINTS as E } from '@shared/api/tenant';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tenants } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { realtimeClientSettings } from '../../realtime/settings';

export function tenantRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.config,
    access: 'public',
    handler: async ({ query, request }) => {
      const hostname = (query.hostname ?? request.hostname).toLowerCase().replace(/:\d+$/, '');
      const [exact] = await ctx.db.select().from(tenants).where(eq(tenants.hostname, hostname));
      const [fallback] = exact
        ? [exact]
        : await ctx.db.select().from(tenants).where(eq(tenants.hostname, '*'));
      return {
        name: fallback?.name ?? 'Switchboard',
        support_email: fallback?.support_email ?? ctx.config.supportEmail,
        branding: fallback?.branding ?? {},
        realtime: realtimeClientSettings(ctx.config, {
          host: request.headers.host,
          protocol: request.protocol,
        }),
      };
    },
  });
}
