/**
 * New group, or rename one (a virtual group's filters are edited here too): a name, and for a virtual group the
 * filters its members match — labels, opted in, unsubscribed, search. A 422 shows under its field.
 */
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { flash } from '../../ui/flash';
import { useGroupMutations } from './api';
import { errorText } from './ConfirmModal';
import { EMPTY_FILTER_FORM, type FilterForm, fromFilters, type Tristate, toFilters } from './groupFilters';

const OPTIN: { value: Tristate; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Opted in' },
  { value: 'no', label: 'Not opted in' },
];
const UNSUBSCRIBED: { value: Tristate; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Unsubscribed' },
  { value: 'no', label: 'Not unsubscribed' },
];

export function GroupFormModal({
  companyId,
  opened,
  group,
  labels,
  onClose,
}: {
  companyId: number;
  opened: boolean;
  /** The group to rename; none for a new group. */
  group: ContactGroup | null;
  labels: CompanyLabel[];
  onClose: () => void;
}) {
  const { create, update } = useGroupMutations(companyId);
  const save = group ? update : create;
  const [name, setName] = useState('');
  const [virtual, setVirtual] = useState(false);
  const [filters, setFilters] = useState<FilterForm>(EMPTY_FILTER_FORM);
  const [nameError, setNameError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setName(group?.name ?? '');
    setVirtual(group?.virtual ?? false);
    setFilters(group?.virtual ? fromFilters(group.filters) : EMPTY_FILTER_FORM);
    setNameError(null);
    create.reset();
    update.reset();
  }, [opened, group, create.reset, update.reset]);

  const serverError = save.error instanceof ApiError ? save.error : null;
  const fieldError = nameError ?? serverError?.field('name') ?? null;
  const filterError = serverError
    ? Object.entries(serverError.errors).find(([field]) => field.startsWith('filters'))?.[1]
    : undefined;
  const filterMessage = Array.isArray(filterError) ? String(filterError[0]) : null;
  const otherError = filterMessage ?? (save.error && !fieldError ? errorText(save.error) : null);

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Name the group.');
      return;
    }
    setNameError(null);
    const editsFilters = group ? group.virtual : virtual;
    const body = {
      name: trimmed,
      ...(editsFilters ? { filters: toFilters(filters, group?.filters ?? null) } : {}),
    };
    if (group) {
      update.mutate(
        { id: group.id, ...body },
        {
          onSuccess: (saved) => {
            flash(
              'success',
              saved.name === group.name
                ? `Group “${saved.name}” saved.`
                : `Group renamed to “${saved.name}”.`,
            );
            onClose();
          },
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          flash('success', `Group “${saved.name}” created.`);
          onClose();
        },
      });
    }
  };

  const editingFilters = virtual && (!group || group.virtual);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? (group.virtual ? 'Edit virtual group' : 'Rename group') : 'New group'}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError}
            maxLength={100}
            data-autofocus
            withAsterisk
          />
          {!group && (
            <Checkbox
              label="Virtual group"
              description="Its members are the contacts matching the filters below, now and later."
              checked={virtual}
              onChange={(event) => setVirtual(event.currentTarget.checked)}
            />
          )}
          {editingFilters && (
            <Stack gap="xs">
              <TextInput
                label="Search"
                description="Name, number, email or company name contains"
                value={filters.search}
                onChange={(event) => setFilters({ ...filters, search: event.currentTarget.value })}
              />
              <MultiSelect
                label="Labels"
                placeholder={labels.length ? 'Any label' : 'No labels yet'}
                data={labels.map((label) => ({ value: String(label.id), label: label.label }))}
                value={filters.labels}
                onChange={(value) => setFilters({ ...filters, labels: value })}
                searchable
                clearable
                comboboxProps={{ withinPortal: true }}
              />
              <Group grow>
                <Select
                  label="Opted in"
                  data={OPTIN}
                  value={filters.optin}
                  allowDeselect={false}
                  onChange={(value) => setFilters({ ...filters, optin: (value as Tristate) ?? 'any' })}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  label="Unsubscribed"
                  data={UNSUBSCRIBED}
                  value={filters.unsubscribed}
                  allowDeselect={false}
                  onChange={(value) => setFilters({ ...filters, unsubscribed: (value as Tristate) ?? 'any' })}
                  comboboxProps={{ withinPortal: true }}
                />
              </Group>
            </Stack>
          )}
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
              {group ? 'Save' : 'Create group'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
