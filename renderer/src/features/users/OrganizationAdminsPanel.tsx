/**
 * Organization admins (§6 "Organization admins are made via business-unit-users"), for the admins of the selected
 * company's organization: list, add by email, remove (§8 'Failed to remove Organization Admin' when refused).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { BUSINESS_UNIT_ENDPOINTS, type OrganizationAdmin } from '@shared/api/businessUnits';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, api } from '../../api';
import { DataTable } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { applyServerErrorsToField } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { EmptyState } from '../../ui/States';

const column = createColumnHelper<OrganizationAdmin>();
const AdminSchema = BUSINESS_UNIT_ENDPOINTS.addAdmin.body;
type AdminValues = z.input<typeof AdminSchema>;

export function OrganizationAdminsPanel({ organizationId }: { organizationId: number }) {
  const queryClient = useQueryClient();
  const queryKey = ['Organization', organizationId, 'admins'] as const;
  const admins = useQuery({
    queryKey,
    queryFn: () => api.call(BUSINESS_UNIT_ENDPOINTS.admins, { params: { id: organizationId } }),
  });
  const form = useForm<AdminValues>({ resolver: zodResolver(AdminSchema), defaultValues: { email: '' } });
  const add = useMutation({
    mutationFn: (value: string) =>
      api.call(
        BUSINESS_UNIT_ENDPOINTS.addAdmin,
        { params: { id: organizationId }, body: { email: value } },
        { silent: true },
      ),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKey, list);
      form.reset();
    },
    onError: (error) => applyServerErrorsToField(error, form.setError, 'email'),
  });
  const remove = useMutation({
    mutationFn: (admin: OrganizationAdmin) =>
      api.call(
        BUSINESS_UNIT_ENDPOINTS.removeAdmin,
        { params: { id: organizationId, userId: admin.id } },
        { silent: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
    onError: (error) =>
      flash('danger', error instanceof ApiError ? error.message : String(error), {
        title: ERROR_MESSAGES.removeOrgAdminFailed,
      }),
  });
  const removeMutate = remove.mutate;
  const columns = useMemo(
    () => [
      column.accessor('name', { header: 'Name' }),
      column.accessor('email', { header: 'Email' }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: admin } }) => (
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={`Remove ${admin.email} as organization admin`}
            onClick={() => removeMutate(admin)}
          >
            Remove
          </Button>
        ),
      }),
    ],
    [removeMutate],
  );
  // Not an admin of this organization (the server answers 404): nothing to show here.
  if (admins.error instanceof ApiError && admins.error.status === 404) return null;

  return (
    <Stack mt="lg">
      <Title order={2} size="h3">
        Organization admins
      </Title>
      <form onSubmit={form.handleSubmit(({ email }) => add.mutate(email))}>
        <Group align="flex-end">
          <TextInput label="Admin email" type="email" {...fieldProps(form, 'email')} />
          <Button type="submit" loading={add.isPending} disabled={!form.watch('email').trim()}>
            Add organization admin
          </Button>
        </Group>
      </form>
      {admins.error ? (
        <Alert color="red">{admins.error.message}</Alert>
      ) : (
        <DataTable
          label="Organization admins"
          data={admins.data ?? []}
          columns={columns}
          loading={admins.isPending}
          loadingLabel="Loading organization admins"
          empty={<EmptyState title="No organization admins" />}
        />
      )}
    </Stack>
  );
}
