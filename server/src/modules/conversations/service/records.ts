/**
 * Which company a conversation or a conversation item belongs to (for the route wrapper, which answers 404 across
 * companies), and the company's own conversation or item by id.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { conversationItems, conversations } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import type { ConversationRow, ItemRow } from '../store';

export async function companyOfConversation(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ company: conversations.company_id })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row?.company ?? null;
}

export async function companyOfItem(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ company: conversationItems.company_id })
    .from(conversationItems)
    .where(eq(conversationItems.id, id));
  return row?.company ?? null;
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
