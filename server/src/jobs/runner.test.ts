/**
 * The job runner on a real database (PGlite, and PostgreSQL with SERVER_TEST_DB=postgres): unique keys, the
 * wake-up on enqueue, retries with backoff on the app's clock, a final failure with its reason, cancel, a
 * crashed runner's job reclaimed after its lease (and its late writes refused), and graceful stop.
 * The kinds here are the tests' own, so the app's runner (which knows only the app's kinds) never takes them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { cancelJob, checkpointJob, claimJob, enqueueJob, findJob } from './queue';
import {
  createJobRunner,
  HandBack,
  type JobHandler,
  PermanentFailure,
  RunLater,
  type RunningJob,
} from './runner';

let t: TestApp;
let clock: Date;
let serial = 0;
/** A kind of its own for each test. */
const kindFor = (name: string) => `test-${name}-${++serial}`;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => {
  clock = new Date('2026-05-04T10:00:00Z');
  t.setNow(clock);
});
afterAll(() => t.close());

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
  t.setNow(clock);
};
const row = async (kind: string, key = 'one') => {
  const found = await findJob(t.ctx.db, kind, key);
  if (!found) throw new Error(`no job ${kind}/${key}`);
  return found;
};
const runnerFor = (...handlers: JobHandler[]) => createJobRunner(t.ctx, { handlers, pollMs: 60 * 60_000 });

describe('enqueue', () => {
  it('makes one job per kind and key, however often the key is enqueued', async () => {
    const kind = kindFor('unique');
    const first = await enqueueJob(t.ctx, { kind, key: 'batch-7', payload: { n: 1 } });
    const again = await enqueueJob(t.ctx, { kind, key: 'batch-7', payload: { n: 2 } });
    expect(first.created).toBe(true);
    expect(again).toEqual({ created: false, job: first.job });
    expect(again.job.payload).toEqual({ n: 1 });
    const other = await enqueueJob(t.ctx, { kind: `${kind}-b`, key: 'batch-7' });
    expect(other.created).toBe(true);
    expect(await t.ctx.db.$count(jobs, eq(jobs.kind, kind))).toBe(1);

    // Even once it has run: the key names that piece of work, which is done.
    const ran: unknown[] = [];
    await runnerFor({ kind, run: async (_ctx, job) => void ran.push(job.row.payload) }).runDue();
    expect((await enqueueJob(t.ctx, { kind, key: 'batch-7' })).created).toBe(false);
    expect(await runnerFor({ kind, run: async () => void ran.push('again') }).runDue()).toBe(0);
    expect(ran).toEqual([{ n: 1 }]);
  });

  it('wakes a started runner at once: no wait for the poll', async () => {
    const kind = kindFor('wake');
    const ran: string[] = [];
    const runner = runnerFor({ kind, run: async (_ctx, job) => void ran.push(job.row.key) });
    runner.start();
    try {
      await enqueueJob(t.ctx, { kind, key: 'now' });
      // The poll is an hour; the wake-up is what runs it.
      await vi.waitFor(() => expect(ran).toEqual(['now']), { timeout: 5_000, interval: 10 });
      await vi.waitFor(async () => expect((await row(kind, 'now')).state).toBe('finished'));
    } finally {
      await runner.stop();
    }
  });

  it('a run with nothing to do yet (RunLater) is queued for then, and the wait does not count as a run', async () => {
    const kind = kindFor('run-later');
    const runs: number[] = [];
    const runner = runnerFor({
      kind,
      run: async (_ctx, job) => {
        runs.push(job.row.attempts);
        if (runs.length < 3) throw new RunLater(new Date(clock.getTime() + 60_000));
      },
    });
    await enqueueJob(t.ctx, { kind, key: 'one', maxAttempts: 1 });
    expect(await runner.runDue()).toBe(1);
    expect(await row(kind)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await runner.runDue()).toBe(0);
    advance(60_000);
    expect(await runner.runDue()).toBe(1);
    advance(60_000);
    expect(await runner.runDue()).toBe(1);
    // Three runs of a job allowed one: waiting is not failing.
    expect(runs).toEqual([1, 1, 1]);
    expect((await row(kind)).state).toBe('finished');
  });

  it('keeps a job for later until its time, on the app’s clock', async () => {
    const kind = kindFor('later');
    const runner = runnerFor({ kind, run: async () => undefined });
    await enqueueJob(t.ctx, { kind, key: 'one', runAt: new Date(clock.getTime() + 60_000) });
    expect(await runner.runDue()).toBe(0);
    advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(await row(kind)).toMatchObject({ state: 'finished', attempts: 1, finished_at: clock });
  });
});

