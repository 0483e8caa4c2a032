/**
 * Deleting from a thread: a message (a text, sent or scheduled) or any other item the conversation alone owns.
 * Calls, voicemails and faxes are records of the activity feed too and are not deleted here. Deleting moves the
 * conversation back to its newest remaining item's time and tells open inboxes.
 */
import { ACTIVITY_ITEM_KINDS } from '@shared/api/inbox';
import { and, desc, eq } from 'drizzle-orm';
import { conversationItems, conversations, notes } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { invalid } from '../../../lib/errors';
import { type ItemRow, publishConversationUpdated } from '../store';
import { itemOfCompany } from './records';

/** Deletes an item, moves its conversation back to its newest remaining item's time, and publishes. */
async function removeItem(ctx: AppContext, item: ItemRow): Promise<void> {
  await ctx.db.delete(conversationItems).where(eq(conversationItems.id, item.id));
  // A note item is the thread's view of a note on the conversation: the note goes with it.
  if (item.kind === 'note' && item.record_id !== null) {
    await ctx.db.delete(notes).where(and(eq(notes.id, item.record_id), eq(notes.model_type, 'conversation')));
  }
  const [newest] = await ctx.db
    .select({ created_at: conversationItems.created_at })
    .from(conversationItems)
    .where(eq(conversationItems.conversation_id, item.conversation_id))
    .orderBy(desc(conversationItems.created_at))
    .limit(1);
  if (newest) {
    await ctx.db
      .update(conversations)
      .set({ last_item_at: newest.created_at, updated_at: ctx.now() })
      .where(eq(conversations.id, item.conversation_id));
  }
  await publishConversationUpdated(ctx, item.conversation_id, null);
}

/** Deletes a message of the company (404 for none; 422 for an item that is not a message). */
export async function removeMessage(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const item = await itemOfCompany(ctx.db, companyId, id);
  if (!['message', 'scheduledmessage'].includes(item.kind)) {
    throw invalid(
      { id: ['This item is not a message; delete it as a conversation item.'] },
      'This item is not a message.',
    );
  }
  await removeItem(ctx, item);
}

/** Deletes an item of the company (404 for none; 422 for a call, voicemail or fax). */
export async function removeConversationItem(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const item = await itemOfCompany(ctx.db, companyId, id);
  if ((ACTIVITY_ITEM_KINDS as readonly string[]).includes(item.kind)) {
    throw invalid(
      {
        id: [
          `A ${item.kind} is a record of the activity feed, not only of this conversation; it cannot be deleted here.`,
        ],
      },
      'Calls, voicemails and faxes cannot be deleted from a conversation.',
    );
  }
  await removeItem(ctx, item);
}
