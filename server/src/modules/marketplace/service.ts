/**
 * The marketplace's rules and queries: a company's numbers on offer, paged and searched; putting one of its numbers
 * on the marketplace; changing price, lease, words and status (forward only, by shared/domain/marketplace.ts:
 * listing opens a listing and starts its interest job, withdrawing or selling closes it; selling and withdrawing
 * are audit-logged); its listings; the KPIs and the report, always counted from the stored rows.
 */
import type {
  MarketplaceListing,
  MarketplaceListQuery,
  MarketplaceNumber,
  OfferNumberBodySchema,
  UpdateMarketplaceNumberBodySchema,
} from '@shared/api/marketplace';
import { MARKETPLACE_MESSAGES } from '@shared/api/marketplace';
import { toPage } from '@shared/api/paged';
import {
  isAuditedMarketplaceStatus,
  isOnOffer,
  listingChange,
  type MarketplaceInterestKind,
  type MarketplaceStatus,
  marketplaceTransitionError,
  marketplaceVanity,
  OPEN_LISTING_STATUSES,
} from '@shared/domain/marketplace';
import { formatPhone, phoneSearchDigits } from '@shared/domain/phone';
import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  auditLog,
  liveNumber,
  type MarketplaceNumberRow,
  marketplaceInterest,
  marketplaceListings,
  marketplaceNumbers,
  numbers,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { enqueueJob, wakeJobRunners } from '../../jobs/queue';
import { conflict, invalid, notFound } from '../../lib/errors';
import { likePattern } from '../companies/service';
import { isUniqueViolation } from '../contacts/service/checks';
import { MARKETPLACE_INTEREST_KIND } from './interestJob';
import { type InterestCounts, listingView, marketplaceNumberView, NO_INTEREST } from './view';

/** Who changes the marketplace (kept in the audit log). */
export interface MarketplaceActor {
  userId: number;
  impersonatorId: number | null;
}

export const ALREADY_ON_MARKETPLACE = 'This number is on the marketplace already.';
export const NOT_A_LIVE_NUMBER = 'This number has been released: it cannot be offered.';

export function vanityMismatch(e164: string, words: string): string {
  return `${formatPhone(e164)} does not spell "${words.toUpperCase()}" on a phone keypad.`;
}

/** A marketplace number with what it shows: its number's E.164 and type. */
type Joined = MarketplaceNumberRow & { e164: string; type: number };

const joinedColumns = {
  row: marketplaceNumbers,
  e164: numbers.number,
  type: numbers.type,
};

function searchOver(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const digits = phoneSearchDigits(search);
  return or(
    ilike(numbers.number, likePattern(search)),
    ilike(marketplaceNumbers.vanity, likePattern(search)),
    ilike(marketplaceNumbers.description, likePattern(search)),
    digits && digits.length >= 3 ? ilike(numbers.number, likePattern(digits)) : undefined,
  );
}

function whereOf(
  companyId: number,
  filter: { status?: MarketplaceStatus | undefined; search?: string | undefined },
) {
  return and(
    eq(marketplaceNumbers.company_id, companyId),
    filter.status ? eq(marketplaceNumbers.status, filter.status) : undefined,
    searchOver(filter.search),
  );
}

/** Interest summed per key (a marketplace number or a listing), optionally within [from, to). */
async function interestBy(
  db: Db,
  by: 'marketplace_number_id' | 'listing_id',
  ids: number[],
): Promise<Map<number, InterestCounts>> {
  const totals = new Map<number, InterestCounts>();
  if (ids.length === 0) return totals;
  const column = marketplaceInterest[by];
  const rows = await db
    .select({
      key: column,
      kind: marketplaceInterest.kind,
      total: sql<number>`coalesce(sum(${marketplaceInterest.count}), 0)::int`,
    })
    .from(marketplaceInterest)
    .where(inArray(column, ids))
    .groupBy(column, marketplaceInterest.kind);
  for (const row of rows) {
    const counts = totals.get(row.key) ?? { ...NO_INTEREST };
    addInterest(counts, row.kind, row.total);
    totals.set(row.key, counts);
  }
  return totals;
}

function addInterest(counts: InterestCounts, kind: MarketplaceInterestKind, total: number): void {
  if (kind === 'view') counts.views += total;
  else if (kind === 'inquiry') counts.inquiries += total;
  else counts.offers += total;
}

