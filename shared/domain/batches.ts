/**
 * §3 Batch "id, progress, finishedAt": the one rule for a background batch's progress (contact imports and
 * activity exports alike), and how a follower tells news about a batch from an older report of it.
 */

/** What the rules read of a batch (its stored columns, or the contract's ImportBatch/ExportBatch). */
export interface BatchCounts {
  state: string;
  processed_rows: number;
  total_rows: number | null;
}

/** A batch that will not change any more. */
export function isBatchEnded(batch: Pick<BatchCounts, 'state'>): boolean {
  return batch.state === 'finished' || batch.state === 'failed';
}

/**
 * The progress a batch answers, 0–100 with one decimal, never rounded up (99.96 % done is 99.9, not 100): 100
 * once finished; processed / total while the total is known; 0 before it is.
 */
export function batchProgress(batch: BatchCounts): number {
  if (batch.state === 'finished') return 100;
  if (!batch.total_rows) return 0;
  return Math.min(100, Math.floor((batch.processed_rows / batch.total_rows) * 1000) / 10);
}

/**
 * The whole percentage a follower shows of the progress a batch answered: within 0–100, rounded down (so 100
 * means finished, never "almost"), and 100 once finished.
 */
export function batchPercent(batch: { state: string; progress: number }): number {
  if (batch.state === 'finished') return 100;
  return Math.max(0, Math.min(100, Math.floor(batch.progress)));
}

/**
 * Whether `incoming` is news about the batch a follower knows as `known` (events and polls race, so an older
 * report may arrive late): an ending always is, progress only when it is not behind; nothing is after an ending.
 */
export function isBatchNews(
  known: Pick<BatchCounts, 'state' | 'processed_rows'> & { id: number },
  incoming: Pick<BatchCounts, 'state' | 'processed_rows'> & { id: number },
): boolean {
  if (incoming.id !== known.id || isBatchEnded(known)) return false;
  return isBatchEnded(incoming) || incoming.processed_rows >= known.processed_rows;
}
