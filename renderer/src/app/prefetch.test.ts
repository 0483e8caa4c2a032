import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LIKELY_NEXT,
  prefetchAfterSettling,
  prefetchOrder,
  prefetchWhenIdle,
  registerScreenRoutes,
  screenForPath,
  whenIdle,
} from './prefetch';

/** A scheduler that runs nothing until told: the test plays the browser's idle periods. */
function manualIdle() {
  const queue: (() => void)[] = [];
  const schedule = (callback: () => void) => {
    queue.push(callback);
    return () => {
      const at = queue.indexOf(callback);
      if (at >= 0) queue.splice(at, 1);
    };
  };
  return { schedule, pending: () => queue.length, runNext: () => queue.shift()?.() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeScreen(name: string, outcome: 'ok' | 'fail' = 'ok') {
  const preload = vi.fn(() => (outcome === 'ok' ? Promise.resolve() : Promise.reject(new Error(name))));
  return { name, preload };
}

describe('prefetch order', () => {
  it('puts the likely next screens first, then the rest of the navigation in its order', () => {
    const nav = ['/inbox', '/activity', '/contacts', '/groups', '/users', '/api-keys', '/profile'];
    expect(prefetchOrder(nav)).toEqual([
      '/inbox',
      '/contacts',
      '/activity',
      '/groups',
      '/users',
      '/api-keys',
      '/profile',
    ]);
    expect(LIKELY_NEXT).toEqual(['/inbox', '/contacts', '/activity']);
  });

  it('never fetches a screen the role cannot open, and with Save-Data only the likely ones', () => {
    expect(prefetchOrder(['/activity', '/contacts', '/groups', '/api-keys', '/profile'], true)).toEqual([
      '/contacts',
      '/activity',
    ]);
    expect(prefetchOrder(['/api-keys', '/profile'])).toEqual(['/api-keys', '/profile']);
  });
});

describe('prefetching when idle', () => {
  it('preloads one screen per idle period, the next only after the previous has arrived', async () => {
    const idle = manualIdle();
    const [a, b] = [fakeScreen('a'), fakeScreen('b')];
    prefetchWhenIdle([a, b], idle.schedule);
    expect(a.preload).not.toHaveBeenCalled();
    idle.runNext();
    expect(a.preload).toHaveBeenCalledOnce();
    expect(idle.pending()).toBe(0);
    await flush();
    expect(idle.pending()).toBe(1);
    idle.runNext();
    expect(b.preload).toHaveBeenCalledOnce();
  });

  it('goes on past a screen that fails to load (offline)', async () => {
    const idle = manualIdle();
    const [a, b] = [fakeScreen('a', 'fail'), fakeScreen('b')];
    prefetchWhenIdle([a, b], idle.schedule);
    idle.runNext();
    await flush();
    idle.runNext();
    expect(b.preload).toHaveBeenCalledOnce();
  });

  it('stops when cancelled (the shell unmounts or the role changes)', async () => {
    const idle = manualIdle();
    const [a, b] = [fakeScreen('a'), fakeScreen('b')];
    const cancel = prefetchWhenIdle([a, b], idle.schedule);
    idle.runNext();
    cancel();
    await flush();
    expect(idle.pending()).toBe(0);
    expect(b.preload).not.toHaveBeenCalled();
  });
});

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('uses requestIdleCallback with a deadline when the browser has it', () => {
    const request = vi.fn((_callback: IdleRequestCallback, _options?: IdleRequestOptions) => 7);
    const cancelIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const callback = vi.fn();
    const cancel = whenIdle(callback, 1_500);
    expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: 1_500 });
    request.mock.calls[0]?.[0]({ didTimeout: false, timeRemaining: () => 10 });
    expect(callback).toHaveBeenCalledOnce();
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(7);
  });

  it('falls back to a short timer without it', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const callback = vi.fn();
    whenIdle(callback);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(callback).toHaveBeenCalledOnce();
  });
});

describe('the screen behind a path', () => {
  it('is found through the routes’ handle, nested routes and parameters included', () => {
    const inbox = fakeScreen('inbox');
    const contact = fakeScreen('contact');
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { path: 'inbox', handle: { screen: inbox } },
          { path: 'inbox/:conversationId', handle: { screen: inbox } },
          { path: 'contacts/:contactId', handle: { screen: contact } },
          { path: 'dialer' },
        ],
      },
    ];
    registerScreenRoutes(routes);
    expect(screenForPath('/inbox')).toBe(inbox);
    expect(screenForPath('/inbox/12')).toBe(inbox);
    expect(screenForPath('/contacts/5')).toBe(contact);
    expect(screenForPath('/dialer')).toBeUndefined();
    expect(screenForPath('/nowhere')).toBeUndefined();
  });
});

describe('prefetching after the page settles', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('leaves the page alone for a while, then prefetches in idle periods; cancelling before stops it', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const [a, b] = [fakeScreen('a'), fakeScreen('b')];
    prefetchAfterSettling([a], 1_000);
    vi.advanceTimersByTime(999);
    expect(a.preload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.preload).toHaveBeenCalledOnce();

    const cancel = prefetchAfterSettling([b], 1_000);
    vi.advanceTimersByTime(500);
    cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(b.preload).not.toHaveBeenCalled();
  });
});
