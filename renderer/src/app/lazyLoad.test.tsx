import { MantineProvider } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { act, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../testing/reactRoots';
import { ChunkLoadError, lazyComponent, lazyScreen } from './lazyLoad';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const newRoot = reactRoots();

async function render(node: ReactNode): Promise<HTMLElement> {
  const { host, root } = newRoot();
  await act(async () => root.render(node));
  return host;
}

describe('lazyComponent', () => {
  it('fetches its chunk once, however often it is preloaded', async () => {
    const load = vi.fn(async () => Hello);
    const lazy = lazyComponent('hello', load);
    await Promise.all([lazy.preload(), lazy.preload()]);
    await lazy.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('reports a chunk that cannot be fetched as a ChunkLoadError, and fetches again on the next try', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Hello);
    const lazy = lazyComponent('hello', load);
    await expect(lazy.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(lazy.preload()).resolves.toBe(Hello);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the fallback while the chunk loads, then the component with its props', async () => {
    let arrive: (component: typeof Hello) => void = () => {};
    const lazy = lazyComponent('hello', () => new Promise<typeof Hello>((resolve) => (arrive = resolve)));
    const page = await render(
      <Suspense fallback={<p>Loading</p>}>
        <lazy.Component name="Ada" />
      </Suspense>,
    );
    expect(page.textContent).toBe('Loading');
    await act(async () => arrive(Hello));
    expect(page.textContent).toBe('Hello Ada');
  });

  it('renders at once, without the fallback, when the chunk was preloaded', async () => {
    const lazy = lazyComponent('hello', async () => Hello);
    await lazy.preload();
    const { host, root } = newRoot();
    act(() =>
      root.render(
        <Suspense fallback={<p>Loading</p>}>
          <lazy.Component name="Grace" />
        </Suspense>,
      ),
    );
    expect(host.textContent).toBe('Hello Grace');
  });
});

/** Lets the chunk's promise settle and React render what follows, inside act. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('a screen whose chunk cannot be fetched', () => {
  function Screen() {
    return <p>The screen</p>;
  }
  afterEach(() => onlineManager.setOnline(true));

  // Issue 17: "a screen never visited before the outage says it is not available offline instead of spinning".
  // A fetch that always failed used to be made again on each of React's attempts at the mount, for ever.
  it.each([
    { online: true, says: 'Could not load this screen' },
    { online: false, says: 'This screen is not available offline' },
  ])('online: $online → $says, the chunk asked for once; Try again asks again', async ({ online, says }) => {
    onlineManager.setOnline(online);
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const screen = lazyScreen(`screen-${online}`, load);
    const page = await render(<MantineProvider>{screen.element(<p>Loading</p>)}</MantineProvider>);
    await settle();
    expect(page.textContent).toContain(says);
    expect(load).toHaveBeenCalledTimes(1);

    load.mockResolvedValue(Screen);
    const tryAgain = [...page.querySelectorAll('button')].find(
      (button) => button.textContent === 'Try again',
    );
    expect(tryAgain, 'the boundary offers Try again').toBeInstanceOf(HTMLButtonElement);
    await act(async () => tryAgain?.click());
    await settle();
    expect(page.textContent).toContain('The screen');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
