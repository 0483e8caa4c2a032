/** Finding an attachment a signed link names: the item must be the signed company's. */
import { and, eq } from 'drizzle-orm';
import { conversationItems } from '../../db/schema';
import type { AppContext } from '../../http/context';

export type StoredAttachment = (typeof conversationItems.$inferSelect)['media'][number];

/** The item's attachment at `index`, or null when the item is not the company's or has no such attachment. */
export async function attachmentOf(
  ctx: AppContext,
  ref: { companyId: number; itemId: number; index: number },
): Promise<StoredAttachment | null> {
  const [item] = await ctx.db
    .select({ media: conversationItems.media })
    .from(conversationItems)
    .where(and(eq(conversationItems.id, ref.itemId), eq(conversationItems.company_id, ref.companyId)));
  return item?.media[ref.index] ?? null;
}
