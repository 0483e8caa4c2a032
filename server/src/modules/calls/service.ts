/**
 * §7 Calls, wrapping a call up: its note, tags, qualification, outcome and custom values (entity type 6), and
 * adding or removing tags. Every change is told to the conversations that show the call (`conversation.updated`
 * with the call's item), so an open thread follows it.
 *
 * - Tags are trimmed and kept once (compared ignoring case, first spelling wins), at most CALL_TAGS_MAX.
 * - Custom values merge: a value replaces that field's, null removes it, fields not named keep theirs. Calls are
 *   made by the telephone network, not by a form, so required fields are not demanded of a call as a whole; a
 *   required field cannot be cleared, though.
 */
import {
  CALL_TAGS_LIMIT_MESSAGE,
  CALL_TAGS_MAX,
  type Call,
  type CallUpdateSchema,
  normalizeCallTags,
} from '@shared/api/activity';
import { normalizePhone } from '@shared/domain/phone';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companyOfRow } from '../../db/companyOf';
import { calls, conversationItems, numbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid, notFound } from '../../lib/errors';
import { CALL_ENTITY_TYPE, callView } from '../activity/view';
import { findOrCreateConversation, publishConversationUpdated } from '../conversations/store';
import { checkValues, loadFieldRules, writeValues } from '../customFields/values';

export type CallUpdateInput = z.output<typeof CallUpdateSchema>;

/** The company of a call, or null when there is no such call. */
export function companyOfCall(db: Db, callId: number): Promise<number | null> {
  return companyOfRow(db, calls, callId);
}

async function viewOrNotFound(ctx: AppContext, callId: number): Promise<Call> {
  const view = await callView(ctx, callId);
  if (!view) throw notFound('call');
  return view;
}

/** Publishes `conversation.updated` for each conversation showing the call, with the call's item. */
export async function publishCallChanged(ctx: AppContext, companyId: number, callId: number): Promise<void> {
  const items = await ctx.db
    .select()
    .from(conversationItems)
    .where(
      and(
        eq(conversationItems.company_id, companyId),
        eq(conversationItems.kind, 'call'),
        eq(conversationItems.record_id, callId),
      ),
    );
  for (const item of items) await publishConversationUpdated(ctx, item.conversation_id, item);
}

/** Changes the fields sent on the company's call and answers it as `GET /calls/{id}` does. */
export async function updateCall(
  ctx: AppContext,
  companyId: number,
  callId: number,
  input: CallUpdateInput,
): Promise<Call> {
  const [exists] = await ctx.db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.company_id, companyId)));
  if (!exists) throw notFound('call');

  let values: ReturnType<typeof checkValues>['values'] = [];
  if (input.eavAttributeValues?.length) {
    const rules = await loadFieldRules(ctx.db, companyId, CALL_ENTITY_TYPE);
    const result = checkValues(rules, input.eavAttributeValues);
    if (Object.keys(result.errors).length) throw invalid(result.errors);
    values = result.values;
  }

  const columns: Partial<typeof calls.$inferInsert> = {};
  if (input.note !== undefined) columns.note = input.note;
  if (input.tags !== undefined) columns.tags = input.tags;
  if (input.qualification !== undefined) columns.qualification = input.qualification;
  if (input.outcome !== undefined) columns.outcome = input.outcome;
  if (!Object.keys(columns).length && !values.length) return viewOrNotFound(ctx, callId);

  await ctx.db.transaction(async (tx) => {
    await tx
      .update(calls)
      .set({ ...columns, updated_at: ctx.now() })
      .where(and(eq(calls.id, callId), eq(calls.company_id, companyId)));
    if (values.length) {
      await writeValues(tx as unknown as Db, { companyId, entityType: CALL_ENTITY_TYPE }, [
        { entityId: callId, values },
      ]);
    }
  });
  await publishCallChanged(ctx, companyId, callId);
  return viewOrNotFound(ctx, callId);
}

/**
 * Adds (`add`) or removes (`remove`) tags on the company's call, under a row lock so two agents tagging at once
 * both count. Adding past CALL_TAGS_MAX is refused (422 on `tags`); removing a tag the call lacks is no error.
 */
export async function changeCallTags(
  ctx: AppContext,
  companyId: number,
  callId: number,
  change: 'add' | 'remove',
  tags: readonly string[],
): Promise<Call> {
  const changed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ tags: calls.tags })
      .from(calls)
      .where(and(eq(calls.id, callId), eq(calls.company_id, companyId)))
      .for('update');
    if (!row) throw notFound('call');
    const gone = new Set(tags.map((tag) => tag.toLowerCase()));
    const next =
      change === 'add'
        ? normalizeCallTags([...row.tags, ...tags])
        : row.tags.filter((tag) => !gone.has(tag.trim().toLowerCase()));
    if (change === 'add' && next.length > CALL_TAGS_MAX) throw invalid({ tags: [CALL_TAGS_LIMIT_MESSAGE] });
    if (next.length === row.tags.length && next.every((tag, index) => tag === row.tags[index])) return false;
    await tx.update(calls).set({ tags: next, updated_at: ctx.now() }).where(eq(calls.id, callId));
    return true;
  });
  if (changed) await publishCallChanged(ctx, companyId, callId);
  return viewOrNotFound(ctx, callId);
}

/** The call's outside party (the caller of an inbound call, the number called of an outbound one). */
export async function remotePartyOfCall(
  db: Db,
  companyId: number,
  callId: number,
): Promise<{ remote: string; number: string | null }> {
  const [row] = await db
    .select({ is_inbound: calls.is_inbound, caller: calls.caller, called: calls.called })
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.company_id, companyId)));
  if (!row) throw notFound('call');
  const remote = row.is_inbound ? row.caller : row.called;
  // A withheld caller ("anonymous", "Restricted", empty) or anything else that is not a valid number.
  const number = /^\+?[\d\s().-]+$/.test(remote.trim()) ? normalizePhone(remote) : null;
  return { remote, number };
}

export const CONVERSE_MESSAGES = {
  withheld: 'This caller withheld their number, so there is no one to text back.',
  noNumber: 'The tracked number of this call was released, so there is no line to text from.',
  noTexts: 'The tracked number of this call does not send texts.',
} as const;

/**
 * Text back from a call: the conversation of the call's tracked number with its outside party, started (linked
 * to their contact) when there is none. Refused (422) when there is no one to text or no line to text from.
 */
export async function converse(
  ctx: AppContext,
  companyId: number,
  callId: number,
): Promise<{ conversation_id: number }> {
  const { number: remote } = await remotePartyOfCall(ctx.db, companyId, callId);
  if (!remote) throw invalid({ id: [CONVERSE_MESSAGES.withheld] });
  const [call] = await ctx.db.select({ number_id: calls.number_id }).from(calls).where(eq(calls.id, callId));
  const [line] = call?.number_id
    ? await ctx.db
        .select({ id: numbers.id, sms_enabled: numbers.sms_enabled })
        .from(numbers)
        .where(eq(numbers.id, call.number_id))
    : [];
  if (!line) throw invalid({ id: [CONVERSE_MESSAGES.noNumber] });
  if (!line.sms_enabled) throw invalid({ id: [CONVERSE_MESSAGES.noTexts] });
  const conversation = await findOrCreateConversation(ctx.db, {
    companyId,
    numberId: line.id,
    recipient: remote,
  });
  return { conversation_id: conversation.id };
}
