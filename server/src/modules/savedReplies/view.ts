/** A saved reply as the contract shows it to one user: shared or their own, and whether they may change it. */
import type { SavedReply } from '@shared/api/savedReplies';
import type { savedReplies } from '../../db/schema';

export type SavedReplyRow = typeof savedReplies.$inferSelect;

export function savedReplyView(
  row: SavedReplyRow,
  viewer: { userId: number; managesShared: boolean },
): SavedReply {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    shared: row.user_id === null,
    editable: row.user_id === viewer.userId || viewer.managesShared,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
