/**
 * Caller ID lookups with a cache per company and number. The cache is an in-memory map per app (no table yet:
 * the schema is frozen for this wave), so answers — found or not — last until the server restarts; a restart
 * only costs a new lookup. The provider is the sandbox; a Trestle provider plugs in at `providerFor`.
 */
import type { CallerId } from '@shared/api/callerId';
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
