/**
 * Creating or changing a custom field in a dialog: name, data type (fixed while records carry values), description,
 * required, the choices of a choice list, and a default value of the field's type. The contract's schema checks
 * the form; the server's refusals show beside their fields (a choice's beside the choice).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { CustomField } from '@shared/api/customFields';
import { CUSTOM_FIELD_DATA_TYPES, type CustomFieldDataType } from '@shared/domain/customFields';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { ErrorAlert } from '../../ui/States';
import { useFieldStats, useSaveField } from './api';
import { ChoicesEditor } from './ChoicesEditor';
import { CustomValueInputField } from './CustomValueInputs';
import { records } from './FieldUsage';
import {
  blankChoice,
  bodyOf,
  changeDataType,
  defaultChoices,
  FieldFormSchema,
  type FieldFormValues,
  isPlaced,
  moveChoice,
  removeChoice,
  removedWithValues,
  renameChoice,
  valuesOf,
} from './fieldForm';

const DATA_TYPE_OPTIONS = CUSTOM_FIELD_DATA_TYPES.map((type) => ({ value: type.value, label: type.label }));

export function FieldDialog({
  companyId,
  entityType,
  field,
  onClose,
}: {
  companyId: number;
  entityType: number;
  field: CustomField | null;
  onClose: () => void;
}) {
  const form = useForm<FieldFormValues>({
    resolver: zodResolver(FieldFormSchema),
    defaultValues: valuesOf(field),
  });
  const [formError, setFormError] = useState('');
  const save = useSaveField(companyId);
  const stats = useFieldStats(field?.id ?? 0);
  const carrying = field ? (stats.data?.with_value ?? 0) : 0;
  const errors = form.formState.errors;
  const [dataType, choices, defaultValue] = form.watch(['data_type', 'choices', 'default_value']);

  // The choices and the default that names one change together.
  const changeChoices = (change: Pick<FieldFormValues, 'choices' | 'default_value'>) => {
    form.setValue('choices', change.choices);
    form.setValue('default_value', change.default_value);
  };
  const current = () => ({
    choices: form.getValues('choices'),
    default_value: form.getValues('default_value'),
  });

  const submit = form.handleSubmit((values) => {
    setFormError('');
    save.mutate(
      { id: field?.id, entityType: field?.entity_type ?? entityType, body: bodyOf(values) },
      {
        onSuccess: (saved) => {
          flash(
            'success',
            field ? `Custom field “${saved.name}” saved.` : `Custom field “${saved.name}” created.`,
          );
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(error, form.setError, isPlaced)),
        onQueued: onClose,
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={field ? 'Edit custom field' : 'New custom field'} size="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <ErrorAlert message={formError} />
          <TextInput label="Name" required data-autofocus maxLength={100} {...fieldProps(form, 'name')} />
          <Controller
            control={form.control}
            name="data_type"
            render={({ field: input }) => (
              <Select
                label="Data type"
                required
                allowDeselect={false}
                data={DATA_TYPE_OPTIONS}
                ref={input.ref}
                value={input.value}
                onBlur={input.onBlur}
                onChange={(value) => {
                  if (!value || value === input.value) return;
                  const next = changeDataType(current(), value as CustomFieldDataType);
                  input.onChange(next.data_type);
                  changeChoices(next);
                }}
                disabled={carrying > 0}
                description={
                  carrying > 0
                    ? `The data type cannot change while ${records(carrying)} carry values of this field.`
                    : undefined
                }
                error={errors.data_type?.message}
              />
            )}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={500}
            {...fieldProps(form, 'description')}
          />
          <Checkbox
            label="Required"
            description="Records must carry a value of this field."
            {...fieldProps(form, 'required')}
          />
          {dataType === 'enum' && (
            <ChoicesEditor
              choices={choices}
              errorOf={(index) =>
                errors.choices?.[index]?.value?.message ?? errors.choices?.[index]?.id?.message
              }
              error={errors.choices?.message}
              removedWithValues={removedWithValues(
                field,
                { data_type: dataType, choices },
                stats.data?.values ?? [],
              )}
              onRename={(index, value) => changeChoices(renameChoice(current(), index, value))}
              onMove={(index, by) => form.setValue('choices', moveChoice(current().choices, index, by))}
              onRemove={(index) => changeChoices(removeChoice(current(), index))}
              onAdd={() => form.setValue('choices', [...current().choices, blankChoice()])}
            />
          )}
          <CustomValueInputField
            key={dataType}
            label="Default value"
            field={{
              id: field?.id ?? 0,
              name: 'Default value',
              data_type: dataType,
              description: 'What a record has when it sets none.',
              required: false,
              choices: defaultChoices(choices),
            }}
            value={defaultValue ?? null}
            onChange={(value) => form.setValue('default_value', value)}
            error={errors.default_value?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
