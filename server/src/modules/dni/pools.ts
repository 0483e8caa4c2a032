/**
 * A company's tracking pools (`/companies/{companyId}/dniPools`, `/dniPools/{poolId}`): which of its numbers they
 * hold (a number is in one pool at most), which sources they serve, the website numbers they replace, the lease,
 * the cool-down and the fallback; and how busy they have been (utilisation = peak concurrent sessions ÷ numbers).
 */
import type { CustomValueInput } from '@shared/api/contacts';
import type { DniPool, DniPoolDetail, DniPoolValues } from '@shared/api/dni';
import { ENTITY_TYPES } from '@shared/domain/customFields';
import { DNI_MAX_POOLS, poolAdvice, poolUtilisation } from '@shared/domain/dni';
import { and, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  calls,
  dniPoolNumbers,
  dniPools,
  dniPoolUsage,
  dniSessions,
  dniSources,
  liveNumber,
  numbers,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { conflict, invalid, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../contacts/service/checks';
import {
  checkValuesOrThrow,
  deleteValues,
  loadFieldRules,
  readValues,
  writeValues,
} from '../customFields/values';
import { type Actor, releaseNumber } from '../numbers/lifecycle/release';
import { holdingANumber } from './visits';

export type PoolRow = typeof dniPools.$inferSelect;
/** The pool as the contract takes it, after its schema's defaults. */
export type PoolInput = DniPoolValues;

const DAY_MS = 86_400_000;
const USAGE_DAYS = 30;

export async function poolOf(ctx: AppContext, poolId: number): Promise<PoolRow> {
  const [row] = await ctx.db.select().from(dniPools).where(eq(dniPools.id, poolId));
  if (!row) throw notFound('pool');
  return row;
}

/** The company of a pool, for the route wrapper (null: no such pool, which answers 404). */
export async function companyOfPool(db: Db, poolId: number): Promise<number | null> {
  const [row] = await db
    .select({ company: dniPools.company_id })
    .from(dniPools)
    .where(eq(dniPools.id, poolId));
  return row?.company ?? null;
}

/* ------------------------------------------------- views -------------------------------------------------- */

interface PoolFacts {
  numbers: Map<number, DniPool['numbers']>;
  fallbacks: Map<number, DniPool['fallback_number']>;
  sources: Map<number, string>;
  live: Map<number, number>;
  usage: Map<number, { peak: number; fallbacks: number }>;
  calls: Map<number, number>;
  values: Map<number, CustomValueInput[]>;
}

/** Everything the views of `pools` need, in a handful of queries whatever the number of pools. */
async function factsOf(ctx: AppContext, companyId: number, pools: readonly PoolRow[]): Promise<PoolFacts> {
  const ids = pools.map((pool) => pool.id);
  const now = ctx.now();
  const since = new Date(now.getTime() - USAGE_DAYS * DAY_MS);
  if (ids.length === 0)
    return {
      numbers: new Map(),
      fallbacks: new Map(),
      sources: new Map(),
      live: new Map(),
      usage: new Map(),
      calls: new Map(),
      values: new Map(),
    };
  const [members, sources, held, usage, fallbackRows, callCounts, values] = await Promise.all([
    ctx.db
      .select({
        pool_id: dniPoolNumbers.pool_id,
        id: numbers.id,
        number: numbers.number,
        label: numbers.label,
        source_id: dniPoolNumbers.source_id,
      })
      .from(dniPoolNumbers)
      .innerJoin(numbers, eq(numbers.id, dniPoolNumbers.number_id))
      .where(inArray(dniPoolNumbers.pool_id, ids))
      .orderBy(numbers.number),
    ctx.db
      .select({ id: dniSources.id, name: dniSources.name })
      .from(dniSources)
      .where(eq(dniSources.company_id, companyId)),
    ctx.db
      .selectDistinct({ pool_id: dniSessions.pool_id, number_id: dniSessions.number_id })
      .from(dniSessions)
      .where(and(inArray(dniSessions.pool_id, ids), holdingANumber(now))),
    ctx.db
      .select({
        pool_id: dniPoolUsage.pool_id,
        peak: sql<number>`coalesce(max(${dniPoolUsage.peak_sessions}), 0)::int`,
        fallbacks: sql<number>`coalesce(sum(${dniPoolUsage.fallbacks}), 0)::int`,
      })
      .from(dniPoolUsage)
      .where(and(inArray(dniPoolUsage.pool_id, ids), gte(dniPoolUsage.hour, since)))
      .groupBy(dniPoolUsage.pool_id),
    ctx.db
      .select({ id: numbers.id, number: numbers.number, label: numbers.label })
      .from(numbers)
      .where(
        inArray(
          numbers.id,
          pools
            .flatMap((pool) => (pool.fallback_number_id === null ? [] : [pool.fallback_number_id]))
            .concat(0),
        ),
      ),
    ctx.db
      .select({ pool_id: sql<number>`(${calls.attribution}->>'pool_id')::int`, calls: count() })
      .from(calls)
      .where(
        and(
          eq(calls.company_id, companyId),
          gte(calls.started_at, since),
          sql`(${calls.attribution}->>'pool_id')::int in ${ids}`,
        ),
      )
      .groupBy(sql`1`),
    readValues(ctx.db, ENTITY_TYPES.trackingPool, ids),
  ]);
  const sourceNames = new Map(sources.map((row) => [row.id, row.name]));
  const heldNumbers = new Set(held.map((row) => `${row.pool_id}:${row.number_id}`));
  const numbersOf = new Map<number, DniPool['numbers']>();
  for (const row of members) {
    const list = numbersOf.get(row.pool_id) ?? [];
    list.push({
      id: row.id,
      number: row.number,
      label: row.label || null,
      source:
        row.source_id === null ? null : { id: row.source_id, name: sourceNames.get(row.source_id) ?? '' },
      in_use: heldNumbers.has(`${row.pool_id}:${row.id}`),
    });
    numbersOf.set(row.pool_id, list);
  }
  const liveOf = new Map<number, number>();
  for (const row of held)
    if (row.pool_id !== null) liveOf.set(row.pool_id, (liveOf.get(row.pool_id) ?? 0) + 1);
  const fallbackById = new Map(
    fallbackRows.map((row) => [row.id, { id: row.id, number: row.number, label: row.label || null }]),
  );
  return {
    numbers: numbersOf,
    fallbacks: new Map(
      pools.map((pool) => [
        pool.id,
        pool.fallback_number_id === null ? null : (fallbackById.get(pool.fallback_number_id) ?? null),
      ]),
    ),
    sources: sourceNames,
    live: liveOf,
    usage: new Map(usage.map((row) => [row.pool_id, { peak: row.peak, fallbacks: row.fallbacks }])),
    calls: new Map(callCounts.map((row) => [Number(row.pool_id), row.calls])),
    values,
  };
}

function poolView(pool: PoolRow, facts: PoolFacts): DniPool {
  const members = facts.numbers.get(pool.id) ?? [];
  const usage = facts.usage.get(pool.id) ?? { peak: 0, fallbacks: 0 };
  const sourceIds =
    pool.type === 'session'
      ? pool.source_ids
      : [...new Set(members.flatMap((member) => (member.source ? [member.source.id] : [])))];
  return {
    id: pool.id,
    company_id: pool.company_id,
    name: pool.name,
    type: pool.type,
    sources: sourceIds.flatMap((id) => {
      const name = facts.sources.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    numbers: members,
    target_numbers: pool.target_numbers,
    lease_minutes: pool.lease_minutes,
    cooldown_minutes: pool.cooldown_minutes,
    fallback_number: facts.fallbacks.get(pool.id) ?? null,
    live_sessions: facts.live.get(pool.id) ?? 0,
    peak_sessions_30d: usage.peak,
    fallbacks_30d: usage.fallbacks,
    calls_30d: facts.calls.get(pool.id) ?? 0,
    eavAttributeValues: facts.values.get(pool.id) ?? [],
    // A static pool lends nothing: it cannot run hot.
    advice:
      pool.type === 'session'
        ? poolAdvice({ numbers: members.length, peakSessions: usage.peak, fallbacks: usage.fallbacks })
        : { hot: false, add: 0, message: null },
    created_at: pool.created_at.toISOString(),
    updated_at: pool.updated_at.toISOString(),
  };
}

export async function listPools(ctx: AppContext, companyId: number): Promise<DniPool[]> {
  const pools = await ctx.db
    .select()
    .from(dniPools)
    .where(eq(dniPools.company_id, companyId))
    .orderBy(dniPools.id);
  const facts = await factsOf(ctx, companyId, pools);
  return pools.map((pool) => poolView(pool, facts));
}

/** One pool with its last 30 days, a day each (UTC), every day present. */
export async function poolDetail(ctx: AppContext, pool: PoolRow): Promise<DniPoolDetail> {
  const facts = await factsOf(ctx, pool.company_id, [pool]);
  const view = poolView(pool, facts);
  const today = Math.floor(ctx.now().getTime() / DAY_MS) * DAY_MS;
  const first = new Date(today - (USAGE_DAYS - 1) * DAY_MS);
  const rows = await ctx.db
    .select({
      day: sql<string>`to_char(${dniPoolUsage.hour} at time zone 'UTC', 'YYYY-MM-DD')`,
      peak: sql<number>`max(${dniPoolUsage.peak_sessions})::int`,
      sessions: sql<number>`sum(${dniPoolUsage.sessions})::int`,
      fallbacks: sql<number>`sum(${dniPoolUsage.fallbacks})::int`,
    })
    .from(dniPoolUsage)
    .where(and(eq(dniPoolUsage.pool_id, pool.id), gte(dniPoolUsage.hour, first)))
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const usage = Array.from({ length: USAGE_DAYS }, (_, index) => {
    const day = new Date(first.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(day);
    const peak = row?.peak ?? 0;
    return {
      day,
      peak_sessions: peak,
      sessions: row?.sessions ?? 0,
      fallbacks: row?.fallbacks ?? 0,
      utilisation: Math.round(poolUtilisation(peak, view.numbers.length) * 1000) / 1000,
    };
  });
  return { ...view, usage };
}

/* ------------------------------------------------ changes ------------------------------------------------- */

/**
 * The numbers a pool may hold: the company's live, active numbers that no other pool holds and that are not the
 * pool's fallback. Answers 422 naming each entry that may not be used and why.
 */
async function checkNumbers(
  ctx: AppContext,
  companyId: number,
  input: PoolInput,
  poolId: number | null,
): Promise<void> {
  const ids = [
    ...input.numbers.map((entry) => entry.number_id),
    ...(input.fallback_number_id ? [input.fallback_number_id] : []),
  ];
  if (ids.length === 0) return;
  const [rows, elsewhere] = await Promise.all([
    ctx.db
      .select({ id: numbers.id, status: numbers.status })
      .from(numbers)
      .where(and(eq(numbers.company_id, companyId), inArray(numbers.id, ids), liveNumber)),
    ctx.db
      .select({ number_id: dniPoolNumbers.number_id, pool: dniPools.name })
      .from(dniPoolNumbers)
      .innerJoin(dniPools, eq(dniPools.id, dniPoolNumbers.pool_id))
      .where(
        and(
          inArray(dniPoolNumbers.number_id, ids),
          poolId === null ? undefined : ne(dniPoolNumbers.pool_id, poolId),
        ),
      ),
  ]);
  const status = new Map(rows.map((row) => [row.id, row.status]));
  const inPool = new Map(elsewhere.map((row) => [row.number_id, row.pool]));
  const errors: Record<string, string[]> = {};
  const check = (id: number, field: string) => {
    if (!status.has(id)) errors[field] = ['This number was released; choose another.'];
    else if (status.get(id) === 'inactive')
      errors[field] = ['This number is being released; keep it first or choose another.'];
    else if (inPool.has(id)) errors[field] = [`This number is in the pool “${inPool.get(id)}”.`];
  };
  for (const [index, entry] of input.numbers.entries()) check(entry.number_id, `numbers.${index}.number_id`);
  // A fallback may be any number of the company, the website's own line included, but not another pool's.
  if (input.fallback_number_id !== null) check(input.fallback_number_id, 'fallback_number_id');
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** The pool's custom values (§3 entity type 3), checked against the company's fields (422 per value otherwise). */
async function checkedValues(ctx: AppContext, companyId: number, input: PoolInput) {
  if (!input.eavAttributeValues?.length) return [];
  return checkValuesOrThrow(
    await loadFieldRules(ctx.db, companyId, ENTITY_TYPES.trackingPool),
    input.eavAttributeValues,
  );
}

function poolValues(input: PoolInput) {
  return {
    name: input.name,
    type: input.type,
    source_ids: input.type === 'session' ? [...new Set(input.source_ids)] : [],
    target_numbers: [...new Set(input.target_numbers)],
    lease_minutes: input.lease_minutes,
    cooldown_minutes: input.cooldown_minutes,
    fallback_number_id: input.fallback_number_id,
  };
}

async function writeNumbers(tx: Db, poolId: number, input: PoolInput): Promise<void> {
  await tx.delete(dniPoolNumbers).where(eq(dniPoolNumbers.pool_id, poolId));
  if (input.numbers.length === 0) return;
  await tx.insert(dniPoolNumbers).values(
    input.numbers.map((entry) => ({
      pool_id: poolId,
      number_id: entry.number_id,
      source_id: input.type === 'static' ? entry.source_id : null,
    })),
  );
}

export async function createPool(
  ctx: AppContext,
  companyId: number,
  input: PoolInput,
): Promise<DniPoolDetail> {
  const [{ total = 0 } = {}] = await ctx.db
    .select({ total: count() })
    .from(dniPools)
    .where(eq(dniPools.company_id, companyId));
  if (total >= DNI_MAX_POOLS) throw conflict(`A company has at most ${DNI_MAX_POOLS} pools.`);
  await checkNumbers(ctx, companyId, input, null);
  const custom = await checkedValues(ctx, companyId, input);
  try {
    const pool = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(dniPools)
        .values({ company_id: companyId, ...poolValues(input) })
        .returning();
      if (!row) throw new Error('pool insert returned nothing');
      await writeNumbers(tx, row.id, input);
      if (custom.length)
        await writeValues(tx, { companyId: row.company_id, entityType: ENTITY_TYPES.trackingPool }, [
          { entityId: row.id, values: custom },
        ]);
      return row;
    });
    return poolDetail(ctx, pool);
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalid({ numbers: ['A number was just put in another pool; choose again.'] });
    throw error;
  }
}

/**
 * Replaces a pool's settings and numbers. A visitor holding a number taken out keeps it until their lease ends
 * (their session still names it, so their call is still theirs); it is simply not lent again.
 */
export async function updatePool(ctx: AppContext, pool: PoolRow, input: PoolInput): Promise<DniPoolDetail> {
  await checkNumbers(ctx, pool.company_id, input, pool.id);
  const custom = await checkedValues(ctx, pool.company_id, input);
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(dniPools)
        .set({ ...poolValues(input), updated_at: ctx.now() })
        .where(eq(dniPools.id, pool.id))
        .returning();
      if (!row) throw notFound('pool');
      await writeNumbers(tx, row.id, input);
      if (custom.length)
        await writeValues(tx, { companyId: row.company_id, entityType: ENTITY_TYPES.trackingPool }, [
          { entityId: row.id, values: custom },
        ]);
      return row;
    });
    return poolDetail(ctx, updated);
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalid({ numbers: ['A number was just put in another pool; choose again.'] });
    throw error;
  }
}

/**
 * Deletes a pool (§7 `DELETE /dniPools/{poolId}` with shouldDeleteNumbers): 0 keeps its numbers as the company's
 * ordinary numbers; 1 releases them too, each as `POST /numbers/{id}/remove` does (inactive, given back after the
 * §9 30 days, restorable until then). Its sessions and calls stay (they no longer name the pool).
 */
export async function deletePool(
  ctx: AppContext,
  pool: PoolRow,
  releaseNumbers: boolean,
  actor: Actor,
): Promise<void> {
  const members = releaseNumbers
    ? await ctx.db
        .select()
        .from(numbers)
        .where(
          and(
            inArray(
              numbers.id,
              ctx.db
                .select({ id: dniPoolNumbers.number_id })
                .from(dniPoolNumbers)
                .where(eq(dniPoolNumbers.pool_id, pool.id)),
            ),
            liveNumber,
          ),
        )
    : [];
  await ctx.db.transaction(async (tx) => {
    await tx.delete(dniPools).where(eq(dniPools.id, pool.id));
    await deleteValues(tx, ENTITY_TYPES.trackingPool, [pool.id]);
  });
  for (const row of members) await releaseNumber(ctx, actor, row);
}
