/**
 * Activity (§7 Analytics and activity, `POST /activity`): the company's calls, voicemails, messages and faxes,
 * newest first, filtered by kind, tracked number, dates inside the §9 two-year window, call outcome and a search,
 * with the filters kept in the address; an infinite, virtualised feed with recordings to play and transcripts to
 * read; and exports of the filtered activity as CSV, with their progress.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ActivityRow } from '@shared/api/activity';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { DensityControl } from '../../ui/DataTable/density';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useSearchParamsNow } from '../../ui/useSearchParamsNow';
import { ActivityFeed } from './ActivityFeed';
import { ActivityFilters, type FiltersUpdate } from './ActivityFilters';
import { useActivityFeed, useAgentChoices, useSourceNames, useTrackedNumbers } from './activityApi';
import { ExportDialog, ExportProgress } from './ExportDialog';
import { isRunning } from './exportTracker';
import { checkDateRange, EMPTY_FILTERS, feedBody, hasFilters, readFilters, writeFilters } from './filters';
import { itemCount } from './format';
import { useExportRealtime, useTrackedExport } from './runningExport';

const NO_ROWS: ActivityRow[] = [];

/** The date fields a refusal names (`filters.from`, `filters.to`), for the filters bar. */
function dateErrors(error: unknown): { from?: string; to?: string } {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  return { from: error.field('filters.from'), to: error.field('filters.to') };
}

export function ActivityPage() {
  const { company, user } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'activity.view');
  const canExport = roleCan(company?.role, 'activity.export');
  const tz = useTimeZone();

  const [params, setParams] = useSearchParamsNow();
  const filters = useMemo(() => readFilters(params), [params]);
  const setFilters: FiltersUpdate = useCallback(
    (change) => setParams((previous) => writeFilters(change(readFilters(previous))), { replace: true }),
    [setParams],
  );

  // A bookmarked range that has slid out of the window is refused here, as the filters bar says.
  const rangeProblems = checkDateRange(filters, new Date(), tz);
  const sendable = filters.types.length > 0 && !rangeProblems.from && !rangeProblems.to;
  const body = useMemo(() => feedBody(filters, tz), [filters, tz]);
  const feed = useActivityFeed(companyId, body, canView && sendable);
  const numbers = useTrackedNumbers(canView ? companyId : 0);
  // Call tracking's sources, for the Source filter: only those who may see them are offered them.
  const sourceNames = useSourceNames(companyId, canView && roleCan(company?.role, 'numbers.view'));
  const agents = useAgentChoices(canView ? companyId : 0, company?.role, user, tz);
  const rows = useMemo(() => feed.data?.pages.flatMap((page) => page.data) ?? NO_ROWS, [feed.data]);
  // The newest page's total: past the rows the server counts exactly it is an estimate, which the pages only
  // ever raise, and the page that reaches the end has the exact number.
  const newestPage = feed.data?.pages.at(-1);
  const total = newestPage?.total ?? 0;
  const totalIsEstimate = newestPage?.total_is_estimate === true;

  const numberName = useCallback(
    (id: number) => {
      const number = numbers.data?.find((candidate) => candidate.id === id);
      return number ? number.label || formatPhone(number.number) : `#${id}`;
    },
    [numbers.data],
  );
  const agentName = useCallback(
    (id: number) => agents.find((agent) => agent.id === id)?.name ?? `#${id}`,
    [agents],
  );

  const [exportOpen, setExportOpen] = useState(false);
  const tracked = useTrackedExport();
  useExportRealtime(canExport ? companyId : 0);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its activity." />;

  const serverDateErrors = dateErrors(feed.error);
  const refusedDates = serverDateErrors.from ?? serverDateErrors.to;
  const filtered = hasFilters(filters);

  return (
    <Stack gap="sm" h="calc(100dvh - 88px)" mih={560}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Activity
          </Title>
          {feed.data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {itemCount(total, totalIsEstimate)}
              {filtered ? (total === 1 && !totalIsEstimate ? ' matches' : ' match') : ''}
            </Text>
          )}
        </Stack>
        <Group gap="sm" align="flex-end">
          {tracked && tracked.companyId === companyId && isRunning(tracked) && !exportOpen && (
            <ExportProgress tracked={tracked} compact />
          )}
          <DensityControl />
          {canExport && (
            <Button variant="default" onClick={() => setExportOpen(true)}>
              Export
            </Button>
          )}
        </Group>
      </Group>

      <ActivityFilters
        filters={filters}
        numbers={numbers.data ?? []}
        sourceNames={sourceNames.data}
        agents={agents}
        tz={tz}
        serverErrors={serverDateErrors}
        onChange={setFilters}
      />

      {filters.types.length === 0 ? (
        <EmptyState title="Nothing to show">
          Tick at least one of Calls, Voicemails, Messages or Faxes.
        </EmptyState>
      ) : rangeProblems.from || rangeProblems.to ? (
        <EmptyState title="These dates cannot be searched">
          {rangeProblems.from ?? rangeProblems.to}
        </EmptyState>
      ) : feed.isPending ? (
        <LoadingState label="Loading activity" />
      ) : !feed.data ? (
        <ErrorState
          title={refusedDates ? 'These dates cannot be searched' : 'Could not load the activity'}
          error={refusedDates ?? feed.error}
          onRetry={refusedDates ? undefined : () => void feed.refetch()}
        />
      ) : total === 0 && !filtered ? (
        <EmptyState title="No activity yet">
          Calls, voicemails, texts and faxes on your numbers show here.
        </EmptyState>
      ) : total === 0 ? (
        <Stack align="center" gap="xs">
          <EmptyState title="No activity matches these filters">
            Try other dates or another search, or clear the filters.
          </EmptyState>
          <Button variant="light" onClick={() => setFilters(() => EMPTY_FILTERS)}>
            Clear all filters
          </Button>
        </Stack>
      ) : (
        <>
          {feed.error && (
            <ErrorState
              title="Could not load more activity"
              error={feed.error}
              onRetry={() => void feed.refetch()}
            />
          )}
          <ActivityFeed
            rows={rows}
            total={total}
            totalIsEstimate={totalIsEstimate}
            tz={tz}
            hasNextPage={feed.hasNextPage}
            isFetchingNextPage={feed.isFetchingNextPage}
            fetchNextPage={feed.fetchNextPage}
            onVoicemailLinkExpired={() => void feed.refetch()}
          />
        </>
      )}

      <ExportDialog
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        companyId={companyId}
        filters={filters}
        tz={tz}
        numberName={numberName}
        agentName={agentName}
      />
    </Stack>
  );
}
