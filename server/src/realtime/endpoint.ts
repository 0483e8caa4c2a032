/**
 * The embedded realtime endpoint: the Pusher Channels protocol (v7) over WebSocket at /app/{key}, so the official
 * pusher-js client connects unchanged (ARCHITECTURE "Realtime"). Private channels need a signature from
 * /api/broadcasting/auth; client events are refused; idle sockets are pinged and closed when silent.
 * Events reach sockets only through `Realtime.forSockets`, i.e. from `publish` on this instance or another one.
 */
import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { EMBEDDED_APP_KEY } from '@shared/realtime';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Realtime } from './publish';
import { checkChannelAuth } from './signing';

export const ACTIVITY_TIMEOUT_SEC = 120;
const PONG_WAIT_MS = 30_000;

interface Connection {
  socket: WebSocket;
  socketId: string;
  channels: Set<string>;
  lastSeen: number;
  pingedAt: number | null;
}

export interface EndpointOptions {
  secret: string;
  /** Overridable for tests: how long a socket may stay silent before it is pinged, and then closed. */
  activityTimeoutMs?: number;
  pongWaitMs?: number;
}

const send = (socket: WebSocket, message: object) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};
const error = (socket: WebSocket, code: number, message: string) =>
  send(socket, { event: 'pusher:error', data: { code, message } });

export function attachRealtimeEndpoint(
  app: FastifyInstance,
  realtime: Realtime,
  options: EndpointOptions,
): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Set<Connection>();
  /** Who is subscribed to each channel, so an event costs its own subscribers only, not every socket. */
  const subscribers = new Map<string, Set<Connection>>();
  const activityMs = options.activityTimeoutMs ?? ACTIVITY_TIMEOUT_SEC * 1000;
  const pongWaitMs = options.pongWaitMs ?? PONG_WAIT_MS;

  const stopListening = realtime.forSockets(({ channel, frame, exceptSocketId }) => {
    const sockets = subscribers.get(channel);
    if (!sockets) return;
    // Encoded to bytes once: given a Buffer, ws writes it after each socket's frame header without copying it.
    const bytes = Buffer.from(frame);
    for (const connection of sockets) {
      if (connection.socketId !== exceptSocketId && connection.socket.readyState === connection.socket.OPEN)
        connection.socket.send(bytes, { binary: false });
    }
  });
  const join = (connection: Connection, channel: string) => {
    connection.channels.add(channel);
    const sockets = subscribers.get(channel) ?? new Set<Connection>();
    sockets.add(connection);
    subscribers.set(channel, sockets);
  };
  const leave = (connection: Connection, channel: string) => {
    connection.channels.delete(channel);
    const sockets = subscribers.get(channel);
    sockets?.delete(connection);
    if (sockets?.size === 0) subscribers.delete(channel);
  };
  const drop = (connection: Connection) => {
    connections.delete(connection);
    for (const channel of [...connection.channels]) leave(connection, channel);
  };

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections) {
        if (connection.pingedAt !== null && now - connection.pingedAt > pongWaitMs) {
          connection.socket.close(4201, 'Pong reply not received');
        } else if (connection.pingedAt === null && now - connection.lastSeen > activityMs) {
          connection.pingedAt = now;
          send(connection.socket, { event: 'pusher:ping', data: '{}' });
        }
      }
    },
    Math.min(activityMs, pongWaitMs, 5000) / 2,
  );
  sweep.unref();

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const key = /^\/app\/([^/?]+)/.exec(request.url ?? '')?.[1];
    if (key !== EMBEDDED_APP_KEY) {
      error(socket, 4001, `App key ${key ?? ''} is not known here.`);
      socket.close(4001, 'Unknown app key');
      return;
    }
    const connection: Connection = {
      socket,
      // Unique across instances without asking them: 62 random bits, so a million open sockets all but never clash.
      socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      channels: new Set(),
      lastSeen: Date.now(),
      pingedAt: null,
    };
    connections.add(connection);
    send(socket, {
      event: 'pusher:connection_established',
      data: JSON.stringify({
        socket_id: connection.socketId,
        activity_timeout: Math.round(activityMs / 1000),
      }),
    });

    socket.on('message', (raw) => {
      connection.lastSeen = Date.now();
      connection.pingedAt = null;
      let message: { event?: unknown; data?: unknown; channel?: unknown };
      try {
        message = JSON.parse(String(raw));
      } catch {
        return error(socket, 4000, 'Messages must be JSON.');
      }
      const data = (typeof message.data === 'string' ? safeParse(message.data) : message.data) as
        | Record<string, unknown>
        | undefined;
      switch (message.event) {
        case 'pusher:ping':
          return send(socket, { event: 'pusher:pong', data: '{}' });
        case 'pusher:pong':
          return;
        case 'pusher:subscribe': {
          const channel = typeof data?.channel === 'string' ? data.channel : '';
          const isPrivate = channel.startsWith('private-') || channel.startsWith('presence-');
          if (
            !channel ||
            (isPrivate &&
              !checkChannelAuth(EMBEDDED_APP_KEY, options.secret, connection.socketId, channel, data?.auth))
          ) {
            return send(socket, {
              event: 'pusher:subscription_error',
              channel,
              data: JSON.stringify({
                type: 'AuthError',
                error: 'Invalid signature for this channel.',
                status: 401,
              }),
            });
          }
          join(connection, channel);
          return send(socket, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
        }
        case 'pusher:unsubscribe':
          if (typeof data?.channel === 'string') leave(connection, data.channel);
          return;
        default:
          if (typeof message.event === 'string' && message.event.startsWith('client-')) {
            return error(socket, 4301, 'Client events are not accepted: send changes through the API.');
          }
          return error(socket, 4200, `Unknown event ${String(message.event)}.`);
      }
    });
    socket.on('close', () => drop(connection));
    socket.on('error', () => drop(connection));
  });

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!/^\/app\/[^/?]+/.test(request.url ?? '')) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  // Before the HTTP server closes: it waits for open connections, and a WebSocket stays open until told.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    stopListening();
    for (const connection of connections) connection.socket.close(4200, 'Server stopping');
    wss.close();
  });
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
