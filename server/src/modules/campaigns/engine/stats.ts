/**
 * A campaign's counts come from its ledger, never from increments: a receipt replayed twice, a reply counted by
 * two servers or a run retried cannot make them wrong. `refreshStats` takes them in one aggregate over the
 * campaign's rows and publishes the campaign (`campaigns.updated`); callers refresh at most a few times a second
 * (the send loop on its own clock; receipts and replies mark the campaign dirty and the stats sweep takes it).
 */
import { channels, EVENTS } from '@shared/realtime';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaignRecipients, campaigns } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { type CampaignRow, campaignView } from '../view';

/** The counts of a campaign's ledger, as the campaign row keeps them. */
async function ledgerCounts(db: Db, campaignId: number) {
  const r = campaignRecipients;
  const [row] = await db
    .select({
      recipient_count: sql<number>`count(*)::int`,
      pending_count: sql<number>`(count(*) filter (where ${r.state} in ('pending', 'sending')))::int`,
      sent_count: sql<number>`(count(*) filter (where ${r.state} in ('sent', 'delivered', 'undelivered')))::int`,
      delivered_count: sql<number>`(count(*) filter (where ${r.state} = 'delivered'))::int`,
      undelivered_count: sql<number>`(count(*) filter (where ${r.state} = 'undelivered'))::int`,
      failed_count: sql<number>`(count(*) filter (where ${r.state} = 'failed'))::int`,
      skipped_count: sql<number>`(count(*) filter (where ${r.state} = 'skipped'))::int`,
      responded_count: sql<number>`(count(*) filter (where ${r.responded_at} is not null))::int`,
      unsubscriber_count: sql<number>`(count(*) filter (where ${r.unsubscribed_at} is not null))::int`,
    })
    .from(r)
    .where(eq(r.campaign_id, campaignId));
  const n = (value: unknown) => Number(value ?? 0);
  return {
    recipient_count: n(row?.recipient_count),
    pending_count: n(row?.pending_count),
    sent_count: n(row?.sent_count),
    delivered_count: n(row?.delivered_count),
    undelivered_count: n(row?.undelivered_count),
    failed_count: n(row?.failed_count),
    skipped_count: n(row?.skipped_count),
    responded_count: n(row?.responded_count),
    unsubscriber_count: n(row?.unsubscriber_count),
  };
}

/** Publishes the campaign as it is now on its company's campaigns channel. */
export async function publishCampaign(ctx: AppContext, row: CampaignRow): Promise<void> {
  await ctx.realtime.publish(channels.campaigns(row.company_id), EVENTS.campaignsUpdated, {
    campaign: await campaignView(ctx, row),
  });
}

/**
 * Takes the counts again and stores them (clearing `stats_dirty`); answers the campaign. Needs only a database
 * and a clock (the seed calls it before any app exists).
 */
export async function takeStats(
  ctx: Pick<AppContext, 'db' | 'now'>,
  campaignId: number,
  db: Db = ctx.db,
): Promise<CampaignRow | undefined> {
  const counts = await ledgerCounts(db, campaignId);
  const [row] = await db
    .update(campaigns)
    .set({ ...counts, stats_dirty: false, stats_at: ctx.now() })
    .where(eq(campaigns.id, campaignId))
    .returning();
  return row;
}

/** Takes the counts again and, unless told not to, publishes the campaign. */
export async function refreshStats(
  ctx: AppContext,
  campaignId: number,
  options: { publish?: boolean } = {},
): Promise<CampaignRow | undefined> {
  const row = await takeStats(ctx, campaignId);
  if (row && options.publish !== false) await publishCampaign(ctx, row);
  return row;
}

/**
 * A receipt or reply changed the ledger: the campaign's counts are taken again by the next sweep. Writes only
 * when the flag is not already set, so a burst of receipts does not queue on the campaign's row.
 */
export async function markStatsDirty(db: Db, campaignId: number): Promise<void> {
  await db
    .update(campaigns)
    .set({ stats_dirty: true })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.stats_dirty, false)));
}

/** The stats sweep: every campaign marked dirty gets its counts taken and published. */
export async function refreshDirtyStats(ctx: AppContext): Promise<number> {
  const dirty = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.stats_dirty, true))
    .limit(100);
  for (const { id } of dirty) await refreshStats(ctx, id);
  return dirty.length;
}
