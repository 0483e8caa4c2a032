/**
 * React roots in the jsdom document, for component tests: a test file takes `reactRoots()` once, each call of
 * what it answers makes a host element and a root on it, and after every test the roots made are unmounted and
 * their hosts removed.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

// React warns unless it knows act() drives the test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  host: HTMLElement;
  root: Root;
}

export function reactRoots(): () => Mounted {
  const made: Mounted[] = [];
  afterEach(() => {
    for (const { host, root } of made.splice(0)) {
      act(() => root.unmount());
      host.remove();
    }
  });
  return () => {
    const host = document.createElement('div');
    document.body.append(host);
    const mounted = { host, root: createRoot(host) };
    made.push(mounted);
    return mounted;
  };
}
