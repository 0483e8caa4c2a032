/**
 * The job queue's statements, on the `jobs` table: enqueue (once per key), claim under a lease, checkpoint,
 * and the ends of a run (finished, retried later, failed for good, handed back), plus cancel. Every time comes
 * from the caller's clock (`ctx.now()`), never the database's, so tests move time by moving the app's clock.
 *
 * A claim takes one due job with `FOR UPDATE SKIP LOCKED` (PostgreSQL and PGlite alike): two runners never take
 * the same row, and a runner never waits for another's. Each claim draws a new `lease_owner`; every later write
 * of that run is conditioned on it, so a runner that stalled past its lease and lost the job to another writes
 * nothing (its checkpoint answers false and the handler stops).
 *
 * Runners of this process hear of new jobs (`wakeJobRunners`), so an enqueued job starts now, not at the next poll,
 * and of cancelled ones, so a cancelled run stops at once.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { type JobProgress, type JobRow, jobs } from '../db/schema';
import type { JobSignals } from './signals';

/** What the queue needs of the app: its database, its clock, and its runners' signals (signals.ts). */
export interface JobContext {
  db: Db;
  now: () => Date;
  jobSignals: JobSignals;
}

export interface NewJob {
  kind: string;
  /** Unique within the kind: a second enqueue of the key is the first job. */
  key: string;
  payload?: Record<string, unknown>;
  /** Not before (default: now). */
  runAt?: Date;
  /** Runs that may fail (or die) before the job fails for good (default 3). */
  maxAttempts?: number;
}

const after = (ctx: JobContext, ms: number) => new Date(ctx.now().getTime() + ms);

/** Tells this process's runners that a job is waiting (after the transaction that enqueued it committed). */
export function wakeJobRunners(ctx: JobContext): void {
  ctx.jobSignals.enqueued();
}

/**
 * Adds a job unless its kind and key exist; answers the job and whether this call made it. Inside a transaction
 * pass it as `tx` and call `wakeJobRunners` after the commit; otherwise the runners are woken here.
 */
export async function enqueueJob(
  ctx: JobContext,
  job: NewJob,
  options: { tx?: Db } = {},
): Promise<{ job: JobRow; created: boolean }> {
  const db = options.tx ?? ctx.db;
  const [created] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload ?? {},
      run_at: job.runAt ?? ctx.now(),
      max_attempts: job.maxAttempts ?? 3,
      created_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning();
  if (created) {
    if (!options.tx) wakeJobRunners(ctx);
    return { job: created, created: true };
  }
  const existing = await findJob(db, job.kind, job.key);
  if (!existing) throw new Error(`job ${job.kind}/${job.key} neither inserted nor found`);
  return { job: existing, created: false };
}

export async function findJob(db: Db, kind: string, key: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
  return row;
}

/**
 * Takes one job of `kind` nobody holds: queued and due, or running with its lease run out (its runner died).
 * With `key`, only that job. The claim counts a run (`attempts`) and draws the run's `lease_owner`.
 */
export async function claimJob(
  ctx: JobContext,
  options: { kind: string; key?: string; leaseMs: number },
): Promise<JobRow | undefined> {
  const now = ctx.now();
  const free = ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, options.kind),
        options.key === undefined ? undefined : eq(jobs.key, options.key),
        or(
          and(eq(jobs.state, 'queued'), lte(jobs.run_at, now)),
          and(eq(jobs.state, 'running'), lt(jobs.lease_until, now)),
        ),
      ),
    )
    .orderBy(asc(jobs.run_at), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await ctx.db
    .update(jobs)
    .set({
      state: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lease_owner: randomUUID(),
      lease_until: after(ctx, options.leaseMs),
      updated_at: now,
    })
    .where(inArray(jobs.id, free))
    .returning();
  return claimed;
}

/** The run's own row: still running and still held by this run. */
const held = (job: Pick<JobRow, 'id' | 'lease_owner'>) =>
  and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lease_owner, job.lease_owner ?? ''));

