import { describe, expect, it, vi } from 'vitest';
import {
  APP_ORIGIN,
  contentSecurityPolicy,
  guardNavigation,
  isOwnOrigin,
  type NavigationGuardTarget,
  permissionDecision,
} from './security';

describe('own origin', () => {
  it.each([
    ['app://switchboard/index.html', true],
    ['app://switchboard/', true],
    ['app://evil/index.html', false],
    ['https://switchboard.test/', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isOwnOrigin(url)).toBe(expected);
  });
});

function fakeContents() {
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  let navigate: ((event: { preventDefault(): void }, url: string) => void) | undefined;
  const contents: NavigationGuardTarget = {
    setWindowOpenHandler: (handler) => {
      openHandler = handler;
    },
    on: (_event, listener) => {
      navigate = listener;
    },
  };
  return {
    contents,
    open: (url: string) => openHandler?.({ url }),
    navigate: (url: string) => {
      const event = {
        prevented: false,
        preventDefault() {
          this.prevented = true;
        },
      };
      navigate?.(event, url);
      return event.prevented;
    },
  };
}

describe('navigation and new windows: deny by default', () => {
  it('denies every new window; http(s) links open in the system browser, other schemes nowhere', () => {
    const openExternal = vi.fn();
    const fake = fakeContents();
    guardNavigation(fake.contents, { openExternal });
    expect(fake.open('https://example.com/help')).toEqual({ action: 'deny' });
    expect(fake.open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(fake.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://example.com/help']]);
  });

  it('a navigation to a foreign origin is prevented; our own is allowed', () => {
    const openExternal = vi.fn();
    const fake = fakeContents();
    guardNavigation(fake.contents, { openExternal });
    expect(fake.navigate(`${APP_ORIGIN}/users`)).toBe(false);
    expect(fake.navigate('https://evil.test/phish')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://evil.test/phish');
  });
});

describe('permissions: microphone and notifications, for our own origin only', () => {
  it.each([
    ['media', `${APP_ORIGIN}/`, { mediaTypes: ['audio'] }, true],
    ['media', `${APP_ORIGIN}/`, { mediaTypes: ['audio', 'video'] }, false],
    ['media', 'https://evil.test/', { mediaTypes: ['audio'] }, false],
    ['notifications', `${APP_ORIGIN}/`, {}, true],
    ['geolocation', `${APP_ORIGIN}/`, {}, false],
    ['clipboard-read', `${APP_ORIGIN}/`, {}, false],
  ])('%s from %s (%j) → %s', (permission, url, details, expected) => {
    expect(permissionDecision(permission, url, details)).toBe(expected);
  });
});

describe('Content-Security-Policy', () => {
  it('allows scripts from the app only and connections to the app and the API (http and WebSocket)', () => {
    const csp = contentSecurityPolicy('https://platform.example.com/api');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' https://platform.example.com wss://platform.example.com");
    // Voicemails, recordings and MMS images come from the API, which is not 'self' (app://switchboard) here.
    expect(csp).toMatch(/media-src [^;]*https:\/\/platform\.example\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/platform\.example\.com/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
