/**
 * What every export made by a job shares (activity exports, analytics reports): its batch (`batches`, a kind
 * starting `export-`) is made with its job in one transaction, so a batch never waits for a job that was not
 * made; a failed one is marked and published; and a sweep fails the running batches of a kind that no live job
 * will finish (a server died between the two), so the person is told to start again.
 */
import type { ExportBatch } from '@shared/api/activity';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { enqueueJob, noLiveJob, wakeJobRunners } from '../../jobs/queue';
import { exportJson, publishExport } from './exportWriter';

/** Makes an export's batch (running, nothing written yet) and the job that writes it, together. */
export async function startExportBatch(
  ctx: AppContext,
  input: {
    companyId: number;
    userId: number;
    /** The batch kind (`export-calls`, `export-analytics`). */
    kind: string;
    /** The job kind that writes it. */
    job: string;
    fileName: string;
    columns: string[];
    options: Record<string, unknown>;
  },
): Promise<ExportBatch> {
  const batch = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(batches)
      .values({
        company_id: input.companyId,
        kind: input.kind,
        state: 'running',
        user_id: input.userId,
        file_name: input.fileName,
        columns: input.columns,
        options: input.options,
      })
      .returning();
    if (!row) throw new Error(`${input.kind} batch`);
    await enqueueJob(
      ctx,
      { kind: input.job, key: String(row.id), payload: { batchId: row.id } },
      { tx: tx as unknown as Db },
    );
    return row;
  });
  wakeJobRunners(ctx);
  return exportJson(batch);
}

/** Sets an export failed with `message` (unless it has ended) and publishes it. */
export async function failExportBatch(ctx: AppContext, batchId: number, message: string): Promise<void> {
  const [failed] = await ctx.db
    .update(batches)
    .set({ state: 'failed', message, finished_at: ctx.now() })
    .where(and(eq(batches.id, batchId), eq(batches.state, 'running')))
    .returning();
  if (failed) await publishExport(ctx, failed);
}

/**
 * Fails, with `message`, the running batches of these kinds that no live `job` will finish. Only the kinds of
 * that job: other exports share the batches table and endpoints with a job of their own.
 */
export async function failStaleExportBatches(
  ctx: AppContext,
  kinds: readonly string[],
  job: string,
  message: string,
): Promise<void> {
  const stale = await ctx.db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(
        inArray(batches.kind, [...kinds]),
        eq(batches.state, 'running'),
        noLiveJob(ctx.db, job, sql`${batches.id}::text`),
      ),
    );
  for (const { id } of stale) await failExportBatch(ctx, id, message);
}
