/**
 * The number marketplace (shared/domain/marketplace.ts): the company's numbers it offers, each time one was on
 * offer (a listing), and the buyer interest each listing drew. KPIs and the report are counted from these rows.
 */
import type {
  MarketplaceChannel,
  MarketplaceInterestKind,
  MarketplaceStatus,
} from '@shared/domain/marketplace';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, companyId, createdAt, serialId, timestamps, timestamptz } from './columns';
import { numbers } from './numbers';

/** One of the company's numbers on the marketplace: at most one per number. */
export const marketplaceNumbers = pgTable(
  'marketplace_numbers',
  {
    id: serialId(),
    company_id: companyId(),
    number_id: belongsTo('number_id', () => numbers.id),
    status: text('status').$type<MarketplaceStatus>().notNull().default('unlisted'),
    asking_price_cents: integer('asking_price_cents').notNull(),
    /** Per month; null: not for lease. */
    lease_price_cents: integer('lease_price_cents'),
    description: text('description').notNull().default(''),
    /** The words it is offered under ("FLOWERS"), empty for none. */
    vanity: text('vanity').notNull().default(''),
    sold_price_cents: integer('sold_price_cents'),
    sold_at: timestamptz('sold_at'),
    ...timestamps(),
  },
  (table) => [
    index('marketplace_numbers_company_idx').on(table.company_id, table.status),
    uniqueIndex('marketplace_numbers_number_unique').on(table.number_id),
  ],
);

/** One time a number was on offer: opened when it is listed, closed when it is withdrawn or sold. */
export const marketplaceListings = pgTable(
  'marketplace_listings',
  {
    id: serialId(),
    company_id: companyId(),
    marketplace_number_id: belongsTo('marketplace_number_id', () => marketplaceNumbers.id),
    channel: text('channel').$type<MarketplaceChannel>().notNull().default('sandbox'),
    price_cents: integer('price_cents').notNull(),
    lease_price_cents: integer('lease_price_cents'),
    listed_at: timestamptz('listed_at').notNull(),
    ended_at: timestamptz('ended_at'),
    /** The status the number left the offer for (withdrawn, sold). */
    ended_as: text('ended_as').$type<MarketplaceStatus>(),
    /** The marketplace's interest has been recorded up to here (the interest job's mark). */
    interest_until: timestamptz('interest_until').notNull(),
    created_at: createdAt(),
  },
  (table) => [
    index('marketplace_listings_number_idx').on(table.marketplace_number_id),
    // At most one open listing per number.
    uniqueIndex('marketplace_listings_open_unique')
      .on(table.marketplace_number_id)
      .where(sql`${table.ended_at} is null`),
  ],
);

/**
 * Buyer interest a listing drew in one hour of the marketplace: how many views, inquiries or offers. One row per
 * (listing, kind, hour), so recording the same hour again adds nothing.
 */
export const marketplaceInterest = pgTable(
  'marketplace_interest',
  {
    id: serialId(),
    company_id: companyId(),
    listing_id: belongsTo('listing_id', () => marketplaceListings.id),
    marketplace_number_id: belongsTo('marketplace_number_id', () => marketplaceNumbers.id),
    kind: text('kind').$type<MarketplaceInterestKind>().notNull(),
    count: integer('count').notNull(),
    /** The start of the hour it was seen in. */
    occurred_at: timestamptz('occurred_at').notNull(),
  },
  (table) => [
    uniqueIndex('marketplace_interest_hour_unique').on(table.listing_id, table.kind, table.occurred_at),
    index('marketplace_interest_company_idx').on(table.company_id, table.occurred_at),
  ],
);

export type MarketplaceNumberRow = typeof marketplaceNumbers.$inferSelect;
export type MarketplaceListingRow = typeof marketplaceListings.$inferSelect;
