/** The company's contact labels (§7 contactLabels): list with counts, new, rename, delete. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type CompanyLabel, LABEL_ENDPOINTS } from '@shared/api/groups';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDeleteModal } from '../../ui/ConfirmModal';
import { QueryTable } from '../../ui/DataTable';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { actionsColumn, RowActions } from '../../ui/RowActions';
import { EmptyState } from '../../ui/States';
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
          onQueued: onClose,
        },
      );
    } else {
      create.mutate(value, {
        onSuccess: (saved) => {
          flash('success', `Label “${saved.label}” created.`);
          onClose();
        },
        onError,
        onQueued: onClose,
      });
    }
  });

  return (
    <FormDialog
      opened={opened}
      title={label ? 'Rename label' : 'New label'}
      submitLabel={label ? 'Save' : 'Create label'}
      pending={save.isPending}
      error={formError}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput label="Label" {...fieldProps(form, 'label')} maxLength={50} data-autofocus withAsterisk />
    </FormDialog>
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
      // Changing labels needs contacts.manage.
      ...actionsColumn(
        (label: CompanyLabel) => (
          <RowActions
            name={label.label}
            editLabel="Rename"
            onEdit={() => setEditing({ label })}
            onDelete={() => {
              removeReset();
              setDeleting(label);
            }}
          />
        ),
        { shown: canManage },
      ),
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
      <QueryTable
        query={labels}
        errorTitle="Could not load the labels"
        label="Labels"
        columns={columns}
        loadingLabel="Loading labels"
        empty={
          <EmptyState title="No labels yet">
            Labels tag contacts (customer, VIP, lead…) so you can filter and group them.
          </EmptyState>
        }
        tableProps={{ striped: true }}
      />
      <LabelFormModal
        companyId={companyId}
        opened={!!editing}
        label={editing?.label ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        target={deleting}
        title="Delete label"
        remove={remove}
        deleted={(label) => `Label “${label.label}” deleted.`}
        onClose={() => setDeleting(null)}
      >
        {(label) => (
          <>
            Delete the label “{label.label}”? It is taken off{' '}
            {label.contact_count === 1
              ? '1 contact'
              : `${label.contact_count.toLocaleString('en-US')} contacts`}
            ; the contacts themselves stay.
          </>
        )}
      </ConfirmDeleteModal>
      {!canManage && labels.data && labels.data.length > 0 && (
        <Text size="xs" c="dimmed">
          Your role can see labels but not change them.
        </Text>
      )}
    </Stack>
  );
}
