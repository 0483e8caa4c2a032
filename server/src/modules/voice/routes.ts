/**
 * Live-call routes (shared/api/voice.ts), all with access calls.handle (owner, administrator, user):
 * - the softphone's can-answer and reject (company in the path; a call of another company is 404), and
 *   `POST /v1/calls/token` for an outbound call (company of the tracked number; SIP fields required, §3);
 * - hold and transfers of a connected call (company in the path), whichever carrier carries it: the sandbox
 *   network's acts for a sandbox call, Twilio's REST API (twilioTransfers.ts) for a Twilio call;
 * - the sandbox network (`/sandbox/calls…`): 404 when Twilio is the carrier, and 404 for a number or call of a
 *   company the caller does not belong to.
 */
import { VOICE_ENDPOINTS as E } from '@shared/api/voice';
import { canPlaceCalls } from '@shared/domain/numbers';
import { normalizePhone } from '@shared/domain/phone';
import { canUserCall } from '@shared/domain/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { idOrNull, registerRoute } from '../../http/route';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { CALLING_PERMISSION, NO_CALLING_LINE } from '../inAppCalling/service';
import { trackedNumber } from '../inbound/service';
import { type CallRow, callById } from './records';
import { personOf } from './ringing';
import { isWarmTarget, sandboxVoice } from './sandbox';
import { declineTwilioCall, placeTwilioOutbound } from './twilio';
import { twilioConferenceRoutes, twilioTransfers } from './twilioTransfers';

