/** API keys (§7 personalAccessTokens): list, create (the secret shown once, with a copy button), revoke. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { API_KEY_ENDPOINTS, type ApiKey } from '@shared/api/apiKeys';
import type { ResponseOf } from '@shared/api/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../api';
import { keys } from '../../api/keys';
import { QueryTable } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { applyServerErrorsToField } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { actionsColumn } from '../../ui/RowActions';
import { EmptyState } from '../../ui/States';

const when = (iso: string | null) => (iso ? dayjs(iso).format('MMM D, YYYY h:mm A') : 'Never');
const column = createColumnHelper<ApiKey>();
/** The form names the key; it never expires (no expires_in_days). */
const KeySchema = API_KEY_ENDPOINTS.create.body.pick({ name: true });
type KeyValues = z.input<typeof KeySchema>;

export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: keys.apiKeys(),
    queryFn: () => api.call(API_KEY_ENDPOINTS.list),
  });
  const keyForm = useForm<KeyValues>({ resolver: zodResolver(KeySchema), defaultValues: { name: '' } });
  const [created, setCreated] = useState<ResponseOf<typeof API_KEY_ENDPOINTS.create> | null>(null);
  const create = useMutation({
    mutationFn: (keyName: string) =>
      api.call(API_KEY_ENDPOINTS.create, { body: { name: keyName } }, { silent: true }),
    onSuccess: (key) => {
      setCreated(key);
      keyForm.reset();
      void queryClient.invalidateQueries({ queryKey: keys.apiKeys() });
    },
    onError: (error) => applyServerErrorsToField(error, keyForm.setError, 'name'),
  });
  const revoke = useMutation({
    mutationFn: async (key: ApiKey) => api.call(API_KEY_ENDPOINTS.revoke, { params: { id: key.id } }),
    onSuccess: (_r, key) => {
      flash('success', `The key “${key.name}” no longer works.`);
      void queryClient.invalidateQueries({ queryKey: keys.apiKeys() });
    },
  });
  const columns = useMemo(
    () => [
      column.accessor('name', { header: 'Name' }),
      column.accessor('prefix', { header: 'Key', cell: (info) => <Code>{info.getValue()}…</Code> }),
      column.accessor('created_at', { header: 'Created', cell: (info) => when(info.getValue()) }),
      column.accessor('last_used_at', { header: 'Last used', cell: (info) => when(info.getValue()) }),
      ...actionsColumn((key: ApiKey) => (
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
      )),
    ],
    [revoke.isPending, revoke.variables, revoke.mutate],
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        API keys
      </Title>
      <Text c="dimmed">
        Keys let other software use the API as you, with your rights. Treat them like passwords.
      </Text>
      <form onSubmit={keyForm.handleSubmit(({ name }) => create.mutate(name))}>
        <Group align="flex-end">
          <TextInput label="Key name" placeholder="e.g. CRM sync" {...fieldProps(keyForm, 'name')} />
          <Button type="submit" loading={create.isPending} disabled={!keyForm.watch('name').trim()}>
            Create key
          </Button>
        </Group>
      </form>
      <QueryTable
        query={list}
        errorTitle="Could not load your API keys"
        label="API keys"
        columns={columns}
        loadingLabel="Loading API keys"
        empty={
          <EmptyState title="No API keys yet">
            Create one for each integration, so you can revoke them one by one.
          </EmptyState>
        }
        tableProps={{ striped: true }}
      />
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
