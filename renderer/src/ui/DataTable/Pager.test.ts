import { describe, expect, it } from 'vitest';
import { pagerOf } from './Pager';

describe('pagerOf: the pager of a paged answer', () => {
  const onPageChange = () => undefined;
  it('reads current_page and last_page', () => {
    expect(pagerOf({ current_page: 2, last_page: 7 }, onPageChange, 'Pages of numbers')).toEqual({
      page: 2,
      pageCount: 7,
      onPageChange,
      label: 'Pages of numbers',
    });
  });
  it('is none before the answer has come', () => {
    expect(pagerOf(undefined, onPageChange, 'Pages of numbers')).toBeUndefined();
  });
});
