/**
 * The campaigns area's server calls (§7 Campaigns) as queries and mutations, what the editor reads of the company
 * (its time zone and whether links are allowed) and of its numbers, and the live side: `campaigns.updated` on the
 * company's campaigns channel puts each campaign's new counts into the cache as they come.
 */
import { CAMPAIGN_ENDPOINTS, type Campaign, type CampaignPreviewBody } from '@shared/api/campaigns';
import { COMPANY_ENDPOINTS } from '@shared/api/companies';
import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import type { CampaignEventFilter } from '@shared/domain/campaignSending';
import { channels, EVENTS } from '@shared/realtime';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../api';
import type { MultipartFields } from '../../api/contractCall';
import { keys } from '../../api/keys';
import { useRealtimeEvent } from '../../api/realtime';
import { useContractMutation } from '../../api/useContractMutation';
import { applyCampaign, campaignKeys, removeCampaign } from './campaignCache';
import type { SaveAction } from './editorModel';
import { type CampaignListState, listQuery } from './listState';

export function useCampaigns(companyId: number, state: CampaignListState) {
  return useQuery({
    queryKey: campaignKeys.list(companyId, state),
    queryFn: ({ signal }) =>
      api.call(CAMPAIGN_ENDPOINTS.list, { query: listQuery(companyId, state) }, { signal, silent: true }),
    enabled: companyId > 0,
    // While another page or filter loads, the previous rows stay — never another company's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === companyId ? previous : undefined,
  });
}

export function useCampaign(id: number | null) {
  return useQuery({
    queryKey: campaignKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.call(
        CAMPAIGN_ENDPOINTS.get,
        { params: { id: id ?? 0 }, query: { include: 'groups' } },
        { signal, silent: true },
      ),
    enabled: !!id,
  });
}

export interface EventListParams {
  search: string;
  status: CampaignEventFilter;
  page: number;
}

