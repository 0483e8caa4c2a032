/**
 * Signed recording links (`/api/recordings/{kind}/{id}?company=…&expires=…&sig=…`): where they point when the API
 * is on another origin (the desktop app loads its pages from app://), and whether one has run out.
 */

/**
 * The server writes links from its own root (`/api/recordings/…`). The web build is served by that server, so the
 * page's origin is right; the desktop app reaches the API at `API_URL`, so the link belongs to that origin.
 */
export function absoluteMediaUrl(url: string, apiBase: string, pageUrl: string): string {
  return new URL(url, new URL(apiBase, pageUrl)).toString();
}

/** True when the link's `expires` (ms since the epoch) has passed; links without one never run out. */
export function linkExpired(url: string, now: number): boolean {
  const expires = Number(new URL(url, 'http://link.invalid').searchParams.get('expires'));
  return Number.isFinite(expires) && expires > 0 && expires <= now;
}
