import { describe, expect, it } from 'vitest';
import { rowKey, shouldLoadMore, withPinned } from './feedModel';

describe('the virtual feed', () => {
  it('keys rows by kind and id (ids repeat across kinds)', () => {
    expect(rowKey({ type: 'call', id: 41 })).toBe('call-41');
    expect(rowKey({ type: 'voicemail', id: 41 })).toBe('voicemail-41');
  });

  it('keeps pinned rows mounted besides the visible ones', () => {
    expect(withPinned([10, 11, 12], [3, 11, 40], 30)).toEqual([3, 10, 11, 12]);
    expect(withPinned([0, 1], [], 2)).toEqual([0, 1]);
  });

  it('asks for the next page near the end, once, and only when there is one', () => {
    const base = { loaded: 25, hasNextPage: true, fetching: false };
    expect(shouldLoadMore({ ...base, lastVisibleIndex: 10 })).toBe(false);
    expect(shouldLoadMore({ ...base, lastVisibleIndex: 20 })).toBe(true);
    expect(shouldLoadMore({ ...base, lastVisibleIndex: 24, fetching: true })).toBe(false);
    expect(shouldLoadMore({ ...base, lastVisibleIndex: 24, hasNextPage: false })).toBe(false);
    expect(shouldLoadMore({ ...base, loaded: 0, lastVisibleIndex: 0 })).toBe(false);
  });
});
