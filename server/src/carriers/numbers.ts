/**
 * The carrier's number inventory: finding numbers to buy, buying one (pointing its calls and texts at our
 * webhooks) and giving one back. The sandbox inventory (./numberInventory.ts) unless Twilio is configured
 * (./twilioNumbers.ts); the composition root picks one (`numberCarrier`) and the numbers purchase module uses it as
 * `ctx.numberCarrier`, never asking which it is except for `name`.
 */
import type { NumberSearchMode } from '@shared/domain/numbers';

/** What to look for: §3 type 1 toll-free or 2 local, where, and the digits in a §5 search mode. */
export interface NumberQuery {
  type: 1 | 2;
  /** Three digits; for toll-free one of the 8** codes, or none. */
  areaCode?: string;
  /** A state or province (two letters, upper case), instead of an area code (or with a city, to narrow it). */
  region?: string;
  /** Near this city (as people write it), instead of an area code. */
  locality?: string;
  /** The search's digits (letters already read as keypad digits); empty: any. */
  digits: string;
  mode: NumberSearchMode;
  limit: number;
}

/** A number the carrier offers. */
export interface OfferedNumber {
  /** E.164. */
  number: string;
  type: 1 | 2;
  /** Where it rings, as the carrier says; empty when it does not. */
  locality: string;
  region: string;
  capabilities: { voice: boolean; sms: boolean; mms: boolean };
}

/** Where the carrier sends the bought number's calls and texts (our webhooks). */
export interface NumberHooks {
  voiceUrl: string;
  smsUrl: string;
}

export interface NumberCarrier {
  name: 'sandbox' | 'twilio';
  search(query: NumberQuery): Promise<OfferedNumber[]>;
  /**
   * Buys the number; answers the carrier's id of it. A number this account holds already answers as bought (a
   * purchase that died before it was recorded, asked again). Throws `NumberUnavailable` when it cannot be bought.
   */
  purchase(number: string, hooks: NumberHooks): Promise<{ sid: string }>;
  /** Gives the number back to the carrier. */
  release(sid: string): Promise<void>;
}

/** The carrier would not sell the number (gone, never offered, refused): the reason is for the person. */
export class NumberUnavailable extends Error {
  override name = 'NumberUnavailable';
}
