/**
 * One tracking pool (§7 `GET /dniPools/{poolId}`): how busy it was over the last 30 days (a chart of each day's
 * peak sessions against its numbers, and the fallbacks served), the advice when it runs hot, its numbers (which
 * a visitor holds now, and a static pool's source of each), the website numbers it replaces, its lease and
 * fallback, and its custom field values. Those who may configure numbers edit it, buy numbers for it and delete
 * it — keeping its numbers as ordinary numbers or releasing them (`DELETE /dniPools/{poolId}?shouldDeleteNumbers=0|1`).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { DniPoolDetail } from '@shared/api/dni';
import { ENTITY_TYPES } from '@shared/domain/customFields';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useShell } from '../../app/context';
import { ChartBoundary } from '../../ui/ChartBoundary';
import { errorText } from '../../ui/ConfirmModal';
import { DataTable } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorAlert, ErrorState, QueryErrorState } from '../../ui/States';
import { useCustomFields } from '../customFields/CustomValueInputs';
import { RowsSkeleton } from '../schedule/Skeletons';
import { poolTypeName } from './PoolsPage';
import { peakShare } from './poolForm';
import { usageRows, usageSummary } from './poolUsage';
import { TrackingAreaTabs } from './TrackingAreaTabs';
import { useDeletePool, usePool } from './trackingApi';

/**
 * The chart and its library load only when a pool page shows (see PoolUsageChart.tsx), through React's own lazy:
 * the app's lazyLoad.tsx would be shared with the first page load's code, and splitting it out of that costs the
 * first page load more than it saves here. A chunk that cannot be fetched (offline, a new version deployed) says
 * so beside the chart, with "Try again" (a new lazy component, so the fetch is made again).
 */
const loadChart = () => import('./PoolUsageChart').then((m) => ({ default: m.PoolUsageChart }));

/**
 * The 30 days as a chart, with its figures as a table: read out always (the chart is hidden from assistive
 * technology) and shown instead of the chart on request.
 */