export function useCampaignEvents(id: number, params: EventListParams) {
  return useQuery({
    queryKey: campaignKeys.eventsPage(id, params),
    queryFn: ({ signal }) =>
      api.call(
        CAMPAIGN_ENDPOINTS.events,
        {
          params: { id },
          query: { search: params.search.trim() || undefined, status: params.status, page: params.page },
        },
        { signal, silent: true },
      ),
    enabled: id > 0,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
}

/** The pre-send summary of the campaign as the editor has it (the editor debounces `body`). */
export function useCampaignPreview(companyId: number, body: CampaignPreviewBody, enabled: boolean) {
  return useQuery({
    queryKey: campaignKeys.preview(companyId, body),
    queryFn: ({ signal }) =>
      api.call(
        CAMPAIGN_ENDPOINTS.preview,
        { query: { company_id: companyId }, body },
        { signal, silent: true },
      ),
    enabled: enabled && companyId > 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === companyId ? previous : undefined,
    staleTime: 10_000,
  });
}

/** The company's settings: its time zone (schedules are read in it) and whether its texts may carry links (§5). */
export function useCompanySettings(companyId: number) {
  return useQuery({
    queryKey: keys.company(companyId),
    queryFn: ({ signal }) =>
      api.call(COMPANY_ENDPOINTS.get, { params: { id: companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
    staleTime: 5 * 60_000,
  });
}

/** The company's numbers that can text: what a campaign is sent from. */
export function useSendingNumbers(companyId: number) {
  return useQuery({
    queryKey: ['Numbers', 'campaign-senders', companyId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.call(
          NUMBER_ENDPOINTS.list,
          { params: { companyId }, query: { perPage: 1000 } },
          { signal, silent: true },
        )
      ).data.filter((number) => number.sms_enabled),
    enabled: companyId > 0,
  });
}

export interface SaveCampaign {
  /** The campaign changed; none for a new one. */
  id: number | null;
  companyId: number;
  /** The button pressed (what the person is told once it is saved). */
  action: SaveAction;
  fields: MultipartFields;
}

/**
 * Saving (§4 "Existing campaigns are updated, new ones created"): the answer goes into the cache, and `onSaved`
 * hears it even when the editor has gone meanwhile — sending a draft now publishes the campaign's start before
 * the answer arrives, and its page then says it can no longer be changed.
 */
export function useSaveCampaign({
  onSaved,
}: {
  onSaved?: (campaign: Campaign, saved: SaveCampaign) => void;
} = {}) {
  const client = useQueryClient();
  const onSuccess = (campaign: Campaign, saved: SaveCampaign) => {
    client.setQueryData(campaignKeys.detail(campaign.id), campaign);
    void client.invalidateQueries({ queryKey: campaignKeys.lists() });
    onSaved?.(campaign, saved);
  };
  return {
    create: useContractMutation(CAMPAIGN_ENDPOINTS.create, {
      call: ({ companyId, fields }: SaveCampaign) => ({
        input: { query: { company_id: companyId }, body: fields },
      }),
      silent: true,
      onSuccess,
    }),
    update: useContractMutation(CAMPAIGN_ENDPOINTS.update, {
      call: ({ id, fields }: SaveCampaign) => ({ input: { params: { id: id ?? 0 }, body: fields } }),
      silent: true,
      onSuccess,
    }),
  };
}

/**
 * Pause, resume and delete (§7; a sending campaign's delete cancels it, §8). `onDeleted` hears the server's answer
 * even when the screen has gone meanwhile: the deletion's own `campaigns.updated` may arrive before the answer and
 * take the campaign's page away.
 */
export function useCampaignActions({
  onDeleted,
}: {
  onDeleted?: (campaign: Campaign, message: string) => void;
} = {}) {
  const client = useQueryClient();
  const taken = (campaign: Campaign) => {
    applyCampaign(client, campaign);
    void client.invalidateQueries({ queryKey: campaignKeys.lists() });
  };
  return {
    pause: useContractMutation(CAMPAIGN_ENDPOINTS.pause, {
      call: (campaign: Campaign) => ({ input: { params: { id: campaign.id } }, name: campaign.title }),
      onSuccess: taken,
    }),
    resume: useContractMutation(CAMPAIGN_ENDPOINTS.resume, {
      call: (campaign: Campaign) => ({ input: { params: { id: campaign.id } }, name: campaign.title }),
      onSuccess: taken,
    }),
    remove: useContractMutation(CAMPAIGN_ENDPOINTS.remove, {
      call: (campaign: Campaign) => ({ input: { params: { id: campaign.id } }, name: campaign.title }),
      silent: true,
      onSuccess: (answer, campaign) => {
        onDeleted?.(campaign, answer.message);
        removeCampaign(client, campaign.id);
        void client.invalidateQueries({ queryKey: campaignKeys.lists() });
      },
    }),
  };
}

/** How often, at most, lists and events lists that a live change may have touched are asked again. */
const LIVE_REFETCH_MS = 2_000;

/**
 * Follows `campaigns.updated` of the company while mounted: each campaign's counts go into the cache at once;
 * lists that may now show it otherwise and the campaign's events are fetched again, at most every two seconds.
 */
export function useCampaignsLive(companyId: number): void {
  const client = useQueryClient();
  const waiting = useRef({ lists: new Map<string, QueryKey>(), events: new Set<number>() });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  useRealtimeEvent(
    companyId ? channels.campaigns(companyId) : null,
    EVENTS.campaignsUpdated,
    ({ campaign }) => {
      if (campaign.company_id !== companyId) return;
      for (const key of applyCampaign(client, campaign)) waiting.current.lists.set(JSON.stringify(key), key);
      waiting.current.events.add(campaign.id);
      timer.current ??= setTimeout(() => {
        timer.current = null;
        const { lists, events } = waiting.current;
        waiting.current = { lists: new Map(), events: new Set() };
        // A refetch under way is joined, not restarted: under a stream of changes every refetch still completes.
        for (const key of lists.values())
          void client.invalidateQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
        for (const id of events)
          void client.invalidateQueries({ queryKey: campaignKeys.events(id) }, { cancelRefetch: false });
      }, LIVE_REFETCH_MS);
    },
  );
}
