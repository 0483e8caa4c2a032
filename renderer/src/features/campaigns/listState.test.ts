import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATE, listQuery, readListState, writeListState } from './listState';

describe('the campaigns list in the address', () => {
  it('the plain address is the newest first, every state, page 1', () => {
    expect(readListState(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
    expect(writeListState(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('keeps a search, a displayed state, a sort and a page, and reads them back', () => {
    const state = {
      search: 'sale',
      state: 'scheduled' as const,
      sort: 'title' as const,
      dir: 'asc' as const,
      page: 3,
    };
    const params = writeListState(state);
    expect(params.toString()).toBe('q=sale&state=scheduled&sort=title&dir=asc&page=3');
    expect(readListState(params)).toEqual(state);
  });

  it('ignores what it does not know', () => {
    expect(readListState(new URLSearchParams('state=queued&sort=password&dir=up&page=-2'))).toEqual(
      DEFAULT_LIST_STATE,
    );
    expect(readListState(new URLSearchParams('state=in-progress')).state).toBe('in-progress');
  });

  it('asks the server for the page, with the groups, filtered by displayed state (§7)', () => {
    expect(listQuery(3, { ...DEFAULT_LIST_STATE, search: '  sale ', state: 'paused', page: 2 })).toEqual({
      company_id: 3,
      page: 2,
      include: 'groups',
      filter: 'paused',
      search: 'sale',
      sort: 'created_at',
      dir: 'desc',
    });
    expect(listQuery(3, DEFAULT_LIST_STATE)).toMatchObject({ filter: undefined, search: undefined });
  });
});
