/**
 * The desktop app's security rules (Electron's security checklist), as small functions main wires to each
 * window: only our own origin may be navigated to or open windows (http(s) links go to the system browser),
 * only microphone and notifications are granted and only to our own origin, and a strict Content-Security-Policy.
 */

import { uiContentSecurityPolicy } from '@shared/csp';

/** The renderer is loaded from the packaged files through this custom protocol, never file:// (ARCHITECTURE). */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://switchboard';

export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    // `new URL('app://switchboard/x').origin` is "null" for custom schemes: build it by hand.
    return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

export function isOwnOrigin(url: string, ownOrigins: readonly string[] = [APP_ORIGIN]): boolean {
  const origin = originOf(url);
  return origin !== null && ownOrigins.includes(origin);
}

/** The CSP of every page main serves: the UI's policy (shared/csp.ts) with the API's origins added. */
export function contentSecurityPolicy(apiBaseUrl: string): string {
  const api = new URL(apiBaseUrl);
  const webSocket = `${api.protocol === 'https:' ? 'wss' : 'ws'}://${api.host}`;
  return uiContentSecurityPolicy({ apiOrigins: [api.origin, webSocket] });
}

export interface NavigationGuardTarget {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
  on(event: 'will-navigate', listener: (event: { preventDefault(): void }, url: string) => void): void;
}

/**
 * Deny by default: no new windows at all (an http(s) link opens in the system browser instead), and navigation
 * only within our own origin.
 */
export function guardNavigation(
  contents: NavigationGuardTarget,
  options: { openExternal(url: string): void; ownOrigins?: readonly string[] },
): void {
  const openOutside = (url: string) => {
    const protocol = (() => {
      try {
        return new URL(url).protocol;
      } catch {
        return '';
      }
    })();
    if (protocol === 'https:' || protocol === 'http:' || protocol === 'mailto:') options.openExternal(url);
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isOwnOrigin(url, options.ownOrigins)) return;
    event.preventDefault();
    openOutside(url);
  });
}

/** Permissions a page may get: the microphone (calls) and notifications, and only for our own origin. */
export const GRANTED_PERMISSIONS: readonly string[] = ['media', 'notifications'];

export function permissionDecision(
  permission: string,
  requestingUrl: string,
  details: { mediaTypes?: string[] } = {},
  ownOrigins: readonly string[] = [APP_ORIGIN],
): boolean {
  if (!GRANTED_PERMISSIONS.includes(permission) || !isOwnOrigin(requestingUrl, ownOrigins)) return false;
  // Calls need audio only: a request that includes the camera is refused.
  if (permission === 'media' && (details.mediaTypes ?? []).some((type) => type !== 'audio')) return false;
  return true;
}
