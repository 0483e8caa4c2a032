/**
 * Which company a conversation or a conversation item belongs to (for the route wrapper, which answers 404 across
 * companies), and the company's own conversation or item by id.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companyOfRow } from '../../../db/companyOf';
import { conversationItems, conversations } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import type { ConversationRow, ItemRow } from '../store';

export function companyOfConversation(db: Db, id: number): Promise<number | null> {
  return companyOfRow(db, conversations, id);
}

export function companyOfItem(db: Db, id: number): Promise<number | null> {
  return companyOfRow(db, conversationItems, id);
}

/** The conversation, when it is the company's. */
export async function conversationRow(
  db: Db,
  companyId: number,
  id: number,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.company_id, companyId)));
  return row;
}

/** The item, when it is one of the company's (404 otherwise). */
export async function itemOfCompany(db: Db, companyId: number, id: number): Promise<ItemRow> {
  const [item] = await db
    .select()
    .from(conversationItems)
    .where(and(eq(conversationItems.id, id), eq(conversationItems.company_id, companyId)));
  if (!item) throw notFound('item');
  return item;
}
