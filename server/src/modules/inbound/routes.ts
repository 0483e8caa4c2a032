/**
 * Texts coming in (shared/api/inbound.ts):
 * - `POST /sandbox/messages`: the sandbox's "a text arrives" — the caller plays the outside party and must be
 *   able to use the inbox of the company owning the tracked number `to` (404 for another company's number or an
 *   unknown one, 403 without inbox.use). Not there when Twilio is the carrier (404).
 * - `POST /webhooks/twilio/sms` and `/webhooks/twilio/sms/status`: public, form-encoded, and refused (403)
 *   unless X-Twilio-Signature checks out against PUBLIC_URL + the path. Both answer empty TwiML. Inbound media
 *   (MediaUrlN, MediaContentTypeN) are fetched into the data folder (media.ts), or kept by reference when they
 *   cannot be.
 */
import formbody from '@fastify/formbody';
import { INBOUND_ENDPOINTS as E } from '@shared/api/inbound';
import { normalizePhone } from '@shared/domain/phone';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sandboxSid } from '../../carriers/sandbox';
import { isValidTwilioRequest, twilioDeliveryState } from '../../carriers/twilio';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { HttpError, invalid, notFound } from '../../lib/errors';
import { applyDeliveryReceipt } from './receipts';
import { receiveMessage, trackedNumber } from './service';

/** Empty TwiML: nothing to say back. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

function twiml(reply: FastifyReply): FastifyReply {
  return reply.status(200).type('text/xml').send(EMPTY_TWIML);
}

const field = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

/** Twilio's NumMedia / MediaUrlN / MediaContentTypeN → our media references. */
export function twilioMedia(body: Record<string, unknown>): { url: string; content_type: string }[] {
  const count = Math.min(Number.parseInt(field(body, 'NumMedia'), 10) || 0, 10);
  const media: { url: string; content_type: string }[] = [];
  for (let index = 0; index < count; index++) {
    const url = field(body, `MediaUrl${index}`);
    if (!url) continue;
    media.push({
      url,
      content_type: field(body, `MediaContentType${index}`) || 'application/octet-stream',
    });
  }
  return media;
}

export function inboundRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(
    E.sandboxMessage,
    'inbox.use',
    async ({ body }) => {
      if (!normalizePhone(body.from)) {
        throw invalid({ from: [`"${body.from}" is not a valid phone number.`] });
      }
      const received = await receiveMessage(ctx, {
        from: body.from,
        to: body.to,
        body: body.body,
        media: body.media,
        carrierSid: sandboxSid(),
      });
      if (!received) throw invalid({ to: ['This number does not take texts.'] });
      if (!received.item) throw invalid({ from: ['This sender is blocked in this conversation.'] });
      return { id: received.item.id };
    },
    {
      company: {
        // The company owning the tracked number the text goes to; none (404) for an unknown number, or when
        // Twilio is the carrier (real texts come through its webhook).
        record: async ({ request }) => {
          if (ctx.config.twilio) throw notFound('sandbox');
          const to = (request.body as { to?: unknown } | undefined)?.to;
          if (typeof to !== 'string' || !to.trim()) return null;
          return (await trackedNumber(ctx, to))?.company_id ?? null;
        },
      },
    },
  );

  app.register(async (scope) => {
    await scope.register(formbody);
    const route = moduleRoutes(scope, ctx);

    const checkSignature = (request: Parameters<typeof isValidTwilioRequest>[0]) => {
      const twilio = ctx.config.twilio;
      if (!twilio) throw notFound('webhook');
      if (!isValidTwilioRequest(request, twilio.authToken, ctx.config.publicUrl)) {
        throw new HttpError(403, 'The Twilio signature does not match.');
      }
    };

    route(E.twilioSms, 'public', async ({ request, reply, body }) => {
      checkSignature(request);
      const sid = field(body, 'MessageSid') || field(body, 'SmsSid');
      const from = field(body, 'From');
      const to = field(body, 'To');
      if (!sid || !from || !to) {
        throw invalid({
          ...(sid ? {} : { MessageSid: ['MessageSid is missing.'] }),
          ...(from ? {} : { From: ['From is missing.'] }),
          ...(to ? {} : { To: ['To is missing.'] }),
        });
      }
      // An unknown or text-less number is ignored: Twilio still gets its empty answer.
      await receiveMessage(ctx, {
        from,
        to,
        body: field(body, 'Body'),
        media: twilioMedia(body),
        carrierSid: sid,
        downloadMedia: true,
      });
      return twiml(reply);
    });

    route(E.twilioStatus, 'public', async ({ request, reply, body }) => {
      checkSignature(request);
      const sid = field(body, 'MessageSid') || field(body, 'SmsSid');
      if (!sid) throw invalid({ MessageSid: ['MessageSid is missing.'] });
      const state = twilioDeliveryState(field(body, 'MessageStatus') || field(body, 'SmsStatus'));
      if (state) {
        await applyDeliveryReceipt(ctx, { sid, state, errorCode: field(body, 'ErrorCode') || null });
      }
      return twiml(reply);
    });
  });
}
