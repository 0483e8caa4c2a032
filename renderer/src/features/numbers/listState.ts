/**
 * The numbers table as an address (`/numbers?q=sales&type=2&status=inactive&sort=label&dir=desc&page=2`), so a
 * filtered view can be bookmarked and the back button returns to it; defaults are left out, so the plain table is
 * `/numbers`, and anything odd in the address reads as the default.
 */
import { NUMBER_TABLE_PER_PAGE, NUMBER_TABLE_SORTS, type NumberTableFilters } from '@shared/api/numberTable';
import { valuesOf } from '@shared/domain/codes';
import { NUMBER_PATTERNS, type NumberPattern } from '@shared/domain/numberPatterns';
import { NUMBER_STATUSES, NUMBER_TYPES, type NumberStatus, type NumberType } from '@shared/domain/numbers';

export type NumberTableSort = (typeof NUMBER_TABLE_SORTS)[number];

export interface NumberTableState {
  search: string;
  type: NumberType | null;
  status: NumberStatus | null;
  tag: string;
  areaCode: string;
  pattern: NumberPattern | null;
  sort: NumberTableSort;
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export const DEFAULT_TABLE_STATE: NumberTableState = {
  search: '',
  type: null,
  status: null,
  tag: '',
  areaCode: '',
  pattern: null,
  sort: 'number',
  direction: 'asc',
  page: 1,
  perPage: NUMBER_TABLE_PER_PAGE,
};

const PARAM = {
  search: 'q',
  type: 'type',
  status: 'status',
  tag: 'tag',
  areaCode: 'area',
  pattern: 'pattern',
  sort: 'sort',
  direction: 'dir',
  page: 'page',
} as const;

function oneOf<T extends string | number>(values: readonly T[], raw: string | null): T | null {
  return values.find((value) => String(value) === raw) ?? null;
}

export function readListState(params: URLSearchParams): NumberTableState {
  const page = Number(params.get(PARAM.page));
  const areaCode = params.get(PARAM.areaCode) ?? '';
  return {
    ...DEFAULT_TABLE_STATE,
    search: (params.get(PARAM.search) ?? '').slice(0, 100),
    type: oneOf(valuesOf(NUMBER_TYPES), params.get(PARAM.type)),
    status: oneOf(valuesOf(NUMBER_STATUSES), params.get(PARAM.status)),
    tag: (params.get(PARAM.tag) ?? '').trim().slice(0, 50),
    areaCode: /^\d{3}$/.test(areaCode) ? areaCode : '',
    pattern: oneOf(valuesOf(NUMBER_PATTERNS), params.get(PARAM.pattern)),
    sort: oneOf(NUMBER_TABLE_SORTS, params.get(PARAM.sort)) ?? DEFAULT_TABLE_STATE.sort,
    direction: params.get(PARAM.direction) === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function writeListState(state: NumberTableState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set(PARAM.search, state.search);
  if (state.type !== null) params.set(PARAM.type, String(state.type));
  if (state.status) params.set(PARAM.status, state.status);
  if (state.tag.trim()) params.set(PARAM.tag, state.tag.trim());
  if (state.areaCode) params.set(PARAM.areaCode, state.areaCode);
  if (state.pattern) params.set(PARAM.pattern, state.pattern);
  if (state.sort !== DEFAULT_TABLE_STATE.sort) params.set(PARAM.sort, state.sort);
  if (state.direction !== DEFAULT_TABLE_STATE.direction) params.set(PARAM.direction, state.direction);
  if (state.page > 1) params.set(PARAM.page, String(state.page));
  return params;
}

/** Whether anything narrows the table (an empty table then says "no number matches", not "no numbers yet"). */
export function isFiltered(state: NumberTableState): boolean {
  return (
    state.search.trim() !== '' ||
    state.type !== null ||
    state.status !== null ||
    state.tag.trim() !== '' ||
    state.areaCode !== '' ||
    state.pattern !== null
  );
}

/** The state as the API's filters (the table's page and its export ask with the same). */
export function tableFilters(state: NumberTableState): NumberTableFilters {
  return {
    search: state.search.trim() || undefined,
    type: state.type ?? undefined,
    status: state.status ?? undefined,
    tag: state.tag.trim() || undefined,
    area_code: state.areaCode || undefined,
    pattern: state.pattern ?? undefined,
    sort: state.sort,
    direction: state.direction,
  };
}
