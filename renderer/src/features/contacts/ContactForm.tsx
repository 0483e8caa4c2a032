/**
 * The contact editor's inputs, every field of §3 Contact: text fields, the number (checked with
 * `normalizePhone` when it loses focus, shown with `formatPhone`), code-table selects, lists as tags, flags as
 * switches, labels and groups, and the company's custom fields by data type.
 */
import {
  Fieldset,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { CustomField } from '@shared/api/customFields';
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';
import { AGE_RANGES, CONTACT_TYPES, GENDERS } from '@shared/domain/contacts';
import { formatPhone, normalizePhone } from '@shared/domain/phone';
import { SMS_OPTIN_TYPES } from '@shared/domain/registration';
import { Controller, type Resolver, type UseFormReturn } from 'react-hook-form';
import { CustomValueInputs } from '../customFields/CustomValueInputs';
import { type ContactFormValues, INVALID_NUMBER_MESSAGE, validateContactForm } from './contactForm';

const options = (table: readonly { value: string; label: string }[]) =>
  table.map((entry) => ({ value: entry.value, label: entry.label }));

/** react-hook-form's resolver over the contract's schema and the phone rules. */
export const contactFormResolver: Resolver<ContactFormValues> = async (values) => {
  const errors = validateContactForm(values);
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, { type: 'validation', message }]),
    ),
  };
};

export function ContactForm({
  form,
  labels,
  groups,
  customFields,
  customErrors,
  disabled,
}: {
  form: UseFormReturn<ContactFormValues>;
  labels: readonly CompanyLabel[];
  groups: readonly ContactGroup[];
  customFields: readonly CustomField[];
  customErrors: Record<string, string>;
  disabled: boolean;
}) {
  const { register, control, formState } = form;
  const e = formState.errors;
  const chosenGroups = form.watch('groups');
  const chosenLabels = form.watch('labels');
  // Virtual groups are saved filters: nobody is put in one by hand, but a membership it shows stays visible.
  const groupOptions = groups
    .filter((group) => !group.virtual || chosenGroups.includes(String(group.id)))
    .map((group) => ({ value: String(group.id), label: group.name }));
  const labelOptions = labels.map((label) => ({ value: String(label.id), label: label.label }));
  for (const id of chosenLabels)
    if (!labelOptions.some((option) => option.value === id))
      labelOptions.push({ value: id, label: `#${id}` });
  for (const id of chosenGroups)
    if (!groupOptions.some((option) => option.value === id))
      groupOptions.push({ value: id, label: `#${id}` });

  const numberField = register('number');

  return (
    <Stack gap="md">
      <Fieldset legend="Contact" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" required autoComplete="off" {...register('name')} error={e.name?.message} />
          <TextInput
            label="Number"
            required
            type="tel"
            autoComplete="off"
            description="Any format; saved in international form."
            {...numberField}
            onBlur={(event) => {
              void numberField.onBlur(event);
              const typed = event.currentTarget.value;
              if (!typed.trim()) return;
              const normalized = normalizePhone(typed);
              if (!normalized) {
                form.setError('number', { type: 'validation', message: INVALID_NUMBER_MESSAGE });
                return;
              }
              form.clearErrors('number');
              form.setValue('number', formatPhone(normalized), { shouldDirty: true });
            }}
            error={e.number?.message}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            {...register('email')}
            error={e.email?.message}
          />
          <TextInput label="Company" {...register('company_name')} error={e.company_name?.message} />
          <TextInput label="Job title" {...register('title')} error={e.title?.message} />
          <TextInput label="Country" {...register('country')} error={e.country?.message} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Address" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Address" {...register('address1')} error={e.address1?.message} />
          <TextInput label="Address line 2" {...register('address2')} error={e.address2?.message} />
          <TextInput label="City" {...register('city')} error={e.city?.message} />
          <TextInput label="State" {...register('state')} error={e.state?.message} />
          <TextInput label="ZIP" {...register('zip')} error={e.zip?.message} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Profile" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={control}
            name="gender"
            render={({ field }) => (
              <Select
                label="Gender"
                data={options(GENDERS)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                clearable
                placeholder="Not set"
                error={e.gender?.message}
                disabled={disabled}
              />
            )}
          />
          <Controller
            control={control}
            name="age_range"
            render={({ field }) => (
              <Select
                label="Age range"
                data={[...AGE_RANGES]}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                clearable
                placeholder="Not set"
                error={e.age_range?.message}
                disabled={disabled}
              />
            )}
          />
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select
                label="Type"
                data={options(CONTACT_TYPES)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                clearable
                placeholder="Not set"
                error={e.type?.message}
                disabled={disabled}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
          <Controller
            control={control}
            name="alternative_names"
            render={({ field }) => (
              <TagsInput
                label="Alternative names"
                description="Press Enter after each name."
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={e.alternative_names?.message}
                disabled={disabled}
                clearable
              />
            )}
          />
          <Controller
            control={control}
            name="secondary_emails"
            render={({ field }) => (
              <TagsInput
                label="Secondary emails"
                description="Press Enter after each address."
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={e.secondary_emails?.message}
                disabled={disabled}
                clearable
              />
            )}
          />
          <TextInput label="Carrier" {...register('carrier')} error={e.carrier?.message} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Messaging" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="optin_type"
            render={({ field }) => (
              <Select
                label="Opt-in type"
                data={options(SMS_OPTIN_TYPES)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                clearable
                placeholder="Not opted in"
                error={e.optin_type?.message}
                disabled={disabled}
              />
            )}
          />
          <TextInput label="Opt-in source" {...register('optin_source')} error={e.optin_source?.message} />
        </SimpleGrid>
        <Stack gap="xs" mt="sm">
          <Controller
            control={control}
            name="is_unsubscribed"
            render={({ field }) => (
              <Switch
                label="Unsubscribed"
                description="Campaigns skip this contact."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                disabled={disabled}
              />
            )}
          />
          <Controller
            control={control}
            name="is_invalid"
            render={({ field }) => (
              <Switch
                label="Invalid"
                description="The number cannot receive messages."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                disabled={disabled}
              />
            )}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend="Labels and groups" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="labels"
            render={({ field }) => (
              <MultiSelect
                label="Labels"
                data={labelOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                clearable
                nothingFoundMessage="No such label"
                placeholder={field.value.length ? undefined : 'No labels'}
                error={e.labels?.message}
                disabled={disabled}
              />
            )}
          />
          <Controller
            control={control}
            name="groups"
            render={({ field }) => (
              <MultiSelect
                label="Groups"
                data={groupOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                clearable
                nothingFoundMessage="No such group"
                placeholder={field.value.length ? undefined : 'No groups'}
                error={e.groups?.message}
                disabled={disabled}
              />
            )}
          />
        </SimpleGrid>
      </Fieldset>

      {customFields.length > 0 && (
        <Fieldset legend="Custom fields" disabled={disabled}>
          <Controller
            control={control}
            name="eavAttributeValues"
            render={({ field }) => (
              <CustomValueInputs
                fields={customFields}
                value={field.value}
                onChange={field.onChange}
                errors={customErrors}
                disabled={disabled}
              />
            )}
          />
        </Fieldset>
      )}

      <Textarea
        label="Notes"
        description="One standing note on the contact; dated notes are in the Notes section."
        autosize
        minRows={2}
        disabled={disabled}
        {...register('notes')}
        error={e.notes?.message}
      />
    </Stack>
  );
}