function UsageFigures({ usage, numbers }: { usage: DniPoolDetail['usage']; numbers: number }) {
  const rows = useMemo(() => usageRows(usage), [usage]);
  const [asTable, setAsTable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt makes a new lazy component on purpose.
  const Chart = useMemo(() => lazy(loadChart), [attempt]);
  const table = (
    <Table striped withTableBorder>
      <caption>
        Daily peak sessions and fallbacks over the last 30 days, against {numbers}{' '}
        {numbers === 1 ? 'number' : 'numbers'}
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Day</Table.Th>
          <Table.Th>Peak sessions</Table.Th>
          <Table.Th>Sessions</Table.Th>
          <Table.Th>Fallbacks served</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.day}>
            <Table.Td>{row.label}</Table.Td>
            <Table.Td>{row.peak}</Table.Td>
            <Table.Td>{row.sessions}</Table.Td>
            <Table.Td>{row.fallbacks}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button
          size="compact-xs"
          variant="subtle"
          aria-pressed={asTable}
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Group>
      {asTable ? (
        table
      ) : (
        <>
          <ChartBoundary onRetry={() => setAttempt((n) => n + 1)}>
            <Suspense fallback={<RowsSkeleton label="Loading the chart" />}>
              <Chart rows={rows} numbers={numbers} />
            </Suspense>
          </ChartBoundary>
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </Stack>
  );
}

type PoolNumber = DniPoolDetail['numbers'][number];
const column = createColumnHelper<PoolNumber>();

export function PoolPage() {
  const { company } = useShell();
  const { poolId: poolParam } = useParams();
  const poolId = Number(poolParam);
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const valid = Number.isSafeInteger(poolId) && poolId > 0;
  const pool = usePool(valid && canView ? poolId : 0);
  const [deleting, setDeleting] = useState(false);

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canView)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot see call tracking." />;
  else if (!valid) body = <EmptyState title="There is no such pool" />;
  else if (pool.isPending) body = <RowsSkeleton label="Loading the pool" />;
  else if (pool.error && !pool.data) body = <QueryErrorState title="Could not load the pool" query={pool} />;
  else if (pool.data) body = <PoolDetail pool={pool.data} />;

  return (
    <Stack>
      <TrackingAreaTabs />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Anchor component={Link} to="/tracking" size="sm">
            All pools
          </Anchor>
          <Title order={1} size="h2">
            {pool.data?.name ?? 'Tracking pool'}
          </Title>
          {pool.data && (
            <Text c="dimmed">
              {poolTypeName(pool.data.type)} pool · {pool.data.numbers.length}{' '}
              {pool.data.numbers.length === 1 ? 'number' : 'numbers'}
            </Text>
          )}
        </Stack>
        {canManage && pool.data && (
          <Group gap="xs">
            <Button variant="default" component={Link} to="/numbers/buy">
              Buy numbers
            </Button>
            <Button variant="default" component={Link} to={`/tracking/pools/${pool.data.id}/edit`}>
              Edit pool
            </Button>
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              Delete pool
            </Button>
          </Group>
        )}
      </Group>
      {body}
      {deleting && pool.data && <DeletePoolModal pool={pool.data} onClose={() => setDeleting(false)} />}
    </Stack>
  );
}

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function PoolDetail({ pool }: { pool: DniPoolDetail }) {
  const canManage = roleCan(useShell().company?.role, 'numbers.manage');
  const customFields = useCustomFields(ENTITY_TYPES.trackingPool, pool.company_id);
  const customValues = (customFields.data ?? []).flatMap((field) => {
    const value = pool.eavAttributeValues.find((entry) => entry.attribute_id === field.id)?.value;
    if (value === null || value === undefined || value === '') return [];
    return [{ name: field.name, text: typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value) }];
  });
  const columns = useMemo(
    () => [
      column.accessor('number', {
        header: 'Number',
        cell: (info) => (
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {formatPhone(info.getValue())}
          </Text>
        ),
      }),
      column.accessor((number) => number.label ?? '', { id: 'label', header: 'Label' }),
      ...(pool.type === 'static'
        ? [
            column.accessor((number) => number.source?.name ?? '', {
              id: 'source',
              header: 'Source',
              cell: (info) => info.getValue() || <Text size="sm">None chosen</Text>,
            }),
          ]
        : [
            column.accessor('in_use', {
              header: 'Now',
              cell: (info) =>
                info.getValue() ? (
                  <Badge variant="light" color="green" size="sm">
                    Held by a visitor
                  </Badge>
                ) : (
                  <Text size="sm">Free</Text>
                ),
            }),
          ]),
    ],
    [pool.type],
  );

  return (
    <Stack gap="lg">
      {pool.advice.hot && (
        <Alert color="orange" title="This pool runs hot">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{pool.advice.message}</Text>
            {canManage && (
              <Group gap="xs">
                <Button size="xs" component={Link} to="/numbers/buy">
                  Buy {pool.advice.add} {pool.advice.add === 1 ? 'number' : 'numbers'}
                </Button>
                <Button size="xs" variant="default" component={Link} to={`/tracking/pools/${pool.id}/edit`}>
                  Add numbers to the pool
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Stat label="Live sessions" value={pool.live_sessions} hint="Visitors holding a number now" />
        <Stat
          label="30-day peak"
          value={peakShare(pool)}
          hint={`${pool.peak_sessions_30d} of ${pool.numbers.length} numbers at once`}
        />
        <Stat label="Fallbacks" value={pool.fallbacks_30d} hint="Visitors who got the fallback, 30 days" />
        <Stat label="Calls" value={pool.calls_30d} hint="Attributed calls, 30 days" />
        <Stat
          label="Lease"
          value={`${pool.lease_minutes} min`}
          hint={`Cool-down ${pool.cooldown_minutes} min`}
        />
      </SimpleGrid>

      {pool.type === 'session' && (
        <Paper withBorder p="md" component="section" aria-labelledby="pool-usage-title">
          <Stack gap="xs">
            <Title order={2} size="h4" id="pool-usage-title">
              Utilisation, last 30 days
            </Title>
            <Text size="sm" c="dimmed">
              {usageSummary(pool.usage, pool.numbers.length)}
            </Text>
            <UsageFigures usage={pool.usage} numbers={pool.numbers.length} />
          </Stack>
        </Paper>
      )}

      <Stack gap="xs" component="section" aria-labelledby="pool-numbers-title">
        <Title order={2} size="h4" id="pool-numbers-title">
          Numbers
        </Title>
        <DataTable
          label={`Numbers of ${pool.name}`}
          data={pool.numbers}
          columns={columns}
          densityControl={false}
          empty={
            <EmptyState title="No numbers in this pool">
              Visitors see the fallback number until the pool has numbers.
            </EmptyState>
          }
        />
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Sources
          </Text>
          <Text size="sm">
            {pool.type === 'static'
              ? 'Each number serves its own source.'
              : pool.sources.map((source) => source.name).join(', ') || 'None'}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Website numbers it replaces
          </Text>
          <Text size="sm">
            {pool.target_numbers.map((number) => formatPhone(number)).join(', ') || 'None'}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Fallback number
          </Text>
          <Text size="sm">
            {pool.fallback_number
              ? [pool.fallback_number.label, formatPhone(pool.fallback_number.number)]
                  .filter(Boolean)
                  .join(' · ')
              : 'None'}
          </Text>
        </Stack>
        {customValues.map((custom) => (
          <Stack gap={4} key={custom.name}>
            <Text fw={600} size="sm">
              {custom.name}
            </Text>
            <Text size="sm">{custom.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Deleting a pool asks what becomes of its numbers: kept as the company's ordinary numbers, or released (given
 * back after §9's 30 days, as a number removed on its own is). A dialog of its own rather than ConfirmModal, whose
 * body is a paragraph, which cannot hold the choice.
 */
function DeletePoolModal({ pool, onClose }: { pool: DniPoolDetail; onClose: () => void }) {
  const navigate = useNavigate();
  const remove = useDeletePool();
  const [choice, setChoice] = useState<'keep' | 'release'>('keep');
  const count = pool.numbers.length;
  const numbers = count === 1 ? '1 number' : `${count} numbers`;
  return (
    <Modal opened onClose={onClose} title={`Delete ${pool.name}`}>
      <Stack>
        <Text size="sm">
          Visitors will see your website’s own numbers again. Calls already attributed keep their source.
        </Text>
        <Radio.Group
          label={`What becomes of its ${numbers}?`}
          value={choice}
          onChange={(value) => setChoice(value === 'release' ? 'release' : 'keep')}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="keep"
              label="Keep the numbers"
              description="They stay the company’s numbers, with their routing, outside any pool."
            />
            <Radio
              value="release"
              label="Release the numbers"
              description="They stop taking calls and texts, and are given back after 30 days."
            />
          </Stack>
        </Radio.Group>
        <ErrorAlert message={remove.error ? errorText(remove.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(
                { poolId: pool.id, releaseNumbers: choice === 'release', name: pool.name },
                {
                  onSuccess: () => {
                    flash(
                      'success',
                      choice === 'release'
                        ? `Pool “${pool.name}” deleted and its ${numbers} released.`
                        : `Pool “${pool.name}” deleted; its ${numbers} kept.`,
                    );
                    onClose();
                    navigate('/tracking');
                  },
                },
              )
            }
          >
            {choice === 'release' ? 'Delete and release' : 'Delete pool'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
