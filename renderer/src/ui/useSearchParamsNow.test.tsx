/**
 * Two changes to the address before the page draws again both count: the second updater sees the first's
 * result. React Router's own updater (shown first, as the reason for the hook) sees the last render's params;
 * should an upgrade make that test fail, React Router keeps both changes itself and the hook can go.
 */
import { act } from 'react';
import { createBrowserRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reactRoots } from '../testing/reactRoots';
import { type SearchParamsUpdate, useSearchParamsNow } from './useSearchParamsNow';

const newRoot = reactRoots();

/** Renders a page at /report whose hook's setter the test keeps, and returns it. */
async function pageWith(
  useHook: () => [URLSearchParams, SearchParamsUpdate],
): Promise<{ set: () => SearchParamsUpdate }> {
  window.history.replaceState(null, '', '/report');
  let setter: SearchParamsUpdate | null = null;
  function Page() {
    const [, set] = useHook();
    setter = set;
    return null;
  }
  const router = createBrowserRouter([{ path: '/report', element: <Page /> }]);
  const { root } = newRoot();
  await act(async () => root.render(<RouterProvider router={router} />));
  return {
    set: () => {
      if (!setter) throw new Error('the page did not render');
      return setter;
    },
  };
}

/** Two quick changes made with the setter of one render, as two clicks before a redraw do. */
async function twoQuickChanges(set: SearchParamsUpdate): Promise<string> {
  await act(async () => {
    set((current) => {
      const next = new URLSearchParams(current);
      next.set('groupBy', 'source');
      return next;
    });
    await Promise.resolve();
    set((current) => {
      const next = new URLSearchParams(current);
      next.set('days', '90');
      return next;
    });
  });
  return window.location.search;
}

describe('useSearchParamsNow', () => {
  it("React Router's own updater loses the first of two quick changes (why the hook exists)", async () => {
    const page = await pageWith(() => {
      const [params, setParams] = useSearchParams();
      return [params, setParams as unknown as SearchParamsUpdate];
    });
    expect(await twoQuickChanges(page.set())).toBe('?days=90');
  });

  it('keeps both of two quick changes', async () => {
    const page = await pageWith(useSearchParamsNow);
    expect(await twoQuickChanges(page.set())).toBe('?groupBy=source&days=90');
  });
});
