/**
 * §7 In-app calling routes, all with access calls.handle (owner, administrator, user; docs/permissions.md):
 * the caller's softphone token (403 without the three SIP fields), who may take calls, and the caller's own
 * status in the company (read, and set with the §8 messages, publishing presence.changed).
 */
import { IN_APP_CALLING_ENDPOINTS as E } from '@shared/api/inAppCalling';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { CALLING_PERMISSION, callingStatus, callingToken, callingUsers, setCallingStatus } from './service';

export function inAppCallingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  route(E.token, CALLING_PERMISSION, async ({ caller, company }) =>
    callingToken(ctx, caller.user, company.id),
  );

  route(E.users, CALLING_PERMISSION, async ({ company }) => ({ data: await callingUsers(ctx, company.id) }));

  route(E.status, CALLING_PERMISSION, async ({ caller, company }) =>
    callingStatus(ctx, caller.user.id, company.id),
  );

  route(E.setStatus, CALLING_PERMISSION, async ({ caller, company, body }) =>
    setCallingStatus(ctx, caller.user.id, company.id, body.status),
  );
}
