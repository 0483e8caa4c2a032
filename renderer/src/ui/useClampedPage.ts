/**
 * A list's page past its end — its last rows deleted, closed or filtered away — moves to the last page, rather
 * than showing an empty page with rows before it. `goTo` may be a new function each render: the latest is used.
 */
import { useEffect, useRef } from 'react';

export function useClampedPage(
  page: number,
  lastPage: number | undefined,
  goTo: (page: number) => void,
): void {
  const latest = useRef(goTo);
  latest.current = goTo;
  useEffect(() => {
    if (lastPage && lastPage > 0 && page > lastPage) latest.current(lastPage);
  }, [lastPage, page]);
}
