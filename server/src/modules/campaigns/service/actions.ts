/**
 * One campaign: reading it, pausing and resuming its send (the engine's rules: 409 when not allowed), and
 * deleting it — kept with `deleted_at`; one scheduled, sending or paused is cancelled first in the same
 * transaction, so no new text goes out, and the answer says so when it had started sending (§8).
 */
import { CAMPAIGN_MESSAGES, type Campaign } from '@shared/api/campaigns';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaigns } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { notFound } from '../../../lib/errors';
import { cancelCampaign, pauseCampaign, publishCampaign, resumeCampaign } from '../engine';
import { campaignView } from '../view';
import { campaignOf, includesGroups } from './records';

export async function getCampaign(
  ctx: AppContext,
  companyId: number,
  id: number,
  include?: string,
): Promise<Campaign> {
  return campaignView(ctx, await campaignOf(ctx, companyId, id), { groups: includesGroups(include) });
}

export async function pause(ctx: AppContext, companyId: number, id: number): Promise<Campaign> {
  return campaignView(ctx, await pauseCampaign(ctx, await campaignOf(ctx, companyId, id)));
}

export async function resume(ctx: AppContext, companyId: number, id: number): Promise<Campaign> {
  return campaignView(ctx, await resumeCampaign(ctx, await campaignOf(ctx, companyId, id)));
}

const CANCELLABLE = ['queued', 'sending', 'paused'];

export async function deleteCampaign(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<{ message: string }> {
  const row = await campaignOf(ctx, companyId, id);
  const result = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const cancelled = CANCELLABLE.includes(row.state)
      ? await cancelCampaign(ctx, row, { tx })
      : { row, wasSending: false };
    const [deleted] = await tx
      .update(campaigns)
      .set({ deleted_at: ctx.now(), updated_at: ctx.now() })
      .where(and(eq(campaigns.id, row.id), isNull(campaigns.deleted_at)))
      .returning();
    return deleted ? { deleted, wasSending: cancelled.wasSending } : null;
  });
  // Deleted meanwhile by another request: it is gone all the same, as this one would have said.
  if (!result) throw notFound('campaign');
  await publishCampaign(ctx, result.deleted);
  return { message: result.wasSending ? CAMPAIGN_MESSAGES.cancelled : CAMPAIGN_MESSAGES.deleted };
}
