/** The sandbox outbox (`GET /api/sandbox/outbox`): what the platform would have sent (who sees what: service.ts). */
import { TENANT_ENDPOINTS as E } from '@shared/api/tenant';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { outboxPage } from './service';

export function sandboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(E.outbox, 'authenticated', async ({ caller, query }) =>
    outboxPage(ctx, { userId: caller.user.id, isPlatformAdmin: caller.user.is_platform_admin }, query),
  );
}
