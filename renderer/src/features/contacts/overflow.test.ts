import { describe, expect, it } from 'vitest';
import { foldOverflow, SHOWN_IN_CELL } from './overflow';

describe('foldOverflow', () => {
  // Issue 17: contacts in single-line rows with "+N" for extra groups and labels and a full view on hover.
  it.each([
    { items: [], shown: [], hidden: [] },
    { items: ['VIP'], shown: ['VIP'], hidden: [] },
    { items: ['VIP', 'Donor'], shown: ['VIP', 'Donor'], hidden: [] },
    { items: ['VIP', 'Donor', 'Press'], shown: ['VIP', 'Donor'], hidden: ['Press'] },
    { items: ['VIP', 'Donor', 'Press', 'Board'], shown: ['VIP', 'Donor'], hidden: ['Press', 'Board'] },
  ])('shows the first two of $items and folds the rest into "+N"', ({ items, shown, hidden }) => {
    expect(SHOWN_IN_CELL).toBe(2);
    expect(foldOverflow(items)).toEqual({ shown, hidden });
  });

  it('keeps the order and shows at least one item whatever the limit', () => {
    expect(foldOverflow(['a', 'b', 'c'], 1)).toEqual({ shown: ['a'], hidden: ['b', 'c'] });
    expect(foldOverflow(['a', 'b'], 0)).toEqual({ shown: ['a'], hidden: ['b'] });
    expect(foldOverflow(['a', 'b', 'c'], 5)).toEqual({ shown: ['a', 'b', 'c'], hidden: [] });
  });
});
