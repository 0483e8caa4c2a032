/** API keys (§7 personalAccessTokens): list, create (the secret shown once, with a copy button), revoke. */
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ApiKey } from '@shared/api/apiKeys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError, api } from '../../api';
import { keys } from '../../api/keys';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';

const when = (iso: string | null) => (iso ? dayjs(iso).format('MMM D, YYYY h:mm A') : 'Never');

export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: keys.apiKeys(),
    queryFn: async () => (await api.get<ApiKey[]>('/personalAccessTokens')).data,
  });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<(ApiKey & { token: string }) | null>(null);
  const create = useMutation({
    mutationFn: async (keyName: string) =>
      (
        await api.post<ApiKey & { token: string }>(
          '/personalAccessTokens',
          { name: keyName },
          { silent: true },
        )
      ).data,
    onSuccess: (key) => {
      setCreated(key);
      setName('');
      void queryClient.invalidateQueries({ queryKey: keys.apiKeys() });
    },
  });
  const revoke = useMutation({
    mutationFn: async (key: ApiKey) => api.delete(`/personalAccessTokens/${key.id}`),
    onSuccess: (_r, key) => {
      flash('success', `The key “${key.name}” no longer works.`);
      void queryClient.invalidateQueries({ queryKey: keys.apiKeys() });
    },
  });
  const nameError =
    create.error instanceof ApiError ? (create.error.field('name') ?? create.error.message) : undefined;

  return (
    <Stack>
      <Title order={1} size="h2">
        API keys
      </Title>
      <Text c="dimmed">
        Keys let other software use the API as you, with your rights. Treat them like passwords.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(name);
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Key name"
            placeholder="e.g. CRM sync"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            Create key
          </Button>
        </Group>
      </form>
      {list.isPending ? (
        <LoadingState label="Loading API keys" />
      ) : list.error ? (
        <ErrorState title="Could not load your API keys" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No API keys yet">
          Create one for each integration, so you can revoke them one by one.
        </EmptyState>
      ) : (
        <Table striped aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>{when(key.created_at)}</Table.Td>
                <Table.Td>{when(key.last_used_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Revoke ${key.name}`}
                    loading={revoke.isPending && revoke.variables?.id === key.id}
                    onClick={() => revoke.mutate(key)}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={!!created} onClose={() => setCreated(null)} title="Your new API key">
        {created && (
          <Stack>
            <Alert color="yellow">Copy it now: it will not be shown again.</Alert>
            <Code block>{created.token}</Code>
            <CopyButton value={created.token}>
              {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy key'}</Button>}
            </CopyButton>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
