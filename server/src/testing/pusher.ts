/**
 * The official browser client, pusher-js, connected to a server's embedded realtime endpoint as the app connects
 * (WebSocket only, private channels authorized by `/api/broadcasting/auth` with the user's bearer token).
 */
import { EMBEDDED_APP_KEY } from '@shared/realtime';
import PusherClient from 'pusher-js';

/** A pusher-js client on the endpoint at `port`, authorizing its private channels at `authPort` (default the same). */
export function pusherClient(port: number, token: string, authPort: number = port): PusherClient {
  return new PusherClient(EMBEDDED_APP_KEY, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${authPort}/api/broadcasting/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
  });
}
