/**
 * A bulk release (`POST /numbers/remove-bulk`, §4 background batches): a batch of kind `release-numbers` run by the
 * job runner, one number a step, each released as `POST /numbers/{id}/remove` releases one. A number that is not
 * the company's (any more) is named with the reason and the rest go on. The batch's cursor moves in the step's own
 * transaction, so a run that dies resumes at the next number. Each step publishes
 * `batch.release-numbers.progress` on the company's channel, the end `batch.release-numbers.completed`.
 */
import { setImmediate } from 'node:timers/promises';
import { NUMBER_LIFECYCLE_MESSAGES, type ReleaseBatch } from '@shared/api/numberLifecycle';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { batches, liveNumber, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { HandBack, type JobHandler, type RunningJob } from '../../../jobs/runner';
import {
  type BatchRow,
  batchFailures,
  batchIdOf,
  batchProgress,
  completeStep,
  endBatch,
  startBatch,
  takeBatch,
} from '../numberBatch';
import { type Actor, releaseNumber } from './release';

export const RELEASE_NUMBERS_KIND = 'release-numbers';

interface ReleaseOptions {
  number_ids: number[];
  impersonator_id: number | null;
}
const optionsOf = (batch: BatchRow) => batch.options as unknown as ReleaseOptions;

export async function startBulkRelease(
  ctx: AppContext,
  companyId: number,
  actor: Actor,
  numberIds: readonly number[],
): Promise<ReleaseBatch> {
  const unique = [...new Set(numberIds)];
  const options: ReleaseOptions = { number_ids: unique, impersonator_id: actor.impersonatorId };
  const batch = await startBatch(ctx, {
    kind: RELEASE_NUMBERS_KIND,
    companyId,
    userId: actor.userId,
    options,
    total: unique.length,
  });
  return releaseBatchView(ctx, batch);
}

export async function findBulkRelease(ctx: AppContext, id: number): Promise<BatchRow | undefined> {
  const [batch] = await ctx.db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.kind, RELEASE_NUMBERS_KIND)));
  return batch;
}

export async function releaseBatchView(ctx: { db: Db }, batch: BatchRow): Promise<ReleaseBatch> {
  const failed = await batchFailures(ctx.db, batch.id);
  return {
    id: batch.id,
    company_id: batch.company_id,
    state: batch.state as ReleaseBatch['state'],
    total: batch.total_rows ?? 0,
    released: batch.created,
    failed: failed.map((row) => ({
      number_id: Number(row.cells[0]),
      number: row.cells[1] ?? '',
      reason: row.reason,
    })),
    progress: batchProgress(batch),
    created_at: batch.created_at.toISOString(),
    finished_at: batch.finished_at?.toISOString() ?? null,
  };
}

async function publish(ctx: AppContext, event: 'progress' | 'completed', batch: BatchRow): Promise<void> {
  try {
    await ctx.realtime.publish(
      channels.companies(batch.company_id),
      event === 'progress' ? EVENTS.batchReleaseNumbersProgress : EVENTS.batchReleaseNumbersCompleted,
      await releaseBatchView(ctx, batch),
    );
  } catch {
    // The status endpoint still answers; a realtime outage never stops the release.
  }
}

async function runBulkRelease(ctx: AppContext, job: RunningJob): Promise<void> {
  const taken = await takeBatch(ctx, job, RELEASE_NUMBERS_KIND);
  if (!taken) return;
  let batch = taken;
  const options = optionsOf(batch);
  const actor: Actor = { userId: batch.user_id, impersonatorId: options.impersonator_id };
  for (let index = batch.processed_rows; index < options.number_ids.length; index++) {
    if (job.signal.aborted) throw new HandBack();
    const numberId = options.number_ids[index] ?? 0;
    const [row] = await ctx.db
      .select()
      .from(numbers)
      .where(and(eq(numbers.id, numberId), eq(numbers.company_id, batch.company_id), liveNumber));
    // Releasing is idempotent (a number already being released keeps its date), so a step redone after a crash
    // between the release and the cursor's move changes nothing.
    if (row) await releaseNumber(ctx, actor, row);
    const failure = row ? null : NUMBER_LIFECYCLE_MESSAGES.released;
    const current = batch;
    batch = await ctx.db.transaction((tx) =>
      completeStep(
        tx,
        job,
        current,
        index,
        failure ? { cells: [String(numberId), ''], reason: failure } : null,
      ),
    );
    await publish(ctx, 'progress', batch);
    // PGlite answers without yielding to the event loop: let requests through between numbers.
    await setImmediate();
  }
  const finished = await endBatch(ctx, batch.id, 'finished');
  if (finished) await publish(ctx, 'completed', finished);
}

export const bulkReleaseJob: JobHandler<AppContext> = {
  kind: RELEASE_NUMBERS_KIND,
  run: runBulkRelease,
  async onFailed(ctx, job) {
    const failed = await endBatch(ctx, batchIdOf(job), 'failed');
    if (failed) await publish(ctx, 'completed', failed);
  },
};
