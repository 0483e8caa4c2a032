import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, hasFilters, readListState, toApiFilters, writeListState } from './filters';

describe('contacts list state in the address', () => {
  it('reads the group link of the groups page', () => {
    const state = readListState(new URLSearchParams('group=4'));
    expect(state.filters.groups).toEqual([4]);
    expect(toApiFilters(state.filters)).toEqual({ groups: [4] });
  });

  it('reads every filter, page and sort, and writes them back the same', () => {
    const query =
      'search=ann+lee&label=3%2C9&group=4&optin=yes&unsubscribed=no&invalid=yes&page=3&perPage=50&sort=updated_at&dir=desc';
    const state = readListState(new URLSearchParams(query));
    expect(state).toEqual({
      filters: {
        search: 'ann lee',
        labels: [3, 9],
        groups: [4],
        optin: 'yes',
        unsubscribed: 'no',
        invalid: 'yes',
      },
      page: 3,
      perPage: 50,
      sort: 'updated_at',
      dir: 'desc',
    });
    expect(readListState(writeListState(state))).toEqual(state);
    expect(toApiFilters(state.filters)).toEqual({
      search: 'ann lee',
      labels: [3, 9],
      groups: [4],
      optin: true,
      unsubscribed: false,
      invalid: true,
    });
  });

  it('ignores what is not a filter value and leaves defaults out of the address', () => {
    const state = readListState(
      new URLSearchParams('group=x,-1,0,5,5&optin=maybe&page=-2&perPage=7&sort=password&dir=up'),
    );
    expect(state.filters.groups).toEqual([5]);
    expect(state.filters.optin).toBe('any');
    expect(state.page).toBe(1);
    expect(state.perPage).toBe(25);
    expect(state.sort).toBe('name');
    expect(state.dir).toBe('asc');
    expect(
      writeListState({ filters: EMPTY_FILTERS, page: 1, perPage: 25, sort: 'name', dir: 'asc' }).toString(),
    ).toBe('');
  });

  it('counts only filters that narrow', () => {
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, search: '   ' })).toBe(false);
    expect(toApiFilters({ ...EMPTY_FILTERS, search: '  (415) 555 ' })).toEqual({ search: '(415) 555' });
    expect(hasFilters({ ...EMPTY_FILTERS, invalid: 'no' })).toBe(true);
  });
});
