/**
 * Organization admins (§6 "Organization admins are made via business-unit-users"), for the admins of the selected
 * company's organization: list them and the invitations not yet accepted, invite by email (the person becomes an
 * admin by accepting it, so the screen says an invitation was sent, never that someone was added), withdraw an
 * invitation, remove an admin (§8 'Failed to remove Organization Admin' when refused).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import {
  BUSINESS_UNIT_ENDPOINTS,
  type OrganizationAdmin,
  type OrganizationInvitation,
  type OrganizationUser,
} from '@shared/api/businessUnits';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, api } from '../../api';
import { DataTable } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { applyServerErrorsToField } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { EmptyState } from '../../ui/States';

const column = createColumnHelper<OrganizationUser>();
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
    onSuccess: (list, email) => {
      queryClient.setQueryData(queryKey, list);
      flash('success', `Invitation sent to ${email}.`);
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
  const withdraw = useMutation({
    mutationFn: (invitation: OrganizationInvitation) =>
      api.call(BUSINESS_UNIT_ENDPOINTS.withdrawInvitation, {
        params: { id: organizationId, invitationId: invitation.id },
      }),
    onSuccess: (_answer, invitation) => {
      flash('success', `The invitation to ${invitation.email} was withdrawn.`);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
  const removeMutate = remove.mutate;
  const withdrawMutate = withdraw.mutate;
  const columns = useMemo(
    () => [
      // An invitation shows only the address it was sent to: whose it is, if anyone's, is not known before it is accepted.
      column.display({
        id: 'name',
        header: 'Name',
        cell: ({ row: { original } }) => (original.status === 'admin' ? original.name : ''),
      }),
      column.accessor('email', { header: 'Email' }),
      column.display({
        id: 'status',
        header: 'Status',
        cell: ({ row: { original } }) =>
          original.status === 'admin'
            ? 'Admin'
            : `Invited ${dayjs(original.sent_at).format('MMM D, YYYY')}, not yet accepted`,
      }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original } }) =>
          original.status === 'admin' ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={`Remove ${original.email} as organization admin`}
              onClick={() => removeMutate(original)}
            >
              Remove
            </Button>
          ) : (
            <Button
              size="xs"
              variant="light"
              aria-label={`Withdraw the invitation to ${original.email}`}
              onClick={() => withdrawMutate(original)}
            >
              Withdraw
            </Button>
          ),
      }),
    ],
    [removeMutate, withdrawMutate],
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
            Invite organization admin
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
          getRowId={(entry) => `${entry.status}-${entry.id}`}
          loading={admins.isPending}
          loadingLabel="Loading organization admins"
          empty={<EmptyState title="No organization admins" />}
        />
      )}
    </Stack>
  );
}
