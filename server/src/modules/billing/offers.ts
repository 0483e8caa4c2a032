/**
 * §7 Yearly upgrade offers (GET, POST, PUT by id: viewed, used): an offer to move a monthly plan to its yearly
 * period, with what it saves over twelve monthly payments, standing YEARLY_OFFER_DAYS. The app marks it viewed
 * when shown and used when taken (the move itself is `migrate`).
 */
import type { YearlyUpgradeOffer } from '@shared/api/billing';
import {
  PLAN_PRICES_CENTS,
  PURCHASABLE_PLANS,
  parsePlanIdentifier,
  YEARLY_OFFER_DAYS,
} from '@shared/domain/billing';
import { and, desc, eq } from 'drizzle-orm';
import { type YearlyUpgradeOfferRow, yearlyUpgradeOffers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid, notFound } from '../../lib/errors';

const DAY_MS = 86_400_000;

function view(row: YearlyUpgradeOfferRow): YearlyUpgradeOffer {
  return {
    id: row.id,
    identifier: row.identifier,
    savings_cents: row.savings_cents,
    expires_at: row.expires_at.toISOString(),
    viewed_at: row.viewed_at?.toISOString() ?? null,
    used_at: row.used_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export async function listOffers(ctx: AppContext, companyId: number): Promise<YearlyUpgradeOffer[]> {
  const rows = await ctx.db
    .select()
    .from(yearlyUpgradeOffers)
    .where(eq(yearlyUpgradeOffers.company_id, companyId))
    .orderBy(desc(yearlyUpgradeOffers.created_at), desc(yearlyUpgradeOffers.id));
  return rows.map(view);
}

export async function createOffer(
  ctx: AppContext,
  companyId: number,
  identifier: string,
): Promise<YearlyUpgradeOffer> {
  const chosen = parsePlanIdentifier(identifier);
  if (chosen?.period !== 'yearly' || !PURCHASABLE_PLANS.includes(chosen.plan)) {
    throw invalid({ identifier: ['Choose the yearly period of one of the plans.'] });
  }
  const prices = PLAN_PRICES_CENTS[chosen.plan];
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(yearlyUpgradeOffers)
    .values({
      company_id: companyId,
      identifier,
      savings_cents: prices.monthly * 12 - prices.yearly,
      expires_at: new Date(now.getTime() + YEARLY_OFFER_DAYS * DAY_MS),
      created_at: now,
      updated_at: now,
    })
    .returning();
  if (!row) throw new Error('offer insert returned nothing');
  return view(row);
}

export async function updateOffer(
  ctx: AppContext,
  companyId: number,
  id: number,
  change: { viewed?: true; used?: true },
): Promise<YearlyUpgradeOffer> {
  const [row] = await ctx.db
    .select()
    .from(yearlyUpgradeOffers)
    .where(and(eq(yearlyUpgradeOffers.id, id), eq(yearlyUpgradeOffers.company_id, companyId)));
  if (!row) throw notFound('offer');
  const now = ctx.now();
  if (change.used && row.expires_at <= now) throw invalid({ used: ['This offer has expired.'] });
  const [updated] = await ctx.db
    .update(yearlyUpgradeOffers)
    .set({
      // Viewing again keeps the first view; using it counts as seeing it.
      viewed_at: row.viewed_at ?? (change.viewed || change.used ? now : null),
      used_at: change.used ? (row.used_at ?? now) : row.used_at,
      updated_at: now,
    })
    .where(eq(yearlyUpgradeOffers.id, id))
    .returning();
  if (!updated) throw notFound('offer');
  return view(updated);
}
