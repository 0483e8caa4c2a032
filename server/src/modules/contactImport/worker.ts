/**
 * The contact import job: a queued batch is a job (`contact-import`, keyed by the batch's id, enqueued with it)
 * that the app's job runner (jobs/runner.ts) runs. A run imports the batch's staged rows chunk by chunk
 * (chunk.ts: each chunk one transaction that also checkpoints the job), publishing progress on the company
 * channel after every chunk, so a run that dies or is stopped resumes after the last committed chunk.
 *
 * The job's lease (`LEASE_MS`, renewed with every chunk) says which run holds the batch: a run that lost its
 * job to another (it stalled past its lease) rolls its chunk back instead of counting it twice. A chunk that
 * throws is tried again at once; after 3 failures in a row the batch fails as a whole (§8 importFailure). A run
 * that dies counts too: after 3 runs died on the same chunk the job fails for good, and so does the batch.
 * A stopping runner hands the batch back between chunks, so the next server resumes it at once.
 */
import { setImmediate } from 'node:timers/promises';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { EVENTS } from '@shared/realtime';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches, type jobs } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { claimJob, enqueueJob, noLiveJob } from '../../jobs/queue';
import {
  HandBack,
  type JobHandler,
  LeaseLost,
  PermanentFailure,
  type RunningJob,
  type RunOutcome,
  runClaimedJob,
  SimulatedCrash,
} from '../../jobs/runner';
import { loadFieldRules } from '../customFields/values';
import { type BatchRow, CONTACT_IMPORT_KIND, failBatch, publishBatch } from './batches';
import { type BatchPlan, type BeforeCommit, importChunk } from './chunk';
import { type ImportOptions, rowReader } from './mapping';

/** How long a run holds a batch without committing a chunk (each chunk renews it). */
export const LEASE_MS = 30_000;
/** Failures in a row (of one chunk, or runs that died) after which the batch fails as a whole. */
export const MAX_ATTEMPTS = 3;
/** How often a running server looks for uploads that stopped arriving. */
export const DEAD_UPLOAD_CHECK_MS = 3_000;
/** How often it looks for batches left without a job (a server died as their job failed). */
export const ORPHAN_CHECK_MS = 10 * 60_000;

export interface WorkerOptions {
  /** Stop when aborted: between chunks the batch is handed back; inside a chunk, as a killed process would. */
  signal?: AbortSignal;
  /** Stop after this many committed chunks, leaving the lease to run out, as a killed process would (tests). */
  maxChunks?: number;
  beforeCommit?: BeforeCommit;
  /** Pause between retries of a failed chunk. */
  retryDelayMs?: number;
}

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}
const SILENT: Logger = { info: () => undefined, error: () => undefined };

/** Enqueues the job of a queued batch, inside the transaction that queues it. */
export async function enqueueImport(ctx: AppContext, batchId: number, tx: Db): Promise<void> {
  await enqueueJob(
    ctx,
    { kind: CONTACT_IMPORT_KIND, key: String(batchId), payload: { batchId }, maxAttempts: MAX_ATTEMPTS },
    { tx },
  );
}

/** The batch of a job, marked running, or undefined when it has ended (or is gone): nothing to do. */
async function takeBatch(ctx: AppContext, batchId: number): Promise<BatchRow | undefined> {
  const [batch] = await ctx.db
    .update(batches)
    .set({ state: 'running', lease_until: null })
    .where(
      and(
        eq(batches.id, batchId),
        eq(batches.kind, CONTACT_IMPORT_KIND),
        inArray(batches.state, ['queued', 'running']),
      ),
    )
    .returning();
  return batch;
}

/** What one run did, for the tests that drive runs by hand. */
interface RunTally {
  chunks: number;
  /** The batch's state when the run ended. */
  state: string;
}

/**
 * Imports the job's batch from where it stands until it is finished (or the run stops: `maxChunks`, `signal`).
 * Throws what the runner understands: `HandBack`, `SimulatedCrash`, `LeaseLost`, `PermanentFailure`.
 */
async function importBatch(
  ctx: AppContext,
  job: RunningJob,
  options: WorkerOptions & { log: Logger; tally: RunTally },
): Promise<void> {
  const { log, tally } = options;
  const signal = () => options.signal?.aborted || job.signal.aborted;
  const taken = await takeBatch(ctx, Number(job.row.payload.batchId));
  if (!taken) return;
  let batch: BatchRow = taken;
  tally.state = batch.state;
  const importOptions = batch.options as unknown as ImportOptions;
  const customFields = await loadFieldRules(ctx.db, batch.company_id, CONTACT_ENTITY_TYPE);
  const plan: BatchPlan = {
    options: importOptions,
    reader: rowReader(batch.columns, importOptions.mapping ?? {}, customFields),
  };
  let failures = 0;
  log.info(
    { batchId: batch.id, processed: batch.processed_rows, run: job.row.attempts },
    'contact import: batch taken',
  );
  while (batch.state === 'running') {
    if (options.maxChunks !== undefined && tally.chunks >= options.maxChunks) throw new SimulatedCrash();
    if (signal()) throw new HandBack();
    try {
      batch = await importChunk(ctx, plan, batch, job, {
        index: tally.chunks,
        beforeCommit: options.beforeCommit,
      });
    } catch (error) {
      if (error instanceof LeaseLost) {
        tally.state = 'lost';
        throw error;
      }
      // Killed inside a chunk: the transaction is gone; leave the batch as a dead process would.
      if (signal()) throw new SimulatedCrash();
      failures++;
      log.error({ err: error, batchId: batch.id, attempt: failures }, 'contact import: chunk failed');
      if (failures >= MAX_ATTEMPTS)
        throw new PermanentFailure(`chunk failed ${failures} times: ${String(error)}`);
      // Still ours? (renews the lease while it waits)
      await job.checkpoint();
      await new Promise((resolve) => setTimeout(resolve, (options.retryDelayMs ?? 250) * failures));
      continue;
    }
    failures = 0;
    tally.chunks++;
    tally.state = batch.state;
    await publishBatch(ctx, EVENTS.contactImportProgress, batch);
    // PGlite answers without ever yielding to the event loop: let requests through between chunks.
    await setImmediate();
  }
  if (batch.state === 'finished') {
    // Its staged rows went with its chunks; its error rows stay for the report.
    await publishBatch(ctx, EVENTS.contactImportCompleted, batch);
    log.info(
      { batchId: batch.id, created: batch.created, updated: batch.updated, failed: batch.failed },
      'contact import: finished',
    );
  }
}