describe('a run that fails', () => {
  it('is tried again after a backoff that grows, then finishes', async () => {
    const kind = kindFor('retry');
    let calls = 0;
    const runner = runnerFor({
      kind,
      backoffMs: (attempt) => attempt * 1000,
      run: async () => {
        calls++;
        if (calls < 3) throw new Error(`deadlock detected (${calls})`);
      },
    });
    await enqueueJob(t.ctx, { kind, key: 'one' });

    expect(await runner.runDue()).toBe(1);
    expect(await row(kind)).toMatchObject({
      state: 'queued',
      attempts: 1,
      error: 'deadlock detected (1)',
      run_at: new Date(clock.getTime() + 1000),
      lease_owner: null,
    });
    advance(999);
    expect(await runner.runDue()).toBe(0);
    advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(await row(kind)).toMatchObject({
      state: 'queued',
      attempts: 2,
      run_at: new Date(clock.getTime() + 2000),
    });
    advance(2000);
    expect(await runner.runDue()).toBe(1);
    expect(await row(kind)).toMatchObject({ state: 'finished', attempts: 3 });
    expect(calls).toBe(3);
  });

  it('fails for good after its last attempt, keeping the reason; onFailed hears it once', async () => {
    const kind = kindFor('doomed');
    const failed: string[] = [];
    const runner = runnerFor({
      kind,
      backoffMs: () => 0,
      run: async () => {
        throw new Error('disk full');
      },
      onFailed: async (_ctx, job, reason) => void failed.push(`${job.key}: ${reason}`),
    });
    await enqueueJob(t.ctx, { kind, key: 'one', maxAttempts: 3 });
    expect(await runner.runDue()).toBe(3);
    expect(await row(kind)).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: 'disk full',
      finished_at: clock,
      lease_owner: null,
    });
    expect(failed).toEqual(['one: disk full']);
    expect(await runner.runDue()).toBe(0);
  });

  it('fails at once when the handler says no retry can help', async () => {
    const kind = kindFor('permanent');
    const runner = runnerFor({
      kind,
      run: async () => {
        throw new PermanentFailure('The file is gone.');
      },
    });
    await enqueueJob(t.ctx, { kind, key: 'one' });
    expect(await runner.runDue()).toBe(1);
    expect(await row(kind)).toMatchObject({ state: 'failed', attempts: 1, error: 'The file is gone.' });
  });
});

describe('cancel', () => {
  it('a queued job never runs', async () => {
    const kind = kindFor('cancel-queued');
    const ran: string[] = [];
    const runner = runnerFor({ kind, run: async (_ctx, job) => void ran.push(job.row.key) });
    await enqueueJob(t.ctx, { kind, key: 'one' });
    expect(await cancelJob(t.ctx, kind, 'one')).toMatchObject({ state: 'cancelled' });
    expect(await runner.runDue()).toBe(0);
    expect(ran).toEqual([]);
    // Nothing left to cancel.
    expect(await cancelJob(t.ctx, kind, 'one')).toBeUndefined();
  });

  it('a running job is told at once and its next checkpoint fails; nothing more is written', async () => {
    const kind = kindFor('cancel-running');
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let sawAbort = false;
    const runner = runnerFor({
      kind,
      run: async (_ctx, job) => {
        entered();
        await new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
        sawAbort = true;
        await job.checkpoint({ done: 1, total: 2 });
      },
    });
    await enqueueJob(t.ctx, { kind, key: 'one' });
    const running = runner.runDue();
    await inside;
    await cancelJob(t.ctx, kind, 'one');
    expect(await running).toBe(1);
    expect(sawAbort).toBe(true);
    expect(await row(kind)).toMatchObject({ state: 'cancelled', progress: null, lease_owner: null });
  });
});

