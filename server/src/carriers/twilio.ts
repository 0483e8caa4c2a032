/**
 * Twilio as the carrier (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN set), through the official `twilio` package:
 * sends with `messages.create` (delivery updates to `${PUBLIC_URL}/api/webhooks/twilio/sms/status`) and checks
 * webhook signatures (X-Twilio-Signature over PUBLIC_URL + the request's path and query, and its form fields).
 */
import type { DeliveryState } from '@shared/domain/messaging';
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { type Carrier, CarrierError, TWILIO_STATUS_PATH } from './types';

export interface TwilioCarrierOptions {
  accountSid: string;
  authToken: string;
  /** The server's public origin (PUBLIC_URL), as Twilio reaches it. */
  publicUrl: string;
  /** The API prefix ('/api'). */
  apiPrefix: string;
}

/** The URL Twilio signed: our public origin plus the path (and query) it posted to. */
export function twilioWebhookUrl(publicUrl: string, requestUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}${requestUrl}`;
}

/** Whether `request` carries a valid X-Twilio-Signature for `authToken`. */
export function isValidTwilioRequest(request: FastifyRequest, authToken: string, publicUrl: string): boolean {
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || !signature) return false;
  const params =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return twilio.validateRequest(authToken, signature, twilioWebhookUrl(publicUrl, request.url), params);
}

/**
 * Twilio's MessageStatus → our delivery state; null for statuses that say nothing about an outbound message's
 * delivery (receiving, received). Twilio's `sending` is still before `sent`, so it counts as queued; `read`
 * (WhatsApp/RCS) as delivered; `canceled` (a scheduled send withdrawn) as failed.
 */
export function twilioDeliveryState(status: string | undefined): DeliveryState | null {
  switch ((status ?? '').toLowerCase()) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
      return 'queued';
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

export function twilioCarrier(options: TwilioCarrierOptions): Carrier {
  let client: ReturnType<typeof twilio> | undefined;
  const defaultCallback = `${options.publicUrl.replace(/\/$/, '')}${options.apiPrefix}${TWILIO_STATUS_PATH}`;
  return {
    name: 'twilio',
    async sendMessage(input) {
      client ??= twilio(options.accountSid, options.authToken);
      try {
        const message = await client.messages.create({
          from: input.from,
          to: input.to,
          ...(input.body ? { body: input.body } : {}),
          ...(input.media.length ? { mediaUrl: input.media.map((media) => media.url) } : {}),
          statusCallback: input.statusCallbackUrl ?? defaultCallback,
        });
        return { sid: message.sid, state: twilioDeliveryState(message.status) ?? 'queued' };
      } catch (error) {
        if (error instanceof twilio.RestException) {
          throw new CarrierError(error.message, error.code !== undefined ? String(error.code) : null);
        }
        throw error;
      }
    },
    validateWebhook(request) {
      return isValidTwilioRequest(request, options.authToken, options.publicUrl);
    },
  };
}
