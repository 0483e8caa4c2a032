/**
 * What the rest of the server tells the engine: a delivery receipt for a campaign's text (the same receipts the
 * inbox's items get, inbound/receipts.ts) and a text from someone a campaign reached (inbound/service.ts).
 * Both move ledger rows forward only, so a receipt or reply delivered twice changes nothing the second time.
 */
import type { DeliveryState } from '@shared/domain/messaging';
import { messageKeyword } from '@shared/domain/messaging';
import { and, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { DeliveryReceipt } from '../../../carriers/types';
import { campaignRecipients, campaigns } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { markStatsDirty, refreshStats } from './stats';

/** A text from a recipient within this long after a campaign's text counts as a response to it. */
export const REPLY_WINDOW_MS = 7 * 86_400_000;

/** The ledger's final state for a carrier's delivery state; null for the states on the way. */
function finalState(state: DeliveryState): 'delivered' | 'undelivered' | null {
  if (state === 'delivered') return 'delivered';
  if (state === 'undelivered' || state === 'failed') return 'undelivered';
  return null;
}

/**
 * Applies a receipt to the campaign send with that sid. Answers whether a campaign send has the sid (the
 * receipt was ours), whether or not it moved the row.
 */
export async function applyCampaignReceipt(ctx: AppContext, receipt: DeliveryReceipt): Promise<boolean> {
  const r = campaignRecipients;
  const next = finalState(receipt.state);
  if (next) {
    const [moved] = await ctx.db
      .update(r)
      .set({
        state: next,
        error_code: next === 'undelivered' ? receipt.errorCode : null,
        finished_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .where(and(eq(r.carrier_sid, receipt.sid), eq(r.state, 'sent')))
      .returning({ campaign_id: r.campaign_id });
    if (moved) {
      await markStatsDirty(ctx.db, moved.campaign_id);
      return true;
    }
  }
  const [known] = await ctx.db.select({ id: r.id }).from(r).where(eq(r.carrier_sid, receipt.sid)).limit(1);
  return !!known;
}

/**
 * A text arrived from `from` on the company's number: the latest campaign text sent to them from that number
 * (within REPLY_WINDOW_MS) counts a response (its first words kept), or, for STOP, an unsubscribe.
 */
export async function noteCampaignReply(
  ctx: AppContext,
  input: { companyId: number; numberId: number; from: string; body: string },
): Promise<void> {
  const r = campaignRecipients;
  const [latest] = await ctx.db
    .select({ id: r.id, campaign_id: r.campaign_id })
    .from(r)
    .innerJoin(campaigns, eq(campaigns.id, r.campaign_id))
    .where(
      and(
        eq(r.company_id, input.companyId),
        eq(r.number, input.from),
        eq(campaigns.number_id, input.numberId),
        inArray(r.state, ['sent', 'delivered', 'undelivered']),
        gte(r.sent_at, new Date(ctx.now().getTime() - REPLY_WINDOW_MS)),
      ),
    )
    .orderBy(desc(r.sent_at))
    .limit(1);
  if (!latest) return;
  const keyword = messageKeyword(input.body);
  if (keyword === 'help' || keyword === 'optin') return;
  const [changed] =
    keyword === 'optout'
      ? await ctx.db
          .update(r)
          .set({ unsubscribed_at: ctx.now(), updated_at: ctx.now() })
          .where(and(eq(r.id, latest.id), isNull(r.unsubscribed_at)))
          .returning({ id: r.id })
      : await ctx.db
          .update(r)
          .set({ responded_at: ctx.now(), reply: input.body.slice(0, REPLY_KEPT), updated_at: ctx.now() })
          .where(and(eq(r.id, latest.id), isNull(r.responded_at)))
          .returning({ id: r.id });
  // A person's reply is rare next to receipts: published at once.
  if (changed) await refreshStats(ctx, latest.campaign_id);
}

/** How much of a reply the events list keeps (the whole text is in the inbox). */
const REPLY_KEPT = 500;
