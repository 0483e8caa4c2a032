/**
 * Ports (§7 "GET /company/{companyId}/ports (+/stats)"): the company's port requests with their status, the counts
 * by status and the numbers still on their way, and "New port request" (the wizard) for who may manage numbers.
 * Statuses follow the porting desk live (`ports.updated`), with a poll behind it.
 */
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PortRequest } from '@shared/api/ports';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { PORT_REQUEST_STATUSES } from '@shared/domain/ports';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useShell } from '../../app/context';
import { DataTable } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { NumbersAreaTabs } from '../numbers/NumbersAreaTabs';
import { PortStatusBadge } from './PortStatusBadge';
import { PortWizard } from './PortWizard';
import { usePortEvents, usePortStats, usePorts } from './portsApi';

const NO_PORTS: PortRequest[] = [];
const column = createColumnHelper<PortRequest>();

const columns = [
  column.accessor('id', {
    header: 'Request',
    cell: (info) => (
      <Anchor component={Link} to={`/numbers/ports/${info.getValue()}`}>
        Port #{info.getValue()}
      </Anchor>
    ),
  }),
  column.accessor('numbers', {
    header: 'Numbers',
    enableSorting: false,
    cell: (info) => {
      const list = info.getValue();
      const first = list[0];
      return first ? (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatPhone(first.number)}
          {list.length > 1 ? ` and ${list.length - 1} more` : ''}
        </Text>
      ) : null;
    },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <PortStatusBadge status={info.getValue()} />,
  }),
  column.accessor('losing_carrier', { header: 'From carrier' }),
  column.accessor('desired_date', { header: 'Desired date' }),
  column.accessor('foc_date', {
    header: 'FOC date',
    cell: (info) => info.getValue() ?? <Text c="dimmed">Not yet</Text>,
  }),
];

export function PortsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const [wizard, setWizard] = useState(false);
  const navigate = useNavigate();

  const ports = usePorts(canView ? companyId : 0);
  const stats = usePortStats(canView ? companyId : 0);
  usePortEvents(canView ? companyId : 0);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its port requests." />;

  const rows = ports.data?.data ?? NO_PORTS;
  const start = canManage && <Button onClick={() => setWizard(true)}>New port request</Button>;

  return (
    <Stack>
      <NumbersAreaTabs />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Ports
        </Title>
        {start}
      </Group>
      {stats.data && (
        <section aria-label="Port request counts">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            <Paper withBorder p="xs">
              <Text size="xs" c="dimmed">
                Numbers on their way
              </Text>
              <Text fw={700} size="lg">
                {stats.data.numbers_in_flight}
              </Text>
            </Paper>
            {PORT_REQUEST_STATUSES.filter(({ value }) => (stats.data?.by_status[value] ?? 0) > 0).map(
              ({ value, label }) => (
                <Paper withBorder p="xs" key={value}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={700} size="lg">
                    {stats.data?.by_status[value]}
                  </Text>
                </Paper>
              ),
            )}
          </SimpleGrid>
        </section>
      )}
      {ports.error && !ports.data ? (
        <QueryErrorState title="Could not load the port requests" query={ports} />
      ) : (
        <DataTable
          label="Port requests"
          data={rows}
          columns={columns}
          loading={ports.isPending}
          loadingLabel="Loading port requests"
          empty={
            <Stack align="center" gap="xs" py="xl">
              <Text fw={600}>No port requests yet</Text>
              <Text c="dimmed" ta="center">
                {canManage
                  ? 'Bring numbers you already have from another carrier: start a port request.'
                  : 'An administrator can port numbers in from another carrier.'}
              </Text>
              {start}
            </Stack>
          }
          scrollContainer={{ minWidth: 720 }}
        />
      )}
      {rows.some((port) => port.status === 'documentsRequested') && (
        <Group gap="xs">
          <Badge color="orange" variant="light">
            Action needed
          </Badge>
          <Text size="sm">The porting desk is waiting for a document on a request: open it to upload.</Text>
        </Group>
      )}
      {canManage && (
        <PortWizard
          companyId={companyId}
          opened={wizard}
          onClose={() => setWizard(false)}
          onCreated={(port) => {
            setWizard(false);
            flash('success', 'Port request sent. The porting desk will review it shortly.');
            void navigate(`/numbers/ports/${port.id}`);
          }}
        />
      )}
    </Stack>
  );
}
