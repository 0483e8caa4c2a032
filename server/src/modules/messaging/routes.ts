/**
 * §7 sending: `POST /message` (now), `POST /inbox/message/schedule` (at a time, sent by the scheduler) and
 * `DELETE /inbox/message/schedule/{id}` (cancel before it is sent). All need inbox.use in the company (the
 * `companyId` query parameter, or the scheduled item's company). See service.ts for the rules.
 */
import { MESSAGING_ENDPOINTS as E } from '@shared/api/messaging';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { refuseUnverifiedEmail } from '../auth/verification';
import { cancelScheduledMessage, scheduledItemCompany, scheduleMessage, sendMessage } from './service';
import { readSendRequest } from './upload';

export function messagingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { query: 'companyId' } });

  // Texts wait for the sender's verified email: refused before any upload is read (auth/verification.ts).
  route(E.send, 'inbox.use', async ({ company, caller, request }) => {
    refuseUnverifiedEmail(caller.user, 'texts');
    const { fields, media } = await readSendRequest(ctx, company.id, request);
    return sendMessage(ctx, { companyId: company.id, userId: caller.user.id, fields, media });
  });

  route(E.schedule, 'inbox.use', async ({ company, caller, request }) => {
    refuseUnverifiedEmail(caller.user, 'texts');
    const { fields, media } = await readSendRequest(ctx, company.id, request);
    return scheduleMessage(ctx, { companyId: company.id, userId: caller.user.id, fields, media });
  });

  route(
    E.cancelSchedule,
    'inbox.use',
    async ({ company, params }) => {
      await cancelScheduledMessage(ctx, company.id, params.id);
    },
    { company: { record: ({ params }) => scheduledItemCompany(ctx, params.id) } },
  );
}
