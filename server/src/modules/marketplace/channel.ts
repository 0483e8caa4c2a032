/**
 * Where a listing runs and where its buyer interest comes from. There is no real number marketplace to talk to, so
 * the one channel is the sandbox marketplace (sandbox.ts), as the sandbox carrier stands in for Twilio; a real one
 * would answer the same question from its own counts.
 */
import type { MarketplaceChannel, MarketplaceInterestKind } from '@shared/domain/marketplace';

/** Interest of one kind in one hour. */
export interface InterestHour {
  kind: MarketplaceInterestKind;
  /** The start of the hour. */
  at: Date;
  count: number;
}

export interface ListingOnMarket {
  id: number;
  price_cents: number;
  listed_at: Date;
}

export interface Marketplace {
  readonly name: MarketplaceChannel;
  /** The interest the listing drew in each whole hour that starts at or after `from` and ends by `to`. */
  interestBetween(listing: ListingOnMarket, from: Date, to: Date): InterestHour[];
}

export const HOUR_MS = 3_600_000;

/** The first hour boundary at or after `at`. */
export function hourAtOrAfter(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
}

/** The last hour boundary at or before `at`. */
export function hourAtOrBefore(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}
