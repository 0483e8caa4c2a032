/**
 * The sandbox marketplace: buyer interest made up deterministically from the listing and the hour, so the same
 * listing over the same hours always draws the same views, inquiries and offers (tests and the demo seed can count
 * on it), and what is recorded is only ever read back from the stored rows. Each hour draws 0–3 views; about one
 * hour in 32 an inquiry and one in 85 an offer, a little more often for a cheaper number.
 */
import { HOUR_MS, type InterestHour, type ListingOnMarket, type Marketplace } from './channel';

/** FNV-1a over the text: a stable 32-bit value. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Cheaper numbers draw more inquiries and offers: 0 under $500, 1 under $5,000, else 2. */
function priceBand(cents: number): number {
  if (cents < 50_000) return 0;
  if (cents < 500_000) return 1;
  return 2;
}

export function sandboxInterestOfHour(listing: ListingOnMarket, hourIndex: number): InterestHour[] {
  const value = hash32(`${listing.id}:${hourIndex}`);
  const at = new Date(hourIndex * HOUR_MS);
  const band = priceBand(listing.price_cents);
  const hour: InterestHour[] = [];
  const views = value % 4;
  if (views > 0) hour.push({ kind: 'view', at, count: views });
  if (((value >>> 8) & 0xff) < 8 + (2 - band) * 2) hour.push({ kind: 'inquiry', at, count: 1 });
  if (((value >>> 16) & 0xff) < 3 + (2 - band)) hour.push({ kind: 'offer', at, count: 1 });
  return hour;
}

export const sandboxMarketplace: Marketplace = {
  name: 'sandbox',
  interestBetween(listing, from, to) {
    const first = Math.ceil(Math.max(from.getTime(), listing.listed_at.getTime()) / HOUR_MS);
    const end = Math.floor(to.getTime() / HOUR_MS);
    const hours: InterestHour[] = [];
    for (let index = first; index < end; index++) hours.push(...sandboxInterestOfHour(listing, index));
    return hours;
  },
};
