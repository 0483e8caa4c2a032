/**
 * The contact editor's inputs, every field of §3 Contact: text fields, the number (checked with
 * `normalizePhone` when it loses focus, shown with `formatPhone`), code-table selects, lists as tags, flags as
 * switches, labels and groups, and the company's custom fields by data type.
 */
import { Fieldset, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { CustomField } from '@shared/api/customFields';
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';
import { AGE_RANGES, CONTACT_TYPES, GENDERS } from '@shared/domain/contacts';
import { formatPhone, normalizePhone } from '@shared/domain/phone';
import { SMS_OPTIN_TYPES } from '@shared/domain/registration';
import { Controller, type Resolver, type UseFormReturn } from 'react-hook-form';
import {
  fieldProps,
  MultiSelectField,
  SelectField,
  SwitchField,
  selectData,
  TagsField,
} from '../../ui/formFields';
import { CustomValueInputs } from '../customFields/CustomValueInputs';
import { groupChoices, labelChoices } from '../groups/choices';
import {
  type ContactFormField,
  type ContactFormValues,
  INVALID_NUMBER_MESSAGE,
  validateContactForm,
} from './contactForm';

/** The address's plain text fields, in the order of an envelope. */
const ADDRESS_FIELDS = [
  { name: 'address1', label: 'Address' },
  { name: 'address2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zip', label: 'ZIP' },
] as const satisfies readonly { name: ContactFormField; label: string }[];

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
  const { control } = form;
  const chosenGroups = form.watch('groups');
  const chosenLabels = form.watch('labels');
  // Virtual groups are saved filters: nobody is put in one by hand, but a membership it shows stays visible.
  const groupOptions = groupChoices(
    groups.filter((group) => !group.virtual || chosenGroups.includes(String(group.id))),
    chosenGroups,
  );
  const labelOptions = labelChoices(labels, chosenLabels);

  const numberField = fieldProps(form, 'number');
  // The pickers and switches are bound through ui/formFields; Mantine's comboboxes do not follow the fieldset's
  // `disabled`, so each is told.
  const bound = <N extends ContactFormField>(name: N) => ({ control, name, disabled });
  const optional = { clearable: true, placeholder: 'Not set' } as const;

  return (
    <Stack gap="md">
      <Fieldset legend="Contact" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" required autoComplete="off" {...fieldProps(form, 'name')} />
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
          />
          <TextInput label="Email" type="email" autoComplete="off" {...fieldProps(form, 'email')} />
          <TextInput label="Company" {...fieldProps(form, 'company_name')} />
          <TextInput label="Job title" {...fieldProps(form, 'title')} />
          <TextInput label="Country" {...fieldProps(form, 'country')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Address" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {ADDRESS_FIELDS.map(({ name, label }) => (
            <TextInput key={name} label={label} {...fieldProps(form, name)} />
          ))}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Profile" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <SelectField {...bound('gender')} label="Gender" data={selectData(GENDERS)} {...optional} />
          <SelectField {...bound('age_range')} label="Age range" data={[...AGE_RANGES]} {...optional} />
          <SelectField {...bound('type')} label="Type" data={selectData(CONTACT_TYPES)} {...optional} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
          <TagsField
            {...bound('alternative_names')}
            label="Alternative names"
            description="Press Enter after each name."
            clearable
          />
          <TagsField
            {...bound('secondary_emails')}
            label="Secondary emails"
            description="Press Enter after each address."
            clearable
          />
          <TextInput label="Carrier" {...fieldProps(form, 'carrier')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Messaging" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SelectField
            {...bound('optin_type')}
            label="Opt-in type"
            data={selectData(SMS_OPTIN_TYPES)}
            {...optional}
            placeholder="Not opted in"
          />
          <TextInput label="Opt-in source" {...fieldProps(form, 'optin_source')} />
        </SimpleGrid>
        <Stack gap="xs" mt="sm">
          <SwitchField
            {...bound('is_unsubscribed')}
            label="Unsubscribed"
            description="Campaigns skip this contact."
          />
          <SwitchField
            {...bound('is_invalid')}
            label="Invalid"
            description="The number cannot receive messages."
          />
        </Stack>
      </Fieldset>

      <Fieldset legend="Labels and groups" disabled={disabled}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MultiSelectField
            {...bound('labels')}
            label="Labels"
            data={labelOptions}
            searchable
            clearable
            nothingFoundMessage="No such label"
            placeholder={chosenLabels.length ? undefined : 'No labels'}
          />
          <MultiSelectField
            {...bound('groups')}
            label="Groups"
            data={groupOptions}
            searchable
            clearable
            nothingFoundMessage="No such group"
            placeholder={chosenGroups.length ? undefined : 'No groups'}
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
        description="One standing note on the contact; dated notes are in the timeline below."
        autosize
        minRows={2}
        disabled={disabled}
        {...fieldProps(form, 'notes')}
      />
    </Stack>
  );
}
