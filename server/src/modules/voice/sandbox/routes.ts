/**
 * The sandbox network's own endpoints (`/sandbox/calls…`, access calls.handle): the simulated caller places a
 * call, presses keys and hangs up; agents answer, hold and transfer over HTTP, as Twilio's Device would do by
 * itself. 404 when Twilio is the carrier, and 404 for a number or call of a company the caller does not belong to.
 */
import { VOICE_ENDPOINTS as E } from '@shared/api/voice';
import { canPlaceCalls } from '@shared/domain/numbers';
import { normalizePhone } from '@shared/domain/phone';
import { canUserCall } from '@shared/domain/users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import { moduleRoutes } from '../../../http/route';
import { forbidden, invalid, notFound } from '../../../lib/errors';
import { CALLING_PERMISSION, NO_CALLING_LINE } from '../../inAppCalling/service';
import { trackedNumber } from '../../inbound/service';
import { companyOfCall } from '../service';

export function sandboxCallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sandboxOnly = () => {
    if (ctx.config.twilio) throw notFound('sandbox');
  };
  const actor = (user: { id: number; name: string }) => ({ id: user.id, name: user.name });
  const route = moduleRoutes(app, ctx, {
    company: {
      record: async ({ params }) => {
        sandboxOnly();
        return companyOfCall(ctx, params.id);
      },
    },
  });
  const network = ctx.voice.sandbox;

  route(
    E.sandboxPlace,
    CALLING_PERMISSION,
    async ({ body }) => {
      if (!normalizePhone(body.from))
        throw invalid({ from: [`"${body.from}" is not a valid phone number.`] });
      const number = await trackedNumber(ctx, body.to);
      if (!number) throw notFound('number');
      if (!canPlaceCalls(number.type))
        throw invalid({ to: ['This is a fax number: it takes no voice calls.'] });
      const call = await network.place({
        number,
        from: body.from,
        voicemail: body.voicemail,
        ...(body.script ? { script: body.script } : {}),
      });
      return { id: call.id };
    },
    {
      company: {
        // The company owning the tracked number called; none (404) for an unknown number or under Twilio.
        record: async ({ request }) => {
          sandboxOnly();
          const to = (request.body as { to?: unknown } | undefined)?.to;
          if (typeof to !== 'string' || !to.trim()) return null;
          return (await trackedNumber(ctx, to))?.company_id ?? null;
        },
      },
    },
  );

  route(E.sandboxCall, CALLING_PERMISSION, async ({ params }) => network.view(params.id));

  route(E.sandboxDigits, CALLING_PERMISSION, async ({ caller, params, body }) =>
    network.digits(params.id, body.digits, body.as, actor(caller.user)),
  );

  route(E.sandboxHangup, CALLING_PERMISSION, async ({ caller, params, body }) =>
    network.hangup(params.id, body.as, actor(caller.user)),
  );

  route(E.sandboxAnswer, CALLING_PERMISSION, async ({ caller, params }) => {
    if (!canUserCall(caller.user)) throw forbidden(NO_CALLING_LINE);
    return network.answer(params.id, actor(caller.user));
  });

  route(E.sandboxHold, CALLING_PERMISSION, async ({ caller, params, body }) =>
    network.hold(params.id, actor(caller.user), body.hold),
  );

  route(E.sandboxTransfer, CALLING_PERMISSION, async ({ caller, params, body }) =>
    network.transfer(params.id, actor(caller.user), body),
  );

  route(E.sandboxTransferComplete, CALLING_PERMISSION, async ({ caller, params }) =>
    network.completeTransfer(params.id, actor(caller.user)),
  );

  route(E.sandboxTransferCancel, CALLING_PERMISSION, async ({ caller, params }) =>
    network.cancelTransfer(params.id, actor(caller.user)),
  );
}
