/**
 * Blocked callers (§3 Block): a caller (E.164) rejected on one number of the company or on all of them. The
 * routing engine rejects a blocked caller on the numbers the block covers (routingConfigOf).
 */
import { BLOCK_ACTION_REJECT } from '@shared/api/blocks';
import { and, desc, eq, or } from 'drizzle-orm';
import { companyOfRow } from '../../db/companyOf';
import { blocks, numbers, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid, notFound } from '../../lib/errors';
import type { BlockListing } from './view';

/** The company's blocks, newest first, each with its tracked number and who blocked the caller. */
export function listBlocks(ctx: AppContext, companyId: number, id?: number): Promise<BlockListing[]> {
  return ctx.db
    .select({
      block: blocks,
      number: numbers.number,
      blocker: { id: users.id, name: users.name, email: users.email },
    })
    .from(blocks)
    .leftJoin(numbers, eq(numbers.id, blocks.number_id))
    .leftJoin(users, eq(users.id, blocks.created_by))
    .where(
      id === undefined
        ? eq(blocks.company_id, companyId)
        : and(eq(blocks.company_id, companyId), eq(blocks.id, id)),
    )
    .orderBy(desc(blocks.created_at), desc(blocks.id));
}

/**
 * Blocks a caller on one number or all (`global`); a caller already blocked there is a 422 on `target`.
 * `numberId`, when given, is the company's own (a body reference, checked by the route wrapper).
 */
export async function addBlock(
  ctx: AppContext,
  companyId: number,
  userId: number,
  input: { target: string; global: boolean; number_id?: number | null; action?: number },
): Promise<BlockListing> {
  const existing = await ctx.db
    .select()
    .from(blocks)
    .where(
      and(
        eq(blocks.company_id, companyId),
        eq(blocks.target, input.target),
        input.global
          ? eq(blocks.global, true)
          : or(eq(blocks.global, true), eq(blocks.number_id, input.number_id ?? 0)),
      ),
    );
  if (existing.some((row) => row.global))
    throw invalid({ target: ['This number is already blocked on every number of the company.'] });
  if (existing.length) throw invalid({ target: ['This number is already blocked on this number.'] });
  const [row] = await ctx.db
    .insert(blocks)
    .values({
      company_id: companyId,
      target: input.target,
      global: input.global,
      number_id: input.global ? null : (input.number_id ?? null),
      // §3 "action 1": sent or not, a block rejects the caller (the schema allows no other action).
      action: input.action ?? BLOCK_ACTION_REJECT,
      created_by: userId,
    })
    .returning();
  if (!row) throw new Error('The block was not stored.');
  const [listed] = await listBlocks(ctx, companyId, row.id);
  if (!listed) throw new Error('The block was not stored.');
  return listed;
}

/** The company a block belongs to, or null when there is no such block. */
export function companyOfBlock(ctx: AppContext, id: number): Promise<number | null> {
  return companyOfRow(ctx.db, blocks, id);
}

/** Lifts a block of the company; none is 404. */
export async function removeBlock(ctx: AppContext, companyId: number, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(blocks)
    .where(and(eq(blocks.id, id), eq(blocks.company_id, companyId)))
    .returning({ id: blocks.id });
  if (!deleted.length) throw notFound('block');
}
