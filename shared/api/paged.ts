/**
 * The paged-list shapes of §3: "Paged number lists carry current_page, last_page, total"; contacts
 * "Paged lists carry current_page, total_pages". ARCHITECTURE keeps both as the spec has them.
 */
import { z } from 'zod';
import { PageNumberSchema } from './contract';

export const PageQuerySchema = z.object({
  page: PageNumberSchema,
  perPage: z.coerce.number().int().min(1).max(1000).optional(),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int().min(1),
    last_page: z.number().int().min(1),
    per_page: z.number().int().min(1),
    total: z.number().int().min(0),
  });
}
export type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

export function contactsPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int().min(1),
    total_pages: z.number().int().min(0),
    total: z.number().int().min(0),
  });
}
export type ContactsPage<T> = { data: T[]; current_page: number; total_pages: number; total: number };

/** The last page of `total` rows, `perPage` to a page: at least 1, so an empty list has one empty page. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Builds a page of §3's general shape from one page of rows and the total. */
export function toPage<T>(data: T[], total: number, page: number, perPage: number): Paged<T> {
  return { data, current_page: page, last_page: lastPage(total, perPage), per_page: perPage, total };
}

/** Builds a contacts page (§3 contacts carry `total_pages`, which is 0 for no contacts). */
export function toContactsPage<T>(data: T[], total: number, page: number, perPage: number): ContactsPage<T> {
  return { data, current_page: page, total_pages: Math.ceil(total / perPage), total };
}

/** The offset of a page's first row. */
export function pageOffset(page: number, perPage: number): number {
  return (Math.max(1, page) - 1) * perPage;
}

/**
 * §8 "A paged list that returns no data yields an internal server error 500": a body without a `data` list is
 * not a page, and is treated as a server failure rather than an empty list.
 */
export function isPagedBody(body: unknown): body is { data: unknown[] } {
  return typeof body === 'object' && body !== null && Array.isArray((body as { data?: unknown }).data);
}
