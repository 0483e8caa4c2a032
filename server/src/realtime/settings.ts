/** What a client needs to connect to realtime: the embedded endpoint on this server, or the configured cluster. */
import { EMBEDDED_APP_KEY } from '@shared/realtime';
import type { ServerConfig } from '../config';

export function realtimeClientSettings(config: ServerConfig) {
  if (config.pusher) {
    return {
      key: config.pusher.key,
      host: config.pusher.host ?? `ws-${config.pusher.appId}.pusher.com`,
      port: config.pusher.port ?? (config.pusher.tls ? 443 : 80),
      tls: config.pusher.tls,
    };
  }
  const url = new URL(config.publicUrl);
  const tls = url.protocol === 'https:';
  return { key: EMBEDDED_APP_KEY, host: url.hostname, port: Number(url.port) || (tls ? 443 : 80), tls };
}