/**
 * Work committed: renews the lease and, with `progress`, records it and clears the count of runs (a job that
 * moves forward is not failing). Inside the work's transaction (`db`), so the lease check commits with it.
 * Answers false when the run no longer holds the job (lost to another runner, or cancelled).
 */
export async function checkpointJob(
  ctx: JobContext,
  job: Pick<JobRow, 'id' | 'lease_owner'>,
  options: { leaseMs: number; progress?: JobProgress; db?: Db },
): Promise<boolean> {
  const [row] = await (options.db ?? ctx.db)
    .update(jobs)
    .set({
      lease_until: after(ctx, options.leaseMs),
      updated_at: ctx.now(),
      ...(options.progress ? { progress: options.progress, attempts: 1 } : {}),
    })
    .where(held(job))
    .returning({ id: jobs.id });
  return !!row;
}

/**
 * Ends this run with `changes` (the lease is always released): answers false when the run no longer held the
 * job, so nothing changed.
 */
async function releaseHeld(
  ctx: JobContext,
  job: JobRow,
  changes: PgUpdateSetSource<typeof jobs>,
): Promise<boolean> {
  const [row] = await ctx.db
    .update(jobs)
    .set({ ...changes, lease_owner: null, lease_until: null, updated_at: ctx.now() })
    .where(held(job))
    .returning({ id: jobs.id });
  return !!row;
}

/** The run ended well. False: it no longer held the job. */
export function finishJob(ctx: JobContext, job: JobRow): Promise<boolean> {
  return releaseHeld(ctx, job, { state: 'finished', finished_at: ctx.now() });
}

/** The run failed and the job runs again at `runAt`, keeping why. */
export function retryJob(ctx: JobContext, job: JobRow, reason: string, runAt: Date): Promise<boolean> {
  return releaseHeld(ctx, job, { state: 'queued', run_at: runAt, error: reason });
}

/** The job failed for good; its reason stays on the row. */
export function failJob(ctx: JobContext, job: JobRow, reason: string): Promise<boolean> {
  return releaseHeld(ctx, job, { state: 'failed', error: reason, finished_at: ctx.now() });
}

/** The runner is stopping: the job is queued again at once, and this run does not count against it. */
export function handBackJob(ctx: JobContext, job: JobRow): Promise<boolean> {
  return releaseHeld(ctx, job, {
    state: 'queued',
    run_at: ctx.now(),
    attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
  });
}

/**
 * The job has nothing to do until `runAt` (a campaign waiting for its recipients' texting hours): queued for
 * then, and this run does not count against it.
 */
export function deferJob(ctx: JobContext, job: JobRow, runAt: Date): Promise<boolean> {
  return releaseHeld(ctx, job, {
    state: 'queued',
    run_at: runAt,
    attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
  });
}

/**
 * A condition for a query on another table: no job of `kind` keyed by `key` (say a batch's id as text) is
 * queued or running, so nothing will finish the work that row stands for.
 */
export const noLiveJob = (db: Db, kind: string, key: SQL) =>
  notExists(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.key, key), inArray(jobs.state, ['queued', 'running']))),
  );

/**
 * Cancels a job that has not ended (queued: it never runs; running: its next checkpoint fails, so it stops; in
 * this process its signal is aborted at once, unless cancelled inside a transaction `tx`).
 * Answers the cancelled job, or undefined when there was none to cancel.
 */
export async function cancelJob(
  ctx: JobContext,
  kind: string,
  key: string,
  options: { tx?: Db } = {},
): Promise<JobRow | undefined> {
  const [row] = await (options.tx ?? ctx.db)
    .update(jobs)
    .set({
      state: 'cancelled',
      lease_owner: null,
      lease_until: null,
      finished_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key), inArray(jobs.state, ['queued', 'running'])))
    .returning();
  if (row && !options.tx) ctx.jobSignals.cancelled(row.id);
  return row;
}
