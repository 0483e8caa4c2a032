/**
 * The job runner: one per server, for every kind of background work (contact imports, activity exports,
 * scheduled texts). Each kind is a `JobHandler`; the runner claims due jobs of its kinds (queue.ts), runs them
 * with an AbortSignal and a checkpoint, and records how each run ended:
 *
 * - the handler returns: finished;
 * - it throws: run again after a backoff (`backoffMs`), until `max_attempts` runs failed — then failed for good,
 *   with the reason kept on the row, and the handler's `onFailed` (which tells its batch);
 * - it throws `PermanentFailure`: failed for good at once;
 * - it throws `HandBack` (it saw the signal: the runner is stopping): queued again, the run not counted;
 * - it throws `RunLater(at)` (nothing to do until then): queued for `at`, the run not counted;
 * - it throws `LeaseLost` (another runner holds the job, or it was cancelled) or `SimulatedCrash` (tests): nothing
 *   more is written; a run that dies like that is taken by another runner once its lease runs out, and counts.
 *
 * While a run is under way the runner renews its lease every third of it (`keepLeaseAlive`), so a step longer than
 * the lease (a campaign's ledger of many recipients, written in one transaction that ends with a checkpoint) still
 * commits on a busy machine; a server that dies stops renewing, and its job is taken over a lease later, as before.
 *
 * It looks for work when started, when a job is enqueued in this process, when a job ends, and every `pollMs`
 * (jobs enqueued by another server, retries coming due, leases running out). `stop()` stops claiming, aborts the
 * running jobs' signals (they finish or hand back at their next safe point) and waits for them up to a deadline;
 * a job still running then keeps its lease, and another server takes it when the lease runs out.
 */

import type { JobProgress, JobRow } from '../db/schema';
import {
  checkpointJob,
  claimJob,
  deferJob,
  failJob,
  finishJob,
  handBackJob,
  type JobContext,
  retryJob,
} from './queue';

/** The job is no longer this run's (another runner took it over, or it was cancelled): stop, write nothing. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}
/** The handler stopped at a safe point because its signal was aborted: the job is queued again. */
export class HandBack extends Error {
  override name = 'HandBack';
}
/** The job cannot succeed (a retry would fail the same way): it fails for good now. */
export class PermanentFailure extends Error {
  override name = 'PermanentFailure';
}
/** The job has nothing to do before `at`: it is queued for then, the run not counted (a wait, not a failure). */
export class RunLater extends Error {
  override name = 'RunLater';
  constructor(readonly at: Date) {
    super(`nothing to do before ${at.toISOString()}`);
  }
}
/** Tests: the run vanishes as a killed process would, leaving its lease to run out. */
export class SimulatedCrash extends Error {
  override name = 'SimulatedCrash';
}

/** A run in progress, as its handler sees it. */
export interface RunningJob {
  readonly row: JobRow;
  /** Aborted when the runner stops or the job is cancelled: finish, or throw `HandBack` at a safe point. */
  readonly signal: AbortSignal;
  /**
   * Work committed: renews the lease (and records progress, which clears the count of failed runs). Pass the
   * work's transaction so the lease is checked where the work commits. Throws `LeaseLost` when the job is no
   * longer this run's.
   */
  checkpoint(progress?: JobProgress, db?: JobContext['db']): Promise<void>;
}

export interface JobHandler<C extends JobContext = JobContext> {
  kind: string;
  run(ctx: C, job: RunningJob): Promise<void>;
  /** The job failed for good (its reason is on the row): tell whoever waits for it. */
  onFailed?(ctx: C, job: JobRow, reason: string): Promise<void>;
  /** How long a run holds the job between checkpoints (default 60 s). */
  leaseMs?: number;
  /** Jobs of this kind one runner runs at once (default 1). */
  concurrency?: number;
  /** The wait before run `attempt + 1` after run `attempt` failed (default 1 s, 4 s, 16 s … up to 10 min). */
  backoffMs?(attempt: number): number;
  /** Housekeeping of this kind of work, run when the runner starts and then every `everyMs` while it runs. */
  sweeps?: readonly { name: string; everyMs: number; run(ctx: C): Promise<void> }[];
}

export type RunOutcome =
  | 'finished'
  | 'retrying'
  | 'failed'
  | 'handed-back'
  | 'deferred'
  | 'lost'
  | 'abandoned';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}
