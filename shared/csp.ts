/**
 * The account UI's Content-Security-Policy, written once: the platform server sends it with the UI's pages (the
 * web build) and the desktop app's app:// handler sends it with its own. There the API is another origin than the
 * page, so the desktop adds it; in a browser the API is the page's own origin. Besides our own origins the UI
 * reaches only Twilio — the Voice SDK's signalling (wss://voice-js.*.twilio.com), call-quality events
 * (eventgw.twilio.com), its sounds (sdk.twilio.com) and recordings kept at Twilio — a hosted realtime cluster
 * when one is configured, and Maxio's card form: Chargify.js is the one script from elsewhere
 * (js.chargify.com/latest/chargify.js, loaded by the payment dialog), and its card fields are iframes served from
 * js.chargify.com that talk to the Maxio site's server host, https://<site>.chargify.com or, in the EU,
 * https://<site>.ebilling.maxio.com; the site is configured per deployment, so those two are wildcards. Frames
 * are otherwise only our own. (A <meta> CSP in index.html would apply on top of these and, in the desktop app, block
 * the API outright: 'self' is app://switchboard there. So the policy travels as a header only.)
 */

const TWILIO = ['https://*.twilio.com', 'wss://*.twilio.com'];
/** Chargify.js itself, and the origins of its hosted fields (the iframes) and the Maxio sites they talk to. */
const CHARGIFY_JS = 'https://js.chargify.com';
const MAXIO = ['https://*.chargify.com', 'https://*.maxio.com'];

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
    `script-src 'self' ${CHARGIFY_JS}`,
    // Mantine writes style attributes and a style element at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', ...api)}`,
    `connect-src ${list("'self'", ...api, ...realtime, ...TWILIO, ...MAXIO)}`,
    // Naming frame-src ends default-src's say over frames: 'self' keeps what that allowed.
    `frame-src ${list("'self'", ...MAXIO)}`,
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
