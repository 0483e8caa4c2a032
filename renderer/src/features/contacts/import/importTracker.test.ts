import type { ImportBatch } from '@shared/api/contacts';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { describe, expect, it, vi } from 'vitest';
import { createImportTracker, NOTIFICATION_ID, POLL_MS, type TrackerDeps } from './importTracker';
import { sampleBatch } from './sampleBatch';

/** A tracker with fake timers, a fake server and a fake notification area. */
function setup(upload: TrackerDeps['upload'] = async () => sampleBatch()) {
  const timers: { run: () => void; ms: number; id: number }[] = [];
  let nextId = 1;
  const polls: ImportBatch[] = [];
  const shown = new Map<string, { title: string; message: string; running: boolean }>();
  const deps: TrackerDeps = {
    upload,
    fetchBatch: vi.fn(async () => polls.shift() ?? sampleBatch({ state: 'running' })),
    refresh: vi.fn(),
    notify: {
      show: (id, title, message, running) => shown.set(id, { title, message, running }),
      hide: (id) => shown.delete(id),
    },
    errorText: (error) => (error instanceof Error ? error.message : String(error)),
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ run, ms, id });
      return id;
    },
    clearTimeout: (id) => {
      const at = timers.findIndex((timer) => timer.id === id);
      if (at >= 0) timers.splice(at, 1);
    },
  };
  const tracker = createImportTracker(deps);
  /** Runs the timers due now, in order, letting their promises settle. */
  const tick = async () => {
    const due = timers.splice(0, timers.length);
    for (const timer of due) timer.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const file = new File(['name,number\n'], 'people.csv');
  return { tracker, deps, timers, polls, shown, tick, file };
}