describe('a runner that dies holding a job', () => {
  it('leaves it until its lease runs out; then another runner takes it, and the dead run can write nothing', async () => {
    const kind = kindFor('lease');
    const leaseMs = 30_000;
    const ran: number[] = [];
    const runner = runnerFor({ kind, leaseMs, run: async (_ctx, job) => void ran.push(job.row.attempts) });
    await enqueueJob(t.ctx, { kind, key: 'one' });
    // The crashed runner claimed it and vanished.
    const dead = await claimJob(t.ctx, { kind, leaseMs });
    expect(dead).toMatchObject({
      state: 'running',
      attempts: 1,
      lease_until: new Date(clock.getTime() + leaseMs),
    });
    if (!dead) throw new Error('not claimed');

    expect(await runner.runDue()).toBe(0);
    advance(leaseMs - 1);
    expect(await runner.runDue()).toBe(0);
    advance(2);
    expect(await runner.runDue()).toBe(1);
    // The dead run counted as an attempt.
    expect(ran).toEqual([2]);
    expect(await row(kind)).toMatchObject({ state: 'finished', attempts: 2 });
    // A late write of the dead run (it was only stalled) is refused.
    expect(await checkpointJob(t.ctx, dead, { leaseMs })).toBe(false);
    expect(await row(kind)).toMatchObject({ state: 'finished' });
  });

  it('a job whose runs keep dying fails for good instead of killing servers for ever', async () => {
    const kind = kindFor('poison');
    const leaseMs = 1000;
    const failed: string[] = [];
    const ran: string[] = [];
    const runner = runnerFor({
      kind,
      leaseMs,
      run: async () => void ran.push('ran'),
      onFailed: async (_ctx, _job, reason) => void failed.push(reason),
    });
    await enqueueJob(t.ctx, { kind, key: 'one', maxAttempts: 3 });
    for (let death = 0; death < 3; death++) {
      // Each claim is a run that then dies holding the lease: the job counts it.
      expect(await claimJob(t.ctx, { kind, leaseMs })).toMatchObject({
        state: 'running',
        attempts: death + 1,
      });
      advance(leaseMs + 1);
    }
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual([]);
    expect(await row(kind)).toMatchObject({
      state: 'failed',
      error: 'Its last 3 runs stopped before finishing.',
    });
    expect(failed).toEqual(['Its last 3 runs stopped before finishing.']);
  });

  it('progress clears the count: a job that moves forward between deaths is not failing', async () => {
    const kind = kindFor('progress');
    const leaseMs = 1000;
    await enqueueJob(t.ctx, { kind, key: 'one', maxAttempts: 2 });
    for (let death = 0; death < 4; death++) {
      const claimed = await claimJob(t.ctx, { kind, leaseMs });
      if (!claimed) throw new Error('not claimed');
      expect(await checkpointJob(t.ctx, claimed, { leaseMs, progress: { done: death + 1, total: 10 } })).toBe(
        true,
      );
      advance(leaseMs + 1);
    }
    expect(await row(kind)).toMatchObject({
      state: 'running',
      attempts: 1,
      progress: { done: 4, total: 10 },
    });
    expect(await runnerFor({ kind, leaseMs, run: async () => undefined }).runDue()).toBe(1);
    expect(await row(kind)).toMatchObject({ state: 'finished', attempts: 2 });
  });
});

describe('a step longer than the lease', () => {
  it('keeps its job: the runner renews the lease while the run lives, so nobody takes it over and it commits', async () => {
    const kind = kindFor('long-step');
    const leaseMs = 300;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const takenOver: unknown[] = [];
    const checkpoints: boolean[] = [];
    const runner = runnerFor({
      kind,
      leaseMs,
      run: async (_ctx, job) => {
        // One step (a big transaction) twice as long as the lease, the app's clock moving on meanwhile.
        for (let tick = 0; tick < 3; tick++) {
          advance(200);
          await sleep(150);
          // Another server looking for work now finds nothing to take.
          takenOver.push(await claimJob(t.ctx, { kind, leaseMs }));
        }
        await job.checkpoint({ done: 1, total: 1 });
        checkpoints.push(true);
      },
    });
    await enqueueJob(t.ctx, { kind, key: 'one' });
    expect(await runner.runDue()).toBe(1);
    expect(takenOver).toEqual([undefined, undefined, undefined]);
    expect(checkpoints).toEqual([true]);
    expect(await row(kind)).toMatchObject({ state: 'finished', attempts: 1 });
  });
});

