/**
 * A list that must fit one line of a table cell (a contact's labels or groups): the first few are shown, the rest
 * fold into a "+N" badge, and the whole list is a hover or focus away.
 */

/** How many a contacts cell shows before folding the rest into "+N". */
export const SHOWN_IN_CELL = 2;

export interface Folded<T> {
  /** Shown in the cell, in the list's order. */
  shown: T[];
  /** Folded into "+N" (N = hidden.length). */
  hidden: T[];
}

/** The first `max` items are shown (at least one, when there is any); the rest are hidden. */
export function foldOverflow<T>(items: readonly T[], max: number = SHOWN_IN_CELL): Folded<T> {
  const shown = Math.max(1, Math.floor(max));
  return { shown: items.slice(0, shown), hidden: items.slice(shown) };
}
