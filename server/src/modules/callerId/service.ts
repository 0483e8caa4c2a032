/**
 * Caller ID lookups with a cache per company and number. The cache is an in-memory map per server (no table
 * yet: the schema is frozen for this wave), so answers — found or not — last until the server restarts; a
 * restart only costs a new lookup. The composition root builds the lookups once, with the sandbox provider; a
 * Trestle provider plugs in there.
 */
import type { CallerId } from '@shared/api/callerId';
import { normalizePhone } from '@shared/domain/phone';
import { and, eq } from 'drizzle-orm';
import { conversationItems, conversations } from '../../db/schema';
import type { AppContext } from '../../http/context';
import type { CallerIdLookups, CallerIdProvider } from '../../services/callerId';

/** Lookups through `provider`, each answer (null when it knew nothing) kept; `now` stamps `looked_up_at`. */
export function callerIdLookups(provider: CallerIdProvider, now: () => Date): CallerIdLookups {
  const cache = new Map<string, { value: CallerId | null }>();
  return {
    cached: (companyId, number) => cache.get(`${companyId}:${number}`)?.value,
    async lookup(companyId, number) {
      const key = `${companyId}:${number}`;
      const hit = cache.get(key);
      if (hit) return hit.value;
      const record = await provider.lookup(number);
      const value = record ? { ...record, looked_up_at: now().toISOString() } : null;
      cache.set(key, { value });
      return value;
    },
  };
}

/** A withheld or unknown party is null: an anonymous sender, or anything that is not a valid number. */
export function partyNumber(recipient: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(recipient.trim())) return null;
  return normalizePhone(recipient);
}

/**
 * The outside party of a conversation item of the company: its number (null when withheld or not a number), or
 * undefined when the company has no such item.
 */
export async function partyOfItem(
  ctx: AppContext,
  companyId: number,
  itemId: number,
): Promise<string | null | undefined> {
  const [row] = await ctx.db
    .select({ recipient: conversations.recipient })
    .from(conversationItems)
    .innerJoin(conversations, eq(conversations.id, conversationItems.conversation_id))
    .where(and(eq(conversationItems.id, itemId), eq(conversationItems.company_id, companyId)));
  return row ? partyNumber(row.recipient) : undefined;
}
