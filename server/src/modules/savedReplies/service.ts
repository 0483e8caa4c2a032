/**
 * Saved replies of the inbox: the company's shared ones and each user's own. Only someone who manages the
 * company's users (owner, administrator) creates, changes or deletes shared ones (403 otherwise). A user's own
 * replies are theirs alone; they, or an owner or administrator (as with notes), may change or delete one; to any
 * other user it answers 404, as if it did not exist.
 */

import { roleCan } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { companyOfRow } from '../../db/companyOf';
import { savedReplies } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { forbidden, notFound } from '../../lib/errors';
import type { SavedReplyRow } from './view';

export const SHARED_ONLY = 'Only an owner or administrator may manage shared saved replies.';

/** Who acts: their user id and role in the company. */
export interface ReplyActor {
  userId: number;
  role: Role;
}

/** Whether the role manages the company's shared replies (and may change anyone's own). */
export function managesSharedReplies(role: Role): boolean {
  return roleCan(role, 'users.manage');
}

export function companyOfSavedReply(ctx: AppContext, id: number): Promise<number | null> {
  return companyOfRow(ctx.db, savedReplies, id);
}

/** The company's shared replies and the actor's own, by title. */
export function listSavedReplies(
  ctx: AppContext,
  companyId: number,
  userId: number,
): Promise<SavedReplyRow[]> {
  return ctx.db
    .select()
    .from(savedReplies)
    .where(
      and(
        eq(savedReplies.company_id, companyId),
        or(isNull(savedReplies.user_id), eq(savedReplies.user_id, userId)),
      ),
    )
    .orderBy(asc(savedReplies.title), asc(savedReplies.id));
}

/** The reply, when the actor may see it (shared, or their own) and change it (else 403). */
async function changeable(
  ctx: AppContext,
  companyId: number,
  id: number,
  actor: ReplyActor,
): Promise<SavedReplyRow> {
  const [row] = await ctx.db.select().from(savedReplies).where(eq(savedReplies.id, id));
  if (!row || row.company_id !== companyId) throw notFound('saved reply');
  const manages = managesSharedReplies(actor.role);
  if (row.user_id !== null && row.user_id !== actor.userId && !manages) throw notFound('saved reply');
  if (row.user_id === null && !manages) throw forbidden(SHARED_ONLY);
  return row;
}

export async function createSavedReply(
  ctx: AppContext,
  companyId: number,
  actor: ReplyActor,
  input: { title: string; body: string; shared?: boolean },
): Promise<SavedReplyRow> {
  if (input.shared && !managesSharedReplies(actor.role)) throw forbidden(SHARED_ONLY);
  const [row] = await ctx.db
    .insert(savedReplies)
    .values({
      company_id: companyId,
      user_id: input.shared ? null : actor.userId,
      title: input.title,
      body: input.body,
      created_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .returning();
  if (!row) throw new Error('saved reply insert returned nothing');
  return row;
}

export async function updateSavedReply(
  ctx: AppContext,
  companyId: number,
  id: number,
  actor: ReplyActor,
  input: { title: string; body: string; shared?: boolean },
): Promise<SavedReplyRow> {
  const current = await changeable(ctx, companyId, id, actor);
  if (input.shared && !managesSharedReplies(actor.role)) throw forbidden(SHARED_ONLY);
  const [row] = await ctx.db
    .update(savedReplies)
    .set({
      title: input.title,
      body: input.body,
      // Sharing moves the reply to the company; un-sharing makes it the editor's own.
      user_id: input.shared ? null : (current.user_id ?? actor.userId),
      updated_at: ctx.now(),
    })
    .where(eq(savedReplies.id, current.id))
    .returning();
  if (!row) throw notFound('saved reply');
  return row;
}

export async function deleteSavedReply(
  ctx: AppContext,
  companyId: number,
  id: number,
  actor: ReplyActor,
): Promise<void> {
  const current = await changeable(ctx, companyId, id, actor);
  await ctx.db.delete(savedReplies).where(eq(savedReplies.id, current.id));
}
