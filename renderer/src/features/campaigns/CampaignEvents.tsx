/**
 * A campaign's events (§7 "GET /campaigns/{id}/events (search, status flag, page, size 10)"): one row per
 * recipient with their delivery state, why they were skipped, the carrier's error code, their reply and whether
 * they unsubscribed; a recipient with a conversation links to it in the inbox. Searched by name or number,
 * filtered by status, 10 to a page; kept current while the campaign sends (campaignsApi `useCampaignsLive`).
 */
import { Anchor, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CampaignEvent } from '@shared/api/campaigns';
import {
  CAMPAIGN_EVENT_FILTERS,
  type CampaignEventFilter,
  RECIPIENT_STATES,
  SKIP_REASONS,
} from '@shared/domain/campaignSending';
import { isCode, labelOf } from '@shared/domain/codes';
import { formatPhone } from '@shared/domain/phone';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, pagerOf } from '../../ui/DataTable';
import { EmptyState, QueryErrorState } from '../../ui/States';
import { useSearchBox } from '../../ui/useSearchBox';
import { type EventListParams, useCampaignEvents } from './campaignsApi';
import { counted, formatWhen } from './format';

const NO_EVENTS: CampaignEvent[] = [];
const column = createColumnHelper<CampaignEvent>();
const STATUS_OPTIONS = CAMPAIGN_EVENT_FILTERS.map((filter) => ({ value: filter.value, label: filter.label }));

/** The recipient's state in words, with what else the row knows of it. */
export function eventStateDetails(event: CampaignEvent, tz: string): string[] {
  const details: string[] = [];
  if (event.skip_reason) details.push(labelOf(SKIP_REASONS, event.skip_reason, event.skip_reason));
  if (event.error_code) details.push(`Error ${event.error_code}`);
  if (event.state === 'pending' && event.not_before)
    details.push(`Waits for their texting hours: ${formatWhen(event.not_before, tz)}`);
  return details;
}

export function CampaignEvents({
  campaignId,
  tz,
  canOpenInbox,
}: {
  campaignId: number;
  tz: string;
  /** Whether the person may use the inbox (`inbox.use`): only then does a recipient link to their conversation. */
  canOpenInbox: boolean;
}) {
  const [params, setParams] = useState<EventListParams>({ search: '', status: 'all', page: 1 });
  const search = useSearchBox(params.search, (value) => setParams((p) => ({ ...p, search: value, page: 1 })));
  const events = useCampaignEvents(campaignId, params);

  const columns = useMemo(
    () => [
      column.display({
        id: 'recipient',
        header: 'Recipient',
        cell: ({ row: { original: event } }) => {
          const name = event.contact?.name || formatPhone(event.number);
          return (
            <Stack gap={0}>
              {event.conversation_id && canOpenInbox ? (
                <Anchor
                  component={Link}
                  to={`/inbox/${event.conversation_id}`}
                  aria-label={`${name}: open the conversation`}
                  fw={500}
                >
                  {name}
                </Anchor>
              ) : (
                <Text fw={500} size="sm">
                  {name}
                </Text>
              )}
              {event.contact?.name && (
                <Text size="xs" c="dimmed">
                  {formatPhone(event.number)}
                </Text>
              )}
            </Stack>
          );
        },
      }),
      column.accessor('state', {
        header: 'State',
        cell: ({ row: { original: event } }) => (
          <Stack gap={0}>
            <Text size="sm">{labelOf(RECIPIENT_STATES, event.state, event.state)}</Text>
            {eventStateDetails(event, tz).map((detail) => (
              <Text key={detail} size="xs" c="dimmed">
                {detail}
              </Text>
            ))}
          </Stack>
        ),
      }),
      column.accessor('sent_at', {
        header: 'Sent',
        cell: (info) => formatWhen(info.getValue(), tz) || '—',
      }),
      column.accessor('reply', {
        header: 'Reply',
        cell: ({ row: { original: event } }) =>
          event.responded_at ? (
            <Stack gap={0}>
              <Text
                size="sm"
                lineClamp={2}
                title={event.reply ?? undefined}
                style={{ overflowWrap: 'anywhere' }}
              >
                {event.reply || 'Responded'}
              </Text>
              <Text size="xs" c="dimmed">
                {formatWhen(event.responded_at, tz)}
              </Text>
            </Stack>
          ) : (
            '—'
          ),
      }),
      column.accessor('unsubscribed_at', {
        header: 'Unsubscribed',
        cell: (info) => (info.getValue() ? `Yes, ${formatWhen(info.getValue(), tz)}` : 'No'),
      }),
    ],
    [tz, canOpenInbox],
  );

  const page = events.data;
  const filtered = params.search.trim() !== '' || params.status !== 'all';

  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-events-title">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2} size="h3" id="campaign-events-title">
            Recipients
          </Title>
          {page && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {counted(page.total, 'recipient')}
              {filtered ? (page.total === 1 ? ' matches' : ' match') : ''}
            </Text>
          )}
        </Stack>
        <Group gap="sm" align="flex-end">
          <TextInput label="Search recipients" placeholder="Name or number" {...search.inputProps} w={240} />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={params.status}
            allowDeselect={false}
            onChange={(value) =>
              setParams((p) => ({
                ...p,
                status: isCode(CAMPAIGN_EVENT_FILTERS, value) ? (value as CampaignEventFilter) : 'all',
                page: 1,
              }))
            }
            w={200}
          />
        </Group>
      </Group>
      {events.error && !page ? (
        <QueryErrorState title="Could not load the recipients" query={events} />
      ) : (
        <DataTable
          label="Campaign events"
          data={page?.data ?? NO_EVENTS}
          columns={columns}
          loading={events.isPending}
          loadingLabel="Loading the recipients"
          busy={events.isPlaceholderData}
          pagination={pagerOf(
            page,
            (next) => setParams((p) => ({ ...p, page: next })),
            'Pages of recipients',
          )}
          empty={
            <EmptyState title={filtered ? 'No recipient matches' : 'No recipients yet'}>
              {filtered
                ? 'Try another name, number or status.'
                : 'Recipients are listed once the campaign starts sending.'}
            </EmptyState>
          }
          scrollContainer={{ minWidth: 760 }}
        />
      )}
    </Stack>
  );
}
