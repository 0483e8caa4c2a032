/**
 * A forward's number on the routing editor, offering the company's forwarding numbers as suggestions (by name or
 * digits, keyboard and pointer alike: Mantine's Autocomplete). What is typed stays free text; picking an entry
 * puts its number in the field and sets the forward's international flag to the entry's.
 */
import { Autocomplete, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { useShell } from '../../app/context';
import { useForwardContactOptions } from './forwardingApi';
import { forwardOptionOf, matchForwardOptions } from './forwardingModel';

export function ForwardNumberField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  enabled,
  onPick,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  /** The field's accessible name, as the editor has always called it ("Forward 1 number"). */
  label: string;
  placeholder: string;
  /** Whether to load the suggestions (not for a read-only editor). */
  enabled: boolean;
  /** An entry was picked: whether its number is international. */
  onPick: (international: boolean) => void;
}) {
  const { company } = useShell();
  const entries = useForwardContactOptions(company?.id ?? 0, enabled);
  const options = useMemo(() => (entries.data ?? []).map(forwardOptionOf), [entries.data]);
  const byValue = useMemo(() => new Map(options.map((option) => [option.value, option])), [options]);
  const { field, fieldState } = useController({ control, name });

  return (
    <Autocomplete
      label={label}
      placeholder={placeholder}
      autoComplete="off"
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      data={options.map((option) => option.value)}
      filter={({ options: items, search }) => {
        const allowed = new Set(matchForwardOptions(options, search).map((option) => option.value));
        return items.filter((item) => 'value' in item && allowed.has(item.value));
      }}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{byValue.get(option.value)?.name}</Text>
          <Text size="sm" c="dimmed">
            {option.value}
          </Text>
        </Group>
      )}
      onOptionSubmit={(value) => onPick(byValue.get(value)?.international ?? false)}
    />
  );
}
