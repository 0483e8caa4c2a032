/**
 * How the runners of this process hear of jobs enqueued and cancelled here, so an enqueued job starts now rather
 * than at the next poll and a cancelled run stops at once. One per server, built by the composition root;
 * runners in other processes find the same jobs by polling the table.
 */

/** What a runner hears: a job was enqueued, or one was cancelled. */
export interface RunnerListener {
  enqueued(): void;
  cancelled(jobId: number): void;
}

export interface JobSignals {
  /** Adds a listener; answers how to remove it. */
  listen(listener: RunnerListener): () => void;
  enqueued(): void;
  cancelled(jobId: number): void;
}

export function jobSignals(): JobSignals {
  const listeners = new Set<RunnerListener>();
  return {
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    enqueued: () => {
      for (const listener of listeners) listener.enqueued();
    },
    cancelled: (jobId) => {
      for (const listener of listeners) listener.cancelled(jobId);
    },
  };
}
