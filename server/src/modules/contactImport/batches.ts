/**
 * Contact import batches (§3 Batch "id, progress, finishedAt"): how one answers as JSON and on the company
 * channel, finding one in a company, and failing one as a whole (§8 importFailure).
 */
import type { ImportBatch } from '@shared/api/contacts';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { channels, type EVENTS } from '@shared/realtime';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches, batchRows } from '../../db/schema';
import type { AppContext } from '../../http/context';

/** `batches.kind` of contact imports. */
export const CONTACT_IMPORT_KIND = 'contact-import';

export type BatchRow = typeof batches.$inferSelect;

/** The batch as the contract answers it: progress = processed / total × 100 (one decimal). */
export function batchJson(batch: BatchRow): ImportBatch {
  const total = batch.total_rows;
  const progress =
    batch.state === 'finished'
      ? 100
      : total
        ? Math.min(100, Math.floor((batch.processed_rows / total) * 1000) / 10)
        : 0;
  return {
    id: batch.id,
    progress,
    finishedAt: batch.finished_at ? batch.finished_at.toISOString() : null,
    // A batch still receiving its upload is, to the person waiting, queued.
    state: batch.state === 'staging' ? 'queued' : (batch.state as ImportBatch['state']),
    file_name: batch.file_name,
    total_rows: total,
    processed_rows: batch.processed_rows,
    created: batch.created,
    updated: batch.updated,
    failed: batch.failed,
    message: batch.message,
  };
}

/** One import batch of the company, or undefined (another company's batch is not found, as if absent). */
export async function findBatch(db: Db, companyId: number, batchId: number): Promise<BatchRow | undefined> {
  const [batch] = await db
    .select()
    .from(batches)
    .where(
      and(eq(batches.id, batchId), eq(batches.company_id, companyId), eq(batches.kind, CONTACT_IMPORT_KIND)),
    );
  return batch;
}

/**
 * Fails a batch as a whole (§8 "Import failure. Please try to import contacts once again") and drops its staged
 * rows; what it already imported stays, and so does its report. With `lease`, only while that lease is held.
 */
export async function failBatch(
  ctx: AppContext,
  batchId: number,
  options: { lease?: Date } = {},
): Promise<BatchRow | undefined> {
  return ctx.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(batches)
      .set({
        state: 'failed',
        message: ERROR_MESSAGES.importFailure,
        finished_at: ctx.now(),
        lease_until: null,
      })
      .where(and(eq(batches.id, batchId), options.lease ? eq(batches.lease_until, options.lease) : undefined))
      .returning();
    if (failed) await tx.delete(batchRows).where(eq(batchRows.batch_id, batchId));
    return failed;
  });
}

/** Publishes a batch on its company's channel; a realtime outage never fails an import. */
export async function publishBatch(
  ctx: AppContext,
  event: typeof EVENTS.contactImportProgress | typeof EVENTS.contactImportCompleted,
  batch: BatchRow,
): Promise<void> {
  try {
    await ctx.realtime.publish(channels.companies(batch.company_id), event, batchJson(batch));
  } catch {
    // The progress call still answers; the renderer polls when events do not come.
  }
}
