/** Marketplace rows → the contract's shapes (shared/api/marketplace.ts). */
import type { MarketplaceListing, MarketplaceNumber } from '@shared/api/marketplace';
import { marketplaceVanity } from '@shared/domain/marketplace';
import { formatPhone } from '@shared/domain/phone';
import type { MarketplaceListingRow, MarketplaceNumberRow } from '../../db/schema';

export interface InterestCounts {
  views: number;
  inquiries: number;
  offers: number;
}

export const NO_INTEREST: Readonly<InterestCounts> = Object.freeze({ views: 0, inquiries: 0, offers: 0 });

export function marketplaceNumberView(
  row: MarketplaceNumberRow & { e164: string; type: number },
  interest: InterestCounts,
  listedAt: Date | null,
): MarketplaceNumber {
  return {
    id: row.id,
    company_id: row.company_id,
    number_id: row.number_id,
    number: row.e164,
    formatted: formatPhone(row.e164),
    vanity: row.vanity,
    vanity_form: row.vanity ? marketplaceVanity(row.e164, row.vanity) : null,
    type: row.type,
    status: row.status,
    asking_price_cents: row.asking_price_cents,
    lease_price_cents: row.lease_price_cents,
    description: row.description,
    sold_price_cents: row.sold_price_cents,
    sold_at: row.sold_at?.toISOString() ?? null,
    listed_at: listedAt?.toISOString() ?? null,
    interest: { ...interest },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function listingView(row: MarketplaceListingRow, interest: InterestCounts): MarketplaceListing {
  return {
    id: row.id,
    marketplace_number_id: row.marketplace_number_id,
    channel: row.channel,
    price_cents: row.price_cents,
    lease_price_cents: row.lease_price_cents,
    listed_at: row.listed_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    ended_as: row.ended_as ?? null,
    interest: { ...interest },
  };
}
