/** Invitations not yet accepted: invite someone with a role, resend (§8 'Invitation was successfully resent'). */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { USER_ENDPOINTS } from '@shared/api/users';
import { labelOf } from '@shared/domain/codes';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { ROLES } from '@shared/domain/users';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../api';
import { DataTable } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { EmptyState, ErrorAlert } from '../../ui/States';
import { type Invitation, useInvitations, useUsersMutation } from './api';

const ASSIGNABLE = ROLES.filter((role) => role.value !== 'deactivated');
const column = createColumnHelper<Invitation>();
const InviteSchema = USER_ENDPOINTS.invite.body;
type InviteValues = z.input<typeof InviteSchema>;
type InviteBody = z.output<typeof InviteSchema>;
const NO_INVITE: InviteValues = { email: '', name: '', role: 'user' };

export function InvitationsPanel({ companyId }: { companyId: number }) {
  const invitations = useInvitations(companyId, true);
  const form = useForm<InviteValues>({ resolver: zodResolver(InviteSchema), defaultValues: NO_INVITE });
  const [formError, setFormError] = useState('');
  const invite = useUsersMutation((body: InviteBody) =>
    api.call(USER_ENDPOINTS.invite, { query: { companyId }, body }, { silent: true }),
  );
  const resend = useUsersMutation((id: number) => api.call(USER_ENDPOINTS.resendInvite, { params: { id } }));
  const resendMutate = resend.mutate;
  const columns = useMemo(
    () => [
      column.accessor('email', { header: 'Email' }),
      column.accessor('name', { header: 'Name' }),
      column.accessor('role', { header: 'Role', cell: (info) => labelOf(ROLES, info.getValue()) }),
      column.accessor('sent_at', {
        header: 'Sent',
        cell: (info) => dayjs(info.getValue()).format('MMM D, YYYY h:mm A'),
      }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: invitation } }) => (
          <Button
            size="xs"
            variant="light"
            aria-label={`Resend invitation to ${invitation.email}`}
            onClick={() =>
              resendMutate(invitation.id, {
                onSuccess: () => flash('success', SUCCESS_MESSAGES.invitationResent),
              })
            }
          >
            Resend
          </Button>
        ),
      }),
    ],
    [resendMutate],
  );

  return (
    <Stack mt="lg">
      <Title order={2} size="h3">
        Invitations
      </Title>
      <form
        onSubmit={form.handleSubmit((body) => {
          setFormError('');
          const typed = form.getValues('email');
          invite.mutate(body, {
            onSuccess: () => {
              flash('success', `Invitation sent to ${typed}.`);
              form.reset(NO_INVITE);
            },
            onError: (error) => setFormError(applyServerErrors(error, form.setError, ['email', 'name'])),
          });
        })}
      >
        <Group align="flex-end">
          <TextInput label="Email" type="email" {...fieldProps(form, 'email')} />
          <TextInput label="Name" {...fieldProps(form, 'name')} />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Role"
                data={ASSIGNABLE.map((r) => ({ value: r.value, label: r.label }))}
                ref={field.ref}
                value={field.value}
                allowDeselect={false}
                onChange={(role) => field.onChange(role ?? 'user')}
                onBlur={field.onBlur}
              />
            )}
          />
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
        <ErrorAlert message={formError} mt="sm" />
      </form>
      <DataTable
        label="Invitations"
        data={invitations.data ?? []}
        columns={columns}
        loading={invitations.isPending}
        loadingLabel="Loading invitations"
        empty={<EmptyState title="No open invitations" />}
      />
    </Stack>
  );
}