/** The open listing's start per marketplace number. */
async function openListingStarts(db: Db, ids: number[]): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: marketplaceListings.marketplace_number_id, listed_at: marketplaceListings.listed_at })
    .from(marketplaceListings)
    .where(
      and(inArray(marketplaceListings.marketplace_number_id, ids), isNull(marketplaceListings.ended_at)),
    );
  return new Map(rows.map((row) => [row.id, row.listed_at]));
}

async function views(db: Db, rows: Joined[]): Promise<MarketplaceNumber[]> {
  const ids = rows.map((row) => row.id);
  const [interest, starts] = await Promise.all([
    interestBy(db, 'marketplace_number_id', ids),
    openListingStarts(db, ids),
  ]);
  return rows.map((row) =>
    marketplaceNumberView(row, interest.get(row.id) ?? NO_INTEREST, starts.get(row.id) ?? null),
  );
}

const joined = (found: { row: MarketplaceNumberRow; e164: string; type: number }): Joined => ({
  ...found.row,
  e164: found.e164,
  type: found.type,
});

export async function listMarketplaceNumbers(
  ctx: AppContext,
  companyId: number,
  query: Required<Pick<MarketplaceListQuery, 'page' | 'perPage'>> & MarketplaceListQuery,
) {
  const page = Number(query.page);
  const perPage = Number(query.perPage);
  const where = whereOf(companyId, query);
  const [found, [total]] = await Promise.all([
    ctx.db
      .select(joinedColumns)
      .from(marketplaceNumbers)
      .innerJoin(numbers, eq(numbers.id, marketplaceNumbers.number_id))
      .where(where)
      .orderBy(desc(marketplaceNumbers.updated_at), desc(marketplaceNumbers.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    ctx.db
      .select({ total: count() })
      .from(marketplaceNumbers)
      .innerJoin(numbers, eq(numbers.id, marketplaceNumbers.number_id))
      .where(where),
  ]);
  return toPage(await views(ctx.db, found.map(joined)), total?.total ?? 0, page, perPage);
}

async function findJoined(db: Db, companyId: number, id: number): Promise<Joined | undefined> {
  const [found] = await db
    .select(joinedColumns)
    .from(marketplaceNumbers)
    .innerJoin(numbers, eq(numbers.id, marketplaceNumbers.number_id))
    .where(and(eq(marketplaceNumbers.company_id, companyId), eq(marketplaceNumbers.id, id)));
  return found ? joined(found) : undefined;
}

export async function getMarketplaceNumber(ctx: AppContext, companyId: number, id: number) {
  const found = await findJoined(ctx.db, companyId, id);
  if (!found) throw notFound('marketplace number');
  const [view] = await views(ctx.db, [found]);
  if (!view) throw notFound('marketplace number');
  return view;
}

/** The company a marketplace number belongs to (null: none), for routes that find it from the record. */
export async function companyOfMarketplaceNumber(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ company_id: marketplaceNumbers.company_id })
    .from(marketplaceNumbers)
    .where(eq(marketplaceNumbers.id, id));
  return row?.company_id ?? null;
}

/** Opens a listing at the current price and starts the job that records its interest hour by hour. */
async function openListing(ctx: AppContext, tx: Db, row: MarketplaceNumberRow): Promise<void> {
  const now = ctx.now();
  const [listing] = await tx
    .insert(marketplaceListings)
    .values({
      company_id: row.company_id,
      marketplace_number_id: row.id,
      price_cents: row.asking_price_cents,
      lease_price_cents: row.lease_price_cents,
      listed_at: now,
      interest_until: now,
      created_at: now,
    })
    .returning({ id: marketplaceListings.id });
  if (!listing) throw new Error('the listing was not opened');
  await enqueueJob(
    ctx,
    {
      kind: MARKETPLACE_INTEREST_KIND,
      key: `listing:${listing.id}`,
      payload: { listingId: listing.id },
      runAt: now,
      maxAttempts: 10,
    },
    { tx },
  );
}

async function closeListing(ctx: AppContext, tx: Db, id: number, as: MarketplaceStatus): Promise<void> {
  await tx
    .update(marketplaceListings)
    .set({ ended_at: ctx.now(), ended_as: as })
    .where(and(eq(marketplaceListings.marketplace_number_id, id), isNull(marketplaceListings.ended_at)));
}

function checkVanity(e164: string, words: string | undefined): void {
  if (!words) return;
  if (!marketplaceVanity(e164, words)) throw invalid({ vanity: [vanityMismatch(e164, words)] });
}

