/**
 * Realtime (§7 Realtime; ARCHITECTURE): the one pusher-js connection, to the server's embedded endpoint or the
 * configured cluster (tenant config says which), WebSocket only, private channels authorised through the API
 * client (so the cookie session or the bearer token applies). Screens subscribe with `useRealtimeEvent`; nothing
 * else opens sockets. After any reconnect the queries realtime feeds are refetched, so no missed event is lost.
 */
import { REALTIME_ENDPOINTS } from '@shared/api/realtime';
import type { TenantConfig } from '@shared/api/tenant';
import type { PublishedEvent, RealtimePayloads } from '@shared/realtime';
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { probeNow, reportReachable } from './connection';
import { api, queryClient } from './index';

export type RealtimeState = 'connecting' | 'connected' | 'unavailable' | 'disconnected';

let client: Pusher | undefined;
/** pusher-js is fetched when the first connection is made (it is not part of the first page load). */
let library: Promise<typeof import('pusher-js')> | undefined;
/** Whether a connection is wanted: a sign-out while pusher-js is still loading makes none. */
let wanted = false;
let state: RealtimeState = 'disconnected';
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const setState = (next: RealtimeState) => {
  state = next;
  notify();
};
const subscribeToChanges = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * The one connection, made on first use (answers undefined when it was given up while pusher-js loaded). Its
 * library loads on demand: live updates start a moment after the shell, never holding the first page back.
 */
export async function connectRealtime(settings: TenantConfig['realtime']): Promise<Pusher | undefined> {
  wanted = true;
  if (client) return client;
  library ??= import('pusher-js');
  const { default: PusherClient } = await library;
  if (!wanted) return undefined;
  if (client) return client;
  client = new PusherClient(settings.key, {
    cluster: 'embedded',
    wsHost: settings.host,
    wsPort: settings.port,
    wssPort: settings.port,
    forceTLS: settings.tls,
    enabledTransports: settings.tls ? ['wss'] : ['ws'],
    disableStats: true,
    activityTimeout: 30_000,
    channelAuthorization: {
      endpoint: '/api/broadcasting/auth',
      transport: 'ajax',
      customHandler: (params, callback) => {
        api
          .call(
            REALTIME_ENDPOINTS.broadcastingAuth,
            { body: { socket_id: params.socketId, channel_name: params.channelName } },
            { silent: true },
          )
          .then((data) => callback(null, data))
          .catch((error: Error) => callback(error, null));
      },
    },
  });
  // Screens opened before the connection existed (a reload on /inbox) subscribe now: they follow the client.
  notify();
  let wasConnected = false;
  client.connection.bind('state_change', ({ current }: { previous: string; current: string }) => {
    if (current === 'connected') {
      if (wasConnected) {
        reportReachable();
        // Events published while we were away are not replayed: refetch what realtime keeps fresh.
        void queryClient.invalidateQueries();
      }
      wasConnected = true;
      setState('connected');
    } else if (current === 'connecting') {
      if (wasConnected) void probeNow();
      setState('connecting');
    } else if (current === 'unavailable' || current === 'failed') {
      void probeNow();
      setState('unavailable');
    } else setState('disconnected');
  });
  return client;
}

export function disconnectRealtime(): void {
  wanted = false;
  client?.disconnect();
  client = undefined;
  setState('disconnected');
}

/** Reconnect now (the machine woke, the network or the server came back). */
export function reconnectRealtime(): void {
  if (!client || state === 'connected') return;
  // Already retrying on its own backoff (up to tens of seconds), pusher-js ignores connect(): start over, now. Its
  // channels stay subscribed and are joined again on connecting.
  client.disconnect();
  client.connect();
}

export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(subscribeToChanges, () => state);
}

/** The connection, once there is one (it is made when the shell has the tenant's realtime settings). */
function useRealtimeClient(): Pusher | undefined {
  return useSyncExternalStore(subscribeToChanges, () => client);
}

/** Subscribes a screen to one event of one channel while it is mounted; the payload is typed by the event. */
export function useRealtimeEvent<E extends PublishedEvent>(
  channelName: string | null,
  event: E,
  handler: (payload: RealtimePayloads[E]) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const current = useRealtimeClient();
  useEffect(() => {
    if (!current || !channelName) return;
    const channel: Channel = current.channel(channelName) ?? current.subscribe(channelName);
    const bound = (payload: RealtimePayloads[E]) => latest.current(payload);
    channel.bind(event, bound);
    return () => {
      channel.unbind(event, bound);
    };
  }, [current, channelName, event]);
}

/**
 * Whether events of `channelName` can reach this window now: connected, and the channel's subscription
 * authorised. Rings published before this turns true were not heard (the softphone catches up then).
 */
export function useChannelSubscribed(channelName: string | null): boolean {
  const current = useRealtimeClient();
  const connection = useRealtimeState();
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    if (!current || !channelName || connection !== 'connected') {
      setSubscribed(false);
      return;
    }
    const channel: Channel = current.channel(channelName) ?? current.subscribe(channelName);
    setSubscribed(channel.subscribed);
    const succeeded = () => setSubscribed(true);
    channel.bind('pusher:subscription_succeeded', succeeded);
    return () => {
      channel.unbind('pusher:subscription_succeeded', succeeded);
    };
  }, [current, channelName, connection]);
  return subscribed && connection === 'connected';
}
