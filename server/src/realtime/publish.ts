/**
 * `publish(channel, event, payload)` is the one way services emit realtime events (ARCHITECTURE "Realtime").
 * Embedded (default): delivered to sockets on this server's Pusher-protocol endpoint. With PUSHER_* set: sent to
 * that Pusher-compatible cluster with the official SDK. Listeners (the embedded endpoint, tests) see every event.
 */
import type { PublishedEvent, RealtimePayloads } from '@shared/realtime';
import Pusher from 'pusher';
import type { ServerConfig } from '../config';

export type RealtimeListener = (
  channel: string,
  event: string,
  payload: unknown,
  exceptSocketId?: string,
) => void;

export interface Realtime {
  /**
   * Publishes one of our events with its payload (typed by `RealtimePayloads`). `exceptSocketId` leaves out the
   * socket that caused the change (Pusher's `socket_id`).
   */
  publish<E extends PublishedEvent>(
    channel: string,
    event: E,
    payload: RealtimePayloads[E],
    exceptSocketId?: string,
  ): Promise<void>;
  /** Passes on an event someone else triggered through the Pusher HTTP API: its name and data are theirs. */
  relay(channel: string, event: string, payload: unknown, exceptSocketId?: string): Promise<void>;
  /** Subscribes to everything published; returns the unsubscribe function. */
  listen(listener: RealtimeListener): () => void;
}

export function embeddedRealtime(): Realtime {
  const listeners = new Set<RealtimeListener>();
  const relay: Realtime['relay'] = async (channel, event, payload, exceptSocketId) => {
    for (const listener of listeners) listener(channel, event, payload, exceptSocketId);
  };
  return {
    publish: relay,
    relay,
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
  const relay: Realtime['relay'] = async (channel, event, payload, exceptSocketId) => {
    await local.relay(channel, event, payload, exceptSocketId);
    await pusher.trigger(channel, event, payload, exceptSocketId ? { socket_id: exceptSocketId } : undefined);
  };
  return {
    publish: relay,
    relay,
    listen: local.listen,
  };
}

export function realtimeFor(config: ServerConfig): Realtime {
  return config.pusher ? clusterRealtime(config.pusher) : embeddedRealtime();
}
