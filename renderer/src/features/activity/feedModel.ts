/**
 * The virtualised feed's arithmetic: a stable key per row (ids are per kind), which rows stay mounted (those on
 * screen, plus any the person is listening to or reading a transcript of, so scrolling never stops a recording),
 * and when to ask for the next page.
 */
import type { ActivityRow } from '@shared/api/activity';

/** Rows of the next page are asked for when the last row on screen is this close to the end. */
export const LOAD_AHEAD_ROWS = 5;

export function rowKey(row: Pick<ActivityRow, 'type' | 'id'>): string {
  return `${row.type}-${row.id}`;
}

/** The indexes to render: the visible range and the pinned rows that still exist, ascending, each once. */
export function withPinned(visible: readonly number[], pinned: Iterable<number>, count: number): number[] {
  const all = new Set(visible);
  for (const index of pinned) if (index >= 0 && index < count) all.add(index);
  return [...all].sort((a, b) => a - b);
}

/** True when the last visible row is near the end of what is loaded and more can be loaded. */
export function shouldLoadMore(input: {
  lastVisibleIndex: number;
  loaded: number;
  hasNextPage: boolean;
  fetching: boolean;
}): boolean {
  return (
    input.hasNextPage &&
    !input.fetching &&
    input.loaded > 0 &&
    input.lastVisibleIndex >= input.loaded - LOAD_AHEAD_ROWS
  );
}
