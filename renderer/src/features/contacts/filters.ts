/**
 * The contacts list's filters, page and sort as they live in the address (`/contacts?search=ann&group=4`), so a
 * filtered list can be bookmarked, shared and linked to (the groups page links to `?group=<id>`), and how they
 * become the API's `filters` object (§7 `GET /contacts`, `ContactFiltersSchema`).
 */
import type { ContactFilters } from '@shared/api/contacts';
import { CONTACT_SORTS, type ContactSort } from '@shared/domain/contacts';

export { CONTACT_SORTS, type ContactSort };

export type TriState = 'any' | 'yes' | 'no';

export interface ContactFilterState {
  search: string;
  labels: number[];
  groups: number[];
  optin: TriState;
  unsubscribed: TriState;
  invalid: TriState;
}

export type SortDir = 'asc' | 'desc';

export interface ContactListState {
  filters: ContactFilterState;
  page: number;
  perPage: number;
  sort: ContactSort;
  dir: SortDir;
}

export const PER_PAGE_OPTIONS = [25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;

export const EMPTY_FILTERS: ContactFilterState = Object.freeze({
  search: '',
  labels: [],
  groups: [],
  optin: 'any',
  unsubscribed: 'any',
  invalid: 'any',
}) as ContactFilterState;

/** The names the address uses; `group` and `label` are singular so `?group=4` reads naturally. */
const PARAM = {
  search: 'search',
  labels: 'label',
  groups: 'group',
  optin: 'optin',
  unsubscribed: 'unsubscribed',
  invalid: 'invalid',
  page: 'page',
  perPage: 'perPage',
  sort: 'sort',
  dir: 'dir',
} as const;

/** `4`, `4,7` or repeated `group=4&group=7`: positive whole numbers, each once, anything else ignored. */
function readIds(params: URLSearchParams, name: string): number[] {
  const ids = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => Number(value.trim()))
    .filter((value) => Number.isSafeInteger(value) && value > 0);
  return [...new Set(ids)];
}

function readTri(params: URLSearchParams, name: string): TriState {
  const value = params.get(name);
  return value === 'yes' || value === 'no' ? value : 'any';
}

function readPositive(params: URLSearchParams, name: string, fallback: number): number {
  const value = Number(params.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

export function readListState(params: URLSearchParams): ContactListState {
  const sort = params.get(PARAM.sort);
  const perPage = readPositive(params, PARAM.perPage, DEFAULT_PER_PAGE);
  return {
    filters: {
      search: (params.get(PARAM.search) ?? '').slice(0, 200),
      labels: readIds(params, PARAM.labels),
      groups: readIds(params, PARAM.groups),
      optin: readTri(params, PARAM.optin),
      unsubscribed: readTri(params, PARAM.unsubscribed),
      invalid: readTri(params, PARAM.invalid),
    },
    page: readPositive(params, PARAM.page, 1),
    perPage: (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    sort: (CONTACT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ContactSort) : 'name',
    dir: params.get(PARAM.dir) === 'desc' ? 'desc' : 'asc',
  };
}

/** The address for a state: defaults are left out, so the plain list is plain `/contacts`. */
export function writeListState(state: ContactListState): URLSearchParams {
  const params = new URLSearchParams();
  const { filters } = state;
  if (filters.search.trim()) params.set(PARAM.search, filters.search);
  if (filters.labels.length) params.set(PARAM.labels, filters.labels.join(','));
  if (filters.groups.length) params.set(PARAM.groups, filters.groups.join(','));
  if (filters.optin !== 'any') params.set(PARAM.optin, filters.optin);
  if (filters.unsubscribed !== 'any') params.set(PARAM.unsubscribed, filters.unsubscribed);
  if (filters.invalid !== 'any') params.set(PARAM.invalid, filters.invalid);
  if (state.page > 1) params.set(PARAM.page, String(state.page));
  if (state.perPage !== DEFAULT_PER_PAGE) params.set(PARAM.perPage, String(state.perPage));
  if (state.sort !== 'name') params.set(PARAM.sort, state.sort);
  if (state.dir !== 'asc') params.set(PARAM.dir, state.dir);
  return params;
}

const TRI_TO_BOOLEAN: Record<TriState, boolean | undefined> = { any: undefined, yes: true, no: false };

/** The API's filters object: only the filters that narrow, so "no filters" is `{}`. */
export function toApiFilters(filters: ContactFilterState): ContactFilters {
  const result: ContactFilters = {};
  const search = filters.search.trim();
  if (search) result.search = search;
  if (filters.labels.length) result.labels = filters.labels;
  if (filters.groups.length) result.groups = filters.groups;
  const optin = TRI_TO_BOOLEAN[filters.optin];
  if (optin !== undefined) result.optin = optin;
  const unsubscribed = TRI_TO_BOOLEAN[filters.unsubscribed];
  if (unsubscribed !== undefined) result.unsubscribed = unsubscribed;
  const invalid = TRI_TO_BOOLEAN[filters.invalid];
  if (invalid !== undefined) result.invalid = invalid;
  return result;
}

export function hasFilters(filters: ContactFilterState): boolean {
  return Object.keys(toApiFilters(filters)).length > 0;
}
