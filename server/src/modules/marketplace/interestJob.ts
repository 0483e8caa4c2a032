/**
 * The buyer interest of an open listing, recorded hour by hour on the job runner: one job per listing (keyed by
 * it, made in the transaction that opens the listing). Each run asks the marketplace for the whole hours since the
 * listing's mark up to now (or up to when the listing ended), stores them (one row per listing, kind and hour: a
 * run repeated after a crash adds nothing) and moves the mark, in one transaction; then it waits for the next hour
 * (`RunLater`), or finishes once the listing has ended. The clock is the context's, so tests move it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketplaceInterest, marketplaceListings } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { type JobHandler, RunLater } from '../../jobs/runner';
import { HOUR_MS, hourAtOrBefore, type Marketplace } from './channel';
import { sandboxMarketplace } from './sandbox';

export const MARKETPLACE_INTEREST_KIND = 'marketplace-interest';

/** The marketplace each channel's listings run on. */
const MARKETS: Record<string, Marketplace> = { sandbox: sandboxMarketplace };

/**
 * Records the listing's interest from its mark up to `until` (an hour boundary) and moves the mark; answers
 * whether the listing has ended (nothing more will come).
 */
export async function recordListingInterest(db: Db, listingId: number, now: Date): Promise<'open' | 'ended'> {
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select()
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listingId))
      .for('update');
    if (!listing) return 'ended';
    const end = listing.ended_at && listing.ended_at < now ? listing.ended_at : now;
    const until = hourAtOrBefore(end);
    if (until > listing.interest_until) {
      const market = MARKETS[listing.channel] ?? sandboxMarketplace;
      const hours = market.interestBetween(listing, listing.interest_until, until);
      if (hours.length > 0) {
        await tx
          .insert(marketplaceInterest)
          .values(
            hours.map((hour) => ({
              company_id: listing.company_id,
              listing_id: listing.id,
              marketplace_number_id: listing.marketplace_number_id,
              kind: hour.kind,
              count: hour.count,
              occurred_at: hour.at,
            })),
          )
          .onConflictDoNothing();
      }
      await tx
        .update(marketplaceListings)
        .set({ interest_until: until })
        .where(eq(marketplaceListings.id, listing.id));
    }
    return listing.ended_at ? 'ended' : 'open';
  });
}

export const marketplaceInterestJob: JobHandler<AppContext> = {
  kind: MARKETPLACE_INTEREST_KIND,
  async run(ctx, job) {
    const listingId = Number(job.row.payload.listingId);
    const state = await recordListingInterest(ctx.db, listingId, ctx.now());
    await job.checkpoint();
    if (state === 'open') throw new RunLater(new Date(hourAtOrBefore(ctx.now()).getTime() + HOUR_MS));
  },
};
