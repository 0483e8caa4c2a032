/** What a client needs to connect to realtime: the embedded endpoint on this server, or the configured cluster. */
import { EMBEDDED_APP_KEY } from '@shared/realtime';
import type { ServerConfig } from '../config';

/**
 * Where a browser page reaches a configured realtime cluster (its WebSocket, and HTTP for pusher-js's fallback),
 * for the UI's CSP; none for the embedded endpoint, which is the page's own origin.
 */
export function realtimeOriginsElsewhere(config: ServerConfig): string[] {
  if (!config.pusher) return [];
  const { host, port, tls } = realtimeClientSettings(config);
  const hostPort = port === (tls ? 443 : 80) ? host : `${host}:${port}`;
  return [`${tls ? 'wss' : 'ws'}://${hostPort}`, `${tls ? 'https' : 'http'}://${hostPort}`];
}

/**
 * For the embedded endpoint the answer is this server as the client reached it (its Host header), so a server on
 * a random port or behind a proxy is found the same way the API was; without a request, PUBLIC_URL.
 */
export function realtimeClientSettings(
  config: ServerConfig,
  reachedAt?: { host?: string; protocol?: string },
) {
  if (config.pusher) {
    return {
      key: config.pusher.key,
      host: config.pusher.host ?? `ws-${config.pusher.appId}.pusher.com`,
      port: config.pusher.port ?? (config.pusher.tls ? 443 : 80),
      tls: config.pusher.tls,
    };
  }
  const url = reachedAt?.host
    ? new URL(`${reachedAt.protocol ?? 'http'}://${reachedAt.host}`)
    : new URL(config.publicUrl);
  const tls = url.protocol === 'https:';
  return { key: EMBEDDED_APP_KEY, host: url.hostname, port: Number(url.port) || (tls ? 443 : 80), tls };
}
