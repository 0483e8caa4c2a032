/**
 * The number marketplace (spec §1 "marketplace numbers", §7 Marketplace numbers; our reading of it is in
 * docs/spec-interpretations.md): a company offers its memorable numbers (vanity, repeating digits, toll-free) for
 * sale or lease to other businesses and watches how each offer performs.
 *
 * A marketplace number moves forward only, by the table `MARKETPLACE_TRANSITIONS`: listing it opens a listing
 * (one row of its listings history), withdrawing or selling it closes the open one. Prices are integer cents, shown
 * as §9 says: "US-format numbers use USD with at least 2 fraction digits when non-integer".
 */
import { formatUsd } from './billing';
import { codes, labelOf } from './codes';
import { vanityForm } from './numberSearch';

export const MARKETPLACE_STATUSES = codes([
  { value: 'unlisted', label: 'Unlisted' },
  { value: 'listed', label: 'Listed' },
  { value: 'under_offer', label: 'Under offer' },
  { value: 'sold', label: 'Sold' },
  { value: 'withdrawn', label: 'Withdrawn' },
]);
export type MarketplaceStatus = (typeof MARKETPLACE_STATUSES)[number]['value'];

/**
 * Where a status may go. Unlisted (on the marketplace, not yet offered) → listed or withdrawn; listed → an offer
 * came in (under offer), sold or withdrawn; under offer → back to listed (the offer fell through), sold or
 * withdrawn; withdrawn → listed again; sold is the end.
 */
export const MARKETPLACE_TRANSITIONS: Readonly<Record<MarketplaceStatus, readonly MarketplaceStatus[]>> =
  Object.freeze({
    unlisted: ['listed', 'withdrawn'],
    listed: ['under_offer', 'sold', 'withdrawn'],
    under_offer: ['listed', 'sold', 'withdrawn'],
    withdrawn: ['listed'],
    sold: [],
  });

/** Whether a marketplace number may go from `from` to `to` (staying where it is is no change, and allowed). */
export function canMoveMarketplace(from: MarketplaceStatus, to: MarketplaceStatus): boolean {
  return from === to || MARKETPLACE_TRANSITIONS[from].includes(to);
}

/** Why a change of status is refused, in words a person reads (null when it is allowed). */
export function marketplaceTransitionError(from: MarketplaceStatus, to: MarketplaceStatus): string | null {
  if (canMoveMarketplace(from, to)) return null;
  const fromLabel = labelOf(MARKETPLACE_STATUSES, from);
  const toLabel = labelOf(MARKETPLACE_STATUSES, to);
  if (from === 'sold') return `This number has been sold: it cannot be made ${toLabel.toLowerCase()}.`;
  return `A number that is ${fromLabel.toLowerCase()} cannot be made ${toLabel.toLowerCase()}.`;
}

/** The statuses in which the number is on offer: it has an open listing that draws interest. */
export const OPEN_LISTING_STATUSES: readonly MarketplaceStatus[] = Object.freeze(['listed', 'under_offer']);

export function isOnOffer(status: MarketplaceStatus): boolean {
  return OPEN_LISTING_STATUSES.includes(status);
}

/**
 * What a change of status does to the listings history: `open` a listing (going on offer from off it), `close` the
 * open one (leaving the offer), or nothing (listed ↔ under offer keeps the same listing open).
 */
export function listingChange(from: MarketplaceStatus, to: MarketplaceStatus): 'open' | 'close' | null {
  if (isOnOffer(to) && !isOnOffer(from)) return 'open';
  if (!isOnOffer(to) && isOnOffer(from)) return 'close';
  return null;
}

/** Status changes the audit log keeps (who sold or withdrew a number, and when). */
export function isAuditedMarketplaceStatus(status: MarketplaceStatus): boolean {
  return status === 'sold' || status === 'withdrawn';
}

/** The channels a listing can run on; the sandbox marketplace stands in for a real one (docs/spec-interpretations.md). */
export const MARKETPLACE_CHANNELS = codes([{ value: 'sandbox', label: 'Sandbox marketplace' }]);
export type MarketplaceChannel = (typeof MARKETPLACE_CHANNELS)[number]['value'];

/** Buyer interest a listing draws. */
export const MARKETPLACE_INTEREST_KINDS = codes([
  { value: 'view', label: 'Views' },
  { value: 'inquiry', label: 'Inquiries' },
  { value: 'offer', label: 'Offers' },
]);
export type MarketplaceInterestKind = (typeof MARKETPLACE_INTEREST_KINDS)[number]['value'];

/** The highest price we take, in cents ($10,000,000): above it is a typo, not a number's price. */
export const MARKETPLACE_MAX_PRICE_CENTS = 1_000_000_000;

/** Cents as §9's USD: `$1,500`, `$1,499.99`, `$0.50`. */
export function formatCents(cents: number): string {
  return formatUsd(cents / 100);
}

/** "12.50" or "12" as typed into a price field → cents; null when it is not an amount of money. */
export function parseDollars(input: string): number | null {
  const text = input.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A marketplace number's vanity form: the number spelled with its words where their keypad digits are
 * ("+1 (800) FLOWERS"), read anywhere in the number (numberSearch's `contains`); null when it has no words or the
 * number does not carry them.
 */
export function marketplaceVanity(e164: string, words: string): string | null {
  return vanityForm(e164, words, 'contains');
}
