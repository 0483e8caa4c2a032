/**
 * Prefetching screens. Each screen's code is a chunk of its own (lazyLoad.tsx), so the first page load carries
 * only the shell and the screen it lands on; this module fetches the others before they are asked for, so
 * following a link stays as quick as when every screen was in one file:
 *
 * - **Where the page lands**: the router calls `preloadPath(location)` as the app boots, so the screen's chunk
 *   downloads while the user's session is still being fetched rather than after.
 * - **Likely next, when idle**: a second after the signed-in shell has rendered (its session, data and realtime
 *   subscriptions go first), `usePrefetchScreens(navigation paths)` fetches one screen per idle period
 *   (`requestIdleCallback`, else a short timer), one after another — first the screens agents open most
 *   (`LIKELY_NEXT`), then the rest of what the role's navigation offers, so a screen never opened still opens
 *   offline in a page that is already loaded. With Save-Data on, only the likely ones. A screen the role may not
 *   use is never fetched.
 * - **Intent**: pointing at or focusing a navigation link fetches that screen at once (`preloadPath`).
 * - **Signed out**: while a sign-in page sits idle, the shell's deferred parts and the first screen (router.tsx).
 *
 * A failed prefetch (offline) is ignored: opening the screen fetches again and says so if it still cannot.
 * The router hands its route table over (`registerScreenRoutes`); this module never imports the router, which
 * imports the shell, which imports this.
 */
import { useEffect } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { LazyScreen } from './lazyLoad';

/** The screens agents open most after landing, in order: the conversations, the people, the history. */
export const LIKELY_NEXT: readonly string[] = ['/inbox', '/contacts', '/activity'];

/** The most a prefetch waits for an idle period before it runs anyway (a page that is never idle). */
const IDLE_TIMEOUT_MS = 2_000;
/** Where `requestIdleCallback` is missing (Safari): a short pause between prefetches. */
const FALLBACK_DELAY_MS = 300;
/**
 * How long a freshly rendered page is left alone before prefetching starts: its session, its screen's data and its
 * realtime subscriptions go first (a browser is "idle" between those network waits too).
 */
const SETTLE_MS = 1_000;

/** What a route that shows a lazy screen carries in its `handle`. */
export interface ScreenHandle {
  screen: LazyScreen;
}

let routeTable: RouteObject[] = [];

/** The router's routes, whose `handle.screen` name the lazy screen each one shows. */
export function registerScreenRoutes(routes: RouteObject[]): void {
  routeTable = routes;
}

/** The lazy screen a path shows, if any (`/inbox/12` → the inbox). */
export function screenForPath(pathname: string): LazyScreen | undefined {
  const deepest = matchRoutes(routeTable, pathname)?.at(-1);
  return (deepest?.route.handle as ScreenHandle | undefined)?.screen;
}

/** Starts fetching the screen a path shows; a failure is left for the screen to report when it is opened. */
export function preloadPath(pathname: string): void {
  screenForPath(pathname)
    ?.preload()
    .catch(() => undefined);
}

/** Runs `callback` when the browser is idle (at the latest after `timeout`); returns a cancel function. */
export function whenIdle(callback: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const id = globalThis.requestIdleCallback(() => callback(), { timeout });
    return () => globalThis.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, FALLBACK_DELAY_MS);
  return () => clearTimeout(id);
}

/** The paths to prefetch, in order: the likely ones the navigation offers, then (unless `onlyLikely`) the rest. */
export function prefetchOrder(paths: readonly string[], onlyLikely = false): string[] {
  const likely = LIKELY_NEXT.filter((path) => paths.includes(path));
  return onlyLikely ? likely : [...likely, ...paths.filter((path) => !likely.includes(path))];
}

/**
 * Preloads the screens one at a time, each in an idle period of its own, so prefetching never competes with
 * what the user is doing. Returns a cancel function (the shell unmounts, or the role changes).
 */
export function prefetchWhenIdle(
  screens: readonly { preload(): Promise<unknown> }[],
  schedule = whenIdle,
): () => void {
  let cancelled = false;
  let cancelWait = () => {};
  const next = (index: number) => {
    const screen = screens[index];
    if (cancelled || !screen) return;
    cancelWait = schedule(() => {
      void screen
        .preload()
        .catch(() => undefined)
        .then(() => next(index + 1));
    });
  };
  next(0);
  return () => {
    cancelled = true;
    cancelWait();
  };
}

/** `prefetchWhenIdle`, once the page has had `SETTLE_MS` to itself; returns a cancel function. */
export function prefetchAfterSettling(
  items: readonly { preload(): Promise<unknown> }[],
  settleMs = SETTLE_MS,
): () => void {
  let cancelPrefetch = () => {};
  const timer = setTimeout(() => {
    cancelPrefetch = prefetchWhenIdle(items);
  }, settleMs);
  return () => {
    clearTimeout(timer);
    cancelPrefetch();
  };
}

function saveData(): boolean {
  const connection = (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)
    ?.connection;
  return connection?.saveData === true;
}

/** The shell's hook: once it has rendered, prefetch the screens its navigation links to (see above). */
export function usePrefetchScreens(paths: readonly string[]): void {
  const key = paths.join('\n');
  useEffect(() => {
    const screens = new Set<LazyScreen>();
    for (const path of prefetchOrder(key ? key.split('\n') : [], saveData())) {
      const screen = screenForPath(path);
      if (screen) screens.add(screen);
    }
    return prefetchAfterSettling([...screens]);
  }, [key]);
}
