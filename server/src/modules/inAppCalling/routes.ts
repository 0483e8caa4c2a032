/**
 * §7 In-app calling routes, all with access calls.handle (owner, administrator, user; docs/permissions.md):
 * the caller's softphone token (403 without the three SIP fields), who may take calls, and the caller's own
 * status in the company (read, and set with the §8 messages, publishing presence.changed).
 */
import { IN_APP_CALLING_ENDPOINTS as E } from '@shared/api/inAppCalling';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { CALLING_PERMISSION, callingStatus, callingToken, callingUsers, setCallingStatus } from './service';

export function inAppCallingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.token,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ caller, company }) => callingToken(ctx, caller.user, company.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.users,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ company }) => ({ data: await callingUsers(ctx, company.id) }),
  });

  registerRoute(app, ctx, {
    endpoint: E.status,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ caller, company }) => callingStatus(ctx, caller.user.id, company.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.setStatus,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ caller, company, body }) =>
      setCallingStatus(ctx, caller.user.id, company.id, body.status),
  });
}
