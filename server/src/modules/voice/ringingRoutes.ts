/**
 * `GET /companies/{companyId}/in-app-calling/ringing` (calls.handle): what rings the caller now, so a softphone
 * that (re)connected after a ring was published still shows it (realtime does not replay missed events).
 */
import { VOICE_ENDPOINTS as E } from '@shared/api/voice';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { CALLING_PERMISSION } from '../inAppCalling/service';
import { ringingFor } from './ringing';

export function ringingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(
    E.ringing,
    CALLING_PERMISSION,
    async ({ caller, company }) => ({ data: await ringingFor(ctx, company.id, caller.user.id) }),
    { company: { param: 'companyId' } },
  );
}
