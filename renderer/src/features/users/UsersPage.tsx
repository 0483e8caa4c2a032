/**
 * Users and invitations (admins): list with search and pages, invite, resend, activate/deactivate, role change.
 * Messages of §8: 'Invitation was successfully resent', 'User accounts updated successfully'.
 */
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type CompanyUser, USER_ENDPOINTS } from '@shared/api/users';
import { labelOf } from '@shared/domain/codes';
import { roleCan } from '@shared/domain/permissions';
import { ROLES, type Role } from '@shared/domain/users';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { useShell } from '../../app/context';
import { DataTable } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { signInAs } from '../admin/impersonation';
import { useCompanyUsers, useUsersMutation } from './api';
import { InvitationsPanel } from './InvitationsPanel';
import { OrganizationAdminsPanel } from './OrganizationAdminsPanel';

const PER_PAGE = 25;
const ASSIGNABLE = ROLES.filter((role) => role.value !== 'deactivated');
const column = createColumnHelper<CompanyUser>();

export function UsersPage() {
  const { company, user: me } = useShell();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const companyId = company?.id ?? 0;
  const canManage = roleCan(company?.role, 'users.manage');
  const users = useCompanyUsers(companyId, { page, perPage: PER_PAGE, search: debounced });

  const changeRole = useUsersMutation(({ id, role }: { id: number; role: Role }) =>
    api.call(USER_ENDPOINTS.update, { params: { id }, query: { companyId }, body: { role } }),
  );
  const setActive = useUsersMutation(({ id, active }: { id: number; active: boolean }) =>
    api.call(active ? USER_ENDPOINTS.activate : USER_ENDPOINTS.deactivate, {
      query: { companyId },
      body: { user_ids: [id] },
    }),
  );

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Name',
        cell: (info) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {info.getValue()}
            </Text>
            <Text size="xs" c="dimmed">
              {info.row.original.email}
            </Text>
          </Stack>
        ),
      }),
      column.accessor('role', {
        header: 'Role',
        cell: (info) => {
          const row = info.row.original;
          if (!canManage || row.state === 'deactivated' || row.id === me.id)
            return labelOf(ROLES, info.getValue());
          return (
            <Select
              aria-label={`Role of ${row.name}`}
              size="xs"
              w={160}
              data={ASSIGNABLE.map((role) => ({ value: role.value, label: role.label }))}
              value={row.role}
              allowDeselect={false}
              onChange={(value) =>
                value &&
                changeRole.mutate(
                  { id: row.id, role: value as Role },
                  {
                    onSuccess: () => flash('success', `${row.name} is now ${labelOf(ROLES, value as Role)}.`),
                  },
                )
              }
            />
          );
        },
      }),
      column.accessor('state', {
        header: 'Status',
        cell: (info) => (
          <Badge color={info.getValue() === 'active' ? 'green' : 'gray'} variant="light">
            {info.getValue() === 'active' ? 'Active' : 'Deactivated'}
          </Badge>
        ),
      }),
      column.accessor('can_call', {
        header: 'In-app calling',
        cell: (info) => (info.getValue() ? 'Yes' : 'No'),
      }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const row = info.row.original;
          if (!canManage || row.id === me.id) return null;
          const active = row.state === 'active';
          return (
            <Group gap="xs" wrap="nowrap">
              {me.is_platform_admin && active && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Sign in as ${row.name}`}
                  onClick={async () => {
                    await signInAs(row.id);
                    navigate('/', { replace: true });
                  }}
                >
                  Sign in as
                </Button>
              )}
              <Button
                size="xs"
                variant="light"
                color={active ? 'red' : 'green'}
                aria-label={`${active ? 'Deactivate' : 'Activate'} ${row.name}`}
                onClick={() =>
                  setActive.mutate(
                    { id: row.id, active: !active },
                    { onSuccess: () => flash('success', 'User accounts updated successfully') },
                  )
                }
              >
                {active ? 'Deactivate' : 'Activate'}
              </Button>
            </Group>
          );
        },
      }),
    ],
    [canManage, me.id, me.is_platform_admin, changeRole, setActive, navigate],
  );

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!roleCan(company.role, 'users.view'))
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its users." />;

  return (
    <Stack>
      <Title order={1} size="h2">
        Users
      </Title>
      <TextInput
        label="Search users"
        placeholder="Name or email"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {users.error ? (
        <QueryErrorState title="Could not load the users" query={users} />
      ) : (
        <DataTable
          label="Users"
          data={users.data?.data ?? []}
          columns={columns}
          loading={users.isPending}
          loadingLabel="Loading users"
          empty={<EmptyState title={debounced ? `No user matches “${debounced}”` : 'No users yet'} />}
          pagination={{
            page,
            pageCount: users.data?.last_page ?? 1,
            onPageChange: setPage,
            label: 'Pages of users',
          }}
          tableProps={{ striped: true, highlightOnHover: true }}
        />
      )}
      {canManage && <InvitationsPanel companyId={company.id} />}
      {me.hasBusinessUnits && company.organization_id && (
        <OrganizationAdminsPanel organizationId={company.organization_id} />
      )}
    </Stack>
  );
}
