/** A block as the contract shows it (§3 Block: "target, global, number_id, company_id, action 1"). */
import { BLOCK_ACTION_REJECT, type Block } from '@shared/api/blocks';
import type { blocks } from '../../db/schema';

export type BlockRow = typeof blocks.$inferSelect;

export function blockView(row: BlockRow): Block {
  return {
    id: row.id,
    company_id: row.company_id,
    target: row.target,
    global: row.global,
    number_id: row.number_id,
    action: BLOCK_ACTION_REJECT,
    created_at: row.created_at.toISOString(),
  };
}
