/** A page past the list's end moves to its last page; a page within it, or a list not loaded yet, stays. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../testing/reactRoots';
import { useClampedPage } from './useClampedPage';

const newRoot = reactRoots();

function Probe({ page, lastPage, goTo }: { page: number; lastPage?: number; goTo: (page: number) => void }) {
  useClampedPage(page, lastPage, goTo);
  return null;
}

describe('useClampedPage', () => {
  it.each([
    ['past the end: to the last page', 5, 3, [3]],
    ['on the last page: stays', 3, 3, []],
    ['within the list: stays', 2, 3, []],
    ['an empty list (no pages): stays', 4, 0, []],
    ['not loaded yet: stays', 4, undefined, []],
  ] as const)('%s', (_name, page, lastPage, expected) => {
    const goTo = vi.fn();
    const { root } = newRoot();
    act(() => root.render(<Probe page={page} lastPage={lastPage} goTo={goTo} />));
    expect(goTo.mock.calls.map(([to]) => to)).toEqual(expected);
  });

  it('uses the latest goTo when the list shrinks later', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { root } = newRoot();
    act(() => root.render(<Probe page={4} lastPage={5} goTo={first} />));
    act(() => root.render(<Probe page={4} lastPage={2} goTo={latest} />));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(2);
  });
});
