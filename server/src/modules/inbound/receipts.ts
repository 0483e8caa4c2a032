/**
 * Delivery receipts, from Twilio's status webhook or the sandbox carrier's `onReceipt`: the item with that
 * carrier sid (and the campaign send with it, campaigns/engine/hooks.ts) moves forward only (`advanceDeliveryState`: a late "sent" never overwrites "delivered"), keeps the
 * carrier's error code, and every open inbox hears `conversation.updated`.
 */
import { eq } from 'drizzle-orm';
import type { DeliveryReceipt } from '../../carriers/types';
import { conversationItems } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { applyCampaignReceipt } from '../campaigns/engine/hooks';
import { advanceItemDelivery, publishConversationUpdated } from '../conversations/store';

export interface ReceiptOptions {
  /**
   * A receipt can arrive before the send that caused it has stored its sid (Twilio posts early status callbacks;
   * a sandbox with no delay answers at once): look again this many times before giving up.
   */
  retries?: number;
  retryDelayMs?: number;
}

/**
 * Applies a receipt to the inbox item and the campaign send with that sid (a campaign text that lands in the
 * inbox has both); answers false when neither has it (a message sent by something else).
 */
export async function applyDeliveryReceipt(
  ctx: AppContext,
  receipt: DeliveryReceipt,
  options: ReceiptOptions = {},
): Promise<boolean> {
  const retries = options.retries ?? 5;
  const find = async () =>
    (
      await ctx.db
        .select()
        .from(conversationItems)
        .where(eq(conversationItems.carrier_sid, receipt.sid))
        .limit(1)
    )[0];
  let item = await find();
  let campaignSend = await applyCampaignReceipt(ctx, receipt);
  for (let attempt = 0; !item && !campaignSend && attempt < retries; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 200));
    item = await find();
    campaignSend = await applyCampaignReceipt(ctx, receipt);
  }
  if (!item) return campaignSend;
  // The carrier's error code comes with the state it explains; a receipt that does not move the state changes nothing.
  const { row, changed } = await advanceItemDelivery(ctx, item.id, receipt.state, (current, state) => ({
    error_code:
      state === current.delivery_state ? current.error_code : (receipt.errorCode ?? current.error_code),
  }));
  if (changed) await publishConversationUpdated(ctx, row.conversation_id, row);
  return true;
}