const SILENT: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export const DEFAULT_LEASE_MS = 60_000;
/** How often a running runner looks for jobs it was not told about. */
export const POLL_MS = 3_000;
/** How long `stop()` waits for running jobs to finish or hand back. */
export const STOP_DEADLINE_MS = 10_000;

export const defaultBackoffMs = (attempt: number) =>
  Math.min(10 * 60_000, 1000 * 4 ** Math.max(0, attempt - 1));

const leaseOf = (handler: JobHandler<never>) => handler.leaseMs ?? DEFAULT_LEASE_MS;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs one claimed job with `handler` and records the outcome (see the file's header). Answers how it ended.
 * The runner calls it; tests call it to drive one run by hand.
 */
export async function runClaimedJob<C extends JobContext>(
  ctx: C,
  handler: JobHandler<C>,
  row: JobRow,
  options: { signal?: AbortSignal; log?: Logger } = {},
): Promise<RunOutcome> {
  const log = options.log ?? SILENT;
  const signal = options.signal ?? new AbortController().signal;
  const failForGood = async (reason: string): Promise<RunOutcome> => {
    if (!(await failJob(ctx, row, reason))) return 'lost';
    log.error({ jobId: row.id, kind: row.kind, key: row.key, reason }, 'job failed for good');
    await handler.onFailed?.(ctx, row, reason);
    return 'failed';
  };
  // Its earlier runs all died without making progress (a job that kills its server must not run for ever).
  if (row.attempts > row.max_attempts) {
    return failForGood(`Its last ${row.max_attempts} runs stopped before finishing.`);
  }
  const job: RunningJob = {
    row,
    signal,
    async checkpoint(progress, db) {
      if (!(await checkpointJob(ctx, row, { leaseMs: leaseOf(handler), progress, db })))
        throw new LeaseLost();
    },
  };
  const keepAlive = keepLeaseAlive(ctx, row, leaseOf(handler), signal, log);
  try {
    try {
      await handler.run(ctx, job);
    } finally {
      keepAlive.stop();
    }
    return (await finishJob(ctx, row)) ? 'finished' : 'lost';
  } catch (error) {
    if (error instanceof LeaseLost) return 'lost';
    if (error instanceof SimulatedCrash) return 'abandoned';
    if (error instanceof HandBack) return (await handBackJob(ctx, row)) ? 'handed-back' : 'lost';
    if (error instanceof RunLater) return (await deferJob(ctx, row, error.at)) ? 'deferred' : 'lost';
    const reason = reasonOf(error);
    if (error instanceof PermanentFailure || row.attempts >= row.max_attempts) return failForGood(reason);
    log.warn(
      { err: error, jobId: row.id, kind: row.kind, attempt: row.attempts },
      'job run failed; retrying',
    );
    const wait = (handler.backoffMs ?? defaultBackoffMs)(row.attempts);
    const runAt = new Date(ctx.now().getTime() + wait);
    return (await retryJob(ctx, row, reason, runAt)) ? 'retrying' : 'lost';
  }
}

/**
 * Renews a run's lease every third of it until stopped, or until the run is asked to stop (a stopping server's run
 * that does not hand back in time must let its lease run out, so another server takes the job). Renewing is a
 * checkpoint without progress on the pool, outside the run's own transactions; it never overlaps itself, and it
 * stops once the run no longer holds the job (taken over or cancelled: the run's own next checkpoint says so).
 */
function keepLeaseAlive(
  ctx: JobContext,
  row: JobRow,
  leaseMs: number,
  signal: AbortSignal,
  log: Logger,
): { stop(): void } {
  let renewing = false;
  const timer = setInterval(
    () => {
      if (renewing) return;
      if (signal.aborted) return clearInterval(timer);
      renewing = true;
      checkpointJob(ctx, row, { leaseMs })
        .then((held) => {
          if (!held) clearInterval(timer);
        })
        .catch((error) => log.warn({ err: error, jobId: row.id }, 'jobs: renewing a lease failed'))
        .finally(() => {
          renewing = false;
        });
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

export interface JobRunner {
  /** Starts looking for work: now, when woken, and every `pollMs`. */
  start(): void;
  /** Look for work now (a job was enqueued). */
  wake(): void;
  /** Stops claiming, asks running jobs to stop and waits for them up to the deadline. start() again later. */
  stop(options?: { deadlineMs?: number }): Promise<void>;
  /**
   * Runs every job of these kinds (default: all) that is due now, one after another, here, until none is due
   * (tests, with the app's clock moved); answers how many runs it made.
   */
  runDue(options?: { kinds?: readonly string[] }): Promise<number>;
  /** Jobs running in this runner now (tests). */
  readonly running: number;
}

export function createJobRunner<C extends JobContext>(
  ctx: C,
  options: { handlers: readonly JobHandler<C>[]; pollMs?: number; log?: Logger },
): JobRunner {
  const log = options.log ?? SILENT;
  const handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
  const active = new Map<number, { kind: string; controller: AbortController; done: Promise<unknown> }>();
  const sweptAt = new Map<string, number>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let filling: Promise<void> | null = null;
  let sweeping: Promise<void> | null = null;
  let again = false;

  const runningOf = (kind: string) => [...active.values()].filter((run) => run.kind === kind).length;

  function execute(handler: JobHandler<C>, row: JobRow): Promise<RunOutcome> {
    const controller = new AbortController();
    const done = runClaimedJob(ctx, handler, row, { signal: controller.signal, log })
      .catch((error) => {
        // Recording the outcome failed (the database went away): the lease runs out and another run follows.
        log.error({ err: error, jobId: row.id, kind: row.kind }, 'job run could not be recorded');
        return 'lost' as const;
      })
      .finally(() => {
        active.delete(row.id);
        kick();
      });
    active.set(row.id, { kind: row.kind, controller, done });
    return done;
  }

  async function fill(): Promise<void> {
    do {
      again = false;
      for (const handler of handlers.values()) {
        while (started && runningOf(handler.kind) < (handler.concurrency ?? 1)) {
          const row = await claimJob(ctx, { kind: handler.kind, leaseMs: leaseOf(handler) });
          if (!row) break;
          // Stopped while claiming: give it straight back rather than start it.
          if (!started) await handBackJob(ctx, row);
          else void execute(handler, row);
        }
      }
    } while (again && started);
  }

  function kick(): void {
    if (!started) return;
    if (filling) {
      again = true;
      return;
    }
    filling = fill()
      .catch((error) => log.error({ err: error }, 'jobs: looking for work failed'))
      .finally(() => {
        filling = null;
      });
  }

  function sweep(): void {
    if (sweeping || !started) return;
    sweeping = (async () => {
      for (const handler of handlers.values()) {
        for (const task of handler.sweeps ?? []) {
          const name = `${handler.kind}:${task.name}`;
          // Housekeeping keeps the process's own rhythm (wall time), whatever the app's clock says.
          if (Date.now() - (sweptAt.get(name) ?? Number.NEGATIVE_INFINITY) < task.everyMs) continue;
          sweptAt.set(name, Date.now());
          await task
            .run(ctx)
            .catch((error) => log.error({ err: error, sweep: name }, 'jobs: a sweep failed'));
        }
      }
    })().finally(() => {
      sweeping = null;
    });
  }

  // Enqueued jobs start now when running; a cancelled job's run stops at once (also one of runDue's).
  ctx.jobSignals.listen({ enqueued: kick, cancelled: (jobId) => active.get(jobId)?.controller.abort() });

  return {
    start() {
      if (started) return;
      started = true;
      timer = setInterval(() => {
        sweep();
        kick();
      }, options.pollMs ?? POLL_MS);
      timer.unref();
      sweep();
      kick();
    },
    wake: kick,
    async stop({ deadlineMs = STOP_DEADLINE_MS } = {}) {
      started = false;
      if (timer) clearInterval(timer);
      timer = undefined;
      for (const run of active.values()) run.controller.abort();
      let deadline: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        deadline = setTimeout(() => resolve('timeout'), deadlineMs);
      });
      const settled = (async () => {
        await filling;
        await sweeping;
        await Promise.all([...active.values()].map((run) => run.done));
      })();
      const result = await Promise.race([settled, timedOut]);
      clearTimeout(deadline);
      if (result === 'timeout') {
        log.warn(
          { running: active.size },
          'jobs: stopped with jobs still running; their leases will run out',
        );
      }
    },
    async runDue({ kinds } = {}) {
      let runs = 0;
      for (const handler of handlers.values()) {
        if (kinds && !kinds.includes(handler.kind)) continue;
        for (;;) {
          const row = await claimJob(ctx, { kind: handler.kind, leaseMs: leaseOf(handler) });
          if (!row) break;
          await execute(handler, row);
          runs++;
        }
      }
      return runs;
    },
    get running() {
      return active.size;
    },
  };
}