export async function offerNumber(
  ctx: AppContext,
  companyId: number,
  body: z.output<typeof OfferNumberBodySchema>,
): Promise<MarketplaceNumber> {
  // The contract's reference check has made sure the number is the company's; a released one is not offered.
  const [number] = await ctx.db
    .select({ id: numbers.id, number: numbers.number })
    .from(numbers)
    .where(and(eq(numbers.id, body.number_id), eq(numbers.company_id, companyId), liveNumber));
  if (!number) throw invalid({ number_id: [NOT_A_LIVE_NUMBER] });
  checkVanity(number.number, body.vanity);
  let created: MarketplaceNumberRow | undefined;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const status: MarketplaceStatus = body.list ? 'listed' : 'unlisted';
      const [row] = await tx
        .insert(marketplaceNumbers)
        .values({
          company_id: companyId,
          number_id: number.id,
          status,
          asking_price_cents: body.asking_price_cents,
          lease_price_cents: body.lease_price_cents,
          description: body.description,
          vanity: body.vanity.toUpperCase(),
          created_at: now,
          updated_at: now,
        })
        .returning();
      if (!row) throw new Error('the marketplace number was not added');
      if (isOnOffer(status)) await openListing(ctx, tx, row);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(ALREADY_ON_MARKETPLACE, { number_id: [ALREADY_ON_MARKETPLACE] });
    throw error;
  }
  if (body.list) wakeJobRunners(ctx);
  return getMarketplaceNumber(ctx, companyId, created.id);
}

export async function updateMarketplaceNumber(
  ctx: AppContext,
  actor: MarketplaceActor,
  companyId: number,
  id: number,
  body: z.output<typeof UpdateMarketplaceNumberBodySchema>,
): Promise<MarketplaceNumber> {
  const opened = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select(joinedColumns)
      .from(marketplaceNumbers)
      .innerJoin(numbers, eq(numbers.id, marketplaceNumbers.number_id))
      .where(and(eq(marketplaceNumbers.company_id, companyId), eq(marketplaceNumbers.id, id)))
      .for('update', { of: marketplaceNumbers });
    if (!current) throw notFound('marketplace number');
    const row = current.row;
    const to = body.status ?? row.status;
    const refused = marketplaceTransitionError(row.status, to);
    if (refused) throw conflict(refused, { status: [refused] });
    if (body.sold_price_cents !== undefined && to !== 'sold') {
      throw invalid({ sold_price_cents: [MARKETPLACE_MESSAGES.soldPrice] });
    }
    if (
      row.status === 'sold' &&
      (body.asking_price_cents !== undefined || body.lease_price_cents !== undefined)
    ) {
      const message = 'This number has been sold: its prices no longer change.';
      throw conflict(message, { asking_price_cents: [message] });
    }
    checkVanity(current.e164, body.vanity);
    const now = ctx.now();
    const becomesSold = to === 'sold' && row.status !== 'sold';
    const soldPrice = body.sold_price_cents ?? body.asking_price_cents ?? row.asking_price_cents;
    const [updated] = await tx
      .update(marketplaceNumbers)
      .set({
        status: to,
        ...(body.asking_price_cents !== undefined ? { asking_price_cents: body.asking_price_cents } : {}),
        ...(body.lease_price_cents !== undefined ? { lease_price_cents: body.lease_price_cents } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.vanity !== undefined ? { vanity: body.vanity.toUpperCase() } : {}),
        ...(becomesSold ? { sold_price_cents: soldPrice, sold_at: now } : {}),
        updated_at: now,
      })
      .where(eq(marketplaceNumbers.id, row.id))
      .returning();
    if (!updated) throw notFound('marketplace number');
    const change = listingChange(row.status, to);
    if (change === 'open') await openListing(ctx, tx, updated);
    if (change === 'close') await closeListing(ctx, tx, row.id, to);
    if (to !== row.status && isAuditedMarketplaceStatus(to)) {
      await tx.insert(auditLog).values({
        actor_id: actor.userId,
        impersonator_id: actor.impersonatorId,
        company_id: companyId,
        action: to === 'sold' ? 'marketplace-number-sold' : 'marketplace-number-withdrawn',
        detail: {
          marketplace_number_id: row.id,
          number_id: row.number_id,
          number: current.e164,
          from: row.status,
          to,
          ...(to === 'sold' ? { sold_price_cents: soldPrice } : {}),
        },
        created_at: now,
      });
    }
    return change === 'open';
  });
  if (opened) wakeJobRunners(ctx);
  return getMarketplaceNumber(ctx, companyId, id);
}

