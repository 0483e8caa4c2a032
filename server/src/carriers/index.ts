/**
 * The carriers a server is built with (by the composition root, once): `textCarrier` picks the carrier texts
 * go through — Twilio when configured, else the sandbox, which records each send in the outbox.
 * The voice carriers' interfaces are ./voice.ts.
 */
import type { ServerConfig } from '../config';
import type { Outbox } from '../services/outbox';
import { sandboxCarrier } from './sandbox';
import { twilioCarrier } from './twilio';
import type { Carrier } from './types';

export type {
  Carrier,
  DeliveryReceipt,
  OutgoingMedia,
  SendMessageInput,
  SendMessageResult,
  SentQuery,
} from './types';
export { CarrierError } from './types';

export function textCarrier(config: ServerConfig, outbox: Outbox): Carrier {
  return config.twilio
    ? twilioCarrier({ ...config.twilio, publicUrl: config.publicUrl, apiPrefix: config.apiPrefix })
    : sandboxCarrier(outbox);
}
