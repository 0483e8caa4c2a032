/**
 * Campaigns (§7 Campaigns, §9 "Campaigns page size 13"): the company's SMS/MMS campaigns, searched by title,
 * filtered by displayed state (§4), sorted by the server, 13 to a page, with the list kept in the address. Counts
 * move live while a campaign sends (`campaigns.updated`), and a scheduled campaign whose time comes shows in
 * progress without a reload. A row opens its campaign; "New campaign" opens the editor.
 */
import { Anchor, Box, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Campaign } from '@shared/api/campaigns';
import {
  CAMPAIGN_DISPLAY_STATES,
  campaignDisplayState,
  campaignShowsDeliveryTime,
} from '@shared/domain/campaigns';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { createColumnHelper, type SortingState, type Updater } from '@tanstack/react-table';
import { type MouseEvent, useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { DataTable, pagerOf } from '../../ui/DataTable';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { useClampedPage } from '../../ui/useClampedPage';
import { useSearchBox } from '../../ui/useSearchBox';
import { useSearchParamsNow } from '../../ui/useSearchParamsNow';
import { CampaignStateBadge } from './CampaignStateBadge';
import { useCampaigns, useCampaignsLive } from './campaignsApi';
import { counted, formatWhen, progressPercent } from './format';
import { type CampaignListState, type CampaignSort, readListState, writeListState } from './listState';
import { useNow } from './useNow';

const NO_CAMPAIGNS: Campaign[] = [];
const column = createColumnHelper<Campaign>();
const count = (value: number) => value.toLocaleString('en-US');

const STATE_OPTIONS = [
  { value: 'all', label: 'All states' },
  ...CAMPAIGN_DISPLAY_STATES.map((state) => ({ value: state.value, label: state.label })),
];

/** What the delivery column says: the time it is (or was) due, else when it started. */
function deliveryText(campaign: Campaign, now: Date, tz: string): string {
  if (campaignShowsDeliveryTime(campaign, now)) return formatWhen(campaign.should_be_sent_at, tz);
  if (campaign.started) return formatWhen(campaign.started, tz);
  return '—';
}

export function CampaignsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'campaigns.view');
  const canManage = roleCan(company?.role, 'campaigns.manage');
  const tz = useTimeZone();
  const now = useNow();
  const navigate = useNavigate();

  const [params, setParams] = useSearchParamsNow();
  const state = useMemo(() => readListState(params), [params]);
  const update = useCallback(
    (change: (current: CampaignListState) => CampaignListState) =>
      setParams((previous) => writeListState(change(readListState(previous))), { replace: true }),
    [setParams],
  );
  const search = useSearchBox(state.search, (value) => update((s) => ({ ...s, search: value, page: 1 })));

  const campaigns = useCampaigns(canView ? companyId : 0, state);
  useCampaignsLive(canView ? companyId : 0);

  useClampedPage(state.page, campaigns.data?.last_page, (page) => update((s) => ({ ...s, page })));

  const columns = useMemo(
    () => [
      column.accessor('title', {
        id: 'title',
        header: 'Title',
        cell: ({ row: { original: campaign } }) => (
          <Stack gap={0}>
            <Anchor component={Link} to={`/campaigns/${campaign.id}`} fw={500}>
              {campaign.title || 'Untitled campaign'}
            </Anchor>
            <Text size="xs" c="dimmed">
              {campaign.groups?.[0]?.name ?? 'No group yet'}
              {campaign.number && (
                <>
                  {' · '}
                  <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(campaign.number.number)}</span>
                </>
              )}
            </Text>
          </Stack>
        ),
      }),
      column.accessor('state', {
        id: 'state',
        header: 'State',
        meta: { minWidth: 120 },
        cell: ({ row: { original: campaign } }) => <CampaignStateBadge campaign={campaign} now={now} />,
      }),
      column.accessor('should_be_sent_at', {
        id: 'should_be_sent_at',
        header: 'Delivery',
        cell: ({ row: { original: campaign } }) => deliveryText(campaign, now, tz),
      }),
      column.accessor('sent_count', {
        id: 'sent_count',
        header: 'Sent',
        meta: { align: 'right' },
        cell: ({ row: { original: campaign } }) => (
          <Stack gap={0}>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {count(campaign.sent_count)} of {count(campaign.recipient_count || campaign.preview_count)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {campaign.pending_count > 0 &&
              ['in-progress', 'paused'].includes(campaignDisplayState(campaign, now))
                ? `${progressPercent(campaign)}% done`
                : `${count(campaign.delivered_count)} delivered`}
            </Text>
          </Stack>
        ),
      }),
      column.accessor('responded_count', {
        header: 'Responded',
        enableSorting: false,
        meta: { align: 'right' },
        cell: (info) => count(info.getValue()),
      }),
      column.accessor('created_at', {
        id: 'created_at',
        header: 'Created',
        cell: (info) => formatWhen(info.getValue(), tz),
      }),
    ],
    [now, tz],
  );

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its campaigns." />;

  const page = campaigns.data;
  const rows = page?.data ?? NO_CAMPAIGNS;
  const filtered = state.search.trim() !== '' || state.state !== 'all';
  const sorting: SortingState = [{ id: state.sort, desc: state.dir === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
    update((s) => ({
      ...s,
      sort: (next?.id as CampaignSort | undefined) ?? 'created_at',
      dir: next ? (next.desc ? 'desc' : 'asc') : 'desc',
      page: 1,
    }));
  };
  // A click anywhere on a row opens its campaign, as its title link does (the link is the keyboard's way).
  const openRow = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, [role="button"]')) return;
    const href = target.closest('tbody tr')?.querySelector('a[href^="/campaigns/"]')?.getAttribute('href');
    if (href) void navigate(href);
  };
  const newCampaign = canManage && (
    <Button component={Link} to="/campaigns/new">
      New campaign
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Campaigns
          </Title>
          {page && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {counted(page.total, 'campaign')}
              {filtered ? (page.total === 1 ? ' matches' : ' match') : ''}
            </Text>
          )}
        </Stack>
        {newCampaign}
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput label="Search campaigns" placeholder="Title" {...search.inputProps} w={280} />
        <Select
          label="State"
          data={STATE_OPTIONS}
          value={state.state}
          allowDeselect={false}
          onChange={(value) =>
            update((s) => ({ ...s, state: (value as CampaignListState['state'] | null) ?? 'all', page: 1 }))
          }
          w={200}
        />
      </Group>
      {campaigns.error && !page ? (
        <QueryErrorState title="Could not load the campaigns" query={campaigns} />
      ) : (
        // A row click is the pointer's convenience; the keyboard opens a campaign through its title link.
        <Box onClick={openRow} style={{ cursor: rows.length ? 'pointer' : undefined }}>
          <DataTable
            label="Campaigns"
            data={rows}
            columns={columns}
            loading={campaigns.isPending}
            loadingLabel="Loading campaigns"
            busy={campaigns.isPlaceholderData}
            manualSorting
            enableSortingRemoval={false}
            sorting={sorting}
            onSortingChange={onSortingChange}
            pagination={pagerOf(page, (next) => update((s) => ({ ...s, page: next })), 'Pages of campaigns')}
            empty={
              filtered ? (
                <EmptyState title="No campaign matches">Try another title or state.</EmptyState>
              ) : (
                <Stack align="center" gap="xs" py="xl">
                  <Text fw={600}>No campaigns yet</Text>
                  <Text c="dimmed" ta="center">
                    {canManage
                      ? 'A campaign texts a group of contacts at once: a sale, a recall, a reminder.'
                      : 'An administrator can create campaigns.'}
                  </Text>
                  {newCampaign}
                </Stack>
              )
            }
            scrollContainer={{ minWidth: 760 }}
            tableProps={{ highlightOnHover: true }}
          />
        </Box>
      )}
    </Stack>
  );
}
