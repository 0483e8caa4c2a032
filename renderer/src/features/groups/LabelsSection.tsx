/** The company's contact labels (§7 contactLabels): list with counts, new, rename, delete. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { type CompanyLabel, LABEL_ENDPOINTS } from '@shared/api/groups';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmModal, errorText } from '../../ui/ConfirmModal';
import { DataTable } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { EmptyState, ErrorState } from '../../ui/States';
import { useLabelMutations, useLabels } from './api';

const LabelSchema = LABEL_ENDPOINTS.create.body;
type LabelValues = z.input<typeof LabelSchema>;

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
  const form = useForm<LabelValues>({ resolver: zodResolver(LabelSchema), defaultValues: { label: '' } });
  const [formError, setFormError] = useState('');
  const { reset } = form;
  useEffect(() => {
    if (!opened) return;
    reset({ label: label?.label ?? '' });
    setFormError('');
    create.reset();
    update.reset();
  }, [opened, label, reset, create.reset, update.reset]);

  const onError = (error: unknown) => setFormError(applyServerErrors(error, form.setError, ['label']));
  const submit = form.handleSubmit(({ label: value }) => {
    setFormError('');
    if (label) {
      update.mutate(
        { id: label.id, label: value },
        {
          onSuccess: (saved) => {
            flash('success', `Label renamed to “${saved.label}”.`);
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(value, {
        onSuccess: (saved) => {
          flash('success', `Label “${saved.label}” created.`);
          onClose();
        },
        onError,
      });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={label ? 'Rename label' : 'New label'}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Label"
            {...form.register('label')}
            error={form.formState.errors.label?.message}
            maxLength={50}
            data-autofocus
            withAsterisk
          />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
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

const column = createColumnHelper<CompanyLabel>();

export function LabelsSection({ companyId, canManage }: { companyId: number; canManage: boolean }) {
  const labels = useLabels(companyId);
  const { remove } = useLabelMutations(companyId);
  const [editing, setEditing] = useState<{ label: CompanyLabel | null } | null>(null);
  const [deleting, setDeleting] = useState<CompanyLabel | null>(null);
  const removeReset = remove.reset;
  const columns = useMemo(
    () => [
      column.accessor('label', { header: 'Label' }),
      column.accessor('contact_count', {
        header: 'Contacts',
        meta: { align: 'right' },
        cell: (info) => info.getValue().toLocaleString('en-US'),
      }),
      // Changing labels needs contacts.manage: other roles see no actions column at all.
      ...(canManage
        ? [
            column.display({
              id: 'actions',
              header: () => <VisuallyHidden>Actions</VisuallyHidden>,
              cell: ({ row: { original: label } }) => (
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
                      removeReset();
                      setDeleting(label);
                    }}
                  >
                    Delete
                  </Button>
                </Group>
              ),
            }),
          ]
        : []),
    ],
    [canManage, removeReset],
  );

  return (
    <Stack component="section" aria-labelledby="labels-heading">
      <Group justify="space-between">
        <Title order={2} size="h3" id="labels-heading">
          Labels
        </Title>
        {canManage && <Button onClick={() => setEditing({ label: null })}>New label</Button>}
      </Group>
      {labels.error ? (
        <ErrorState title="Could not load the labels" error={labels.error} onRetry={() => labels.refetch()} />
      ) : (
        <DataTable
          label="Labels"
          data={labels.data ?? []}
          columns={columns}
          getRowId={(label) => String(label.id)}
          loading={labels.isPending}
          loadingLabel="Loading labels"
          empty={
            <EmptyState title="No labels yet">
              Labels tag contacts (customer, VIP, lead…) so you can filter and group them.
            </EmptyState>
          }
          tableProps={{ striped: true }}
        />
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
