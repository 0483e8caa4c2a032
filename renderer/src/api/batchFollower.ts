/**
 * Following a server batch (a contact import, an activity export) by polling its progress call, beside the
 * realtime events that usually bring the news first (§4 "Background batches: progress followed live").
 *
 * The poll runs every 2 s while no screen hears realtime events, and slowly while one does, so a missed event
 * never leaves a batch stuck. Each tracker says which batch it follows and what it does with a fresh copy; the
 * follower owns the timer and the count of live listeners.
 */

/** Polling while nobody hears realtime events, and the safety poll while somebody does. */
export const POLL_MS = { fallback: 2_000, safety: 10_000 } as const;

/** The batch a tracker is waiting on: the one to poll. */
export interface FollowedBatch {
  companyId: number;
  batchId: number;
}

export interface BatchFollowerDeps<Batch> {
  fetchBatch(companyId: number, batchId: number): Promise<Batch>;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function createBatchFollower<Batch>(
  deps: BatchFollowerDeps<Batch>,
  tracker: {
    /** The batch still running, or null when there is nothing to poll. */
    following(): FollowedBatch | null;
    /** A copy of the batch fetched by a poll. */
    receive(batch: Batch): void;
  },
) {
  let liveListeners = 0;
  let pollTimer: unknown = null;

  function stop() {
    if (pollTimer !== null) deps.clearTimeout(pollTimer);
    pollTimer = null;
  }

  /** Polls after `ms` (by default the pace the listeners allow), again and again while the batch runs. */
  function poll(ms: number = liveListeners > 0 ? POLL_MS.safety : POLL_MS.fallback) {
    stop();
    const target = tracker.following();
    if (!target) return;
    pollTimer = deps.setTimeout(async () => {
      pollTimer = null;
      try {
        tracker.receive(await deps.fetchBatch(target.companyId, target.batchId));
      } catch {
        // A dropped connection or a slow server: the next poll tries again.
      }
      if (tracker.following()?.batchId === target.batchId) poll();
    }, ms);
  }

  /** A mounted screen hears realtime events (and the connection is up): poll slowly until it goes. */
  function listen(connected: boolean): () => void {
    if (!connected) return () => {};
    liveListeners++;
    if (tracker.following() && pollTimer !== null) poll();
    return () => {
      liveListeners--;
      if (tracker.following()) poll();
    };
  }

  return { poll, stop, listen };
}
