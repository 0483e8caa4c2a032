/**
 * The carrier: whoever actually sends a text. The built-in sandbox (records each send in the sandbox outbox and
 * "delivers" it a moment later) unless Twilio is configured (`ctx.config.twilio`). Messaging code sends through
 * `ctx.carrier` (built once: `textCarrier`, ./index.ts) and never looks at which it is, except for `name`.
 */
import type { DeliveryState } from '@shared/domain/messaging';
import type { FastifyRequest } from 'fastify';

/** An attachment to send: a URL the carrier can fetch (our signed media URL) and its type. */
export interface OutgoingMedia {
  url: string;
  content_type: string;
}

/** A delivery receipt: the carrier's id of a sent message, where it got to and the carrier's error code if any. */
export interface DeliveryReceipt {
  sid: string;
  state: DeliveryState;
  /** The carrier's error code (Twilio's, e.g. '30006' landline or unreachable), null when delivered. */
  errorCode: string | null;
}

export interface SendMessageInput {
  /** The company's tracked number sending (E.164). */
  from: string;
  /** The recipient (E.164). */
  to: string;
  body: string;
  media: OutgoingMedia[];
  /** The company the text belongs to (the sandbox outbox records it). */
  companyId: number;
  /**
   * Where Twilio posts delivery updates; defaults to `${publicUrl}/api/webhooks/twilio/sms/status`
   * (TWILIO_STATUS_PATH). The sandbox ignores it.
   */
  statusCallbackUrl?: string;
  /**
   * The sandbox's delivery receipt, called a moment after the send (`receiptDelayMs`, ~300 ms). Twilio never
   * calls it: its receipts arrive at the status webhook. Apply it with `applyDeliveryReceipt`
   * (modules/inbound/receipts.ts), which both paths share.
   */
  onReceipt?: (receipt: DeliveryReceipt) => unknown;
  /**
   * The sender's reference for this send (a campaign send's claim), unique per attempt: what `findSent` is asked
   * about if the sender dies before recording the answer. The sandbox keeps it with the send; Twilio has no
   * field for it, so `findSent` matches the message instead.
   */
  reference?: string;
}

/** A send whose outcome the sender did not record: its reference and the message it was. */
export interface SentQuery {
  reference: string;
  from: string;
  to: string;
  body: string;
  /** When the send was claimed: it cannot have reached the carrier before. */
  since: Date;
  /** Where the sandbox delivers the receipt of a send it finds (its receipt may have died with the sender). */
  onReceipt?: (receipt: DeliveryReceipt) => unknown;
}

export interface SendMessageResult {
  /** The carrier's id of the message (`SB…` in the sandbox, `SM…`/`MM…` at Twilio); store it as carrier_sid. */
  sid: string;
  /** The state right after the send: 'queued' (Twilio accepted it, or the sandbox recorded it). */
  state: DeliveryState;
}

export interface Carrier {
  name: 'sandbox' | 'twilio';
  /** Sends a text (SMS, or MMS with media). Throws `CarrierError` when the carrier refuses it outright. */
  sendMessage(input: SendMessageInput): Promise<SendMessageResult>;
  /**
   * Whether a send reached the carrier, and its sid (null: it never did, so sending it again is safe). Asked by
   * a campaign run taking over sends a dead run had claimed. Throws when the carrier cannot be asked (the run
   * retries later rather than guess).
   */
  findSent(query: SentQuery): Promise<{ sid: string } | null>;
  /**
   * Whether a webhook request really comes from the carrier (Twilio's X-Twilio-Signature over PUBLIC_URL +
   * path and the form parameters). The sandbox has no webhooks and answers false.
   */
  validateWebhook(request: FastifyRequest): boolean;
}

/** The carrier refused a send (bad number, not SMS-capable…): its code and message, for the item's error. */
export class CarrierError extends Error {
  override name = 'CarrierError';
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** The path (under the API prefix) Twilio posts inbound texts to, and the one for delivery updates. */
export const TWILIO_SMS_PATH = '/webhooks/twilio/sms';
export const TWILIO_STATUS_PATH = '/webhooks/twilio/sms/status';
