import type { ExportBatch } from '@shared/api/activity';
import { describe, expect, it, vi } from 'vitest';
import {
  createExportTracker,
  EXPORT_FAILED_MESSAGE,
  type ExportTrackerDeps,
  isNewer,
  POLL_MS,
  percentOf,
  type TrackedExport,
} from './exportTracker';
import type { ExportBody } from './filters';

const BODY: ExportBody = { companyId: 5, columns: ['started_at'], tz: 'UTC', filters: {} };

function batch(changes: Partial<ExportBatch> = {}): ExportBatch {
  return {
    id: 77,
    kind: 'export-calls',
    state: 'running',
    progress: 0,
    finishedAt: null,
    total_rows: null,
    processed_rows: 0,
    message: null,
    ...changes,
  };
}

/** A tracker on fake deps: timers run when the test says, and each call is recorded. */
function setup(overrides: Partial<ExportTrackerDeps> = {}) {
  const timers: { run: () => void; ms: number; handle: number }[] = [];
  let handles = 0;
  const ended: TrackedExport[] = [];
  const deps: ExportTrackerDeps = {
    start: vi.fn(async () => batch()),
    fetchBatch: vi.fn(async () => batch()),
    download: vi.fn(async () => 'started_at\n2026-11-20 09:00:00\n'),
    save: vi.fn(),
    fileName: (kind) => `${kind}-export.csv`,
    ended: (tracked) => ended.push(tracked),
    errorText: (error) => (error instanceof Error ? error.message : String(error)),
    setTimeout: (run, ms) => {
      const handle = ++handles;
      timers.push({ run, ms, handle });
      return handle;
    },
    clearTimeout: (handle) => {
      const index = timers.findIndex((timer) => timer.handle === handle);
      if (index >= 0) timers.splice(index, 1);
    },
    ...overrides,
  };
  const tracker = createExportTracker(deps);
  /** Runs the earliest pending timer and lets its promises settle. */
  const tick = async () => {
    const timer = timers.shift();
    timer?.run();
    await flush();
    return timer?.ms;
  };
  return { tracker, deps, timers, ended, tick };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the activity export tracker', () => {
  it('starts, follows progress by polling, downloads the CSV when finished, and is put away after 5 s', async () => {
    const progress = [
      batch({ progress: 40, total_rows: 500, processed_rows: 200 }),
      batch({ state: 'finished', progress: 100, total_rows: 500, processed_rows: 500 }),
    ];
    const { tracker, deps, timers, ended, tick } = setup({
      fetchBatch: vi.fn(async () => progress.shift() ?? batch()),
    });
    expect(await tracker.start(5, 'calls', BODY)).toBe(true);
    expect(deps.start).toHaveBeenCalledWith('calls', BODY);
    expect(tracker.get()).toMatchObject({ phase: 'running', kind: 'calls', companyId: 5 });
    // Asked at once (events sent before the id was known are lost), then every 2 s without realtime.
    expect(await tick()).toBe(0);
    expect(tracker.get()?.batch?.processed_rows).toBe(200);
    expect(percentOf(tracker.get()?.batch ?? null)).toBe(40);
    expect(timers[0]?.ms).toBe(POLL_MS.fallback);
    await tick();
    expect(deps.download).toHaveBeenCalledWith(5, 77);
    expect(deps.save).toHaveBeenCalledWith('started_at\n2026-11-20 09:00:00\n', 'calls-export.csv');
    expect(tracker.get()).toMatchObject({ phase: 'finished', fileName: 'calls-export.csv' });
    expect(ended.map((tracked) => tracked.phase)).toEqual(['finished']);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(5_000);
    await tick();
    expect(tracker.get()).toBeNull();
  });

  it('takes realtime events, ignores other batches and older news, and polls slowly while it hears them', async () => {
    const { tracker, deps, timers } = setup();
    const stop = tracker.listen(true);
    await tracker.start(5, 'calls', BODY);
    tracker.receive(batch({ processed_rows: 300, progress: 60 }));
    tracker.receive(batch({ processed_rows: 100, progress: 20 }));
    tracker.receive(batch({ id: 12, processed_rows: 900, progress: 90 }));
    expect(tracker.get()?.batch?.processed_rows).toBe(300);
    // The first poll is immediate; the next ones are the safety poll.
    timers.shift()?.run();
    await flush();
    expect(timers[0]?.ms).toBe(POLL_MS.safety);
    stop();
    expect(timers[0]?.ms).toBe(POLL_MS.fallback);
    tracker.receive(batch({ state: 'finished', progress: 100, total_rows: 400, processed_rows: 400 }));
    await flush();
    expect(deps.download).toHaveBeenCalledTimes(1);
    expect(tracker.get()?.phase).toBe('finished');
  });

  it('reports a batch that failed with the server’s message, and a refused start with its reasons', async () => {
    const { tracker, ended } = setup();
    await tracker.start(5, 'calls', BODY);
    tracker.receive(batch({ state: 'failed', message: 'The export failed. Please try again.' }));
    expect(tracker.get()).toMatchObject({ phase: 'failed', error: 'The export failed. Please try again.' });
    expect(ended).toHaveLength(1);

    const refused = setup({
      start: vi.fn(async () => {
        throw new Error('Activity can be searched 2 years back at most.');
      }),
    });
    await refused.tracker.start(5, 'calls', BODY);
    expect(refused.tracker.get()).toMatchObject({
      phase: 'failed',
      error: 'Activity can be searched 2 years back at most.',
    });
  });

  it('fails with a clear message when the download does, and lets another export start', async () => {
    const { tracker, deps } = setup({
      start: vi.fn(async () => batch({ state: 'finished', progress: 100, total_rows: 0 })),
      download: vi.fn(async () => {
        throw new Error('The export is not finished.');
      }),
    });
    await tracker.start(5, 'calls', BODY);
    await flush();
    expect(tracker.get()).toMatchObject({ phase: 'failed', error: 'The export is not finished.' });
    expect(deps.save).not.toHaveBeenCalled();
    expect(tracker.running()).toBe(false);
    expect(await tracker.start(5, 'voicemails', BODY)).toBe(true);
  });

  it('runs one export at a time', async () => {
    const { tracker, deps } = setup();
    await tracker.start(5, 'calls', BODY);
    expect(await tracker.start(5, 'messages', BODY)).toBe(false);
    expect(deps.start).toHaveBeenCalledTimes(1);
  });

  it('uses a fallback message when a failed batch has none', async () => {
    const { tracker } = setup({ start: vi.fn(async () => batch({ state: 'failed' })) });
    await tracker.start(5, 'fax', BODY);
    expect(tracker.get()?.error).toBe(EXPORT_FAILED_MESSAGE);
    tracker.dismiss();
    expect(tracker.get()).toBeNull();
  });

  it('orders news: an ending always wins, progress never goes back', () => {
    const known = batch({ processed_rows: 250 });
    expect(isNewer(known, batch({ processed_rows: 500 }))).toBe(true);
    expect(isNewer(known, batch({ processed_rows: 100 }))).toBe(false);
    expect(isNewer(known, batch({ state: 'failed', processed_rows: 0 }))).toBe(true);
    expect(isNewer(batch({ state: 'finished' }), batch({ processed_rows: 999 }))).toBe(false);
    expect(percentOf(batch({ progress: 33.3 }))).toBe(33);
    expect(percentOf(batch({ state: 'finished', progress: 99 }))).toBe(100);
    expect(percentOf(null)).toBe(0);
  });
});
