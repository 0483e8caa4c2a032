/**
 * What can be done to the selected contacts (or to every contact matching the filters): labels on and off,
 * groups in and out, a CSV export, and deletion after a confirmation that says how many.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import type { ContactSelection } from '@shared/api/contacts';
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { ApiError } from '../../api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { saveTextFile } from '../../ui/download';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import { SelectField } from '../../ui/formFields';
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
  /** Whether the open label or group dialog puts on or takes off. */
  const action = dialog === 'add-label' || dialog === 'add-group' ? 'add' : 'remove';
  const who = plural(count, 'contact');
  /** After a label or group change: the lists show it, the person is told, the selection is cleared. */
  const applied = async (message: string) => {
    await invalidateContactAreas(client);
    flash('success', message);
    close();
    onDone();
  };

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
          action={action}
          companyId={companyId}
          labels={labels}
          who={who}
          onClose={close}
          onApply={async (labelId, name) => {
            const { affected } = await labelContacts(companyId, action, labelId, selection);
            const contacts = plural(affected, 'contact');
            await applied(
              action === 'add' ? `Added “${name}” to ${contacts}.` : `Removed “${name}” from ${contacts}.`,
            );
          }}
        />
      )}

      {(dialog === 'add-group' || dialog === 'remove-group') && (
        <GroupDialog
          action={action}
          groups={groups}
          who={who}
          onClose={close}
          onApply={async (groupId, name) => {
            const { affected } = await groupContacts(companyId, action, groupId, selection);
            const contacts = plural(affected, 'contact');
            await applied(
              action === 'add' ? `Added ${contacts} to ${name}.` : `Removed ${contacts} from ${name}.`,
            );
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
    <FormDialog
      title={title}
      submitLabel={title}
      gap="sm"
      pending={apply.pending}
      disabled={!chosen}
      error={apply.error}
      onClose={onClose}
      onSubmit={form.handleSubmit(() => chosen && apply.run(() => onApply(chosen.id, chosen.label)))}
    >
      <Text size="sm">
        {action === 'add' ? 'Put a label on' : 'Take a label off'} {who}.
      </Text>
      <SelectField
        control={form.control}
        name="label_id"
        label="Label"
        placeholder={labels.length ? 'Choose a label' : 'No labels yet'}
        data={labels.map((label) => ({ value: String(label.id), label: label.label }))}
        searchable
        nothingFoundMessage="No such label"
        data-autofocus
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
    </FormDialog>
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
    <FormDialog
      title={title}
      submitLabel={title}
      gap="sm"
      pending={apply.pending}
      disabled={!chosen}
      error={apply.error}
      onClose={onClose}
      onSubmit={form.handleSubmit(() => chosen && apply.run(() => onApply(chosen.id, chosen.name)))}
    >
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
          <SelectField
            control={form.control}
            name="group_id"
            label="Group"
            placeholder="Choose a group"
            data={choices.map((group) => ({ value: String(group.id), label: group.name }))}
            searchable
            nothingFoundMessage="No such group"
            data-autofocus
          />
        </>
      )}
    </FormDialog>
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
