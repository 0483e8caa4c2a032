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
    ['script-src', ["'self'"]],
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

  it('reaches a configured realtime cluster elsewhere, and only then', () => {
    const clustered = uiContentSecurityPolicy({ realtimeOrigins: ['wss://ws-mt1.pusher.com'] });
    expect(sources(clustered, 'connect-src')).toContain('wss://ws-mt1.pusher.com');
    expect(web).not.toContain('pusher.com');
  });
});
