/**
 * Text-messaging registration (§7): the company's 10DLC registrations and toll-free verifications with their
 * status, and where to start one. Carriers deliver campaign texts only from registered numbers, so this is where
 * an owner or administrator (`settings.manage`) registers the business; other roles that work the numbers read it.
 */
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { labelOf } from '@shared/domain/codes';
import { roleCan } from '@shared/domain/permissions';
import { SMS_REGISTRATION_NUMBER_KINDS, type SmsNumberKind } from '@shared/domain/registration';
import { Link, useNavigate } from 'react-router';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { EmptyState, LoadingState, QueryErrorState } from '../../ui/States';
import { useCreateRegistration, useRegistrations } from './registrationApi';
import { StatusBadge } from './StatusBadge';

const KIND_NAMES: Record<SmsNumberKind, string> = {
  local: '10DLC (local numbers)',
  toll_free: 'Toll-free verification',
};

export function RegistrationsPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canManage = roleCan(company?.role, 'settings.manage');
  const list = useRegistrations(companyId);
  const create = useCreateRegistration(companyId);
  const navigate = useNavigate();

  if (!company) return <EmptyState title="You are not in a company yet" />;

  const start = (kind: SmsNumberKind) =>
    create.mutate(kind, {
      onSuccess: (made) => void navigate(`/registration/${made.id}/edit`),
      onError: (error) => flash('danger', failureSummary(error), { title: 'Error' }),
    });

  return (
    <Stack>
      <Title order={1} size="h2">
        Text-messaging registration
      </Title>
      <Text c="dimmed">
        Carriers deliver campaign texts only from registered numbers: local numbers need a 10DLC brand and
        campaign, toll-free numbers a toll-free verification.
      </Text>
      {canManage && (
        <Group>
          <Button onClick={() => start('local')} loading={create.isPending && create.variables === 'local'}>
            Start 10DLC registration
          </Button>
          <Button
            variant="default"
            onClick={() => start('toll_free')}
            loading={create.isPending && create.variables === 'toll_free'}
          >
            Start toll-free verification
          </Button>
        </Group>
      )}
      {list.isPending ? (
        <LoadingState label="Loading registrations" />
      ) : !list.data ? (
        <QueryErrorState title="Could not load the registrations" query={list} />
      ) : (
        <>
          <Group gap="xl" aria-label="Status by kind of number" role="group">
            {(['local', 'toll_free'] as const).map((kind) => (
              <Paper key={kind} withBorder p="sm">
                <Text size="sm" fw={500}>
                  {labelOf(SMS_REGISTRATION_NUMBER_KINDS, kind)} numbers
                </Text>
                {list.data.status[kind] ? (
                  <StatusBadge status={list.data.status[kind]} label={`${KIND_NAMES[kind]} status`} />
                ) : (
                  <Text size="sm" c="dimmed">
                    Not registered
                  </Text>
                )}
              </Paper>
            ))}
          </Group>
          {list.data.data.length === 0 ? (
            <EmptyState title="No registrations yet">
              {canManage
                ? 'Start one above to register your business with the carriers.'
                : 'An owner or administrator can start one.'}
            </EmptyState>
          ) : (
            <Table aria-label="Registrations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Registration</Table.Th>
                  <Table.Th>Brand</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Numbers</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((registration) => (
                  <Table.Tr key={registration.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/registration/${registration.id}`}>
                        {KIND_NAMES[registration.kind]} #{registration.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {registration.brand.display_name || registration.brand.legal_name || '—'}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={registration.status} />
                    </Table.Td>
                    <Table.Td>{registration.campaign.numbers.length}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
