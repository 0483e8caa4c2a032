/**
 * A block as the contract shows it (§3 Block: "target, global, number_id, company_id, action 1"), with the
 * tracked number it is on and who blocked the caller, so a screen can say where and by whom without more calls.
 */
import { BLOCK_ACTION_REJECT, type Block } from '@shared/api/blocks';
import type { blocks } from '../../db/schema';

export type BlockRow = typeof blocks.$inferSelect;

/** A block with what its list shows beside it: the tracked number's E.164 and the blocker's name and email. */
export interface BlockListing {
  block: BlockRow;
  number: string | null;
  blocker: { id: number; name: string; email: string } | null;
}

export function blockView({ block, number, blocker }: BlockListing): Block {
  return {
    id: block.id,
    company_id: block.company_id,
    target: block.target,
    global: block.global,
    number_id: block.number_id,
    action: BLOCK_ACTION_REJECT,
    number: block.global ? null : number,
    blocked_by: blocker ? { id: blocker.id, name: blocker.name.trim() || blocker.email } : null,
    created_at: block.created_at.toISOString(),
  };
}
