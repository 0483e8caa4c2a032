/**
 * Live-call routes (shared/api/voice.ts), all with access calls.handle (owner, administrator, user):
 * - the softphone's can-answer and reject (company in the path; a call of another company is 404), and
 *   `POST /v1/calls/token` for an outbound call (company of the tracked number; SIP fields required, §3);
 * - hold and transfers of a connected call (company in the path), whichever carrier carries it: each act goes
 *   to the call's voice carrier (carriers/voice.ts), the sandbox network or Twilio's REST API;
 * - the sandbox network's own endpoints (./sandbox/routes.ts), and the events of the conferences Twilio's holds
 *   and transfers use (./twilio/routes.ts).
 */
import { VOICE_ENDPOINTS as E } from '@shared/api/voice';
import { canPlaceCalls } from '@shared/domain/numbers';
import { normalizePhone } from '@shared/domain/phone';
import { canUserCall } from '@shared/domain/users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { idOrNull, moduleRoutes } from '../../http/route';
import { forbidden, invalid } from '../../lib/errors';
import { CALLING_PERMISSION, NO_CALLING_LINE } from '../inAppCalling/service';
import { knownContact } from '../inbound/service';
import { sandboxCallRoutes } from './sandbox/routes';
import { callOfCompany, canAnswerCall, companyOfNumber, numberById, voiceCarrierOf } from './service';
import { twilioConferenceRoutes } from './twilio/routes';

export function voiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  const actor = (user: { id: number; name: string }) => ({ id: user.id, name: user.name });

  route(E.canAnswer, CALLING_PERMISSION, ({ caller, company, params }) =>
    canAnswerCall(ctx, company.id, params.callId, caller.user.id),
  );

  route(E.reject, CALLING_PERMISSION, async ({ caller, company, params, body }) => {
    const call = await callOfCompany(ctx, company.id, params.callId);
    await voiceCarrierOf(ctx, call).decline(call.id, actor(caller.user), body.joinToken);
    return { message: 'The call was declined.' };
  });

  route(E.hold, CALLING_PERMISSION, async ({ caller, company, params, body }) => {
    const call = await callOfCompany(ctx, company.id, params.callId);
    return voiceCarrierOf(ctx, call).hold(call.id, actor(caller.user), body.hold);
  });

  route(E.transfer, CALLING_PERMISSION, async ({ caller, company, params, body }) => {
    const call = await callOfCompany(ctx, company.id, params.callId);
    return voiceCarrierOf(ctx, call).transfer(call.id, actor(caller.user), body);
  });

  route(E.transferComplete, CALLING_PERMISSION, async ({ caller, company, params }) => {
    const call = await callOfCompany(ctx, company.id, params.callId);
    return voiceCarrierOf(ctx, call).completeTransfer(call.id, actor(caller.user));
  });

  route(E.transferCancel, CALLING_PERMISSION, async ({ caller, company, params }) => {
    const call = await callOfCompany(ctx, company.id, params.callId);
    return voiceCarrierOf(ctx, call).cancelTransfer(call.id, actor(caller.user));
  });

  route(
    E.outboundToken,
    CALLING_PERMISSION,
    async ({ caller, body }) => {
      if (!canUserCall(caller.user)) throw forbidden(NO_CALLING_LINE);
      const number = await numberById(ctx, body.number_id);
      if (!canPlaceCalls(number.type))
        throw invalid({ number_id: ['A fax number cannot place voice calls.'] });
      const destination = normalizePhone(body.destination);
      if (!destination) {
        throw invalid({ destination: [`"${body.destination}" is not a valid phone number.`] });
      }
      const contact = await knownContact(ctx, number.company_id, destination);
      const answer = await ctx.voice.current.placeOutbound({
        number,
        destination,
        agent: actor(caller.user),
        contact,
      });
      return { ...answer, contact };
    },
    {
      company: {
        record: async ({ request }) => {
          const numberId = idOrNull((request.body as { number_id?: unknown } | undefined)?.number_id);
          return numberId === null ? null : companyOfNumber(ctx, numberId);
        },
      },
    },
  );

  sandboxCallRoutes(app, ctx);
  // Twilio's events of the conferences holds and warm transfers use (a signed webhook, like the voice webhooks).
  twilioConferenceRoutes(app, ctx);

  app.addHook('onClose', async () => {
    ctx.voice.twilio.stop();
    ctx.voice.sandbox.stop();
  });
}
