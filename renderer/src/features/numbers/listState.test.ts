/** The numbers list as an address: defaults left out, anything odd read as the default. */
import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './listState';

describe('the numbers list in the address', () => {
  it.each([
    ['', { search: '', page: 1 }],
    ['q=sales&page=2', { search: 'sales', page: 2 }],
    ['page=0', { search: '', page: 1 }],
    ['page=-3', { search: '', page: 1 }],
    ['page=two', { search: '', page: 1 }],
    ['page=1.5', { search: '', page: 1 }],
  ])('?%s reads as %o', (query, state) => {
    expect(readListState(new URLSearchParams(query))).toEqual(state);
  });

  it('keeps at most 100 characters of a search', () => {
    expect(readListState(new URLSearchParams({ q: 'x'.repeat(150) })).search).toHaveLength(100);
  });

  it.each([
    [{ search: '', page: 1 }, ''],
    [{ search: '  ', page: 1 }, ''],
    [{ search: '(312) 555', page: 3 }, 'q=%28312%29+555&page=3'],
  ])('%o is written as ?%s', (state, query) => {
    expect(writeListState(state).toString()).toBe(query);
    expect(readListState(writeListState(state)).page).toBe(state.page);
  });
});
