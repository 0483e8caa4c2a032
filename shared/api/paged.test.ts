import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  contactsPageSchema,
  isPagedBody,
  lastPage,
  pagedSchema,
  pageOffset,
  toContactsPage,
  toPage,
} from './index';

describe('paged lists: §3 "Paged number lists carry current_page, last_page, total"; contacts "current_page, total_pages"', () => {
  it.each([
    [0, 13, 1],
    [1, 13, 1],
    [13, 13, 1],
    [14, 13, 2],
    [27, 13, 3],
  ])('%i rows at %i a page → last page %i', (total, perPage, expected) => {
    expect(lastPage(total, perPage)).toBe(expected);
  });

  it('toPage builds the general shape, and the schema accepts it', () => {
    const page = toPage([{ id: 1 }], 14, 2, 13);
    expect(page).toEqual({ data: [{ id: 1 }], current_page: 2, last_page: 2, per_page: 13, total: 14 });
    expect(pagedSchema(z.object({ id: z.number() })).parse(page)).toEqual(page);
  });

  it('toContactsPage builds the contacts shape, and the schema accepts it', () => {
    const page = toContactsPage([], 0, 1, 25);
    expect(page).toEqual({ data: [], current_page: 1, total_pages: 0, total: 0 });
    expect(contactsPageSchema(z.object({ id: z.number() })).parse(page)).toEqual(page);
    expect(toContactsPage([], 51, 3, 25).total_pages).toBe(3);
  });

  it.each([
    [1, 13, 0],
    [2, 13, 13],
    [0, 10, 0],
  ])('page %i at %i a page starts at row %i', (page, perPage, expected) => {
    expect(pageOffset(page, perPage)).toBe(expected);
  });

  it('§8 "A paged list that returns no data yields an internal server error 500": a body without data is no page', () => {
    expect(isPagedBody({ data: [], current_page: 1 })).toBe(true);
    expect(isPagedBody({ current_page: 1 })).toBe(false);
    expect(isPagedBody(null)).toBe(false);
    expect(isPagedBody({ data: 'x' })).toBe(false);
  });
});