export async function listingsOf(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<MarketplaceListing[]> {
  if (!(await findJoined(ctx.db, companyId, id))) throw notFound('marketplace number');
  const rows = await ctx.db
    .select()
    .from(marketplaceListings)
    .where(eq(marketplaceListings.marketplace_number_id, id))
    .orderBy(desc(marketplaceListings.listed_at), desc(marketplaceListings.id));
  const interest = await interestBy(
    ctx.db,
    'listing_id',
    rows.map((row) => row.id),
  );
  return rows.map((row) => listingView(row, interest.get(row.id) ?? NO_INTEREST));
}

/** The KPIs of a company's marketplace, with interest and sales within [from, to] (all time without a range). */
export async function marketplaceKpi(
  ctx: AppContext,
  companyId: number,
  range: { from?: string | undefined; to?: string | undefined },
) {
  const from = range.from ? new Date(range.from) : undefined;
  const to = range.to ? new Date(range.to) : undefined;
  const [onOffer] = await ctx.db
    .select({
      listed: count(),
      asking: sql<number>`coalesce(sum(${marketplaceNumbers.asking_price_cents}), 0)::bigint`,
    })
    .from(marketplaceNumbers)
    .where(
      and(
        eq(marketplaceNumbers.company_id, companyId),
        inArray(marketplaceNumbers.status, [...OPEN_LISTING_STATUSES]),
      ),
    );
  const interestRows = await ctx.db
    .select({
      kind: marketplaceInterest.kind,
      total: sql<number>`coalesce(sum(${marketplaceInterest.count}), 0)::int`,
    })
    .from(marketplaceInterest)
    .where(
      and(
        eq(marketplaceInterest.company_id, companyId),
        from ? gte(marketplaceInterest.occurred_at, from) : undefined,
        to ? lt(marketplaceInterest.occurred_at, to) : undefined,
      ),
    )
    .groupBy(marketplaceInterest.kind);
  const interest = { ...NO_INTEREST };
  for (const row of interestRows) addInterest(interest, row.kind, row.total);
  const [sales] = await ctx.db
    .select({
      sold: count(),
      revenue: sql<number>`coalesce(sum(${marketplaceNumbers.sold_price_cents}), 0)::bigint`,
    })
    .from(marketplaceNumbers)
    .where(
      and(
        eq(marketplaceNumbers.company_id, companyId),
        eq(marketplaceNumbers.status, 'sold'),
        from ? gte(marketplaceNumbers.sold_at, from) : undefined,
        to ? lt(marketplaceNumbers.sold_at, to) : undefined,
      ),
    );
  return {
    listed: onOffer?.listed ?? 0,
    total_asking_cents: Number(onOffer?.asking ?? 0),
    ...interest,
    sold: sales?.sold ?? 0,
    revenue_cents: Number(sales?.revenue ?? 0),
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
  };
}

/** Every marketplace number matching the filter, for the report (a company has at most its numbers here). */
export async function reportNumbers(
  ctx: AppContext,
  companyId: number,
  filter: { status?: MarketplaceStatus | undefined; search?: string | undefined },
): Promise<MarketplaceNumber[]> {
  const found = await ctx.db
    .select(joinedColumns)
    .from(marketplaceNumbers)
    .innerJoin(numbers, eq(numbers.id, marketplaceNumbers.number_id))
    .where(whereOf(companyId, filter))
    .orderBy(marketplaceNumbers.id);
  return views(ctx.db, found.map(joined));
}

/**
 * A number given back to the carrier leaves the marketplace with it: whatever offer it was on (not a sale already
 * made) is withdrawn and its open listing closed, in the removal's transaction, audit-logged with no actor.
 */
export async function withdrawReleasedNumber(
  ctx: AppContext,
  tx: Db,
  numberId: number,
  e164: string,
): Promise<void> {
  const [withdrawn] = await tx
    .update(marketplaceNumbers)
    .set({ status: 'withdrawn', updated_at: ctx.now() })
    .where(
      and(
        eq(marketplaceNumbers.number_id, numberId),
        notInArray(marketplaceNumbers.status, ['sold', 'withdrawn']),
      ),
    )
    .returning();
  if (!withdrawn) return;
  await closeListing(ctx, tx, withdrawn.id, 'withdrawn');
  await tx.insert(auditLog).values({
    actor_id: null,
    impersonator_id: null,
    company_id: withdrawn.company_id,
    action: 'marketplace-number-withdrawn',
    detail: {
      marketplace_number_id: withdrawn.id,
      number_id: numberId,
      number: e164,
      reason: 'number-released',
    },
    created_at: ctx.now(),
  });
}
