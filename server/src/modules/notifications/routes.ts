/**
 * §7 Notifications: the caller's notification blocks (channels silenced per tracked number) and their unseen
 * counts by channel, in all and per number, leaving out what they blocked. Access: inbox.use (alerts are for the
 * people who work the inbox and take calls; see docs/permissions.md). How each channel counts: shared/api/notifications.
 */
import { NOTIFICATION_ENDPOINTS as E } from '@shared/api/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { blockNotifications, blocksOf, callerCounts, callerTotals, unblockNotifications } from './service';

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  route(E.block, 'inbox.use', async ({ company, caller, body }) => ({
    data: await blockNotifications(ctx, caller.user.id, company.id, body),
  }));

  route(E.unblock, 'inbox.use', async ({ company, caller, body }) => ({
    data: await unblockNotifications(ctx, caller.user.id, company.id, body),
  }));

  route(E.list, 'inbox.use', async ({ company, caller }) => ({
    data: await blocksOf(ctx, caller.user.id, company.id),
  }));

  route(E.counts, 'inbox.use', async ({ company, caller }) => callerTotals(ctx, caller.user.id, company.id));

  route(E.countsByNumber, 'inbox.use', async ({ company, caller }) => ({
    data: await callerCounts(ctx, caller.user.id, company.id),
  }));
}
