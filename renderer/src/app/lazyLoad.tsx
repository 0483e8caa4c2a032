/**
 * Code that loads on demand: a chunk of its own, fetched the first time it is rendered or when `preload()` is
 * called (the router preloads the screen a page load lands on and the shell's deferred parts; prefetch.ts the
 * likely next screens). A screen's route shows a skeleton while its chunk loads. A chunk that cannot be fetched
 * (offline, or a new version was deployed and the old file is gone) says so and offers to try again, instead of
 * crashing the window.
 */

import { Button, Stack } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import {
  type ComponentType,
  Fragment,
  lazy,
  Component as ReactComponent,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { ErrorState, NotAvailableOffline } from '../ui/States';

export interface LazyComponent<P extends object> {
  /** Renders the component once its chunk is here (suspends until then: put it under a Suspense boundary). */
  readonly Component: ComponentType<P>;
  /** Starts fetching the chunk, once; resolves when the component can render without waiting. */
  preload(): Promise<unknown>;
}

/** A chunk that could not be fetched; any other error goes on to the next boundary up, as before. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** How long a failed chunk's lazy wrapper is kept: React's own retries of the failed mount see the same failure. */
const FAILURE_KEPT_MS = 1_000;
/** Bumped by "Try again": every failed wrapper is made anew, so its chunk is fetched again. */
let tries = 0;

export function fetchFailedChunksAgain(): void {
  tries++;
}

/**
 * `load` imports the module and picks its named export, so the modules loaded keep their named exports:
 * `lazyComponent('inbox', () => import('../features/inbox/InboxPage').then((m) => m.InboxPage))`.
 */
export function lazyComponent<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  let failedAt = 0;
  let wrapper: { component: ComponentType<P>; made: number; tries: number } | undefined;

  function preload(): Promise<ComponentType<P>> {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined; // the next attempt fetches again
        failedAt = Date.now();
        throw new ChunkLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return pending;
  }

  /**
   * The lazy wrapper for a mount that has to wait for the chunk. One for all mounts, not one per mount: a mount that
   * suspends is not kept, so React makes it again when the chunk settles — with a wrapper of its own it would find
   * a new fetch pending every time and never the failure (a fetch that always fails looped for ever). React.lazy
   * keeps a rejection for good, so a failed wrapper is made anew after "Try again", or a moment after it failed.
   */
  function waitingWrapper(): ComponentType<P> {
    const stale =
      wrapper &&
      (wrapper.tries !== tries || (failedAt >= wrapper.made && Date.now() - failedAt >= FAILURE_KEPT_MS));
    if (!wrapper || stale) {
      const component = lazy(() => preload().then((resolved) => ({ default: resolved })));
      wrapper = { component, made: Date.now(), tries };
    }
    return wrapper.component;
  }

  function Loaded(props: P) {
    // Chosen once per mount: the component itself when its chunk is already here (preloaded: no skeleton flash),
    // else the waiting wrapper.
    const [Resolved] = useState<ComponentType<P>>(() => loaded ?? waitingWrapper());
    return <Resolved {...props} />;
  }
  Loaded.displayName = `Lazy(${name})`;

  return { Component: Loaded, preload };
}

export interface LazyScreen extends LazyComponent<Record<string, never>> {
  /** Keys the screen's boundaries, so each screen gets fresh ones (and so its own skeleton) when navigated to. */
  readonly name: string;
  /** The route element: the screen inside its own Suspense and load-error boundaries. */
  element(fallback: ReactNode): ReactNode;
}

/** A routed screen: `lazyScreen('inbox', () => import('../features/inbox/InboxPage').then((m) => m.InboxPage))`. */
export function lazyScreen(name: string, load: () => Promise<ComponentType>): LazyScreen {
  const { Component: Screen, preload } = lazyComponent(name, load);
  return {
    name,
    Component: Screen,
    preload,
    element: (fallback) => (
      <LoadBoundary key={name} title="Could not load this screen">
        <Suspense fallback={fallback}>
          <Screen />
        </Suspense>
      </LoadBoundary>
    ),
  };
}

/** Catches a chunk that failed to load; rethrows anything else, so components' own errors are handled as before. */
export class LoadBoundary extends ReactComponent<
  { title: string; children: ReactNode },
  { caught: { error: unknown } | null; attempt: number }
> {
  override state = { caught: null as { error: unknown } | null, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { caught: { error } };
  }

  override render() {
    const { caught, attempt } = this.state;
    // Keyed by attempt, so "Try again" mounts the component afresh (a new lazy wrapper, a new fetch).
    if (!caught) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    if (!(caught.error instanceof ChunkLoadError)) throw caught.error;
    const tryAgain = () => {
      fetchFailedChunksAgain();
      this.setState({ caught: null, attempt: attempt + 1 });
    };
    // Offline, a screen never opened before has no code here yet: say so, not a network error.
    if (!onlineManager.isOnline()) {
      return (
        <Stack align="center" gap="sm">
          <NotAvailableOffline title="This screen is not available offline" />
          <Button variant="light" onClick={tryAgain}>
            Try again
          </Button>
        </Stack>
      );
    }
    return <ErrorState title={this.props.title} error={caught.error} onRetry={tryAgain} />;
  }
}
