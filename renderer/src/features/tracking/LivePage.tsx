/**
 * The live feed (§7 `GET /dni/realTimeFeed`): visitors on the website now — where they came from, the page they
 * landed on and the one they are on, how many pages they viewed, the number they see and for how long — and the
 * calls to tracking numbers in the last 30 minutes. It is refetched when the platform publishes `dni.feed` on the
 * company's channel and every 15 seconds besides (a missed event, no socket). A visitor opens their timeline
 * (`GET /dniTimelineEvents/{sessionId}`: page views, the number shown, calls) and a call its detail, each in a
 * drawer the address names (`?session=…`, `?call=…`), so either can be linked to.
 */
import {
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { DniFeedCall, DniSession } from '@shared/api/dni';
import { CALL_OUTCOMES, type CallOutcome } from '@shared/domain/calls';
import { labelOf } from '@shared/domain/codes';
import { DNI_FEED_CALL_MINUTES } from '@shared/domain/dni';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { DataTable } from '../../ui/DataTable';
import { formatWhen } from '../../ui/dateTime';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { useSearchParamsNow } from '../../ui/useSearchParamsNow';
import { RowsSkeleton } from '../schedule/Skeletons';
import { CallAttributionPanel } from './CallAttribution';
import {
  drawersOf,
  eventText,
  numberShown,
  pageText,
  sinceText,
  visitorSource,
  withDrawer,
} from './liveModel';
import { useFeedRealtime } from './realtime';
import { TrackingHeader } from './TrackingAreaTabs';
import { useCallDetail, useLiveFeed, useTimeline } from './trackingApi';

const NO_VISITORS: DniSession[] = [];
const NO_CALLS: DniFeedCall[] = [];
const visitorColumn = createColumnHelper<DniSession>();
const callColumn = createColumnHelper<DniFeedCall>();

/** Now, moved on every half minute, so "since" columns age between fetches. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function LivePage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  // The feed is a report of the company's traffic (the server asks reports.view); a visitor's timeline and a call's
  // detail are activity (activity.view), so their buttons show only to those who may open them.
  const canView = roleCan(company?.role, 'reports.view');
  const canOpen = roleCan(company?.role, 'activity.view');
  const tz = useTimeZone();
  const feed = useLiveFeed(canView ? companyId : 0);
  useFeedRealtime(canView ? companyId : 0);
  const now = useNow();
  const [params, setParams] = useSearchParamsNow();
  const drawers = drawersOf(params);
  const open = useCallback(
    (drawer: 'session' | 'call', value: string | number | null) =>
      setParams((previous) => {
        // One drawer at a time: opening a call from a timeline replaces it (the call links back to its visit).
        const other = drawer === 'session' ? 'call' : 'session';
        return withDrawer(withDrawer(previous, other, null), drawer, value);
      }),
    [setParams],
  );

  const visitorColumns = useMemo(
    () => [
      visitorColumn.accessor(visitorSource, { id: 'source', header: 'Source' }),
      visitorColumn.accessor((session) => session.attribution.landing_page, {
        id: 'landing',
        header: 'Landing page',
        cell: (info) => <PageCell url={info.getValue()} />,
      }),
      visitorColumn.accessor('last_page', {
        header: 'Current page',
        cell: (info) => (
          <PageCell url={info.getValue()} landing={info.row.original.attribution.landing_page} />
        ),
      }),
      visitorColumn.accessor('page_views', { header: 'Pages' }),
      visitorColumn.accessor(numberShown, {
        id: 'number',
        header: 'Number shown',
        cell: (info) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {info.getValue()}
          </Text>
        ),
      }),
      visitorColumn.accessor('started_at', {
        header: 'Since',
        cell: (info) => (
          <Text size="sm" title={formatWhen(info.getValue(), tz)} style={{ whiteSpace: 'nowrap' }}>
            {sinceText(info.getValue(), now)}
          </Text>
        ),
      }),
      ...(canOpen
        ? [
            visitorColumn.display({
              id: 'open',
              header: () => <VisuallyHidden>Timeline</VisuallyHidden>,
              cell: (info) => (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Timeline of the visitor from ${visitorSource(info.row.original)} since ${sinceText(info.row.original.started_at, now)}`}
                  onClick={() => open('session', info.row.original.id)}
                >
                  Timeline
                </Button>
              ),
            }),
          ]
        : []),
    ],
    [tz, now, open, canOpen],
  );

  const callColumns = useMemo(
    () => [
      callColumn.accessor('caller', {
        header: 'Caller',
        cell: (info) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatPhone(info.getValue())}
            </Text>
            {info.row.original.first_time && (
              <Badge size="xs" variant="light" color="grape">
                New
              </Badge>
            )}
          </Group>
        ),
      }),
      callColumn.accessor('number', {
        header: 'Number called',
        cell: (info) => formatPhone(info.getValue()),
      }),
      callColumn.accessor((call) => call.source ?? '', { id: 'source', header: 'Source' }),
      callColumn.accessor((call) => call.keyword ?? '', { id: 'keyword', header: 'Keyword' }),
      callColumn.accessor((call) => labelOf(CALL_OUTCOMES, call.outcome as CallOutcome, ''), {
        id: 'outcome',
        header: 'Outcome',
      }),
      callColumn.accessor('started_at', {
        header: 'When',
        cell: (info) => (
          <Text size="sm" title={formatWhen(info.getValue(), tz)} style={{ whiteSpace: 'nowrap' }}>
            {sinceText(info.getValue(), now)} ago
          </Text>
        ),
      }),
      ...(canOpen
        ? [
            callColumn.display({
              id: 'open',
              header: () => <VisuallyHidden>Details</VisuallyHidden>,
              cell: (info) => (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Details of the call from ${formatPhone(info.row.original.caller)}`}
                  onClick={() => open('call', info.row.original.call_id)}
                >
                  Details
                </Button>
              ),
            }),
          ]
        : []),
    ],
    [tz, now, open, canOpen],
  );

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canView)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot see the live feed." />;
  else if (feed.isPending) body = <RowsSkeleton label="Loading the live feed" />;
  else if (feed.error && !feed.data)
    body = <QueryErrorState title="Could not load the live feed" query={feed} />;
  else {
    const visitors = feed.data?.visitors ?? NO_VISITORS;
    const calls = feed.data?.calls ?? NO_CALLS;
    body = (
      <>
        <Stack gap="xs" component="section" aria-labelledby="visitors-title">
          <Title order={2} size="h4" id="visitors-title">
            Visitors now <Badge variant="light">{visitors.length}</Badge>
          </Title>
          <DataTable
            label="Visitors on the website now"
            data={visitors}
            columns={visitorColumns}
            busy={feed.isFetching}
            densityControl={false}
            empty={
              <EmptyState title="No visitors right now">
                Visitors show here while a page with the tracking script is open.
              </EmptyState>
            }
            scrollContainer={{ minWidth: 900 }}
          />
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="calls-title">
          <Title order={2} size="h4" id="calls-title">
            Calls in the last {DNI_FEED_CALL_MINUTES} minutes <Badge variant="light">{calls.length}</Badge>
          </Title>
          <DataTable
            label={`Calls to tracking numbers in the last ${DNI_FEED_CALL_MINUTES} minutes`}
            data={calls}
            columns={callColumns}
            getRowId={(call) => String(call.call_id)}
            densityControl={false}
            empty={<EmptyState title="No calls to tracking numbers in the last half hour" />}
            scrollContainer={{ minWidth: 820 }}
          />
        </Stack>
      </>
    );
  }

  return (
    <Stack>
      <TrackingHeader title="Live" description="Who is on your website now, and who called.">
        {feed.data && (
          <Text size="sm" c="dimmed">
            Updated {formatWhen(feed.data.at, tz)}
          </Text>
        )}
      </TrackingHeader>
      {body}
      <Drawer
        opened={canOpen && drawers.session !== null}
        onClose={() => open('session', null)}
        position="right"
        size="lg"
        title="Visitor timeline"
      >
        {drawers.session && (
          <TimelineView sessionId={drawers.session} tz={tz} onOpenCall={(id) => open('call', id)} />
        )}
      </Drawer>
      <Drawer
        opened={canOpen && drawers.call !== null}
        onClose={() => open('call', null)}
        position="right"
        size="lg"
        title="Call"
      >
        {drawers.call && <CallView callId={drawers.call} tz={tz} onOpenVisit={(id) => open('session', id)} />}
      </Drawer>
    </Stack>
  );
}

function PageCell({ url, landing }: { url: string | null; landing?: string | null }) {
  if (!url) return <Text size="sm">—</Text>;
  return (
    <Text size="sm" truncate maw={260} title={url}>
      {pageText(url, landing ?? url)}
    </Text>
  );
}

function Facts({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <Table variant="vertical" withTableBorder layout="fixed" aria-label={label}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w={140}>{name}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function TimelineView({
  sessionId,
  tz,
  onOpenCall,
}: {
  sessionId: string;
  tz: string;
  onOpenCall: (callId: number) => void;
}) {
  const timeline = useTimeline(sessionId);
  if (timeline.isPending) return <RowsSkeleton label="Loading the timeline" />;
  if (!timeline.data) return <QueryErrorState title="Could not load the timeline" query={timeline} />;
  const { session, events } = timeline.data;
  const a = session.attribution;
  return (
    <Stack gap="md">
      <Facts
        label="The visit"
        rows={[
          ['Source', visitorSource(session)],
          ['Medium', a.medium],
          ...(a.campaign ? ([['Campaign', a.campaign]] as [string, ReactNode][]) : []),
          ...(a.keyword ? ([['Keyword', a.keyword]] as [string, ReactNode][]) : []),
          ['Landing page', a.landing_page],
          ['Referrer', a.referrer ?? 'None (a direct visit)'],
          ['Pool', session.pool?.name ?? 'None'],
          ['Number shown', numberShown(session)],
          ['Visitor', session.returning ? 'Returning' : 'First visit'],
          ['Started', formatWhen(session.started_at, tz)],
          ['Last seen', `${formatWhen(session.last_seen_at, tz)}${session.live ? ' (on the site now)' : ''}`],
        ]}
      />
      <Stack gap={4}>
        <Text fw={600} size="sm" id="timeline-events">
          What happened
        </Text>
        {events.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing recorded yet.
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} aria-labelledby="timeline-events">
            {events.map((event) => {
              const text = eventText(event);
              return (
                <Timeline.Item
                  key={event.id}
                  title={text.title}
                  color={event.kind === 'call' ? 'green' : undefined}
                >
                  <Text size="xs" c="dimmed">
                    {formatWhen(event.at, tz)}
                  </Text>
                  {text.detail && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {text.detail}
                    </Text>
                  )}
                  {event.kind === 'call' && event.call_id && (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => onOpenCall(event.call_id as number)}
                    >
                      Open the call
                    </Anchor>
                  )}
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </Stack>
    </Stack>
  );
}

export function CallView({
  callId,
  tz,
  onOpenVisit,
}: {
  callId: number;
  tz: string;
  onOpenVisit?: (sessionId: string) => void;
}) {
  const call = useCallDetail(callId);
  if (call.isPending) return <RowsSkeleton label="Loading the call" />;
  if (!call.data) return <QueryErrorState title="Could not load the call" query={call} />;
  const c = call.data;
  return (
    <Stack gap="md">
      <Facts
        label="The call"
        rows={[
          ['Caller', c.contact ? `${c.contact.name} (${formatPhone(c.caller)})` : formatPhone(c.caller)],
          [
            'Number called',
            c.number?.label ? `${c.number.label} (${formatPhone(c.called)})` : formatPhone(c.called),
          ],
          ['When', formatWhen(c.started_at, tz)],
          ['Outcome', c.outcome_label],
          ['Answered by', c.user?.name ?? '—'],
        ]}
      />
      <CallAttributionPanel call={c} tz={tz} />
      {c.dni_session_id && onOpenVisit && (
        <Group>
          <Button variant="light" size="xs" onClick={() => onOpenVisit(c.dni_session_id as string)}>
            The visitor’s whole timeline
          </Button>
        </Group>
      )}
    </Stack>
  );
}