describe('graceful stop', () => {
  /** A handler that checkpoints every few milliseconds and hands back when asked to stop. */
  const stepping = (kind: string, steps: number, seen: string[]) => ({
    kind,
    run: async (_ctx: unknown, job: RunningJob) => {
      for (let step = (job.row.progress?.done ?? 0) + 1; step <= steps; step++) {
        if (job.signal.aborted) throw new HandBack();
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(`${job.row.key}:${step}`);
        await job.checkpoint({ done: step, total: steps });
      }
    },
  });

  it('stops claiming and hands a running job back at its next safe point; the next runner resumes it', async () => {
    const kind = kindFor('stop');
    const seen: string[] = [];
    const first = runnerFor(stepping(kind, 1000, seen));
    first.start();
    await enqueueJob(t.ctx, { kind, key: 'one' });
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(2), { interval: 5 });
    await first.stop();
    expect(first.running).toBe(0);
    const handedBack = await row(kind);
    expect(handedBack).toMatchObject({ state: 'queued', attempts: 0, lease_owner: null, run_at: clock });
    const done = handedBack.progress?.done ?? 0;
    expect(done).toBeGreaterThan(0);
    expect(seen).toHaveLength(done);
    // Stopped: a job enqueued now waits.
    await enqueueJob(t.ctx, { kind, key: 'two' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await row(kind, 'two')).state).toBe('queued');

    const seenAfter: string[] = [];
    const second = runnerFor(stepping(kind, done + 3, seenAfter));
    expect(await second.runDue()).toBe(2);
    expect(seenAfter.filter((step) => step.startsWith('one:'))).toEqual(
      [1, 2, 3].map((n) => `one:${done + n}`),
    );
    expect(await row(kind)).toMatchObject({ state: 'finished', attempts: 1 });
  });

  it('lets a job that finishes in time finish, and stops waiting at the deadline for one that does not', async () => {
    const kind = kindFor('deadline');
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runner = runnerFor({
      kind,
      run: async (_ctx, job) => (job.row.key === 'slow' ? stuck : undefined),
    });
    await enqueueJob(t.ctx, { kind, key: 'slow' });
    runner.start();
    await vi.waitFor(() => expect(runner.running).toBe(1), { interval: 5 });
    const started = Date.now();
    await runner.stop({ deadlineMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    // Still held: another server takes it when the lease runs out.
    expect(await row(kind, 'slow')).toMatchObject({ state: 'running', attempts: 1 });
    release();
    await vi.waitFor(async () => expect((await row(kind, 'slow')).state).toBe('finished'));
  });
});

describe('concurrency', () => {
  it('runs up to `concurrency` jobs of a kind at once in one runner', async () => {
    const kind = kindFor('concurrency');
    let now = 0;
    let most = 0;
    const runner = createJobRunner(t.ctx, {
      pollMs: 60 * 60_000,
      handlers: [
        {
          kind,
          concurrency: 3,
          run: async () => {
            most = Math.max(most, ++now);
            await new Promise((resolve) => setTimeout(resolve, 30));
            now--;
          },
        },
      ],
    });
    for (let n = 0; n < 8; n++) await enqueueJob(t.ctx, { kind, key: String(n) });
    runner.start();
    try {
      await vi.waitFor(async () => expect(await t.ctx.db.$count(jobs, eq(jobs.kind, kind))).toBe(8));
      await vi.waitFor(
        async () =>
          expect(
            (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, kind))).every(
              (job) => job.state === 'finished',
            ),
          ).toBe(true),
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      await runner.stop();
    }
    expect(most).toBe(3);
  });
});
