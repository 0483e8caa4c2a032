/**
 * The marketplace's rules (docs/spec-interpretations.md "Marketplace numbers"): forward-only statuses as a table,
 * what each move does to the listings history, which moves the audit log keeps, prices in cents shown as §9 says
 * ("US-format numbers use USD with at least 2 fraction digits when non-integer"), and the vanity form.
 */
import { describe, expect, it } from 'vitest';
import {
  canMoveMarketplace,
  formatCents,
  isAuditedMarketplaceStatus,
  listingChange,
  MARKETPLACE_STATUSES,
  MARKETPLACE_TRANSITIONS,
  type MarketplaceStatus,
  marketplaceTransitionError,
  marketplaceVanity,
  parseDollars,
} from './marketplace';

const STATUSES = MARKETPLACE_STATUSES.map((status) => status.value);

describe('status moves (forward only)', () => {
  // from → the statuses it may go to; everything else is refused.
  const ALLOWED: [MarketplaceStatus, MarketplaceStatus[]][] = [
    ['unlisted', ['listed', 'withdrawn']],
    ['listed', ['under_offer', 'sold', 'withdrawn']],
    ['under_offer', ['listed', 'sold', 'withdrawn']],
    ['withdrawn', ['listed']],
    ['sold', []],
  ];

  it.each(ALLOWED)('%s → %j, nothing else', (from, to) => {
    expect(MARKETPLACE_TRANSITIONS[from]).toEqual(to);
    for (const target of STATUSES) {
      expect(canMoveMarketplace(from, target), `${from} → ${target}`).toBe(
        target === from || to.includes(target),
      );
    }
  });

  it.each([
    ['listed', 'unlisted', 'A number that is listed cannot be made unlisted.'],
    ['withdrawn', 'sold', 'A number that is withdrawn cannot be made sold.'],
    ['unlisted', 'under_offer', 'A number that is unlisted cannot be made under offer.'],
    ['sold', 'listed', 'This number has been sold: it cannot be made listed.'],
  ] as const)('%s → %s is refused: "%s"', (from, to, message) => {
    expect(marketplaceTransitionError(from, to)).toBe(message);
  });

  it('staying where it is, or an allowed move, has no error', () => {
    expect(marketplaceTransitionError('sold', 'sold')).toBeNull();
    expect(marketplaceTransitionError('listed', 'sold')).toBeNull();
  });
});

describe('listings history', () => {
  it.each([
    ['unlisted', 'listed', 'open'],
    ['withdrawn', 'listed', 'open'],
    ['listed', 'under_offer', null],
    ['under_offer', 'listed', null],
    ['listed', 'withdrawn', 'close'],
    ['under_offer', 'sold', 'close'],
    ['listed', 'sold', 'close'],
    ['unlisted', 'withdrawn', null],
    ['listed', 'listed', null],
  ] as const)('%s → %s: %s', (from, to, change) => {
    expect(listingChange(from, to)).toBe(change);
  });
});

describe('audit', () => {
  it('keeps sales and withdrawals only', () => {
    expect(STATUSES.filter(isAuditedMarketplaceStatus)).toEqual(['sold', 'withdrawn']);
  });
});

describe('prices (§9 "US-format numbers use USD with at least 2 fraction digits when non-integer")', () => {
  it.each([
    [450_000, '$4,500'],
    [125_050, '$1,250.50'],
    [14_999, '$149.99'],
    [50, '$0.50'],
    [0, '$0'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    ['4500', 450_000],
    ['$4,500.5', 450_050],
    ['1250.50', 125_050],
    [' 0.99 ', 99],
    ['12.345', null],
    ['-5', null],
    ['five', null],
    ['', null],
  ])('"%s" typed is %s cents', (input, cents) => {
    expect(parseDollars(input)).toBe(cents);
  });
});

describe('vanity form', () => {
  it.each([
    ['+18003569377', 'flowers', '+1 (800) FLOWERS'],
    ['+13125550101', 'JKL', '+1 (312) JKL0101'],
    ['+13125550100', 'CARS', null],
    ['+13125550100', '', null],
    ['+4420794609', 'AB', null],
  ])('%s with "%s" → %s', (number, words, form) => {
    expect(marketplaceVanity(number, words)).toBe(form);
  });
});
