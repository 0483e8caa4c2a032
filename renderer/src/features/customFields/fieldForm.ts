/**
 * The custom field editor's form: the values it edits, checked with the contract's schema; the way from a field to
 * them and from them to the body the server takes; and the changes to the choice list, which keep the default
 * value in step with the choice it names.
 */
import { type CustomField, type CustomFieldInput, CustomFieldInputSchema } from '@shared/api/customFields';
import type { CustomFieldDataType, CustomValue } from '@shared/domain/customFields';
import { z } from 'zod';

/**
 * The contract's name, data type, required and default value as they are; the description as the text area holds
 * it (empty is none); the choices as the editor keeps them, each with a key of its own for React. The server checks
 * each choice when the field is a choice list (a field of another type keeps its choices in the form, unsent).
 */
export const FieldFormSchema = CustomFieldInputSchema.pick({
  name: true,
  data_type: true,
  required: true,
  default_value: true,
}).extend({
  description: z.string(),
  choices: z.array(
    z.object({
      key: z.number(),
      id: z.number().optional(),
      value: z.string(),
      description: z.string().nullable(),
    }),
  ),
});
export type FieldFormValues = z.input<typeof FieldFormSchema>;
export type ChoiceDraft = FieldFormValues['choices'][number];

let choiceKeys = 0;
export const blankChoice = (): ChoiceDraft => ({ key: ++choiceKeys, value: '', description: null });

export function valuesOf(field: CustomField | null): FieldFormValues {
  if (!field) {
    return {
      name: '',
      data_type: 'stringText',
      description: '',
      required: false,
      default_value: null,
      choices: [],
    };
  }
  return {
    name: field.name,
    data_type: field.data_type,
    description: field.description ?? '',
    required: field.required,
    default_value: field.default_value,
    choices: field.choices.map((choice) => ({
      key: ++choiceKeys,
      id: choice.id,
      value: choice.value,
      description: choice.description,
    })),
  };
}

export function bodyOf(values: FieldFormValues): CustomFieldInput {
  return {
    name: values.name,
    data_type: values.data_type,
    description: values.description.trim() || null,
    required: values.required,
    default_value: values.default_value === '' ? null : (values.default_value ?? null),
    choices:
      values.data_type === 'enum'
        ? values.choices.map((choice, index) => ({
            ...(choice.id ? { id: choice.id } : {}),
            value: choice.value,
            sort_order: index,
            description: choice.description,
          }))
        : undefined,
  };
}

/** The fields of a 422 the editor shows a message beside; any other goes above the form. */
const PLACED = /^(name|data_type|description|required|default_value|choices(\.\d+\.(value|id))?)$/;
export const isPlaced = (field: string) => PLACED.test(field);

type ChoiceChange = Pick<FieldFormValues, 'choices' | 'default_value'>;

/** Another data type starts without a default; a choice list starts with one empty choice to fill in. */
export function changeDataType(values: ChoiceChange, data_type: CustomFieldDataType) {
  return {
    data_type,
    default_value: null,
    choices: data_type === 'enum' && values.choices.length === 0 ? [blankChoice()] : values.choices,
  };
}

/** A choice spelled anew: a default naming it follows its new spelling. */
export function renameChoice(values: ChoiceChange, index: number, value: string): ChoiceChange {
  const before = values.choices[index]?.value;
  return {
    default_value:
      before !== undefined && values.default_value === before ? value : (values.default_value ?? null),
    choices: values.choices.map((choice, i) => (i === index ? { ...choice, value } : choice)),
  };
}

/** A choice taken out: a default naming it goes with it. */
export function removeChoice(values: ChoiceChange, index: number): ChoiceChange {
  return {
    default_value:
      values.default_value === values.choices[index]?.value ? null : (values.default_value ?? null),
    choices: values.choices.filter((_choice, i) => i !== index),
  };
}

/** A choice one place up (-1) or down (1). */
export function moveChoice(choices: readonly ChoiceDraft[], index: number, by: -1 | 1): ChoiceDraft[] {
  const moved = [...choices];
  const [choice] = moved.splice(index, 1);
  if (!choice) return [...choices];
  moved.splice(index + by, 0, choice);
  return moved;
}

/** The choices a default value may name: each distinct spelling once, blanks left out. */
export function defaultChoices(choices: readonly ChoiceDraft[]) {
  return [
    ...new Map(
      choices
        .filter((choice) => choice.value.trim())
        .map((choice) => [
          choice.value.trim(),
          { id: choice.id ?? 0, value: choice.value.trim(), sort_order: 0, description: null },
        ]),
    ).values(),
  ];
}

/** Choices taken out that records use: saving deletes those values (the server does; the editor says so first). */
export function removedWithValues(
  field: CustomField | null,
  values: Pick<FieldFormValues, 'data_type' | 'choices'>,
  counts: readonly { value: CustomValue; count: number }[],
) {
  if (field?.data_type !== 'enum' || values.data_type !== 'enum') return [];
  return field.choices
    .filter((choice) => !values.choices.some((kept) => kept.id === choice.id))
    .map((choice) => ({
      value: choice.value,
      count: counts.find((entry) => entry.value === choice.value)?.count ?? 0,
    }))
    .filter((choice) => choice.count > 0);
}
