/**
 * The scheduled-text job: each scheduled message is a job (`scheduled-text`, keyed by the item's id) enqueued
 * with it for its time, which the app's job runner (jobs/runner.ts) runs when it comes due by `ctx.now()` — also
 * after a restart, for whatever came due while the server was down (tests move the clock and call
 * `app.jobs.runDue()`). The run claims the item by one UPDATE (`sendScheduledMessage`), so two servers, a retry
 * or a run racing a cancel never send it twice. Claims a dead server never handed to the carrier are failed by
 * this job's sweep.
 */
import type { AppContext } from '../../http/context';
import type { JobHandler } from '../../jobs/runner';
import { failStaleClaims, SCHEDULED_TEXT_JOB, sendScheduledMessage } from './service';

/** How often a running server looks for claims a dead server left unsent (a scan of sending items: rarely). */
export const STALE_CHECK_MS = 10 * 60_000;

export const scheduledTextJob: JobHandler<AppContext> = {
  kind: SCHEDULED_TEXT_JOB,
  // Each run is one text: a few at once, so a slow carrier does not hold the others back.
  concurrency: 4,
  run: (ctx, job) => sendScheduledMessage(ctx, Number(job.row.payload.itemId)),
  sweeps: [{ name: 'stale claims', everyMs: STALE_CHECK_MS, run: failStaleClaims }],
};
