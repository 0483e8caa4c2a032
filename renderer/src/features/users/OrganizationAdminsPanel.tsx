/**
 * Organization admins (§6 "Organization admins are made via business-unit-users"), for the admins of the selected
 * company's organization: list, add by email, remove (§8 'Failed to remove Organization Admin' when refused).
 */
import { Alert, Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../api';
import { flash } from '../../ui/flash';
import { EmptyState, LoadingState } from '../../ui/States';

interface OrganizationAdmin {
  id: number;
  name: string;
  email: string;
}

export function OrganizationAdminsPanel({ organizationId }: { organizationId: number }) {
  const queryClient = useQueryClient();
  const queryKey = ['Organization', organizationId, 'admins'] as const;
  const admins = useQuery({
    queryKey,
    queryFn: async () =>
      (await api.get<OrganizationAdmin[]>(`/business-units/${organizationId}/business-unit-users`)).data,
  });
  const [email, setEmail] = useState('');
  const add = useMutation({
    mutationFn: async (value: string) =>
      (
        await api.post<OrganizationAdmin[]>(
          `/business-units/${organizationId}/business-unit-users`,
          { email: value },
          { silent: true },
        )
      ).data,
    onSuccess: (list) => {
      queryClient.setQueryData(queryKey, list);
      setEmail('');
    },
  });
  const remove = useMutation({
    mutationFn: (admin: OrganizationAdmin) =>
      api.delete(`/business-units/${organizationId}/business-unit-users/${admin.id}`, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
    onError: (error) =>
      flash('danger', error instanceof ApiError ? error.message : String(error), {
        title: ERROR_MESSAGES.removeOrgAdminFailed,
      }),
  });
  // Not an admin of this organization (the server answers 404): nothing to show here.
  if (admins.error instanceof ApiError && admins.error.status === 404) return null;
  const addError =
    add.error instanceof ApiError ? (add.error.field('email') ?? add.error.message) : undefined;

  return (
    <Stack mt="lg">
      <Title order={2} size="h3">
        Organization admins
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(email);
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Admin email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={addError}
          />
          <Button type="submit" loading={add.isPending} disabled={!email.trim()}>
            Add organization admin
          </Button>
        </Group>
      </form>
      {admins.isPending ? (
        <LoadingState label="Loading organization admins" />
      ) : admins.error ? (
        <Alert color="red">{admins.error.message}</Alert>
      ) : !admins.data.length ? (
        <EmptyState title="No organization admins" />
      ) : (
        <Table aria-label="Organization admins">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {admins.data.map((admin) => (
              <Table.Tr key={admin.id}>
                <Table.Td>{admin.name}</Table.Td>
                <Table.Td>{admin.email}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Remove ${admin.email} as organization admin`}
                    onClick={() => remove.mutate(admin)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
