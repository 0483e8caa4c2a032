/**
 * Tracking pools (§7 "Tracking pools and DNI", `GET /companies/{companyId}/dniPools`): each pool with its type,
 * numbers, sources, visitors holding a number now, its busiest moment of the last 30 days as a share of its
 * numbers, its calls, and — when it runs hot (shared/domain/dni.ts `poolAdvice`) — a badge, with what to do said
 * above the list. A pool's name opens its page (utilisation chart, numbers); those who may configure numbers make
 * pools here.
 */
import { Alert, Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import type { DniPool } from '@shared/api/dni';
import { labelOf } from '@shared/domain/codes';
import { DNI_POOL_TYPES } from '@shared/domain/dni';
import { roleCan } from '@shared/domain/permissions';
import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { useShell } from '../../app/context';
import { DataTable } from '../../ui/DataTable';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { RowsSkeleton } from '../schedule/Skeletons';
import { whoMay } from '../schedule/whoMay';
import { peakShare } from './poolForm';
import { TrackingHeader } from './TrackingAreaTabs';
import { usePools } from './trackingApi';

const NO_POOLS: DniPool[] = [];
const column = createColumnHelper<DniPool>();

/** "Session" / "Static": the type's label without its explanation. */
export function poolTypeName(type: DniPool['type']): string {
  return labelOf(DNI_POOL_TYPES, type).replace(/\s*\(.*\)$/, '');
}

/** A pool's health in the list: "Runs hot" as a badge (the advice is said above the table), else "Fine". */
export function HotBadge({ advice }: { advice: DniPool['advice'] }) {
  if (!advice.hot) return <Text size="sm">Fine</Text>;
  return (
    <Badge color="orange" variant="light" size="sm">
      Runs hot
    </Badge>
  );
}

/** What to do about each pool that runs hot (shared/domain/dni.ts `poolAdvice`), above the list, linking to it. */
function HotPools({ pools }: { pools: readonly DniPool[] }) {
  const hot = pools.filter((pool) => pool.advice.hot);
  if (hot.length === 0) return null;
  return (
    <Stack gap="xs">
      {hot.map((pool) => (
        <Alert key={pool.id} color="orange" title={`${pool.name} runs hot`}>
          <Text size="sm">
            {pool.advice.message}{' '}
            <Anchor
              component={Link}
              to={`/tracking/pools/${pool.id}`}
              size="sm"
              underline="always"
              c="inherit"
              fw={600}
            >
              Open {pool.name}
            </Anchor>
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}

export function PoolsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const pools = usePools(companyId, canView);

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Pool',
        cell: (info) => (
          <Anchor component={Link} to={`/tracking/pools/${info.row.original.id}`} fw={500} size="sm">
            {info.getValue()}
          </Anchor>
        ),
      }),
      column.accessor('type', { header: 'Type', cell: (info) => poolTypeName(info.getValue()) }),
      column.accessor((pool) => pool.numbers.length, { id: 'numbers', header: 'Numbers' }),
      column.accessor((pool) => pool.sources.map((source) => source.name).join(', '), {
        id: 'sources',
        header: 'Sources',
        cell: (info) =>
          info.getValue() || (
            <Text size="sm" c="dimmed">
              {info.row.original.type === 'static' ? 'Per number' : 'None'}
            </Text>
          ),
      }),
      column.accessor('live_sessions', { header: 'Live' }),
      column.accessor((pool) => (pool.numbers.length ? pool.peak_sessions_30d / pool.numbers.length : 0), {
        id: 'peak',
        header: 'Peak, 30 days',
        cell: (info) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {peakShare(info.row.original)}
            <Text span size="xs" c="dimmed">
              {' '}
              ({info.row.original.peak_sessions_30d} of {info.row.original.numbers.length})
            </Text>
          </Text>
        ),
      }),
      column.accessor('calls_30d', { header: 'Calls, 30 days' }),
      column.accessor((pool) => (pool.advice.hot ? 1 : 0), {
        id: 'health',
        header: 'Health',
        cell: (info) => <HotBadge advice={info.row.original.advice} />,
      }),
    ],
    [],
  );

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canView)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot see call tracking." />;
  else if (pools.isPending) body = <RowsSkeleton label="Loading tracking pools" />;
  else if (pools.error && !pools.data)
    body = <QueryErrorState title="Could not load the tracking pools" query={pools} />;
  else
    body = (
      <>
        <HotPools pools={pools.data?.data ?? NO_POOLS} />
        <DataTable
          label="Tracking pools"
          data={pools.data?.data ?? NO_POOLS}
          columns={columns}
          enableSorting
          busy={pools.isFetching && !pools.isPending}
          empty={
            <EmptyState title="No tracking pools yet">
              A pool is a set of your numbers shown on your website in place of your own number, so each call
              tells you which ad, keyword and page brought it.
              {canManage ? ' Make one with “New pool”.' : ''}
            </EmptyState>
          }
          scrollContainer={{ minWidth: 820 }}
        />
      </>
    );

  return (
    <Stack>
      <TrackingHeader
        title="Call tracking"
        description="Pools of numbers your website shows visitors, by where they came from."
      >
        {canManage && (
          <Button component={Link} to="/tracking/pools/new">
            New pool
          </Button>
        )}
      </TrackingHeader>
      {company && canView && !canManage && (
        <Text size="sm" c="dimmed" role="note">
          Only {whoMay('numbers.manage')} can make or change pools.
        </Text>
      )}
      {body}
    </Stack>
  );
}
