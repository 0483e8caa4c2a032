/**
 * A filter that picks records by id (numbers, agents, outcome codes): a searchable multi-select whose value is
 * ids, not strings. A chosen id its options do not hold (from a link or a bookmark, or a record since gone) still
 * shows, as "#id", so the filter never hides what narrows the list.
 */
import { MultiSelect } from '@mantine/core';

export interface IdOption {
  id: number;
  label: string;
}

export function IdsSelect({
  label,
  anyLabel,
  options,
  value,
  onChange,
  description,
  nothingFound,
  width = 230,
}: {
  label: string;
  /** The placeholder while nothing is chosen ("Any agent"). */
  anyLabel: string;
  options: readonly IdOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  description?: string | undefined;
  nothingFound?: string;
  width?: number;
}) {
  const data = options.map((option) => ({ value: String(option.id), label: option.label }));
  for (const id of value)
    if (!options.some((option) => option.id === id)) data.push({ value: String(id), label: `#${id}` });
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : anyLabel}
      data={data}
      value={value.map(String)}
      onChange={(values) => onChange(values.map(Number).filter((id) => Number.isSafeInteger(id) && id >= 0))}
      description={description}
      nothingFoundMessage={nothingFound}
      searchable
      clearable
      w={width}
    />
  );
}