/** Fails uploads that stopped arriving (their server died while staging): they will never be queued. */
async function failDeadUploads(ctx: AppContext): Promise<void> {
  const dead = await ctx.db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(
        eq(batches.kind, CONTACT_IMPORT_KIND),
        eq(batches.state, 'staging'),
        lt(batches.lease_until, ctx.now()),
      ),
    );
  for (const { id } of dead) {
    const failed = await failBatch(ctx, id);
    if (failed) await publishBatch(ctx, EVENTS.contactImportCompleted, failed);
  }
}

/** Fails batches whose job ended without them (a server died between failing the job and its batch). */
async function failOrphanedBatches(ctx: AppContext): Promise<void> {
  const orphans = await ctx.db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(
        eq(batches.kind, CONTACT_IMPORT_KIND),
        inArray(batches.state, ['queued', 'running']),
        noLiveJob(ctx.db, CONTACT_IMPORT_KIND, sql`${batches.id}::text`),
      ),
    );
  for (const { id } of orphans) {
    const failed = await failBatch(ctx, id);
    if (failed) await publishBatch(ctx, EVENTS.contactImportCompleted, failed);
  }
}

/** The job handler, with the test hooks of `WorkerOptions` (the app's has none). */
function importHandler(
  options: WorkerOptions & { log?: Logger; tally?: RunTally } = {},
): JobHandler<AppContext> {
  return {
    kind: CONTACT_IMPORT_KIND,
    leaseMs: LEASE_MS,
    // One batch at a time per server.
    concurrency: 1,
    run: (ctx, job) =>
      importBatch(ctx, job, {
        ...options,
        log: options.log ?? SILENT,
        tally: options.tally ?? { chunks: 0, state: '' },
      }),
    async onFailed(ctx, job) {
      const failed = await failBatch(ctx, Number(job.payload.batchId));
      if (failed) await publishBatch(ctx, EVENTS.contactImportCompleted, failed);
    },
    sweeps: [
      { name: 'dead uploads', everyMs: DEAD_UPLOAD_CHECK_MS, run: failDeadUploads },
      { name: 'orphaned batches', everyMs: ORPHAN_CHECK_MS, run: failOrphanedBatches },
    ],
  };
}

/** The app's contact import job (app.ts gives it to the runner). */
export const contactImportJob: JobHandler<AppContext> = importHandler();

/** One run of a claimed import job, by hand: how it ended, its chunks, and its batch's state. */
async function runByHand(ctx: AppContext, row: typeof jobs.$inferSelect, options: WorkerOptions) {
  const tally: RunTally = { chunks: 0, state: '' };
  const outcome: RunOutcome = await runClaimedJob(ctx, importHandler({ ...options, tally }), row, {
    signal: options.signal,
  });
  return { outcome, chunks: tally.chunks, state: outcome === 'failed' ? 'failed' : tally.state };
}

/**
 * Tests: runs every import job that is waiting, one after another, here, until none is left (or `maxChunks`,
 * or `signal`), as the app's runner would. Answers how many chunks it committed.
 */
export async function runImportWorker(
  ctx: AppContext,
  options: WorkerOptions = {},
): Promise<{ chunks: number }> {
  let chunks = 0;
  await failDeadUploads(ctx);
  while (!options.signal?.aborted && (options.maxChunks === undefined || chunks < options.maxChunks)) {
    const row = await claimJob(ctx, { kind: CONTACT_IMPORT_KIND, leaseMs: LEASE_MS });
    if (!row) break;
    const run = await runByHand(ctx, row, {
      ...options,
      maxChunks: options.maxChunks === undefined ? undefined : options.maxChunks - chunks,
    });
    chunks += run.chunks;
    if (run.outcome === 'abandoned' || run.outcome === 'handed-back') break;
  }
  return { chunks };
}

/** Tests: runs the job of one batch if nobody holds it; null when nobody could take it. */
export async function processBatch(
  ctx: AppContext,
  batchId: number,
  options: WorkerOptions = {},
): Promise<{ chunks: number; state: string } | null> {
  const row = await claimJob(ctx, { kind: CONTACT_IMPORT_KIND, key: String(batchId), leaseMs: LEASE_MS });
  if (!row) return null;
  const run = await runByHand(ctx, row, options);
  return { chunks: run.chunks, state: run.state };
}
