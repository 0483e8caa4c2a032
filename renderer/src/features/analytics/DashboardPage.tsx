/**
 * The dashboard (§7 `POST /dashboard`, `POST /companies/{companyId}/calls/kpi`): for a range (the last 30 days in
 * the user's time zone unless chosen otherwise) the key figures against the §9 previous period, then one widget per
 * question — calls over time, outcomes, top sources and numbers, why calls were missed, when calls come (weekday ×
 * hour) and who answers them. Each widget loads, fails and retries on its own, and links to the activity feed.
 * The choices live in the address, so a reload or a shared link shows the same dashboard.
 */
import './analytics.css';
import { Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { roleCan } from '@shared/domain/permissions';
import { PREVIOUS_PERIOD_OPTIONS, type PreviousPeriodOption } from '@shared/domain/time';
import { useCallback, useMemo } from 'react';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { EmptyState, ErrorState } from '../../ui/States';
import { useSearchParamsNow } from '../../ui/useSearchParamsNow';
import { whoMay } from '../schedule/whoMay';
import { useKpis } from './analyticsApi';
import {
  AgentsWidget,
  HeatmapWidget,
  MissedReasonsWidget,
  NumbersWidget,
  OutcomesWidget,
  SourcesWidget,
  TimelineWidget,
  type WidgetProps,
} from './DashboardWidgets';
import { type DashboardState, kpiBody, readDashboard, writeDashboard } from './dashboardState';
import { KpiCards } from './KpiCards';
import { RangePicker } from './RangePicker';
import { rangeLabel, resolveRange } from './range';

export function DashboardPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'reports.view');
  const tz = useTimeZone();
  const [params, setParams] = useSearchParamsNow();
  const state = useMemo(() => readDashboard(params), [params]);
  const change = useCallback(
    (patch: Partial<DashboardState>) =>
      setParams((previous) => writeDashboard({ ...readDashboard(previous), ...patch }), { replace: true }),
    [setParams],
  );
  // The days of a preset are worked out once per choice, not per render: "today" must not move under a query key.
  const days = useMemo(() => resolveRange(state.range, new Date(), tz), [state.range, tz]);
  const kpis = useKpis(companyId, kpiBody(days, state.compare, tz), canView);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return (
      <ErrorState
        title="Not allowed"
        error={`Your role in this company cannot see analytics: ${whoMay('reports.view')} can.`}
      />
    );

  const widget: WidgetProps = {
    companyId,
    days,
    tz,
    interval: state.interval,
    onInterval: (interval) => change({ interval }),
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <Text c="dimmed">
          {rangeLabel(state.range)} of {company.name}’s calls, in {tz}.
        </Text>
      </Stack>
      <Group gap="md" align="flex-end" wrap="wrap">
        <RangePicker value={state.range} tz={tz} onChange={(range) => change({ range })} />
        <Select
          label="Compare with"
          data={PREVIOUS_PERIOD_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
          value={state.compare}
          onChange={(value) => value && change({ compare: value as PreviousPeriodOption })}
          allowDeselect={false}
          w={220}
        />
      </Group>
      <KpiCards query={kpis} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <TimelineWidget {...widget} />
        <OutcomesWidget {...widget} />
        <MissedReasonsWidget {...widget} />
        <SourcesWidget {...widget} />
        <NumbersWidget {...widget} />
        <HeatmapWidget {...widget} />
        <AgentsWidget {...widget} />
      </SimpleGrid>
    </Stack>
  );
}
