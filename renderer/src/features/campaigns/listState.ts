/**
 * The campaigns list as an address (`/campaigns?q=sale&state=scheduled&sort=title&dir=asc&page=2`), so a list can
 * be bookmarked and the back button returns to it; defaults are left out, so the plain list is `/campaigns`.
 */
import { CAMPAIGN_SORTS } from '@shared/api/campaigns';
import { CAMPAIGN_DISPLAY_STATES, type CampaignDisplayState } from '@shared/domain/campaigns';
import { isCode } from '@shared/domain/codes';

export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export interface CampaignListState {
  search: string;
  /** A display state (§4), or every campaign. */
  state: CampaignDisplayState | 'all';
  sort: CampaignSort;
  dir: 'asc' | 'desc';
  page: number;
}

/** Newest first, as the server lists them by default. */
export const DEFAULT_LIST_STATE: CampaignListState = Object.freeze({
  search: '',
  state: 'all',
  sort: 'created_at',
  dir: 'desc',
  page: 1,
});

const PARAM = { search: 'q', state: 'state', sort: 'sort', dir: 'dir', page: 'page' } as const;

export function readListState(params: URLSearchParams): CampaignListState {
  const state = params.get(PARAM.state);
  const sort = params.get(PARAM.sort);
  const page = Number(params.get(PARAM.page));
  const dir = params.get(PARAM.dir);
  return {
    search: (params.get(PARAM.search) ?? '').slice(0, 100),
    state: isCode(CAMPAIGN_DISPLAY_STATES, state) ? state : 'all',
    sort: (CAMPAIGN_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CampaignSort) : 'created_at',
    dir: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_LIST_STATE.dir,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function writeListState(state: CampaignListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set(PARAM.search, state.search);
  if (state.state !== 'all') params.set(PARAM.state, state.state);
  if (state.sort !== DEFAULT_LIST_STATE.sort) params.set(PARAM.sort, state.sort);
  if (state.dir !== DEFAULT_LIST_STATE.dir) params.set(PARAM.dir, state.dir);
  if (state.page > 1) params.set(PARAM.page, String(state.page));
  return params;
}

/** The list query of §7 "GET /campaigns (company_id, page, size, include groups, filter, sort, dir)". */
export function listQuery(companyId: number, state: CampaignListState) {
  return {
    company_id: companyId,
    page: state.page,
    include: 'groups',
    filter: state.state === 'all' ? undefined : state.state,
    search: state.search.trim() || undefined,
    sort: state.sort,
    dir: state.dir,
  };
}
