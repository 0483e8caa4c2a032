/**
 * Caller ID lookups with a cache per company and number. The cache is an in-memory map per app (no table yet:
 * the schema is frozen for this wave), so answers — found or not — last until the server restarts; a restart
 * only costs a new lookup. The provider is the sandbox; a Trestle provider plugs in at `providerFor`.
 */
import type { CallerId } from '@shared/api/callerId';
import { normalizePhone } from '@shared/domain/phone';
import { and, eq } from 'drizzle-orm';
import { conversationItems, conversations } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { sandboxCallerId } from './sandbox';
import type { CallerIdProvider } from './types';

interface Cached {
  value: CallerId | null;
}

const caches = new WeakMap<AppContext, Map<string, Cached>>();

function cacheOf(ctx: AppContext): Map<string, Cached> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

export function providerFor(_ctx: AppContext): CallerIdProvider {
  return sandboxCallerId;
}

/** The cached answer: undefined when the number was never looked up, null when it was and nothing was found. */
export function cachedCallerId(
  ctx: AppContext,
  companyId: number,
  number: string,
): CallerId | null | undefined {
  return cacheOf(ctx).get(`${companyId}:${number}`)?.value;
}

/** Looks the (valid, E.164) number up unless cached; null when the provider knows nothing of it. */
export async function lookupCallerId(
  ctx: AppContext,
  companyId: number,
  number: string,
): Promise<CallerId | null> {
  const key = `${companyId}:${number}`;
  const cache = cacheOf(ctx);
  const hit = cache.get(key);
  if (hit) return hit.value;
  const record = await providerFor(ctx).lookup(number);
  const value = record ? { ...record, looked_up_at: ctx.now().toISOString() } : null;
  cache.set(key, { value });
  return value;
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
