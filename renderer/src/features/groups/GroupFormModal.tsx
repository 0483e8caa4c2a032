/**
 * New group, or rename one (a virtual group's filters are edited here too): a name, and for a virtual group the
 * filters its members match — labels, opted in, unsubscribed, search. A 422 shows under its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { type CompanyLabel, type ContactGroup, GROUP_ENDPOINTS } from '@shared/api/groups';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps, MultiSelectField } from '../../ui/formFields';
import { useGroupMutations } from './api';
import { labelChoices } from './choices';
import { EMPTY_FILTER_FORM, type FilterForm, fromFilters, type Tristate, toFilters } from './groupFilters';

const TRISTATE = z.enum(['any', 'yes', 'no']);
/**
 * The contract's name, then what the form edits instead of the body's filters: whether the group is virtual, and
 * its filters as fields (see ./groupFilters.ts for the way to the body's).
 */
const GroupFormSchema = GROUP_ENDPOINTS.create.body.pick({ name: true }).extend({
  virtual: z.boolean(),
  filters: z.object({
    search: z.string(),
    labels: z.array(z.string()),
    optin: TRISTATE,
    unsubscribed: TRISTATE,
  }) satisfies z.ZodType<FilterForm>,
});
type GroupFormValues = z.input<typeof GroupFormSchema>;
const BLANK: GroupFormValues = { name: '', virtual: false, filters: EMPTY_FILTER_FORM };

/** A yes / no / either filter's options: Any, then what yes and no mean for it. */
const tristateOptions = (yes: string, no: string): { value: Tristate; label: string }[] => [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: yes },
  { value: 'no', label: no },
];

/** A virtual group's yes / no / either filters: each a select that is never empty. */
const TRISTATE_FILTERS: {
  name: 'filters.optin' | 'filters.unsubscribed';
  label: string;
  data: { value: Tristate; label: string }[];
}[] = [
  { name: 'filters.optin', label: 'Opted in', data: tristateOptions('Opted in', 'Not opted in') },
  {
    name: 'filters.unsubscribed',
    label: 'Unsubscribed',
    data: tristateOptions('Unsubscribed', 'Not unsubscribed'),
  },
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
  const form = useForm<GroupFormValues>({ resolver: zodResolver(GroupFormSchema), defaultValues: BLANK });
  const [formError, setFormError] = useState<string | null>(null);
  const { reset } = form;

  useEffect(() => {
    if (!opened) return;
    reset({
      name: group?.name ?? '',
      virtual: group?.virtual ?? false,
      filters: group?.virtual ? fromFilters(group.filters) : EMPTY_FILTER_FORM,
    });
    setFormError(null);
    create.reset();
    update.reset();
  }, [opened, group, reset, create.reset, update.reset]);

  // A name refused goes under the name; anything else (the filters, say) above the buttons.
  const onError = (error: unknown) => setFormError(applyServerErrors(error, form.setError, ['name']) || null);
  const submit = form.handleSubmit(({ name, virtual, filters }) => {
    setFormError(null);
    const editsFilters = group ? group.virtual : virtual;
    const body = {
      name,
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
          onError,
          onQueued: onClose,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          flash('success', `Group “${saved.name}” created.`);
          onClose();
        },
        onError,
        onQueued: onClose,
      });
    }
  });

  const editingFilters = form.watch('virtual') && (!group || group.virtual);
  return (
    <FormDialog
      opened={opened}
      title={group ? (group.virtual ? 'Edit virtual group' : 'Rename group') : 'New group'}
      submitLabel={group ? 'Save' : 'Create group'}
      pending={save.isPending}
      error={formError}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput label="Name" {...fieldProps(form, 'name')} maxLength={100} data-autofocus withAsterisk />
      {!group && (
        <Checkbox
          label="Virtual group"
          description="Its members are the contacts matching the filters below, now and later."
          {...form.register('virtual')}
        />
      )}
      {editingFilters && (
        <Stack gap="xs">
          <TextInput
            label="Search"
            description="Name, number, email or company name contains"
            {...form.register('filters.search')}
          />
          <MultiSelectField
            control={form.control}
            name="filters.labels"
            label="Labels"
            placeholder={labels.length ? 'Any label' : 'No labels yet'}
            data={labelChoices(labels)}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Group grow>
            {TRISTATE_FILTERS.map(({ name, label, data }) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Select
                    label={label}
                    data={data}
                    ref={field.ref}
                    value={field.value}
                    allowDeselect={false}
                    onChange={(value) => field.onChange((value as Tristate) ?? 'any')}
                    onBlur={field.onBlur}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
            ))}
          </Group>
        </Stack>
      )}
    </FormDialog>
  );
}
