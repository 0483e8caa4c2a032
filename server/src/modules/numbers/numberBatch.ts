/**
 * The machinery numbers' bulk work shares (§4 background batches: a bulk purchase, a bulk release): a batch row of
 * a kind, run by a job one item a step. Each step either counts the item done (`created`) or records its failure
 * (a `batch_errors` row with the item's cells and the reason), and moves the cursor (`processed_rows`) in the
 * step's own transaction together with the job's checkpoint — so a run that dies resumes at the next item and never
 * does one twice. What an item is and how it is done is the caller's; so are the events it publishes.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchErrors, batches, type JobRow } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { enqueueJob, wakeJobRunners } from '../../jobs/queue';
import type { RunningJob } from '../../jobs/runner';

export type BatchRow = typeof batches.$inferSelect;

/** Creates a queued batch of `kind` over `total` items and the job that runs it, in one transaction. */
export async function startBatch(
  ctx: AppContext,
  batch: { kind: string; companyId: number; userId: number | null; options: object; total: number },
): Promise<BatchRow> {
  const created = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(batches)
      .values({
        company_id: batch.companyId,
        kind: batch.kind,
        state: 'queued',
        user_id: batch.userId,
        options: batch.options as Record<string, unknown>,
        total_rows: batch.total,
        created_at: ctx.now(),
      })
      .returning();
    if (!row) throw new Error(`the ${batch.kind} batch was not created`);
    await enqueueJob(ctx, { kind: batch.kind, key: String(row.id), payload: { batchId: row.id } }, { tx });
    return row;
  });
  wakeJobRunners(ctx);
  return created;
}

/** Takes the job's batch of `kind` to run (queued, or running after a dead run); undefined when it has ended. */
export async function takeBatch(
  ctx: AppContext,
  job: RunningJob,
  kind: string,
): Promise<BatchRow | undefined> {
  const [taken] = await ctx.db
    .update(batches)
    .set({ state: 'running' })
    .where(
      and(
        eq(batches.id, Number(job.row.payload.batchId)),
        eq(batches.kind, kind),
        inArray(batches.state, ['queued', 'running']),
      ),
    )
    .returning();
  return taken;
}

/** Moves the cursor past step `index`, counting it done or failed; the job checkpoints in the same transaction. */
export async function completeStep(
  tx: Db,
  job: RunningJob,
  batch: BatchRow,
  index: number,
  failure: { cells: string[]; reason: string } | null,
): Promise<BatchRow> {
  if (failure)
    await tx
      .insert(batchErrors)
      .values({ batch_id: batch.id, row_number: index + 1, reason: failure.reason, cells: failure.cells });
  const [moved] = await tx
    .update(batches)
    .set({
      processed_rows: index + 1,
      ...(failure ? { failed: sql`${batches.failed} + 1` } : { created: sql`${batches.created} + 1` }),
    })
    .where(and(eq(batches.id, batch.id), eq(batches.processed_rows, index)))
    .returning();
  if (!moved) throw new Error(`${batch.kind} ${batch.id}: step ${index} was already taken`);
  await job.checkpoint({ done: index + 1, total: batch.total_rows }, tx);
  return moved;
}

/** Ends the batch: finished after its last step, or failed when its job failed for good; undefined if it had ended. */
export async function endBatch(
  ctx: AppContext,
  batchId: number,
  state: 'finished' | 'failed',
): Promise<BatchRow | undefined> {
  const [ended] = await ctx.db
    .update(batches)
    .set({ state, finished_at: ctx.now() })
    .where(and(eq(batches.id, batchId), inArray(batches.state, ['queued', 'running'])))
    .returning();
  return ended;
}

/** The batch of a job that failed for good. */
export const batchIdOf = (job: JobRow) => Number(job.payload.batchId);

/** The items a batch could not do, in order: their cells and the reason. */
export function batchFailures(db: Db, batchId: number): Promise<{ cells: string[]; reason: string }[]> {
  return db
    .select({ cells: batchErrors.cells, reason: batchErrors.reason })
    .from(batchErrors)
    .where(eq(batchErrors.batch_id, batchId))
    .orderBy(asc(batchErrors.row_number));
}

/** Percent of the batch's items done, one decimal (100 for an empty one). */
export function batchProgress(batch: BatchRow): number {
  const total = batch.total_rows ?? 0;
  return total === 0 ? 100 : Math.round((batch.processed_rows / total) * 1000) / 10;
}
