/**
 * Twilio as the carrier (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN set), through the official `twilio` package:
 * sends with `messages.create` (delivery updates to `${PUBLIC_URL}/api/webhooks/twilio/sms/status`) and checks
 * webhook signatures (X-Twilio-Signature over PUBLIC_URL + the request's path and query, and its form fields).
 * `twilioVoiceClient` is the REST client live calls use to hold and transfer (calls and conferences).
 */
import type { DeliveryState } from '@shared/domain/messaging';
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { type Carrier, CarrierError, type SentQuery, TWILIO_STATUS_PATH } from './types';

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
    async findSent(query) {
      client ??= twilio(options.accountSid, options.authToken);
      const recent = await client.messages.list({ from: query.from, to: query.to, limit: 50 });
      const found = matchSentMessage(recent, query);
      return found ? { sid: found.sid } : null;
    },
    validateWebhook(request) {
      return isValidTwilioRequest(request, options.authToken, options.publicUrl);
    },
  };
}

/** How far Twilio's clock may be behind ours when matching a message to a claim. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Twilio keeps no sender reference, so a claimed send is found by what it was: among the recent messages from
 * that number to that recipient (Twilio's list, newest first), one created since the claim (allowing for clock
 * skew) with the same text. A campaign never sends one person the same text twice, so that is the send.
 */
export function matchSentMessage<M extends { sid: string; body: string | null; dateCreated: Date }>(
  messages: readonly M[],
  query: Pick<SentQuery, 'body' | 'since'>,
): M | undefined {
  return messages.find(
    (message) =>
      message.dateCreated.getTime() >= query.since.getTime() - CLOCK_SKEW_MS &&
      (message.body ?? '').trim() === query.body.trim(),
  );
}

/**
 * The part of Twilio's REST API live calls use to hold and transfer (the SDK's own names and fields):
 * `calls(sid).update({ twiml })` gives a call new TwiML at once; `conferences(sidOrName).participants` adds a
 * participant (`create`, which takes the conference's friendly name and creates it if need be) and holds, flags
 * or removes one (`participants(callSid).update / remove`, which take the conference's sid);
 * `conferences.list({ friendlyName, status })` finds a conference's sid by its name. The real client satisfies
 * it; tests give the composition root a fake (`twilioClient`) that records what was asked.
 */
export interface TwilioVoiceClient {
  calls(sid: string): { update(params: { twiml?: string; status?: 'completed' }): Promise<unknown> };
  conferences: TwilioConferences;
}

export interface TwilioConferences {
  (sidOrName: string): { participants: TwilioParticipants };
  list(params: { friendlyName: string; status: 'in-progress'; limit: number }): Promise<{ sid: string }[]>;
}

export interface TwilioParticipants {
  (
    callSid: string,
  ): {
    update(params: { hold?: boolean; holdUrl?: string; endConferenceOnExit?: boolean }): Promise<unknown>;
    remove(): Promise<boolean>;
  };
  create(params: TwilioParticipantCreate): Promise<{ callSid: string }>;
}

export interface TwilioParticipantCreate {
  from: string;
  to: string;
  label?: string;
  timeout?: number;
  beep?: string;
  earlyMedia?: boolean;
  startConferenceOnEnter?: boolean;
  endConferenceOnExit?: boolean;
  statusCallback?: string;
  statusCallbackMethod?: string;
  statusCallbackEvent?: string[];
  conferenceStatusCallback?: string;
  conferenceStatusCallbackMethod?: string;
  conferenceStatusCallbackEvent?: string[];
}

/**
 * Twilio's REST client for live calls, with the account's credentials. The SDK's client is made at the first
 * request, as the text carrier's is: a server that never holds or transfers a call never builds it.
 */
export function twilioVoiceClient(account: { accountSid: string; authToken: string }): TwilioVoiceClient {
  let client: ReturnType<typeof twilio> | undefined;
  const sdk = () => {
    client ??= twilio(account.accountSid, account.authToken);
    return client;
  };
  return {
    calls: (sid) => sdk().calls(sid),
    conferences: Object.assign((sidOrName: string) => sdk().conferences(sidOrName), {
      list: (params: { friendlyName: string; status: 'in-progress'; limit: number }) =>
        sdk().conferences.list(params),
    }),
  };
}
