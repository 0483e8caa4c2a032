/**
 * The running import, outside React, so it goes on when the wizard is closed or the page changes (§4 "Background
 * batches: progress followed live; when finished, removed after 5 seconds and related data refreshed").
 *
 * It uploads the file, then follows the batch: realtime events (`contact-import.progress` / `.completed`, fed in
 * by whoever listens, see `useImportRealtime`) and polling of the progress call every 2 s when no live listener
 * is connected (a slow safety poll otherwise, so a missed event never leaves it stuck). While the wizard is
 * closed a notification shows the progress; when the batch ends the contacts, groups and labels are refreshed.
 */
import type { ImportBatch } from '@shared/api/contacts';
import type { ContactColumnMapping } from '@shared/domain/contacts';
import { DELAYS_MS } from '@shared/domain/limits';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { createBatchFollower } from '../../../api/batchFollower';
import { importSummary, isFinished, progressOf } from './importModel';

export type ImportPhase = 'uploading' | 'importing' | 'finished' | 'failed';

export interface TrackedImport {
  companyId: number;
  fileName: string;
  phase: ImportPhase;
  /** Upload progress, 0–1. */
  upload: number;
  batch: ImportBatch | null;
  /** Why the import failed (the server's message, or §8 importFailure). */
  error: string | null;
}

export interface TrackerDeps {
  upload(
    companyId: number,
    file: File,
    mapping: ContactColumnMapping,
    groups: readonly number[],
    onUpload: (fraction: number) => void,
  ): Promise<ImportBatch>;
  fetchBatch(companyId: number, batchId: number): Promise<ImportBatch>;
  /** Refreshes the data an import changes (contacts, groups, labels). */
  refresh(): void;
  notify: {
    show(id: string, title: string, message: string, running: boolean, autoCloseMs: number | false): void;
    hide(id: string): void;
  };
  errorText(error: unknown): string;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export { POLL_MS } from '../../../api/batchFollower';
export const NOTIFICATION_ID = 'contact-import';

export function createImportTracker(deps: TrackerDeps) {
  let current: TrackedImport | null = null;
  let background = false;
  let cleanupTimer: unknown = null;
  /** Events that arrive before the upload's answer names the batch. */
  const early = new Map<number, ImportBatch>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const set = (next: TrackedImport | null) => {
    current = next;
    emit();
    showNotification();
  };
  const running = () => current !== null && (current.phase === 'uploading' || current.phase === 'importing');

  function showNotification() {
    if (!current || !background) {
      deps.notify.hide(NOTIFICATION_ID);
      return;
    }
    if (current.phase === 'uploading') {
      const percent = Math.round(current.upload * 100);
      deps.notify.show(NOTIFICATION_ID, `Uploading contacts — ${percent}%`, current.fileName, true, false);
    } else if (current.phase === 'importing' && current.batch) {
      deps.notify.show(
        NOTIFICATION_ID,
        `Import running — ${progressOf(current.batch)}%`,
        current.fileName,
        true,
        false,
      );
    } else if (current.phase === 'finished' && current.batch) {
      deps.notify.show(
        NOTIFICATION_ID,
        'Import finished',
        importSummary(current.batch),
        false,
        DELAYS_MS.batchCleanup,
      );
    } else if (current.phase === 'failed') {
      deps.notify.show(
        NOTIFICATION_ID,
        'Import failed',
        current.error ?? ERROR_MESSAGES.importFailure,
        false,
        DELAYS_MS.errorToast,
      );
    }
  }

  const follower = createBatchFollower(deps, {
    following: () =>
      current?.phase === 'importing' && current.batch
        ? { companyId: current.companyId, batchId: current.batch.id }
        : null,
    receive: (batch) => receive(batch),
  });

  /** After the batch ends: refresh what it changed; in the background, forget it after 5 s (§9 batch cleanup). */
  function ended() {
    follower.stop();
    deps.refresh();
    if (background) scheduleCleanup();
  }

  function scheduleCleanup() {
    if (cleanupTimer !== null) deps.clearTimeout(cleanupTimer);
    const ending = current;
    cleanupTimer = deps.setTimeout(() => {
      cleanupTimer = null;
      if (current === ending && background) {
        background = false;
        set(null);
      }
    }, DELAYS_MS.batchCleanup);
  }

  /** A batch seen on realtime or by polling. Older news (fewer rows processed) never replaces newer. */
  function receive(batch: ImportBatch) {
    if (!current) return;
    if (current.phase === 'uploading') {
      early.set(batch.id, batch);
      return;
    }
    if (!current.batch || current.batch.id !== batch.id || current.phase !== 'importing') return;
    const known = current.batch;
    if (!isFinished(batch) && batch.processed_rows < known.processed_rows) return;
    if (isFinished(batch)) {
      set({
        ...current,
        batch,
        phase: batch.state === 'finished' ? 'finished' : 'failed',
        error: batch.state === 'failed' ? (batch.message ?? ERROR_MESSAGES.importFailure) : null,
      });
      ended();
    } else {
      set({ ...current, batch });
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get: (): TrackedImport | null => current,
    running,

    /** Uploads the file and follows the batch it starts. */
    async start(
      companyId: number,
      file: File,
      mapping: ContactColumnMapping,
      groups: readonly number[],
    ): Promise<void> {
      if (running()) return;
      if (cleanupTimer !== null) deps.clearTimeout(cleanupTimer);
      cleanupTimer = null;
      early.clear();
      const mine: TrackedImport = {
        companyId,
        fileName: file.name,
        phase: 'uploading',
        upload: 0,
        batch: null,
        error: null,
      };
      set(mine);
      let batch: ImportBatch;
      try {
        batch = await deps.upload(companyId, file, mapping, groups, (fraction) => {
          if (current?.phase === 'uploading' && current.companyId === companyId) {
            set({ ...current, upload: fraction });
          }
        });
      } catch (error) {
        if (current?.phase === 'uploading') {
          set({ ...current, phase: 'failed', error: deps.errorText(error) });
          if (background) scheduleCleanup();
        }
        return;
      }
      if (current?.phase !== 'uploading') return;
      set({ ...current, upload: 1, phase: 'importing', batch });
      const seen = early.get(batch.id);
      early.clear();
      if (seen) receive(seen);
      if (isFinished(batch)) {
        const started = current as TrackedImport | null;
        if (started?.phase === 'importing') {
          // Tiny files can finish before the answer comes back.
          set({
            ...started,
            phase: batch.state === 'finished' ? 'finished' : 'failed',
            error: batch.state === 'failed' ? (batch.message ?? ERROR_MESSAGES.importFailure) : null,
          });
          ended();
        }
        return;
      }
      // Ask once now: events sent before anyone knew the batch's id are not replayed.
      follower.poll(0);
    },

    /** A realtime event (progress or completed) from the company channel. */
    receive,

    /** A mounted screen hears realtime events (and the connection is up): poll slowly. */
    listen: follower.listen,

    /** The wizard closed (true) or opened (false): the notification follows the import while it is closed. */
    setBackground(value: boolean) {
      const closing = value && !background;
      background = value;
      if (closing && current && (current.phase === 'finished' || current.phase === 'failed')) {
        // Closing the wizard on a finished import puts it away at once (it has been seen).
        background = false;
        set(null);
        background = true;
        return;
      }
      showNotification();
    },

    /** Forget a finished or failed import (the wizard starts again). */
    reset() {
      if (running()) return;
      follower.stop();
      set(null);
    },
  };
}

export type ImportTracker = ReturnType<typeof createImportTracker>;
