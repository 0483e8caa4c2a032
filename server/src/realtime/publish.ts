/**
 * `publish(channel, event, payload)` is the one way services emit realtime events (ARCHITECTURE "Realtime").
 * The embedded hub delivers to sockets connected to this server's Pusher-protocol endpoint; a listener API lets
 * that endpoint (and tests) subscribe without reaching around this module.
 */
export type RealtimeListener = (channel: string, event: string, payload: unknown) => void;

export interface Realtime {
  publish(channel: string, event: string, payload: unknown): Promise<void>;
  /** Subscribes to everything published; returns the unsubscribe function. */
  listen(listener: RealtimeListener): () => void;
}

export function embeddedRealtime(): Realtime {
  const listeners = new Set<RealtimeListener>();
  return {
    async publish(channel, event, payload) {
      for (const listener of listeners) listener(channel, event, payload);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
