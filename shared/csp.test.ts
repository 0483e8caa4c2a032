import { describe, expect, it } from 'vitest';
import { uiContentSecurityPolicy } from './csp';

/** The sources of one directive. */
function sources(csp: string, directive: string): string[] {
  const found = csp.split('; ').find((entry) => entry.startsWith(`${directive} `));
  return found ? found.split(' ').slice(1) : [];
}

describe("the UI's Content-Security-Policy", () => {
  const web = uiContentSecurityPolicy();
  const desktop = uiContentSecurityPolicy({ apiOrigins: ['http://127.0.0.1:51234', 'ws://127.0.0.1:51234'] });

  it.each([
    ['script-src', ["'self'", 'https://js.chargify.com']],
    ['frame-src', ["'self'", 'https://*.chargify.com', 'https://*.maxio.com']],
    ['default-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['form-action', ["'none'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
  ])('%s is exactly %j, in a browser and on the desktop', (directive, expected) => {
    expect(sources(web, directive)).toEqual(expected);
    expect(sources(desktop, directive)).toEqual(expected);
  });

  it('never allows eval or inline scripts', () => {
    for (const csp of [web, desktop]) {
      expect(csp).not.toContain('unsafe-eval');
      expect(sources(csp, 'script-src')).not.toContain("'unsafe-inline'");
    }
  });

  it.each([
    ['connect-src', 'http://127.0.0.1:51234'],
    ['connect-src', 'ws://127.0.0.1:51234'],
    ['media-src', 'http://127.0.0.1:51234'],
    ['img-src', 'http://127.0.0.1:51234'],
  ])('on the desktop, %s reaches the API at %s (it is not the page’s origin there)', (directive, origin) => {
    expect(sources(desktop, directive)).toContain(origin);
    expect(sources(web, directive)).not.toContain(origin);
  });

  it("lets Twilio's Voice SDK signal, report call quality and play its sounds", () => {
    expect(sources(web, 'connect-src')).toEqual(
      expect.arrayContaining(['wss://*.twilio.com', 'https://*.twilio.com']),
    );
    expect(sources(web, 'media-src')).toContain('https://*.twilio.com');
  });

  it("lets Chargify.js load, show its card fields' iframes and reach the Maxio site (US or EU), and nothing wider", () => {
    for (const csp of [web, desktop]) {
      expect(sources(csp, 'connect-src')).toEqual(
        expect.arrayContaining(['https://*.chargify.com', 'https://*.maxio.com']),
      );
      // No bare scheme or catch-all anywhere: each allowance names its hosts.
      for (const directive of csp.split('; ')) {
        expect(directive.split(' ').slice(1)).not.toEqual(
          expect.arrayContaining([expect.stringMatching(/^(\*|https:|http:|wss:)$/)]),
        );
      }
    }
    expect(sources(web, 'connect-src')).toEqual([
      "'self'",
      'https://*.twilio.com',
      'wss://*.twilio.com',
      'https://*.chargify.com',
      'https://*.maxio.com',
    ]);
    expect(sources(web, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(sources(web, 'media-src')).toEqual(["'self'", 'blob:', 'https://*.twilio.com']);
    expect(web).not.toMatch(/(img|media|worker|font|style)-src[^;]*(chargify|maxio)/);
  });

  it('reaches a configured realtime cluster elsewhere, and only then', () => {
    const clustered = uiContentSecurityPolicy({ realtimeOrigins: ['wss://ws-mt1.pusher.com'] });
    expect(sources(clustered, 'connect-src')).toContain('wss://ws-mt1.pusher.com');
    expect(web).not.toContain('pusher.com');
  });
});
