/**
 * Notes on conversations (§7 Notes with `model_type: 'conversation'`): the note is the record (the notes module
 * owns it); its thread shows it as a `note` item whose `record_id` is the note's id, written by the note's
 * author. Changing the note changes the item; deleting either deletes both.
 */
import { and, eq } from 'drizzle-orm';
import { conversationItems, type notes } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { companyOfConversation, conversationRow } from './service/records';
import { addItem, publishConversationUpdated } from './store';

export { companyOfConversation };

type NoteRow = typeof notes.$inferSelect;

/** Keeps a conversation's `note` item in step with a note on it; notes on other records are left alone. */
export async function syncNoteItem(
  ctx: AppContext,
  note: NoteRow,
  change: 'created' | 'updated' | 'deleted',
): Promise<void> {
  if (note.model_type !== 'conversation') return;
  const conversation = await conversationRow(ctx.db, note.company_id, note.model_id);
  if (!conversation) return;
  const sameNote = and(
    eq(conversationItems.conversation_id, conversation.id),
    eq(conversationItems.kind, 'note'),
    eq(conversationItems.record_id, note.id),
  );
  if (change === 'created') {
    const item = await addItem(ctx.db, conversation, {
      kind: 'note',
      user_id: note.user_id,
      content: note.body,
      record_id: note.id,
    });
    await publishConversationUpdated(ctx, conversation.id, item);
  } else if (change === 'updated') {
    const [item] = await ctx.db
      .update(conversationItems)
      .set({ content: note.body, updated_at: ctx.now() })
      .where(sameNote)
      .returning();
    await publishConversationUpdated(ctx, conversation.id, item ?? null);
  } else {
    await ctx.db.delete(conversationItems).where(sameNote);
    await publishConversationUpdated(ctx, conversation.id, null);
  }
}
