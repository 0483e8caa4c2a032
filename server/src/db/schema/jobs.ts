/**
 * The `jobs` table: durable background work (contact imports, activity exports, scheduled texts), one row per
 * job, taken by the runner (`jobs/runner.ts`) under a lease. Migration `0010_jobs.sql` creates it.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** queued (waiting for `run_at`), running (leased), then finished, failed (with `error`) or cancelled. */
export const JOB_STATES = ['queued', 'running', 'finished', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobProgress {
  done: number;
  total: number | null;
}

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** Which handler runs it (`contact-import`, `activity-export`, `scheduled-text`). */
    kind: text('kind').notNull(),
    /** Unique within its kind: enqueueing a key that exists makes no second job. */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<JobState>().notNull().default('queued'),
    /** Not before this time (a scheduled text's time, a retry's backoff). */
    run_at: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Runs started since the job last made progress (a run that dies counts as one). */
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(3),
    /** The run that holds the job (a token drawn when it was taken): every write of a run checks it. */
    lease_owner: text('lease_owner'),
    /** The holder keeps the job until then (each checkpoint renews it); after, another runner may take it. */
    lease_until: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    progress: jsonb('progress').$type<JobProgress>(),
    /** Why the last run failed; on a failed job, why it failed for good. */
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('jobs_kind_key_idx').on(table.kind, table.key),
    // What a runner looks for: queued jobs that are due, running jobs whose lease ran out.
    index('jobs_queued_idx').on(table.kind, table.run_at).where(sql`${table.state} = 'queued'`),
    index('jobs_running_idx').on(table.kind, table.lease_until).where(sql`${table.state} = 'running'`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
