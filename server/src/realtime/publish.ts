/**
 * `publish(channel, event, payload)` is the one way services emit realtime events (ARCHITECTURE "Realtime").
 * Embedded (default): delivered to sockets on this server's Pusher-protocol endpoint. With PUSHER_* set: sent to
 * that Pusher-compatible cluster with the official SDK. Listeners (the embedded endpoint, tests) see every event.
 */
import Pusher from 'pusher';
import type { ServerConfig } from '../config';

export type RealtimeListener = (
  channel: string,
  event: string,
  payload: unknown,
  exceptSocketId?: string,
) => void;

export interface Realtime {
  /** `exceptSocketId` leaves out the socket that caused the change (Pusher's `socket_id`). */
  publish(channel: string, event: string, payload: unknown, exceptSocketId?: string): Promise<void>;
  /** Subscribes to everything published; returns the unsubscribe function. */
  listen(listener: RealtimeListener): () => void;
}

export function embeddedRealtime(): Realtime {
  const listeners = new Set<RealtimeListener>();
  return {
    async publish(channel, event, payload, exceptSocketId) {
      for (const listener of listeners) listener(channel, event, payload, exceptSocketId);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Publishes to a Pusher-compatible cluster (Pusher, Soketi, Reverb); local listeners still see each event. */
export function clusterRealtime(settings: NonNullable<ServerConfig['pusher']>): Realtime {
  const local = embeddedRealtime();
  const base = { appId: settings.appId, key: settings.key, secret: settings.secret, useTLS: settings.tls };
  const pusher = new Pusher(
    settings.host
      ? { ...base, host: settings.host, ...(settings.port ? { port: String(settings.port) } : {}) }
      : { ...base, cluster: 'mt1' },
  );
  return {
    async publish(channel, event, payload, exceptSocketId) {
      await local.publish(channel, event, payload, exceptSocketId);
      await pusher.trigger(
        channel,
        event,
        payload,
        exceptSocketId ? { socket_id: exceptSocketId } : undefined,
      );
    },
    listen: local.listen,
  };
}

export function realtimeFor(config: ServerConfig): Realtime {
  return config.pusher ? clusterRealtime(config.pusher) : embeddedRealtime();
}
