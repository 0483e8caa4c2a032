/**
 * Contact import batches (§3 Batch "id, progress, finishedAt"): how one answers as JSON and on the company
 * channel, finding one in a company, the rows of its report, and failing one as a whole (§8 importFailure).
 */
import type { ImportBatch } from '@shared/api/contacts';
import { batchProgress } from '@shared/domain/batches';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { channels, type EVENTS } from '@shared/realtime';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchErrors, batches, batchRows } from '../../db/schema';
import type { AppContext } from '../../http/context';

/** `batches.kind` of contact imports. */
export const CONTACT_IMPORT_KIND = 'contact-import';

export type BatchRow = typeof batches.$inferSelect;

/** Report rows read per query while streaming the report. */
const REPORT_PAGE = 1000;

/** The batch as the contract answers it (progress: the batches' one rule, `batchProgress`). */
export function batchJson(batch: BatchRow): ImportBatch {
  return {
    id: batch.id,
    progress: batchProgress(batch),
    finishedAt: batch.finished_at ? batch.finished_at.toISOString() : null,
    // A batch still receiving its upload is, to the person waiting, queued.
    state: batch.state === 'staging' ? 'queued' : (batch.state as ImportBatch['state']),
    file_name: batch.file_name,
    total_rows: batch.total_rows,
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

/** The report: `row, reason`, then the file's columns; each bad row as it was (lib/csv.ts neutralises formulas). */
export async function* reportRecords(db: Db, batch: BatchRow): AsyncGenerator<string[]> {
  yield ['row', 'reason', ...batch.columns];
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(batchErrors)
      .where(and(eq(batchErrors.batch_id, batch.id), gt(batchErrors.row_number, after)))
      .orderBy(asc(batchErrors.row_number))
      .limit(REPORT_PAGE);
    for (const error of page) {
      yield [String(error.row_number), error.reason, ...error.cells];
    }
    const last = page[page.length - 1];
    if (!last || page.length < REPORT_PAGE) return;
    after = last.row_number;
  }
}

/**
 * Fails a batch as a whole (§8 "Import failure. Please try to import contacts once again") and drops its staged
 * rows; what it already imported stays, and so does its report. A batch that has ended stays as it ended.
 */
export async function failBatch(ctx: AppContext, batchId: number): Promise<BatchRow | undefined> {
  return ctx.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(batches)
      .set({
        state: 'failed',
        message: ERROR_MESSAGES.importFailure,
        finished_at: ctx.now(),
        lease_until: null,
      })
      .where(and(eq(batches.id, batchId), inArray(batches.state, ['staging', 'queued', 'running'])))
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
