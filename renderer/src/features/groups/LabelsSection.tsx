/** The company's contact labels (§7 contactLabels): list with counts, new, rename, delete. */
import {
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { CompanyLabel } from '@shared/api/groups';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { flash } from '../../ui/flash';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useLabelMutations, useLabels } from './api';
import { ConfirmModal, errorText } from './ConfirmModal';

function LabelFormModal({
  companyId,
  opened,
  label,
  onClose,
}: {
  companyId: number;
  opened: boolean;
  label: CompanyLabel | null;
  onClose: () => void;
}) {
  const { create, update } = useLabelMutations(companyId);
  const save = label ? update : create;
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setText(label?.label ?? '');
    setLocalError(null);
    create.reset();
    update.reset();
  }, [opened, label, create.reset, update.reset]);

  const fieldError = localError ?? (save.error instanceof ApiError ? save.error.field('label') : undefined);
  const otherError = save.error && !fieldError ? errorText(save.error) : null;
  const submit = () => {
    const value = text.trim();
    if (!value) {
      setLocalError('Enter the label.');
      return;
    }
    setLocalError(null);
    if (label) {
      update.mutate(
        { id: label.id, label: value },
        {
          onSuccess: (saved) => {
            flash('success', `Label renamed to “${saved.label}”.`);
            onClose();
          },
        },
      );
    } else {
      create.mutate(value, {
        onSuccess: (saved) => {
          flash('success', `Label “${saved.label}” created.`);
          onClose();
        },
      });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={label ? 'Rename label' : 'New label'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Label"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={fieldError}
            maxLength={50}
            data-autofocus
            withAsterisk
          />
          {otherError && (
            <Alert color="red" role="alert">
              {otherError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {label ? 'Save' : 'Create label'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function LabelsSection({ companyId, canManage }: { companyId: number; canManage: boolean }) {
  const labels = useLabels(companyId);
  const { remove } = useLabelMutations(companyId);
  const [editing, setEditing] = useState<{ label: CompanyLabel | null } | null>(null);
  const [deleting, setDeleting] = useState<CompanyLabel | null>(null);

  return (
    <Stack component="section" aria-labelledby="labels-heading">
      <Group justify="space-between">
        <Title order={2} size="h3" id="labels-heading">
          Labels
        </Title>
        {canManage && <Button onClick={() => setEditing({ label: null })}>New label</Button>}
      </Group>
      {labels.isPending ? (
        <LoadingState label="Loading labels" />
      ) : labels.error ? (
        <ErrorState title="Could not load the labels" error={labels.error} onRetry={() => labels.refetch()} />
      ) : labels.data.length === 0 ? (
        <EmptyState title="No labels yet">
          Labels tag contacts (customer, VIP, lead…) so you can filter and group them.
        </EmptyState>
      ) : (
        <Table striped aria-label="Labels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Label</Table.Th>
              <Table.Th ta="right">Contacts</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {labels.data.map((label) => (
              <Table.Tr key={label.id}>
                <Table.Td>{label.label}</Table.Td>
                <Table.Td ta="right">{label.contact_count.toLocaleString('en-US')}</Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Rename ${label.label}`}
                        onClick={() => setEditing({ label })}
                      >
                        Rename
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Delete ${label.label}`}
                        onClick={() => {
                          remove.reset();
                          setDeleting(label);
                        }}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <LabelFormModal
        companyId={companyId}
        opened={!!editing}
        label={editing?.label ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        opened={!!deleting}
        title="Delete label"
        confirmLabel="Delete label"
        loading={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              flash('success', `Label “${deleting.label}” deleted.`);
              setDeleting(null);
            },
          })
        }
      >
        {deleting && (
          <>
            Delete the label “{deleting.label}”? It is taken off{' '}
            {deleting.contact_count === 1
              ? '1 contact'
              : `${deleting.contact_count.toLocaleString('en-US')} contacts`}
            ; the contacts themselves stay.
          </>
        )}
      </ConfirmModal>
      {!canManage && labels.data && labels.data.length > 0 && (
        <Text size="xs" c="dimmed">
          Your role can see labels but not change them.
        </Text>
      )}
    </Stack>
  );
}
