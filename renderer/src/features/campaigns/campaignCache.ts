/**
 * The campaigns area's cache keys, and what a changed campaign does to the cache: its page and every cached list
 * page that shows it take the new counts at once (a send publishes `campaigns.updated` a few times a second),
 * keeping the groups the event does not carry. Lists that do not show it may need it (a new campaign, one that
 * moved into their filter): they are named, for the caller to refetch when it sees fit. Pure functions over a
 * QueryClient, so they are tested without a screen.
 */
import type { Campaign } from '@shared/api/campaigns';
import type { Paged } from '@shared/api/paged';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CampaignListState } from './listState';

/**
 * Keys start with `Campaign`, this area's data tag. §3's table of data tags predates campaigns on this platform;
 * the tag is the area's name as the other tags are (`Contact`, `ContactGroup`).
 */
export const campaignKeys = {
  all: () => ['Campaign'] as const,
  lists: () => ['Campaign', 'list'] as const,
  list: (companyId: number, state: CampaignListState) => ['Campaign', 'list', companyId, state] as const,
  detail: (id: number) => ['Campaign', 'detail', id] as const,
  events: (id: number) => ['Campaign', 'events', id] as const,
  eventsPage: (id: number, params: object) => ['Campaign', 'events', id, params] as const,
  preview: (companyId: number, body: object) => ['Campaign', 'preview', companyId, body] as const,
};

export type CampaignPage = Paged<Campaign>;

/** The campaign as it now is, with the groups the cached one had when the new one comes without. */
function merged(previous: Campaign | undefined, next: Campaign): Campaign {
  if (next.groups || !previous?.groups) return next;
  return { ...next, groups: previous.groups };
}

/** An answer older than what the cache holds (events can cross a slower answer) is not taken. */
function isOlder(previous: Campaign | undefined, next: Campaign): boolean {
  return !!previous && Date.parse(next.updated_at) < Date.parse(previous.updated_at);
}

/** Whether a list with these filters may show the campaign (its display state and title as the server has them). */
function mayBelong(filters: CampaignListState | undefined, campaign: Campaign): boolean {
  if (!filters) return true;
  if (filters.state !== 'all' && filters.state !== campaign.display_state) return false;
  const search = filters.search.trim().toLowerCase();
  return !search || campaign.title.toLowerCase().includes(search);
}

/**
 * Puts `campaign` into its page and every cached list page of its company that shows it; answers the keys of the
 * company's cached lists that may need it and do not show it, or show it though it has left their filter: those
 * are to be fetched again. A deleted campaign (cancelled elsewhere) leaves the lists.
 */
export function applyCampaign(client: QueryClient, campaign: Campaign): QueryKey[] {
  client.setQueryData<Campaign>(campaignKeys.detail(campaign.id), (previous) =>
    previous === undefined ? undefined : isOlder(previous, campaign) ? previous : merged(previous, campaign),
  );
  if (campaign.deleted_at) {
    removeFromLists(client, campaign.id);
    return [];
  }
  const missing: QueryKey[] = [];
  for (const [key, page] of client.getQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() })) {
    if (key[2] !== campaign.company_id || !page) continue;
    const filters = key[3] as CampaignListState | undefined;
    const index = page.data.findIndex((row) => row.id === campaign.id);
    if (index < 0) {
      if (mayBelong(filters, campaign)) missing.push(key);
      continue;
    }
    const previous = page.data[index];
    if (isOlder(previous, campaign)) continue;
    const data = page.data.slice();
    data[index] = merged(previous, campaign);
    client.setQueryData<CampaignPage>(key, { ...page, data });
    // It has left the list's filter (it started, it was paused): the list is to be asked again.
    if (!mayBelong(filters, campaign)) missing.push(key);
  }
  return missing;
}

/** A deleted campaign leaves every cached list, and its page is forgotten. */
export function removeCampaign(client: QueryClient, id: number): void {
  client.removeQueries({ queryKey: campaignKeys.detail(id), exact: true });
  removeFromLists(client, id);
}

function removeFromLists(client: QueryClient, id: number): void {
  for (const [key, page] of client.getQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() })) {
    if (!page?.data.some((row) => row.id === id)) continue;
    client.setQueryData<CampaignPage>(key, {
      ...page,
      data: page.data.filter((row) => row.id !== id),
      total: Math.max(0, page.total - 1),
    });
  }
}
