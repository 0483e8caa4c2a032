/**
 * What can be done to the selected contacts (or to every contact matching the filters): labels on and off,
 * groups in and out, a CSV export, and deletion after a confirmation that says how many.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ContactSelection } from '@shared/api/contacts';
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { ApiError } from '../../api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { saveTextFile } from '../../ui/download';
import { flash } from '../../ui/flash';
import { invalidateContactAreas } from './contactCache';
import {
  destroyContacts,
  exportContacts,
  failureSummary,
  groupContacts,
  labelContacts,
  onContactsRemoved,
  useCreateLabel,
} from './contactsApi';

type Dialog = null | 'add-label' | 'remove-label' | 'add-group' | 'remove-group' | 'delete';

/**
 * The label or group a bulk action applies: the one choice its dialog makes. The rest of the body (which contacts)
 * is the page's selection; the contract checks the whole body (GROUP_ENDPOINTS bulk labels, groups' contacts).
 */
const LabelChoiceSchema = z.object({
  label_id: z
    .string()
    .nullable()
    .refine((id) => id !== null, 'Choose a label.'),
});
type LabelChoice = z.input<typeof LabelChoiceSchema>;
const GroupChoiceSchema = z.object({
  group_id: z
    .string()
    .nullable()
    .refine((id) => id !== null, 'Choose a group.'),
});
type GroupChoice = z.input<typeof GroupChoiceSchema>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function BulkActions({
  companyId,
  selection,
  count,
  labels,
  groups,
  canManage,
  onDone,
}: {
  companyId: number;
  selection: ContactSelection;
  /** How many contacts the selection holds (all matching: the list's total). */
  count: number;
  labels: readonly CompanyLabel[];
  groups: readonly ContactGroup[];
  canManage: boolean;
  /** Called after an action that changes the list, to clear the selection. */
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const who = plural(count, 'contact');

  const exportCsv = useMutation<string, ApiError>({
    mutationFn: () => exportContacts(companyId, selection),
    onSuccess: (csv) => {
      saveTextFile(csv, `contacts-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`);
      flash('success', `Exported ${who}.`);
    },
  });

  return (
    <Paper withBorder p="xs" role="toolbar" aria-label="Bulk actions">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500} mr="sm" aria-live="polite">
          {plural(count, 'contact')} selected
        </Text>
        {canManage && (
          <>
            <Button size="xs" variant="light" onClick={() => setDialog('add-label')}>
              Add label
            </Button>
            <Button size="xs" variant="light" onClick={() => setDialog('remove-label')}>
              Remove label
            </Button>
            <Button size="xs" variant="light" onClick={() => setDialog('add-group')}>
              Add to group
            </Button>
            <Button size="xs" variant="light" onClick={() => setDialog('remove-group')}>
              Remove from group
            </Button>
          </>
        )}
        <Button size="xs" variant="light" loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          Export
        </Button>
        {canManage && (
          <Button size="xs" variant="light" color="red" onClick={() => setDialog('delete')}>
            Delete
          </Button>
        )}
      </Group>

      {(dialog === 'add-label' || dialog === 'remove-label') && (
        <LabelDialog
          action={dialog === 'add-label' ? 'add' : 'remove'}
          companyId={companyId}
          labels={labels}
          who={who}
          onClose={close}
          onApply={async (labelId, labelName) => {
            const { affected } = await labelContacts(
              companyId,
              dialog === 'add-label' ? 'add' : 'remove',
              labelId,
              selection,
            );
            await invalidateContactAreas(client);
            flash(
              'success',
              dialog === 'add-label'
                ? `Added “${labelName}” to ${plural(affected, 'contact')}.`
                : `Removed “${labelName}” from ${plural(affected, 'contact')}.`,
            );
            close();
            onDone();
          }}
        />
      )}

      {(dialog === 'add-group' || dialog === 'remove-group') && (
        <GroupDialog
          action={dialog === 'add-group' ? 'add' : 'remove'}
          groups={groups}
          who={who}
          onClose={close}
          onApply={async (groupId, groupName) => {
            const { affected } = await groupContacts(
              companyId,
              dialog === 'add-group' ? 'add' : 'remove',
              groupId,
              selection,
            );
            await invalidateContactAreas(client);
            flash(
              'success',
              dialog === 'add-group'
                ? `Added ${plural(affected, 'contact')} to ${groupName}.`
                : `Removed ${plural(affected, 'contact')} from ${groupName}.`,
            );
            close();
            onDone();
          }}
        />
      )}

      {dialog === 'delete' && (
        <DeleteDialog
          who={who}
          onClose={close}
          onConfirm={async () => {
            const { deleted } = await destroyContacts(companyId, selection);
            await onContactsRemoved('contacts' in selection ? selection.contacts.map(Number) : []);
            flash('success', `Deleted ${plural(deleted, 'contact')}.`);
            close();
            onDone();
          }}
        />
      )}
    </Paper>
  );
}

