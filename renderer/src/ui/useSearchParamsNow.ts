/**
 * `useSearchParams`, except that an updater is handed the address as it stands now rather than as it was when the
 * page last drew. React Router hands the updater the params of its last render, and draws a navigation inside a
 * transition that a busy machine may put off: two quick changes (a grouping, then a date range) both build on
 * the old params and the second undoes the first. The app's router is a browser router, which writes the
 * address as soon as it navigates, so the window's location is the latest word on it.
 */
import { useCallback } from 'react';
import { type NavigateOptions, type URLSearchParamsInit, useSearchParams } from 'react-router';

export type SearchParamsUpdate = (
  next: (current: URLSearchParams) => URLSearchParamsInit,
  options?: NavigateOptions,
) => void;

export function useSearchParamsNow(): [URLSearchParams, SearchParamsUpdate] {
  const [params, setParams] = useSearchParams();
  const update = useCallback<SearchParamsUpdate>(
    (next, options) => setParams(next(new URLSearchParams(window.location.search)), options),
    [setParams],
  );
  return [params, update];
}
