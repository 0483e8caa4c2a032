/**
 * The numbers list as an address (`/numbers?q=sales&page=2`), so a search can be bookmarked and the back button
 * returns to it; defaults are left out, so the plain list is `/numbers`.
 */
export interface NumberListState {
  search: string;
  page: number;
}

const PARAM = { search: 'q', page: 'page' } as const;

export function readListState(params: URLSearchParams): NumberListState {
  const page = Number(params.get(PARAM.page));
  return {
    search: (params.get(PARAM.search) ?? '').slice(0, 100),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function writeListState(state: NumberListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set(PARAM.search, state.search);
  if (state.page > 1) params.set(PARAM.page, String(state.page));
  return params;
}
