/**
 * `publish(channel, event, payload)` is the one way services emit realtime events (ARCHITECTURE "Realtime").
 * Embedded (default): delivered to the sockets on the Pusher-protocol endpoint of every instance of the server —
 * this one's at once, the others' through the cluster (Redis pub/sub with REDIS_URL, as Pusher-compatible servers
 * fan out; without it this process is the only instance). With PUSHER_* set: sent to that Pusher-compatible
 * cluster with the official SDK. Listeners (tests, benchmarks) see every event this instance delivers.
 */
import { randomUUID } from 'node:crypto';
import type { PublishedEvent, RealtimePayloads } from '@shared/realtime';
import Pusher from 'pusher';
import type { Cluster } from '../cluster';
import type { ServerConfig } from '../config';

export type RealtimeListener = (
  channel: string,
  event: string,
  payload: unknown,
  exceptSocketId?: string,
) => void;

/** One event as this instance's sockets receive it: the Pusher frame is encoded once, whoever published it. */
export interface SocketDelivery {
  channel: string;
  /** `{"event","channel","data"}` with `data` the payload as a JSON string (the protocol double-encodes it). */
  frame: string;
  /** Pusher's `socket_id` of the client that caused the change: it is left out, on whichever instance it is. */
  exceptSocketId?: string;
}

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
  /** Subscribes to every event this instance delivers, decoded; returns the unsubscribe function. */
  listen(listener: RealtimeListener): () => void;
  /** The embedded endpoint's feed: the same events, framed for its sockets; returns the unsubscribe function. */
  forSockets(feed: (delivery: SocketDelivery) => void): () => void;
}

/** The cluster topic every instance's realtime hears the others' events on. */
export const REALTIME_TOPIC = 'realtime';

/**
 * The embedded realtime of one instance. Without a cluster (or with the local one) it reaches this process only,
 * synchronously, as before there were several instances. With a Redis cluster each event is also sent once to the
 * other instances, as `[origin, channel, exceptSocketId]` and the Pusher frame on the next line: they pass the frame
 * to their sockets as it is. Redis echoes the message back to its sender; the sender knows it by its origin and
 * skips it, having delivered it already — so every instance delivers each event exactly once.
 */
export function embeddedRealtime(cluster?: Cluster): Realtime {
  const listeners = new Set<RealtimeListener>();
  const feeds = new Set<(delivery: SocketDelivery) => void>();
  const origin = randomUUID();
  /** How this instance's own messages begin (`["origin",…`): known without decoding them. */
  const ownMessage = `${JSON.stringify(origin)},`;
  let warned = false;

  const deliver = (delivery: SocketDelivery, event: string, payload: () => unknown) => {
    for (const feed of feeds) feed(delivery);
    if (listeners.size === 0) return;
    const decoded = payload();
    for (const listener of listeners) listener(delivery.channel, event, decoded, delivery.exceptSocketId);
  };

  cluster?.subscribe(REALTIME_TOPIC, (message) => {
    if (message.startsWith(ownMessage, 1)) return;
    const received = decodeClusterMessage(message);
    if (!received) return;
    deliver(received.delivery, received.event, () =>
      received.data === undefined ? undefined : JSON.parse(received.data),
    );
  });

  const relay: Realtime['relay'] = async (channel, event, payload, exceptSocketId) => {
    const delivery: SocketDelivery = { channel, frame: pusherFrame(channel, event, payload), exceptSocketId };
    // Sent to the others first, so they deliver while this instance writes to its own sockets. Not awaited: the
    // request that published does not wait on Redis, and ioredis keeps its commands in order. A lost Redis costs
    // the other instances' sockets this event (Pusher promises no more), never the request.
    cluster?.publish(REALTIME_TOPIC, encodeClusterMessage(origin, delivery)).then(
      () => {
        warned = false;
      },
      (error: Error) => {
        if (!warned) console.warn(`Realtime events are not reaching the other instances: ${error.message}`);
        warned = true;
      },
    );
    deliver(delivery, event, () => payload);
  };

  return {
    publish: relay,
    relay,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forSockets(feed) {
      feeds.add(feed);
      return () => feeds.delete(feed);
    },
  };
}

/** The protocol's event frame (server → client `data` is a JSON string). */
export function pusherFrame(channel: string, event: string, payload: unknown): string {
  return JSON.stringify({ event, channel, data: JSON.stringify(payload) });
}

function encodeClusterMessage(origin: string, delivery: SocketDelivery): string {
  // JSON never holds a raw line break, so the first one ends the header.
  return `${JSON.stringify([origin, delivery.channel, delivery.exceptSocketId ?? ''])}\n${delivery.frame}`;
}

/** The other instance's event, or null for a message that is not one (it would only be dropped). */
function decodeClusterMessage(
  message: string,
): { delivery: SocketDelivery; event: string; data?: string } | null {
  try {
    const end = message.indexOf('\n');
    const [, channel, exceptSocketId] = JSON.parse(message.slice(0, end)) as [string, string, string];
    const frame = message.slice(end + 1);
    const { event, data } = JSON.parse(frame) as { event: string; data?: string };
    return { delivery: { channel, frame, exceptSocketId: exceptSocketId || undefined }, event, data };
  } catch {
    return null;
  }
}

/** Publishes to a Pusher-compatible cluster (Pusher, Soketi, Reverb); local listeners still see each event. */
export function pusherRealtime(settings: NonNullable<ServerConfig['pusher']>): Realtime {
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
    forSockets: local.forSockets,
  };
}

/**
 * The configured realtime: the Pusher-compatible cluster when PUSHER_* is set (it fans out to every instance's
 * clients itself), else the embedded endpoint's, fanned out over `cluster` to the other instances.
 */
export function realtimeFor(config: ServerConfig, cluster: Cluster): Realtime {
  return config.pusher ? pusherRealtime(config.pusher) : embeddedRealtime(cluster);
}
