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
import { type ReactNode, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { ApiError } from '../../api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { saveTextFile } from '../../ui/download';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { SelectField } from '../../ui/formFields';
import { groupChoices, labelChoices } from '../groups/choices';
import { invalidateContactAreas } from './contactCache';
import {
  destroyContacts,
  exportContacts,
  groupContacts,
  labelContacts,
  onContactsRemoved,
  useCreateLabel,
} from './contactsApi';

type Dialog = null | 'add-label' | 'remove-label' | 'add-group' | 'remove-group' | 'delete';

/**
 * The label or group a bulk action applies: the one choice its dialog makes, by id. The rest of the body (which
 * contacts) is the page's selection; the contract checks the whole body (GROUP_ENDPOINTS bulk labels, groups'
 * contacts).
 */
const choiceSchema = (missing: string) =>
  z.object({
    id: z
      .string()
      .nullable()
      .refine((id) => id !== null, missing),
  });
const LabelChoiceSchema = choiceSchema('Choose a label.');
const GroupChoiceSchema = choiceSchema('Choose a group.');
type Choice = z.input<typeof LabelChoiceSchema>;

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
  /** A label or group change: once made, the lists show it, the person is told, the selection is cleared. */
  const change = async (made: Promise<{ affected: number }>, message: (contacts: string) => string) => {
    const { affected } = await made;
    await invalidateContactAreas(client);
    flash('success', message(plural(affected, 'contact')));
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
          onApply={(label) =>
            change(labelContacts(companyId, action, label.id, selection), (contacts) =>
              action === 'add'
                ? `Added “${label.label}” to ${contacts}.`
                : `Removed “${label.label}” from ${contacts}.`,
            )
          }
        />
      )}

      {(dialog === 'add-group' || dialog === 'remove-group') && (
        <GroupDialog
          action={action}
          groups={groups}
          who={who}
          onClose={close}
          onApply={(group) =>
            change(groupContacts(companyId, action, group.id, selection), (contacts) =>
              action === 'add'
                ? `Added ${contacts} to ${group.name}.`
                : `Removed ${contacts} from ${group.name}.`,
            )
          }
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

/**
 * The dialog of a bulk action that applies one label or group to the selection: what it does, the choice, and the
 * action, which waits for a choice.
 */
function ChoiceDialog<T extends { id: number }>({
  title,
  form,
  choices,
  onClose,
  onApply,
  children,
}: {
  title: string;
  form: UseFormReturn<Choice>;
  choices: readonly T[];
  onClose: () => void;
  onApply: (chosen: T) => Promise<void>;
  children: ReactNode;
}) {
  const apply = useAction();
  const chosenId = form.watch('id');
  const chosen = choices.find((choice) => String(choice.id) === chosenId);
  return (
    <FormDialog
      title={title}
      submitLabel={title}
      gap="sm"
      pending={apply.pending}
      disabled={!chosen}
      error={apply.error}
      onClose={onClose}
      onSubmit={form.handleSubmit(() => chosen && apply.run(() => onApply(chosen)))}
    >
      {children}
    </FormDialog>
  );
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
  onApply: (label: CompanyLabel) => Promise<void>;
}) {
  const form = useForm<Choice>({ resolver: zodResolver(LabelChoiceSchema), defaultValues: { id: null } });
  const setLabelId = (id: string) => form.setValue('id', id, { shouldValidate: true });
  const [newLabel, setNewLabel] = useState('');
  const createLabel = useCreateLabel(companyId);

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
    <ChoiceDialog
      title={action === 'add' ? 'Add label' : 'Remove label'}
      form={form}
      choices={labels}
      onClose={onClose}
      onApply={onApply}
    >
      <Text size="sm">
        {action === 'add' ? 'Put a label on' : 'Take a label off'} {who}.
      </Text>
      <SelectField
        control={form.control}
        name="id"
        label="Label"
        placeholder={labels.length ? 'Choose a label' : 'No labels yet'}
        data={labelChoices(labels)}
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
    </ChoiceDialog>
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
  onApply: (group: ContactGroup) => Promise<void>;
}) {
  // Virtual groups are saved filters: their members are whoever matches, so nobody is added or removed by hand.
  const choices = groups.filter((group) => !group.virtual);
  const form = useForm<Choice>({ resolver: zodResolver(GroupChoiceSchema), defaultValues: { id: null } });

  return (
    <ChoiceDialog
      title={action === 'add' ? 'Add to group' : 'Remove from group'}
      form={form}
      choices={choices}
      onClose={onClose}
      onApply={onApply}
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
            name="id"
            label="Group"
            placeholder="Choose a group"
            data={groupChoices(choices)}
            searchable
            nothingFoundMessage="No such group"
            data-autofocus
          />
        </>
      )}
    </ChoiceDialog>
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
