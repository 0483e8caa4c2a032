/**
 * The account UI's Content-Security-Policy, written once: the platform server sends it with the UI's pages (the
 * web build) and the desktop app's app:// handler sends it with its own. There the API is another origin than the
 * page, so the desktop adds it; in a browser the API is the page's own origin. Besides our own origins the UI
 * reaches only Twilio — the Voice SDK's signalling (wss://voice-js.*.twilio.com), call-quality events
 * (eventgw.twilio.com), its sounds (sdk.twilio.com) and recordings kept at Twilio — and a hosted realtime cluster
 * when one is configured. (A <meta> CSP in index.html would apply on top of these and, in the desktop app, block
 * the API outright: 'self' is app://switchboard there. So the policy travels as a header only.)
 */

const TWILIO = ['https://*.twilio.com', 'wss://*.twilio.com'];

export function uiContentSecurityPolicy(
  options: {
    /** Origins the API (and its media) is served from when it is not the page's own: the desktop app's case. */
    apiOrigins?: readonly string[];
    /** A realtime cluster on another host (PUSHER_HOST, or Pusher's own). */
    realtimeOrigins?: readonly string[];
  } = {},
): string {
  const api = options.apiOrigins ?? [];
  const realtime = options.realtimeOrigins ?? [];
  const list = (...sources: readonly string[]) => [...new Set(sources)].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine writes style attributes and a style element at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', ...api)}`,
    `connect-src ${list("'self'", ...api, ...realtime, ...TWILIO)}`,
    // Voicemails, recordings and greetings by signed link from the API; call audio as blobs; Twilio's sounds.
    `media-src ${list("'self'", 'blob:', ...api, 'https://*.twilio.com')}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}
