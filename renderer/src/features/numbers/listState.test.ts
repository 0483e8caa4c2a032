/** The numbers table as an address: defaults left out, anything odd read as the default, filters kept exactly. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_STATE, isFiltered, readListState, tableFilters, writeListState } from './listState';

const state = (over: Partial<typeof DEFAULT_TABLE_STATE>) => ({ ...DEFAULT_TABLE_STATE, ...over });

describe('the numbers table in the address', () => {
  it.each([
    ['', state({})],
    ['q=sales&page=2', state({ search: 'sales', page: 2 })],
    ['page=0', state({})],
    ['page=-3', state({})],
    ['page=two', state({})],
    ['page=1.5', state({})],
    ['type=1&status=inactive', state({ type: 1, status: 'inactive' })],
    ['type=9&status=gone', state({})],
    ['area=312&pattern=round', state({ areaCode: '312', pattern: 'round' })],
    ['area=31&pattern=lucky', state({})],
    ['sort=label&dir=desc', state({ sort: 'label', direction: 'desc' })],
    ['sort=price&dir=up', state({})],
    ['tag=%20west%20', state({ tag: 'west' })],
  ])('?%s reads as the state', (query, expected) => {
    expect(readListState(new URLSearchParams(query))).toEqual(expected);
  });

  it('keeps at most 100 characters of a search', () => {
    expect(readListState(new URLSearchParams({ q: 'x'.repeat(150) })).search).toHaveLength(100);
  });

  it.each([
    [state({}), ''],
    [state({ search: '  ' }), ''],
    [state({ search: '(312) 555', page: 3 }), 'q=%28312%29+555&page=3'],
    [
      state({ type: 2, tag: 'west', sort: 'created_at', direction: 'desc' }),
      'type=2&tag=west&sort=created_at&dir=desc',
    ],
  ])('%o is written as ?%s and read back the same', (written, query) => {
    expect(writeListState(written).toString()).toBe(query);
    expect(readListState(writeListState(written))).toEqual({
      ...written,
      search: written.search.trim() ? written.search : '',
    });
  });

  it('says when the table is narrowed, and gives the API only what narrows it', () => {
    expect(isFiltered(state({}))).toBe(false);
    expect(isFiltered(state({ sort: 'label', page: 4 }))).toBe(false);
    expect(isFiltered(state({ pattern: 'mirror' }))).toBe(true);
    expect(tableFilters(state({ areaCode: '212', search: ' ' }))).toEqual({
      search: undefined,
      type: undefined,
      status: undefined,
      tag: undefined,
      area_code: '212',
      pattern: undefined,
      sort: 'number',
      direction: 'asc',
    });
  });
});
