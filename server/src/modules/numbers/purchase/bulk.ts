/**
 * A bulk purchase (§7, §4 background batches): a batch of kind `bulk-purchase` (the numbers in its options, in
 * order) run by the job runner as the `bulk-purchase` job. Each number is one step: bought and added (buy.ts),
 * or its reason recorded as a batch error row — and in the same transaction the batch's cursor (processed_rows)
 * moves on and the job checkpoints, so a run that dies resumes at the next number and never buys one twice.
 * Every step publishes `bulk-purchase.progress` on the company's bulk-purchase channel; the end
 * `bulk-purchase.finished`. A number over the company's limit fails with the limit's message; the rest go on.
 * Any other error (the database, the carrier out of reach) ends the run and the runner tries again from that
 * number; a batch whose job fails for good is failed and published as finished. Duplicates in the list are
 * bought once. A number the carrier sold but the run died before adding is given back when the error is seen
 * (buy.ts); after a process killed in between, the step runs again and the carrier answers the number the account
 * holds already as bought (NumberCarrier.purchase), so it is added then, not left paid for and unused.
 */
import { setImmediate } from 'node:timers/promises';
import type { BulkPurchase } from '@shared/api/numberPurchase';
import type { NumberCategory, NumberType } from '@shared/domain/numbers';
import { channels, EVENTS } from '@shared/realtime';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { batches } from '../../../db/schema';
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
import { acquireNumber, type Buyer, PurchaseRefused } from './buy';

export const BULK_PURCHASE_KIND = 'bulk-purchase';

interface BulkOptions {
  numbers: string[];
  type: NumberType;
  category: NumberCategory;
  impersonator_id: number | null;
}

const optionsOf = (batch: BatchRow) => batch.options as unknown as BulkOptions;

/** Creates the batch and its job; answers the batch as the API shows it. */
export async function startBulkPurchase(
  ctx: AppContext,
  companyId: number,
  buyer: Buyer,
  input: { numbers: string[]; type: NumberType; category: NumberCategory },
): Promise<BulkPurchase> {
  const unique = [...new Set(input.numbers)];
  const options: BulkOptions = {
    numbers: unique,
    type: input.type,
    category: input.category,
    impersonator_id: buyer.impersonatorId,
  };
  const batch = await startBatch(ctx, {
    kind: BULK_PURCHASE_KIND,
    companyId,
    userId: buyer.userId,
    options,
    total: unique.length,
  });
  return bulkPurchaseView(ctx, batch);
}

/** The batch as the API and the events show it: counts, and each failed number with its reason. */
export async function bulkPurchaseView(ctx: AppContext | { db: Db }, batch: BatchRow): Promise<BulkPurchase> {
  const failed = await batchFailures(ctx.db, batch.id);
  return {
    id: batch.id,
    company_id: batch.company_id,
    state: batch.state as BulkPurchase['state'],
    total: batch.total_rows ?? 0,
    purchased: batch.created,
    failed: failed.map((row) => ({ number: row.cells[0] ?? '', reason: row.reason })),
    progress: batchProgress(batch),
    created_at: batch.created_at.toISOString(),
    finished_at: batch.finished_at?.toISOString() ?? null,
  };
}

/** The company's bulk purchase by id; undefined when there is none. */
export async function findBulkPurchase(ctx: AppContext, id: number): Promise<BatchRow | undefined> {
  const [batch] = await ctx.db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.kind, BULK_PURCHASE_KIND)));
  return batch;
}

async function publish(ctx: AppContext, event: 'progress' | 'finished', batch: BatchRow): Promise<void> {
  try {
    await ctx.realtime.publish(
      channels.bulkPurchase(batch.company_id),
      event === 'progress' ? EVENTS.bulkPurchaseProgress : EVENTS.bulkPurchaseFinished,
      await bulkPurchaseView(ctx, batch),
    );
  } catch {
    // The status endpoint still answers; a realtime outage never stops the purchase.
  }
}

async function runBulkPurchase(ctx: AppContext, job: RunningJob): Promise<void> {
  const taken = await takeBatch(ctx, job, BULK_PURCHASE_KIND);
  if (!taken) return;
  let batch = taken;
  const options = optionsOf(batch);
  const buyer: Buyer = { userId: batch.user_id, impersonatorId: options.impersonator_id };
  for (let index = batch.processed_rows; index < options.numbers.length; index++) {
    if (job.signal.aborted) throw new HandBack();
    const number = options.numbers[index] ?? '';
    const current = batch;
    try {
      await acquireNumber(
        ctx,
        buyer,
        {
          companyId: current.company_id,
          number,
          type: options.type,
          category: options.category,
          bulkPurchaseId: current.id,
        },
        async (tx) => {
          batch = await completeStep(tx, job, current, index, null);
        },
      );
    } catch (error) {
      // Anything else (the database, the carrier out of reach, the run losing its job) ends the run: the runner
      // tries again from this number, and a run that keeps failing fails the batch (`onFailed`).
      if (!(error instanceof PurchaseRefused)) throw error;
      batch = await ctx.db.transaction((tx) =>
        completeStep(tx, job, current, index, { cells: [number], reason: error.message }),
      );
    }
    await publish(ctx, 'progress', batch);
    // PGlite answers without yielding to the event loop: let requests through between numbers.
    await setImmediate();
  }
  const finished = await endBatch(ctx, batch.id, 'finished');
  if (finished) await publish(ctx, 'finished', finished);
}

/** The bulk purchase job (app.ts gives it to the runner). */
export const bulkPurchaseJob: JobHandler<AppContext> = {
  kind: BULK_PURCHASE_KIND,
  run: runBulkPurchase,
  async onFailed(ctx, job) {
    const failed = await endBatch(ctx, batchIdOf(job), 'failed');
    if (failed) await publish(ctx, 'finished', failed);
  },
};
