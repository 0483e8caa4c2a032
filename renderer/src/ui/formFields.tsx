/**
 * Inputs bound to a react-hook-form field, wired one way everywhere: the field's ref (so a refused field takes the
 * focus), its handlers and its message.
 *
 * - `fieldProps` is for the inputs that keep their own text (TextInput, PasswordInput, Textarea, Checkbox): what
 *   `register` gives, and the field's message.
 * - The components are Mantine's choice inputs, given the value too. Every other prop goes to the Mantine input as
 *   it is. These are for fields that store exactly what the input gives; a field that maps the input's value (a
 *   select that must never be empty, say) keeps its own `Controller`.
 */
import {
  MultiSelect,
  type MultiSelectProps,
  Select,
  type SelectProps,
  Switch,
  type SwitchProps,
  TagsInput,
  type TagsInputProps,
} from '@mantine/core';
import {
  type Control,
  type FieldError,
  type FieldErrors,
  type FieldPathByValue,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
  useController,
} from 'react-hook-form';

/** What a text input is given for its field: `register`'s ref, name and handlers, and the field's message. */
export function fieldProps<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>,
  name: Path<T>,
  options?: RegisterOptions<T, Path<T>>,
) {
  const error = get<FieldErrors<T>, FieldError | undefined>(form.formState.errors, name);
  return { ...form.register(name, options), error: error?.message };
}

/** The form field an input stands for, restricted to fields holding the input's kind of value. */
type Bound<T extends FieldValues, Value> = {
  control: Control<T>;
  name: FieldPathByValue<T, Value>;
};
type Wired = 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error';

/** What every bound input is given: the field's ref, value, handlers and message. */
function useBound<T extends FieldValues, Value>({ control, name }: Bound<T, Value>) {
  const { field, fieldState } = useController({ control, name });
  return {
    ref: field.ref,
    value: field.value as Value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}

/** A code table of shared/domain (value, label and maybe more) as a Select's data: just the value and the label. */
export const selectData = (table: readonly { value: string; label: string }[]) =>
  table.map(({ value, label }) => ({ value, label }));

/** A single choice, stored as its option's value (null when none). */
export function SelectField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T, string | null> & Omit<SelectProps, Wired>) {
  return <Select {...props} {...useBound({ control, name })} />;
}

/** Several choices, stored as their options' values. */
export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T, string[]> & Omit<MultiSelectProps, Wired>) {
  return <MultiSelect {...props} {...useBound({ control, name })} />;
}

/** Free words, one tag each (entered with Enter). */
export function TagsField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T, string[]> & Omit<TagsInputProps, Wired>) {
  return <TagsInput {...props} {...useBound({ control, name })} />;
}

/** An on/off flag: the switch's `checked` is the field's value. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  ...props
}: Bound<T, boolean> & Omit<SwitchProps, Wired | 'checked'>) {
  const { value, onChange, ...bound } = useBound({ control, name });
  return (
    <Switch
      {...props}
      {...bound}
      checked={value}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
