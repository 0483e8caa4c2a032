/**
 * Demo marketplace for Demo Motors, so the screen is not empty: its toll-free 888-555 line listed for three weeks
 * before SEED_ANCHOR (after an earlier listing at a higher price that was withdrawn), the Service line under offer
 * since ten days before it, and the in-app line on the marketplace but not yet listed.
 *
 * The buyer interest of each listing is what the sandbox marketplace gives for those hours (the same generator the
 * interest job asks), stored as rows; the open listings' interest jobs are enqueued at the anchor, so a server
 * started later records the hours since.
 */
import type { Db } from '../db/client';
import { marketplaceInterest, marketplaceListings, marketplaceNumbers } from '../db/schema';
import { enqueueJob, type JobContext } from '../jobs/queue';
import { HOUR_MS } from '../modules/marketplace/channel';
import { MARKETPLACE_INTEREST_KIND } from '../modules/marketplace/interestJob';
import { sandboxMarketplace } from '../modules/marketplace/sandbox';
import { SEED_ANCHOR } from './conversations';
import type { DemoNumbers } from './numbers';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 24 * HOUR_MS;
const ago = (days: number) => new Date(SEED_ANCHOR.getTime() - days * DAY);

export interface DemoMarketplace {
  tollFree: number;
  service: number;
  inApp: number;
}

interface SeedListing {
  price_cents: number;
  lease_price_cents: number | null;
  listed_at: Date;
  ended_at: Date | null;
  ended_as: 'withdrawn' | null;
}

export async function seedDemoMarketplace(
  tx: Tx,
  companyId: number,
  numbers: DemoNumbers,
): Promise<DemoMarketplace> {
  const ctx: JobContext = {
    db: tx,
    now: () => SEED_ANCHOR,
    jobSignals: { listen: () => () => undefined, enqueued: () => undefined, cancelled: () => undefined },
  };

  const offer = async (
    numberId: number,
    values: Omit<typeof marketplaceNumbers.$inferInsert, 'company_id' | 'number_id'>,
    listings: SeedListing[],
  ): Promise<number> => {
    const [row] = await tx
      .insert(marketplaceNumbers)
      .values({ company_id: companyId, number_id: numberId, ...values })
      .returning({ id: marketplaceNumbers.id });
    if (!row) throw new Error('seed: marketplace number');
    for (const listing of listings) {
      const until = listing.ended_at ?? SEED_ANCHOR;
      const [made] = await tx
        .insert(marketplaceListings)
        .values({
          company_id: companyId,
          marketplace_number_id: row.id,
          ...listing,
          interest_until: new Date(Math.floor(until.getTime() / HOUR_MS) * HOUR_MS),
          created_at: listing.listed_at,
        })
        .returning();
      if (!made) throw new Error('seed: marketplace listing');
      const hours = sandboxMarketplace.interestBetween(made, made.listed_at, until);
      if (hours.length > 0) {
        await tx.insert(marketplaceInterest).values(
          hours.map((hour) => ({
            company_id: companyId,
            listing_id: made.id,
            marketplace_number_id: row.id,
            kind: hour.kind,
            count: hour.count,
            occurred_at: hour.at,
          })),
        );
      }
      if (!listing.ended_at) {
        await enqueueJob(
          ctx,
          {
            kind: MARKETPLACE_INTEREST_KIND,
            key: `listing:${made.id}`,
            payload: { listingId: made.id },
            runAt: SEED_ANCHOR,
            maxAttempts: 10,
          },
          { tx },
        );
      }
    }
    return row.id;
  };

  const tollFree = await offer(
    numbers.motorsTollFree,
    {
      status: 'listed',
      asking_price_cents: 450_000,
      lease_price_cents: 14_900,
      description: 'Toll-free 888-555 line: easy to say in a radio spot and to remember from a billboard.',
      created_at: ago(60),
      updated_at: ago(21),
    },
    [
      {
        price_cents: 500_000,
        lease_price_cents: null,
        listed_at: ago(60),
        ended_at: ago(40),
        ended_as: 'withdrawn',
      },
      { price_cents: 450_000, lease_price_cents: 14_900, listed_at: ago(21), ended_at: null, ended_as: null },
    ],
  );
  const service = await offer(
    numbers.motorsService,
    {
      status: 'under_offer',
      asking_price_cents: 125_050,
      lease_price_cents: null,
      description: 'Chicago 312 number with a repeating 555 exchange.',
      created_at: ago(12),
      updated_at: ago(2),
    },
    [{ price_cents: 125_050, lease_price_cents: null, listed_at: ago(10), ended_at: null, ended_as: null }],
  );
  const inApp = await offer(
    numbers.motorsInApp,
    {
      status: 'unlisted',
      asking_price_cents: 80_000,
      lease_price_cents: 2_500,
      description: 'Second 312 line, free once the in-app desk moves.',
      created_at: ago(3),
      updated_at: ago(3),
    },
    [],
  );
  return { tollFree, service, inApp };
}
