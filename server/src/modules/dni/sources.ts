/**
 * A company's sources (`/dniSources`): named visit rules that pools serve. A name is unique in the company
 * (ignoring case); a source a pool still uses cannot be deleted (the pool would silently stop serving visitors);
 * past calls keep the source's name (`calls.source` is text).
 */
import type { DniSource, DniSourceInput } from '@shared/api/dni';
import { DNI_MAX_SOURCES } from '@shared/domain/dni';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyOfRow } from '../../db/companyOf';
import { calls, dniPoolNumbers, dniPools, dniSources } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { conflict, invalid, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../contacts/service/checks';

export type SourceRow = typeof dniSources.$inferSelect;

const NAME_TAKEN = 'Another source already has this name.';
const DAY_MS = 86_400_000;

export async function sourceOf(ctx: AppContext, companyId: number, id: number): Promise<SourceRow> {
  const [row] = await ctx.db
    .select()
    .from(dniSources)
    .where(and(eq(dniSources.id, id), eq(dniSources.company_id, companyId)));
  if (!row) throw notFound('source');
  return row;
}

/** The company of a source, for the route wrapper (null: no such source, which answers 404). */
export function companyOfSource(db: Db, id: number): Promise<number | null> {
  return companyOfRow(db, dniSources, id);
}

export async function companySources(ctx: AppContext, companyId: number): Promise<SourceRow[]> {
  return ctx.db.select().from(dniSources).where(eq(dniSources.company_id, companyId)).orderBy(dniSources.id);
}

/** The pools that serve each source: session pools by their sources, static pools by a number's source. */
async function poolsBySource(
  ctx: AppContext,
  companyId: number,
): Promise<Map<number, { id: number; name: string }[]>> {
  const pools = await ctx.db
    .select({ id: dniPools.id, name: dniPools.name, source_ids: dniPools.source_ids })
    .from(dniPools)
    .where(eq(dniPools.company_id, companyId))
    .orderBy(dniPools.id);
  const staticSources = pools.length
    ? await ctx.db
        .selectDistinct({ pool_id: dniPoolNumbers.pool_id, source_id: dniPoolNumbers.source_id })
        .from(dniPoolNumbers)
        .where(
          inArray(
            dniPoolNumbers.pool_id,
            pools.map((pool) => pool.id),
          ),
        )
    : [];
  const bySource = new Map<number, { id: number; name: string }[]>();
  const add = (sourceId: number, pool: { id: number; name: string }) => {
    const list = bySource.get(sourceId) ?? [];
    if (!list.some((one) => one.id === pool.id)) list.push(pool);
    bySource.set(sourceId, list);
  };
  for (const pool of pools) for (const sourceId of pool.source_ids) add(sourceId, pool);
  for (const row of staticSources) {
    const pool = pools.find((one) => one.id === row.pool_id);
    if (pool && row.source_id !== null) add(row.source_id, pool);
  }
  return bySource;
}

export async function listSources(ctx: AppContext, companyId: number): Promise<DniSource[]> {
  const [rows, pools, callCounts] = await Promise.all([
    companySources(ctx, companyId),
    poolsBySource(ctx, companyId),
    ctx.db
      .select({ source_id: sql<number>`(${calls.attribution}->>'source_id')::int`, calls: count() })
      .from(calls)
      .where(
        and(
          eq(calls.company_id, companyId),
          gte(calls.started_at, new Date(ctx.now().getTime() - 30 * DAY_MS)),
          sql`${calls.attribution}->>'source_id' is not null`,
        ),
      )
      .groupBy(sql`1`),
  ]);
  const callsOf = new Map(callCounts.map((row) => [Number(row.source_id), row.calls]));
  return rows.map((row) => sourceView(row, pools.get(row.id) ?? [], callsOf.get(row.id) ?? 0));
}

function sourceView(row: SourceRow, pools: { id: number; name: string }[], calls30d: number): DniSource {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    conditions: row.conditions,
    // Each pool by its id and name only: the rows it was found with carry more (its sources), not for the answer.
    pools: pools.map((pool) => ({ id: pool.id, name: pool.name })),
    calls_30d: calls30d,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function viewOne(ctx: AppContext, row: SourceRow): Promise<DniSource> {
  const all = await listSources(ctx, row.company_id);
  const view = all.find((one) => one.id === row.id);
  if (!view) throw notFound('source');
  return view;
}

export async function createSource(
  ctx: AppContext,
  companyId: number,
  input: DniSourceInput & { name: string },
): Promise<DniSource> {
  const [{ total = 0 } = {}] = await ctx.db
    .select({ total: count() })
    .from(dniSources)
    .where(eq(dniSources.company_id, companyId));
  if (total >= DNI_MAX_SOURCES) throw conflict(`A company has at most ${DNI_MAX_SOURCES} sources.`);
  try {
    const [row] = await ctx.db
      .insert(dniSources)
      .values({
        company_id: companyId,
        name: input.name,
        conditions: input.conditions as SourceRow['conditions'],
      })
      .returning();
    if (!row) throw new Error('source insert returned nothing');
    return viewOne(ctx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ name: [NAME_TAKEN] });
    throw error;
  }
}

export async function updateSource(
  ctx: AppContext,
  row: SourceRow,
  input: DniSourceInput,
): Promise<DniSource> {
  try {
    const [updated] = await ctx.db
      .update(dniSources)
      .set({
        name: input.name,
        conditions: input.conditions as SourceRow['conditions'],
        updated_at: ctx.now(),
      })
      .where(eq(dniSources.id, row.id))
      .returning();
    if (!updated) throw notFound('source');
    return viewOne(ctx, updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ name: [NAME_TAKEN] });
    throw error;
  }
}

export async function deleteSource(ctx: AppContext, row: SourceRow): Promise<void> {
  const using = (await poolsBySource(ctx, row.company_id)).get(row.id) ?? [];
  if (using.length > 0) {
    const names = using.map((pool) => `“${pool.name}”`).join(', ');
    throw conflict(
      `This source is used by ${using.length === 1 ? 'the pool' : 'the pools'} ${names}: take it out of ${using.length === 1 ? 'that pool' : 'them'} first.`,
    );
  }
  await ctx.db.delete(dniSources).where(eq(dniSources.id, row.id));
}
