/**
 * The running activity export, outside React, so it goes on when the dialog is closed or the person moves to
 * another screen: the CSV still downloads when the batch finishes (§4 "Background batches: progress followed
 * live; when finished, removed after 5 seconds").
 *
 * It starts the export, then follows its batch: `export.progress` events from the company channel (fed in by
 * whoever listens, see `useExportRealtime`) and polling of the progress call — every 2 s while no live listener is
 * connected, and a slow safety poll while one is (`api/batchFollower.ts`). A finished batch's
 * CSV is fetched and saved; one export runs at a time.
 */
import type { ExportBatch, ExportKind } from '@shared/api/activity';
import { batchPercent, isBatchNews } from '@shared/domain/batches';
import { DELAYS_MS } from '@shared/domain/limits';
import { createBatchFollower } from '../../api/batchFollower';
import type { ExportBody } from './filters';

export type ExportPhase = 'starting' | 'running' | 'downloading' | 'finished' | 'failed';

export interface TrackedExport {
  companyId: number;
  kind: ExportKind;
  phase: ExportPhase;
  batch: ExportBatch | null;
  /** Why it failed, in words a person can act on. */
  error: string | null;
  /** The name the CSV was saved under, once saved. */
  fileName: string | null;
}

export interface ExportTrackerDeps {
  start(kind: ExportKind, body: ExportBody): Promise<ExportBatch>;
  fetchBatch(companyId: number, batchId: number): Promise<ExportBatch>;
  download(companyId: number, batchId: number): Promise<string>;
  save(csv: string, fileName: string): void;
  fileName(kind: ExportKind): string;
  /** Told once per export when it ends, either way (the screen may be gone: a flash says it). */
  ended(tracked: TrackedExport): void;
  errorText(error: unknown): string;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export { POLL_MS } from '../../api/batchFollower';
export const EXPORT_FAILED_MESSAGE = 'The export failed. Please try again.';

/** Starting, running or downloading: another export must wait. */
export function isRunning(tracked: TrackedExport | null): boolean {
  return (
    tracked !== null &&
    (tracked.phase === 'starting' || tracked.phase === 'running' || tracked.phase === 'downloading')
  );
}

/** Whether `incoming` is news about `known` (shared/domain/batches: imports follow their batches alike). */
export const isNewer = (known: ExportBatch, incoming: ExportBatch): boolean => isBatchNews(known, incoming);

/** The percentage to show: none before the export has a batch, then the batch rule's. */
export function percentOf(batch: ExportBatch | null): number {
  return batch ? batchPercent(batch) : 0;
}

export function createExportTracker(deps: ExportTrackerDeps) {
  let current: TrackedExport | null = null;
  let cleanupTimer: unknown = null;
  const listeners = new Set<() => void>();

  const set = (next: TrackedExport | null) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const running = () => isRunning(current);

  const follower = createBatchFollower(deps, {
    following: () =>
      current?.phase === 'running' && current.batch
        ? { companyId: current.companyId, batchId: current.batch.id }
        : null,
    receive: (batch) => receive(batch),
  });

  function fail(error: string) {
    if (!current) return;
    follower.stop();
    set({ ...current, phase: 'failed', error });
    deps.ended(current);
  }

  async function download(tracked: TrackedExport, batch: ExportBatch) {
    follower.stop();
    set({ ...tracked, batch, phase: 'downloading' });
    const fileName = deps.fileName(tracked.kind);
    try {
      const csv = await deps.download(tracked.companyId, batch.id);
      if (current?.batch?.id !== batch.id) return;
      deps.save(csv, fileName);
      set({ ...current, phase: 'finished', fileName });
      deps.ended(current);
      // §4/§9: a finished batch is put away after 5 s.
      const finished = current;
      cleanupTimer = deps.setTimeout(() => {
        cleanupTimer = null;
        if (current === finished) set(null);
      }, DELAYS_MS.batchCleanup);
    } catch (error) {
      if (current?.batch?.id === batch.id) fail(deps.errorText(error));
    }
  }

  /** A batch seen on realtime or by polling; anything but news about the running export is ignored. */
  function receive(batch: ExportBatch) {
    if (current?.phase !== 'running' || !current.batch || !isNewer(current.batch, batch)) return;
    if (batch.state === 'finished') void download(current, batch);
    else if (batch.state === 'failed') {
      set({ ...current, batch });
      fail(batch.message ?? EXPORT_FAILED_MESSAGE);
    } else set({ ...current, batch });
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get: (): TrackedExport | null => current,
    running,

    /** Starts an export and follows it; refused (false) while another one runs. */
    async start(companyId: number, kind: ExportKind, body: ExportBody): Promise<boolean> {
      if (running()) return false;
      if (cleanupTimer !== null) deps.clearTimeout(cleanupTimer);
      cleanupTimer = null;
      set({ companyId, kind, phase: 'starting', batch: null, error: null, fileName: null });
      let batch: ExportBatch;
      try {
        batch = await deps.start(kind, body);
      } catch (error) {
        fail(deps.errorText(error));
        return true;
      }
      if (current?.phase !== 'starting') return true;
      const started: TrackedExport = { ...current, phase: 'running', batch };
      set(started);
      if (batch.state === 'finished') void download(started, batch);
      else if (batch.state === 'failed') fail(batch.message ?? EXPORT_FAILED_MESSAGE);
      // Ask once now: events sent before anyone knew the batch's id are not replayed.
      else follower.poll(0);
      return true;
    },

    receive,

    /** A mounted screen hears realtime events (and the connection is up): poll slowly. */
    listen: follower.listen,

    /** Forgets an export that has ended (the person closed its message or starts another). */
    dismiss() {
      if (running()) return;
      if (cleanupTimer !== null) deps.clearTimeout(cleanupTimer);
      cleanupTimer = null;
      set(null);
    },
  };
}

export type ExportTracker = ReturnType<typeof createExportTracker>;
