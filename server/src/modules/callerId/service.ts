/**
 * Caller ID lookups with a cache per company and number, so a number is paid for once: answers — found or not —
 * are kept in this process's memory when it is the only server (until it restarts: a restart only costs a new
 * lookup), and in the cluster's Redis when several instances share the work, so every instance knows what any
 * of them looked up (for CALLER_ID_KEEP_MS there, after which a number is looked up afresh). The composition
 * root builds the lookups once, with the sandbox provider; a Trestle provider plugs in there.
 */
import type { CallerId } from '@shared/api/callerId';
import { normalizePhone } from '@shared/domain/phone';
import { and, eq } from 'drizzle-orm';
import type { Cluster } from '../../cluster';
import { conversationItems, conversations } from '../../db/schema';
import type { AppContext } from '../../http/context';
import type { CallerIdLookups, CallerIdProvider } from '../../services/callerId';

/** How long Redis keeps an answer: long enough to pay once, short enough that a number's new owner shows. */
export const CALLER_ID_KEEP_MS = 30 * 24 * 3600_000;

/** Where answers are kept, by `company:number`: `{ value }` (null when the provider knew nothing). */
export interface CallerIdCache {
  get(key: string): Promise<{ value: CallerId | null } | undefined>;
  set(key: string, kept: { value: CallerId | null }): Promise<void>;
}

export function memoryCallerIdCache(): CallerIdCache {
  const kept = new Map<string, { value: CallerId | null }>();
  return {
    get: async (key) => kept.get(key),
    set: async (key, value) => void kept.set(key, value),
  };
}

/** Answers in the cluster's Redis, one key each, shared by every instance. */
export function redisCallerIdCache(cluster: Cluster): CallerIdCache {
  const redis = cluster.redis;
  if (!redis) throw new Error('The caller ID cache in Redis needs a Redis cluster.');
  return {
    async get(key) {
      const json = await redis.get(cluster.key('caller-id', key));
      return json === null ? undefined : (JSON.parse(json) as { value: CallerId | null });
    },
    async set(key, value) {
      await redis.set(cluster.key('caller-id', key), JSON.stringify(value), 'PX', CALLER_ID_KEEP_MS);
    },
  };
}

/** The cache of this deployment: the cluster's Redis when there is one, else this process's memory. */
export function callerIdCacheFor(cluster: Cluster): CallerIdCache {
  return cluster.redis ? redisCallerIdCache(cluster) : memoryCallerIdCache();
}

/** Lookups through `provider`, each answer (null when it knew nothing) kept in `cache`; `now` stamps `looked_up_at`. */
export function callerIdLookups(
  provider: CallerIdProvider,
  now: () => Date,
  cache: CallerIdCache = memoryCallerIdCache(),
): CallerIdLookups {
  return {
    cached: async (companyId, number) => (await cache.get(`${companyId}:${number}`))?.value,
    async lookup(companyId, number) {
      const key = `${companyId}:${number}`;
      const hit = await cache.get(key);
      if (hit) return hit.value;
      const record = await provider.lookup(number);
      const value = record ? { ...record, looked_up_at: now().toISOString() } : null;
      await cache.set(key, { value });
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
