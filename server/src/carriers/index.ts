/**
 * The carriers a server is built with (by the composition root, once): `textCarrier` picks the carrier texts
 * go through — Twilio when configured, else the sandbox, which records each send in the outbox; `numberCarrier`
 * where numbers are found and bought (./numbers.ts).
 * The voice carriers' interfaces are ./voice.ts.
 */
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { Outbox } from '../services/outbox';
import { sandboxNumberCarrier } from './numberInventory';
import type { NumberCarrier } from './numbers';
import { sandboxCarrier } from './sandbox';
import { twilioCarrier } from './twilio';
import { twilioNumberCarrier } from './twilioNumbers';
import type { Carrier } from './types';

export type { NumberCarrier, NumberHooks, NumberQuery, OfferedNumber } from './numbers';
export { NumberUnavailable } from './numbers';
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

/** Where numbers are found and bought: Twilio's inventory when configured, else the sandbox's. */
export function numberCarrier(config: ServerConfig, db: Db): NumberCarrier {
  return config.twilio ? twilioNumberCarrier(config.twilio) : sandboxNumberCarrier(db);
}
