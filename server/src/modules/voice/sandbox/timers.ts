/**
 * The sandbox network's waits: a ring's timeout, the menu's, the simulated caller speaking. Real timers in the
 * app; manual ones in tests, which fire a wait when the test says so instead of sleeping through it.
 */
export interface VoiceTimers {
  /** Runs `run` after `ms`; the answer cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const realTimers: VoiceTimers = {
  after(ms, run) {
    const timer = setTimeout(run, ms);
    // A pending ring must not keep a stopping server (or a test run) alive.
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

export interface ManualTimers extends VoiceTimers {
  /** The waits pending, oldest first, with their length. */
  pending(): { ms: number }[];
  /** Fires the oldest pending wait (throws when there is none). */
  fireNext(): void;
  /** Forgets every pending wait. */
  clear(): void;
}

export function manualTimers(): ManualTimers {
  let seq = 0;
  const waits = new Map<number, { ms: number; run: () => void }>();
  return {
    after(ms, run) {
      const id = ++seq;
      waits.set(id, { ms, run });
      return () => waits.delete(id);
    },
    pending: () => [...waits.values()].map(({ ms }) => ({ ms })),
    fireNext() {
      const first = waits.entries().next();
      if (first.done) throw new Error('no sandbox wait is pending');
      const [id, wait] = first.value;
      waits.delete(id);
      wait.run();
    },
    clear: () => waits.clear(),
  };
}