/** Runs an async action, keeping its pending state and its failure message for the dialog. */
function useAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError('');
    try {
      await action();
    } catch (caught) {
      setError(failureSummary(caught));
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
}

function LabelDialog({
  action,
  companyId,
  labels,
  who,
  onClose,
  onApply,
}: {
  action: 'add' | 'remove';
  companyId: number;
  labels: readonly CompanyLabel[];
  who: string;
  onClose: () => void;
  onApply: (labelId: number, name: string) => Promise<void>;
}) {
  const form = useForm<LabelChoice>({
    resolver: zodResolver(LabelChoiceSchema),
    defaultValues: { label_id: null },
  });
  const labelId = form.watch('label_id');
  const setLabelId = (id: string) => form.setValue('label_id', id, { shouldValidate: true });
  const [newLabel, setNewLabel] = useState('');
  const createLabel = useCreateLabel(companyId);
  const apply = useAction();
  const title = action === 'add' ? 'Add label' : 'Remove label';
  const chosen = labels.find((label) => String(label.id) === labelId);

  const create = () => {
    const name = newLabel.trim();
    if (!name) return;
    const existing = labels.find((label) => label.label.toLowerCase() === name.toLowerCase());
    if (existing) {
      setLabelId(String(existing.id));
      setNewLabel('');
      return;
    }
    createLabel.mutate(name, {
      onSuccess: (label) => {
        setLabelId(String(label.id));
        setNewLabel('');
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={form.handleSubmit(() => chosen && apply.run(() => onApply(chosen.id, chosen.label)))}>
        <Stack gap="sm">
          <Text size="sm">
            {action === 'add' ? 'Put a label on' : 'Take a label off'} {who}.
          </Text>
          <Controller
            control={form.control}
            name="label_id"
            render={({ field, fieldState }) => (
              <Select
                label="Label"
                placeholder={labels.length ? 'Choose a label' : 'No labels yet'}
                data={labels.map((label) => ({ value: String(label.id), label: label.label }))}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                searchable
                nothingFoundMessage="No such label"
                data-autofocus
              />
            )}
          />
          {action === 'add' && (
            <Group align="flex-end" gap="xs">
              <TextInput
                label="New label"
                placeholder="e.g. VIP"
                value={newLabel}
                onChange={(event) => setNewLabel(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    create();
                  }
                }}
                error={createLabel.error?.field('label') ?? createLabel.error?.message}
                style={{ flex: 1 }}
              />
              <Button variant="default" onClick={create} loading={createLabel.isPending}>
                Create label
              </Button>
            </Group>
          )}
          {apply.error && (
            <Alert color="red" role="alert">
              {apply.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={apply.pending} disabled={!chosen}>
              {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function GroupDialog({
  action,
  groups,
  who,
  onClose,
  onApply,
}: {
  action: 'add' | 'remove';
  groups: readonly ContactGroup[];
  who: string;
  onClose: () => void;
  onApply: (groupId: number, name: string) => Promise<void>;
}) {
  // Virtual groups are saved filters: their members are whoever matches, so nobody is added or removed by hand.
  const choices = groups.filter((group) => !group.virtual);
  const form = useForm<GroupChoice>({
    resolver: zodResolver(GroupChoiceSchema),
    defaultValues: { group_id: null },
  });
  const groupId = form.watch('group_id');
  const apply = useAction();
  const title = action === 'add' ? 'Add to group' : 'Remove from group';
  const chosen = choices.find((group) => String(group.id) === groupId);

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={form.handleSubmit(() => chosen && apply.run(() => onApply(chosen.id, chosen.name)))}>
        <Stack gap="sm">
          {choices.length === 0 ? (
            <Text size="sm">
              There are no groups to choose from yet.{' '}
              <Anchor component={Link} to="/groups">
                Create a group
              </Anchor>{' '}
              first.
            </Text>
          ) : (
            <>
              <Text size="sm">
                {action === 'add' ? 'Add' : 'Remove'} {who} {action === 'add' ? 'to' : 'from'} a group.
              </Text>
              <Controller
                control={form.control}
                name="group_id"
                render={({ field, fieldState }) => (
                  <Select
                    label="Group"
                    placeholder="Choose a group"
                    data={choices.map((group) => ({ value: String(group.id), label: group.name }))}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    searchable
                    nothingFoundMessage="No such group"
                    data-autofocus
                  />
                )}
              />
            </>
          )}
          {apply.error && (
            <Alert color="red" role="alert">
              {apply.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={apply.pending} disabled={!chosen}>
              {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteDialog({
  who,
  onClose,
  onConfirm,
}: {
  who: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const apply = useAction();
  return (
    <ConfirmModal
      opened
      title="Delete contacts"
      confirmLabel={`Delete ${who}`}
      focusCancel
      loading={apply.pending}
      error={apply.error || null}
      onClose={onClose}
      onConfirm={() => void apply.run(onConfirm)}
    >
      Delete {who}? This cannot be undone. Their conversations stay, without the contact.
    </ConfirmModal>
  );
}
