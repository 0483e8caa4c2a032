/** Invitations not yet accepted: invite someone with a role, resend (§8 'Invitation was successfully resent'). */
import { Alert, Button, Group, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { labelOf } from '@shared/domain/codes';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { ROLES } from '@shared/domain/users';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError, api } from '../../api';
import { flash } from '../../ui/flash';
import { EmptyState, LoadingState } from '../../ui/States';
import { useInvitations, useUsersMutation } from './api';

const ASSIGNABLE = ROLES.filter((role) => role.value !== 'deactivated');

export function InvitationsPanel({ companyId }: { companyId: number }) {
  const invitations = useInvitations(companyId, true);
  const [form, setForm] = useState({ email: '', name: '', role: 'user' });
  const invite = useUsersMutation((body: typeof form) =>
    api.post('/users/invites', body, { params: { companyId }, silent: true }),
  );
  const resend = useUsersMutation((id: number) => api.post(`/users/invites/${id}/resend`));
  const error = invite.error instanceof ApiError ? invite.error : null;

  return (
    <Stack mt="lg">
      <Title order={2} size="h3">
        Invitations
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate(form, {
            onSuccess: () => {
              flash('success', `Invitation sent to ${form.email}.`);
              setForm({ email: '', name: '', role: 'user' });
            },
          });
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Email"
            type="email"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
            error={error?.field('email')}
          />
          <TextInput
            label="Name"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            error={error?.field('name')}
          />
          <Select
            label="Role"
            data={ASSIGNABLE.map((r) => ({ value: r.value, label: r.label }))}
            value={form.role}
            allowDeselect={false}
            onChange={(role) => setForm({ ...form, role: role ?? 'user' })}
          />
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
        {error && !error.field('email') && !error.field('name') && (
          <Alert color="red" mt="sm" role="alert">
            {error.message}
          </Alert>
        )}
      </form>
      {invitations.isPending ? (
        <LoadingState label="Loading invitations" />
      ) : !invitations.data?.length ? (
        <EmptyState title="No open invitations" />
      ) : (
        <Table aria-label="Invitations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((invitation) => (
              <Table.Tr key={invitation.id}>
                <Table.Td>{invitation.email}</Table.Td>
                <Table.Td>{invitation.name}</Table.Td>
                <Table.Td>{labelOf(ROLES, invitation.role)}</Table.Td>
                <Table.Td>{dayjs(invitation.sent_at).format('MMM D, YYYY h:mm A')}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Resend invitation to ${invitation.email}`}
                    onClick={() =>
                      resend.mutate(invitation.id, {
                        onSuccess: () => flash('success', SUCCESS_MESSAGES.invitationResent),
                      })
                    }
                  >
                    Resend
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