describe('the import tracker', () => {
  it('uploads, follows realtime events, and refreshes the data when finished', async () => {
    const { tracker, deps, file } = setup();
    const uploads: number[] = [];
    tracker.subscribe(() => uploads.push(tracker.get()?.upload ?? -1));
    await tracker.start(1, file, { name: 'name', number: 'number' }, [3]);
    expect(tracker.get()).toMatchObject({ phase: 'importing', upload: 1, batch: { id: 7 } });

    tracker.receive(sampleBatch({ state: 'running', progress: 50, processed_rows: 150, created: 140 }));
    expect(tracker.get()?.batch?.progress).toBe(50);
    // Older news never replaces newer.
    tracker.receive(sampleBatch({ state: 'running', progress: 20, processed_rows: 60 }));
    expect(tracker.get()?.batch?.progress).toBe(50);
    // Another batch's events are not ours.
    tracker.receive(sampleBatch({ id: 8, state: 'finished', progress: 100 }));
    expect(tracker.get()?.phase).toBe('importing');

    tracker.receive(
      sampleBatch({ state: 'finished', progress: 100, processed_rows: 300, created: 295, failed: 5 }),
    );
    expect(tracker.get()).toMatchObject({ phase: 'finished', batch: { created: 295, failed: 5 } });
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('polls every 2 s while nobody hears realtime, slowly while somebody does', async () => {
    const { tracker, deps, timers, polls, tick, file } = setup();
    await tracker.start(1, file, {}, []);
    expect(timers.map((timer) => timer.ms)).toEqual([0]);
    polls.push(sampleBatch({ state: 'running', progress: 10, processed_rows: 30 }));
    await tick();
    expect(tracker.get()?.batch?.progress).toBe(10);
    expect(timers.map((timer) => timer.ms)).toEqual([POLL_MS.fallback]);

    const stop = tracker.listen(true);
    expect(timers.map((timer) => timer.ms)).toEqual([POLL_MS.safety]);
    stop();
    expect(timers.map((timer) => timer.ms)).toEqual([POLL_MS.fallback]);
    expect(tracker.listen(false)).toBeTypeOf('function');
    expect(timers.map((timer) => timer.ms)).toEqual([POLL_MS.fallback]);

    polls.push(sampleBatch({ state: 'finished', progress: 100, processed_rows: 300, created: 300 }));
    await tick();
    expect(tracker.get()?.phase).toBe('finished');
    expect(timers).toEqual([]);
    expect(deps.fetchBatch).toHaveBeenCalledWith(1, 7);
  });

  it('keeps events that arrive before the upload answers', async () => {
    let answer: (value: ImportBatch) => void = () => {};
    const { tracker, file } = setup(() => new Promise((resolve) => (answer = resolve)));
    const started = tracker.start(1, file, {}, []);
    tracker.receive(sampleBatch({ state: 'running', progress: 40, processed_rows: 120 }));
    answer(sampleBatch());
    await started;
    expect(tracker.get()?.batch?.progress).toBe(40);
  });

  it('shows a notification while the wizard is closed, and forgets the batch 5 s after it ends', async () => {
    const { tracker, shown, timers, tick, file } = setup();
    await tracker.start(1, file, {}, []);
    tracker.setBackground(true);
    tracker.receive(sampleBatch({ state: 'running', progress: 45, processed_rows: 135 }));
    expect(shown.get(NOTIFICATION_ID)).toMatchObject({ title: 'Import running — 45%', running: true });

    tracker.receive(
      sampleBatch({ state: 'finished', progress: 100, processed_rows: 300, created: 298, failed: 2 }),
    );
    expect(shown.get(NOTIFICATION_ID)).toEqual({
      title: 'Import finished',
      message: '298 contacts imported, 0 updated, 2 rows could not be imported',
      running: false,
    });
    expect(timers.map((timer) => timer.ms)).toEqual([5_000]);
    await tick();
    expect(tracker.get()).toBeNull();
    expect(shown.has(NOTIFICATION_ID)).toBe(false);
  });

  it('closing the wizard on a finished import puts it away; a page that mounts closed leaves it be', async () => {
    const { tracker, shown, file } = setup();
    await tracker.start(1, file, {}, []);
    tracker.setBackground(true);
    tracker.receive(sampleBatch({ state: 'finished', progress: 100, processed_rows: 300, created: 300 }));
    tracker.setBackground(true);
    expect(tracker.get()?.phase).toBe('finished');
    expect(shown.get(NOTIFICATION_ID)?.title).toBe('Import finished');

    tracker.setBackground(false);
    expect(shown.has(NOTIFICATION_ID)).toBe(false);
    tracker.setBackground(true);
    expect(tracker.get()).toBeNull();
    expect(shown.has(NOTIFICATION_ID)).toBe(false);
  });

  it('opening the wizard again hides the notification and shows the import there', async () => {
    const { tracker, shown, file } = setup();
    await tracker.start(1, file, {}, []);
    tracker.setBackground(true);
    expect(shown.has(NOTIFICATION_ID)).toBe(true);
    tracker.setBackground(false);
    expect(shown.has(NOTIFICATION_ID)).toBe(false);
    expect(tracker.get()?.phase).toBe('importing');
  });

  it('reports a failed batch with §8 importFailure, and a refused upload with the server’s words', async () => {
    const first = setup();
    await first.tracker.start(1, first.file, {}, []);
    first.tracker.receive(sampleBatch({ state: 'failed', message: null }));
    expect(first.tracker.get()).toMatchObject({ phase: 'failed', error: ERROR_MESSAGES.importFailure });

    const second = setup(async () => {
      throw new Error(ERROR_MESSAGES.importInvalidFile);
    });
    await second.tracker.start(1, second.file, {}, []);
    expect(second.tracker.get()).toMatchObject({ phase: 'failed', error: ERROR_MESSAGES.importInvalidFile });
    second.tracker.reset();
    expect(second.tracker.get()).toBeNull();
  });

  it('runs one import at a time', async () => {
    const upload = vi.fn(async () => sampleBatch());
    const { tracker, file } = setup(upload);
    await tracker.start(1, file, {}, []);
    await tracker.start(1, file, {}, []);
    expect(upload).toHaveBeenCalledTimes(1);
    tracker.reset();
    expect(tracker.get()?.phase).toBe('importing');
  });
});