export function voiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sandboxOnly = () => {
    if (ctx.config.twilio) throw notFound('sandbox');
  };
  const companyOfCall = async (id: number) => (await callById(ctx, id))?.company_id ?? null;
  /** The call `callId` of the company in the path, else 404. */
  const callOfCompany = async (companyId: number, callId: number) => {
    const call = await callById(ctx, callId);
    if (!call || call.company_id !== companyId) throw notFound('call');
    return call;
  };
  const actor = (user: { id: number; name: string }) => ({ id: user.id, name: user.name });
  /** Who holds and transfers a call: Twilio's REST API for a Twilio call, else the sandbox network. */
  const carrierOf = (call: CallRow) =>
    call.live?.carrier === 'twilio' ? twilioTransfers(ctx) : sandboxVoice(ctx);
  const sandboxCall = {
    record: async ({ params }: { params: { id: number } }) => {
      sandboxOnly();
      return companyOfCall(params.id);
    },
  };

  registerRoute(app, ctx, {
    endpoint: E.canAnswer,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ caller, company, params }) => {
      const call = await callOfCompany(company.id, params.callId);
      const live = call.live;
      const me = caller.user.id;
      const ringsMe = Boolean(
        live &&
          ((live.phase === 'ringing' && live.ringing.includes(me) && !live.declined.includes(me)) ||
            isWarmTarget(live, me)),
      );
      const answeredBy = live?.phase === 'connected' || !live ? await personOf(ctx, call.user_id) : null;
      return { can_answer: ringsMe, answered_by: ringsMe ? null : answeredBy };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.reject,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ caller, company, params, body }) => {
      const call = await callOfCompany(company.id, params.callId);
      if (call.live?.carrier === 'twilio')
        await declineTwilioCall(ctx, call.id, caller.user.id, body.joinToken);
      else await sandboxVoice(ctx).decline(call.id, actor(caller.user), body.joinToken);
      return { message: 'The call was declined.' };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.hold,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ caller, company, params, body }) => {
      const call = await callOfCompany(company.id, params.callId);
      return carrierOf(call).hold(call.id, actor(caller.user), body.hold);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.transfer,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ caller, company, params, body }) => {
      const call = await callOfCompany(company.id, params.callId);
      return carrierOf(call).transfer(call.id, actor(caller.user), body);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.transferComplete,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ caller, company, params }) => {
      const call = await callOfCompany(company.id, params.callId);
      return carrierOf(call).completeTransfer(call.id, actor(caller.user));
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.transferCancel,
    access: CALLING_PERMISSION,
    company: { param: 'companyId' },
    handler: async ({ caller, company, params }) => {
      const call = await callOfCompany(company.id, params.callId);
      return carrierOf(call).cancelTransfer(call.id, actor(caller.user));
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.outboundToken,
    access: CALLING_PERMISSION,
    company: {
      record: async ({ request }) => {
        const numberId = idOrNull((request.body as { number_id?: unknown } | undefined)?.number_id);
        if (numberId === null) return null;
        const [row] = await ctx.db
          .select({ company_id: numbers.company_id })
          .from(numbers)
          .where(eq(numbers.id, numberId));
        return row?.company_id ?? null;
      },
    },
    status: 201,
    handler: async ({ caller, body }) => {
      if (!canUserCall(caller.user)) throw forbidden(NO_CALLING_LINE);
      const [number] = await ctx.db.select().from(numbers).where(eq(numbers.id, body.number_id));
      if (!number) throw notFound('number');
      if (!canPlaceCalls(number.type))
        throw invalid({ number_id: ['A fax number cannot place voice calls.'] });
      const destination = normalizePhone(body.destination);
      if (!destination) {
        throw invalid({ destination: [`"${body.destination}" is not a valid phone number.`] });
      }
      if (ctx.config.twilio)
        return placeTwilioOutbound(ctx, { number, destination, agent: actor(caller.user) });
      const call = await sandboxVoice(ctx).placeOutbound({ number, destination, agent: actor(caller.user) });
      return {
        kind: 'sandbox' as const,
        call_id: call.id,
        params: { call_id: String(call.id) },
        from: number.number,
        to: destination,
      };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.sandboxPlace,
    access: CALLING_PERMISSION,
    company: {
      // The company owning the tracked number called; none (404) for an unknown number or under Twilio.
      record: async ({ request }) => {
        sandboxOnly();
        const to = (request.body as { to?: unknown } | undefined)?.to;
        if (typeof to !== 'string' || !to.trim()) return null;
        return (await trackedNumber(ctx, to))?.company_id ?? null;
      },
    },
    status: 201,
    handler: async ({ body }) => {
      if (!normalizePhone(body.from))
        throw invalid({ from: [`"${body.from}" is not a valid phone number.`] });
      const number = await trackedNumber(ctx, body.to);
      if (!number) throw notFound('number');
      if (!canPlaceCalls(number.type))
        throw invalid({ to: ['This is a fax number: it takes no voice calls.'] });
      const call = await sandboxVoice(ctx).place({
        number,
        from: body.from,
        voicemail: body.voicemail,
        ...(body.script ? { script: body.script } : {}),
      });
      return { id: call.id };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.sandboxCall,
    access: CALLING_PERMISSION,
    company: sandboxCall,
    handler: async ({ params }) => sandboxVoice(ctx).view(params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.sandboxDigits,
    access: CALLING_PERMISSION,
    company: sandboxCall,
    handler: async ({ caller, params, body }) =>
      sandboxVoice(ctx).digits(params.id, body.digits, body.as, actor(caller.user)),
  });

  registerRoute(app, ctx, {
    endpoint: E.sandboxHangup,
    access: CALLING_PERMISSION,
    company: sandboxCall,
    handler: async ({ caller, params, body }) =>
      sandboxVoice(ctx).hangup(params.id, body.as, actor(caller.user)),
  });

  registerRoute(app, ctx, {
    endpoint: E.sandboxAnswer,
    access: CALLING_PERMISSION,
    company: sandboxCall,
    handler: async ({ caller, params }) => {
      if (!canUserCall(caller.user)) throw forbidden(NO_CALLING_LINE);
      return sandboxVoice(ctx).answer(params.id, actor(caller.user));
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.sandboxHold,
    access: CALLING_PERMISSION,
    company: sandboxCall,
    handler: async ({ caller, params, body }) =>
      sandboxVoice(ctx).hold(params.id, actor(caller.user), body.hold),
  });

  registerRoute(app, ctx, {
    endpoint: E.sandboxTransfer,
    access: CALLING_PERMISSION,
    company: sandboxCall,
    handler: async ({ caller, params, body }) =>
      sandboxVoice(ctx).transfer(params.id, actor(caller.user), body),
  });

  registerRoute(app, ctx, {
    endpoint: E.sandboxTransferComplete,
    access: CALLING_PERMISSION,
    company: sandboxCall,
    handler: async ({ caller, params }) => sandboxVoice(ctx).completeTransfer(params.id, actor(caller.user)),
  });

  registerRoute(app, ctx, {
    endpoint: E.sandboxTransferCancel,
    access: CALLING_PERMISSION,
    company: sandboxCall,
    handler: async ({ caller, params }) => sandboxVoice(ctx).cancelTransfer(params.id, actor(caller.user)),
  });

  // Twilio's events of the conferences holds and warm transfers use (a signed webhook, like twilio.ts's).
  twilioConferenceRoutes(app, ctx);

  app.addHook('onClose', async () => sandboxVoice(ctx).stop());
}
