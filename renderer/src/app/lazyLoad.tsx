/**
 * Code that loads on demand: a chunk of its own, fetched the first time it is rendered or when `preload()` is
 * called (the router preloads the screen a page load lands on and the shell's deferred parts; prefetch.ts the
 * likely next screens). A screen's route shows a skeleton while its chunk loads. A chunk that cannot be fetched
 * (offline, or a new version was deployed and the old file is gone) says so and offers to try again, instead of
 * crashing the window.
 */
import {
  type ComponentType,
  Fragment,
  lazy,
  Component as ReactComponent,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { ErrorState } from '../ui/States';

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

  function preload(): Promise<ComponentType<P>> {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined; // the next attempt fetches again
        throw new ChunkLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return pending;
  }

  function Loaded(props: P) {
    // Chosen once per mount: the component itself when its chunk is already here (preloaded: no skeleton flash),
    // else a lazy wrapper. A new wrapper per mount, because React.lazy keeps a rejection for good and "Try again"
    // must fetch again.
    const [Resolved] = useState<ComponentType<P>>(
      () => loaded ?? lazy(() => preload().then((component) => ({ default: component }))),
    );
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
    return (
      <ErrorState
        title={this.props.title}
        error={caught.error}
        onRetry={() => this.setState({ caught: null, attempt: attempt + 1 })}
      />
    );
  }
}
