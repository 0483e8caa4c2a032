/**
 * Alerts (§7 Alerts, §9 "alerts 10"): the company's monitoring alerts, newest first, 10 to a page, by state — Open,
 * Snoozed, Closed or All, each with its count — with the state and page kept in the address. A row opens its
 * alert. Owners and administrators find the monitors that open alerts from here.
 */
import { Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';
import { MONITOR_KINDS } from '@shared/domain/alerts';
import { labelOf } from '@shared/domain/codes';
import { roleCan } from '@shared/domain/permissions';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { DataTable, pagerOf } from '../../ui/DataTable';
import { formatWhen } from '../../ui/dateTime';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { useClampedPage } from '../../ui/useClampedPage';
import { useSearchParamsNow } from '../../ui/useSearchParamsNow';
import { AlertStateBadge } from './AlertStateBadge';
import {
  type AlertListState,
  countOf,
  readListState,
  STATE_TABS,
  type StateTab,
  writeListState,
} from './alertModel';
import { useAlertCounts, useAlerts } from './alertsApi';

const NO_ALERTS: Alert[] = [];
const column = createColumnHelper<Alert>();

const EMPTY_TEXT: Record<StateTab, { title: string; text: string }> = {
  open: { title: 'No open alerts', text: 'Everything the monitors watch is as it should be.' },
  snoozed: { title: 'No snoozed alerts', text: 'A snoozed alert shows here until its snooze runs out.' },
  closed: { title: 'No closed alerts', text: 'Alerts closed with a reason are listed here.' },
  all: { title: 'No alerts yet', text: 'An alert opens here when a monitor finds something wrong.' },
};

export function AlertsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'reports.view');
  const canManage = roleCan(company?.role, 'settings.manage');
  const tz = useTimeZone();

  const [params, setParams] = useSearchParamsNow();
  const state = useMemo(() => readListState(params), [params]);
  const update = useCallback(
    (change: (current: AlertListState) => AlertListState) =>
      setParams((previous) => writeListState(change(readListState(previous))), { replace: true }),
    [setParams],
  );
  const alerts = useAlerts(canView ? companyId : 0, state.tab, state.page);
  const counts = useAlertCounts(canView ? companyId : 0);

  useClampedPage(state.page, alerts.data?.last_page, (page) => update((s) => ({ ...s, page })));

  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: 'Alert',
        cell: ({ row: { original: alert } }) => (
          <Anchor component={Link} to={`/alerts/${alert.id}`} fw={500} size="sm">
            {alert.title}
          </Anchor>
        ),
      }),
      column.accessor('kind', {
        header: 'Kind',
        cell: (info) => labelOf(MONITOR_KINDS, info.getValue(), info.getValue()),
      }),
      column.accessor((alert) => alert.subject.label, { id: 'subject', header: 'About' }),
      column.accessor('opened_at', {
        header: 'Opened',
        cell: (info) => <span style={{ whiteSpace: 'nowrap' }}>{formatWhen(info.getValue(), tz)}</span>,
      }),
      column.accessor('state', {
        header: 'State',
        cell: ({ row: { original: alert } }) => <AlertStateBadge alert={alert} tz={tz} />,
      }),
    ],
    [tz],
  );

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its alerts." />;

  const page = alerts.data;
  const empty = EMPTY_TEXT[state.tab];
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Alerts
        </Title>
        {canManage && (
          <Button component={Link} to="/alerts/monitors" variant="default">
            Monitors
          </Button>
        )}
      </Group>
      <SegmentedControl
        aria-label="Alert state"
        value={state.tab}
        onChange={(value) => update(() => ({ tab: value as StateTab, page: 1 }))}
        data={STATE_TABS.map((tab) => {
          const count = countOf(tab.value, counts.data);
          return { value: tab.value, label: count === null ? tab.label : `${tab.label} (${count})` };
        })}
        style={{ alignSelf: 'flex-start' }}
      />
      {alerts.error && !page ? (
        <QueryErrorState title="Could not load the alerts" query={alerts} />
      ) : (
        <DataTable
          label="Alerts"
          data={page?.data ?? NO_ALERTS}
          columns={columns}
          loading={alerts.isPending}
          loadingLabel="Loading alerts"
          busy={alerts.isPlaceholderData}
          pagination={pagerOf(page, (next) => update((s) => ({ ...s, page: next })), 'Pages of alerts')}
          empty={
            <Stack align="center" gap={4} py="xl">
              <Text fw={600}>{empty.title}</Text>
              <Text c="dimmed">{empty.text}</Text>
            </Stack>
          }
          scrollContainer="auto"
          tableProps={{ highlightOnHover: true }}
        />
      )}
    </Stack>
  );
}
