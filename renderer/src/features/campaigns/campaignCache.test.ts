import type { Campaign } from '@shared/api/campaigns';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyCampaign, type CampaignPage, campaignKeys, removeCampaign } from './campaignCache';
import { DEFAULT_LIST_STATE } from './listState';

const GROUPS = [{ id: 4, name: 'VIP', active_count: 3, invalid_count: 0, unsubscriber_count: 1 }];

function campaign(id: number, changes: Partial<Campaign> = {}): Campaign {
  return {
    id,
    user_id: 1,
    company_id: 3,
    type: 'sms',
    title: `Campaign ${id}`,
    text: 'Hello',
    unsubscribe_text: 'Reply STOP to stop',
    should_be_sent_at: null,
    state: 'sending',
    display_state: 'in-progress',
    sent_count: 0,
    delivered_count: 0,
    undelivered_count: 0,
    failed_count: 0,
    skipped_count: 0,
    responded_count: 0,
    unsubscriber_count: 0,
    recipient_count: 10,
    pending_count: 10,
    number_id: 12,
    number: null,
    preview_count: 10,
    preview_credits: 10,
    started: '2030-01-15T12:00:00.000Z',
    finished_at: null,
    state_reason: null,
    media: [],
    dynamic_fields: [],
    skip_inbox: false,
    group_ids: [4],
    groups: GROUPS,
    created_at: '2030-01-15T11:00:00.000Z',
    updated_at: '2030-01-15T12:00:00.000Z',
    deleted_at: null,
    ...changes,
  };
}

const page = (rows: Campaign[]): CampaignPage => ({
  data: rows,
  current_page: 1,
  last_page: 1,
  per_page: 13,
  total: rows.length,
});

const { groups: _dropped, ...withoutGroups } = campaign(1);
/** What `campaigns.updated` carries: the campaign without its groups, with new counts. */
const event = (changes: Partial<Campaign>): Campaign => ({
  ...withoutGroups,
  updated_at: '2030-01-15T12:00:05.000Z',
  ...changes,
});

function cache() {
  const client = new QueryClient();
  const all = campaignKeys.list(3, DEFAULT_LIST_STATE);
  const inProgress = campaignKeys.list(3, { ...DEFAULT_LIST_STATE, state: 'in-progress' });
  const drafts = campaignKeys.list(3, { ...DEFAULT_LIST_STATE, state: 'draft' });
  const searched = campaignKeys.list(3, { ...DEFAULT_LIST_STATE, search: 'winter' });
  const otherCompany = campaignKeys.list(9, DEFAULT_LIST_STATE);
  client.setQueryData(all, page([campaign(2), campaign(1)]));
  client.setQueryData(inProgress, page([campaign(1)]));
  client.setQueryData(drafts, page([campaign(5, { state: 'draft', display_state: 'draft' })]));
  client.setQueryData(searched, page([]));
  client.setQueryData(otherCompany, page([campaign(1, { company_id: 9 })]));
  client.setQueryData(campaignKeys.detail(1), campaign(1));
  return { client, all, inProgress, drafts, searched, otherCompany };
}

const rowOf = (client: QueryClient, key: readonly unknown[], id: number) =>
  client.getQueryData<CampaignPage>(key)?.data.find((row) => row.id === id);

describe('a changed campaign in the cache (campaigns.updated)', () => {
  it('takes the new counts into its page and every list of its company showing it, keeping the groups', () => {
    const { client, all, inProgress, otherCompany } = cache();
    const missing = applyCampaign(client, event({ sent_count: 4, pending_count: 6 }));
    for (const key of [all, inProgress]) {
      expect(rowOf(client, key, 1)).toMatchObject({ sent_count: 4, pending_count: 6, groups: GROUPS });
    }
    expect(client.getQueryData<Campaign>(campaignKeys.detail(1))).toMatchObject({
      sent_count: 4,
      groups: GROUPS,
    });
    // Another company's list is not touched, and the lists that show it need nothing more.
    expect(rowOf(client, otherCompany, 1)?.sent_count).toBe(0);
    expect(missing).toEqual([]);
  });

  it('names the lists to fetch again: those it may now belong to, and those whose filter it has left', () => {
    const { client, inProgress, drafts, searched } = cache();
    const paused = applyCampaign(client, event({ state: 'paused', display_state: 'paused' }));
    // Out of "in progress"; not a draft; does not match "winter".
    expect(paused).toEqual([inProgress]);
    const renamed = applyCampaign(
      client,
      event({ title: 'Winter sale', updated_at: '2030-01-15T12:00:09.000Z' }),
    );
    expect(renamed).toEqual([searched]);
    expect(renamed).not.toContainEqual(drafts);
  });

  it('a new campaign is missing from the lists it may belong to', () => {
    const { client, all, inProgress } = cache();
    expect(applyCampaign(client, campaign(8))).toEqual([all, inProgress]);
  });

  it('an older answer does not undo a newer one', () => {
    const { client, all } = cache();
    applyCampaign(client, event({ sent_count: 7 }));
    applyCampaign(client, event({ sent_count: 3, updated_at: '2030-01-15T12:00:01.000Z' }));
    expect(rowOf(client, all, 1)?.sent_count).toBe(7);
    expect(client.getQueryData<Campaign>(campaignKeys.detail(1))?.sent_count).toBe(7);
  });

  it('a campaign deleted elsewhere leaves the lists', () => {
    const { client, all, inProgress } = cache();
    expect(applyCampaign(client, event({ deleted_at: '2030-01-15T12:01:00.000Z' }))).toEqual([]);
    expect(rowOf(client, all, 1)).toBeUndefined();
    expect(client.getQueryData<CampaignPage>(inProgress)?.total).toBe(0);
    expect(client.getQueryData<Campaign>(campaignKeys.detail(1))?.deleted_at).not.toBeNull();
  });

  it('deleting one forgets its page and takes it out of every list', () => {
    const { client, all } = cache();
    removeCampaign(client, 1);
    expect(client.getQueryData(campaignKeys.detail(1))).toBeUndefined();
    expect(client.getQueryData<CampaignPage>(all)?.data.map((row) => row.id)).toEqual([2]);
    expect(client.getQueryData<CampaignPage>(all)?.total).toBe(1);
  });
});
