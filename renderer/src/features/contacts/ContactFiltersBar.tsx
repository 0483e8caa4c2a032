/** The contacts list's filters: a debounced search, labels, groups, and the opt-in / unsubscribed / invalid flags. */
import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';
import { useSearchBox } from '../../ui/useSearchBox';
import { type ContactFilterState, EMPTY_FILTERS, hasFilters, type TriState } from './filters';

const TRI_OPTIONS = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export type FiltersUpdate = (change: (current: ContactFilterState) => ContactFilterState) => void;

export function ContactFiltersBar({
  filters,
  labels,
  groups,
  onChange,
}: {
  filters: ContactFilterState;
  labels: readonly CompanyLabel[];
  groups: readonly ContactGroup[];
  onChange: FiltersUpdate;
}) {
  const searchBox = useSearchBox(filters.search, (search) => onChange((current) => ({ ...current, search })));

  const labelOptions = labels.map((label) => ({ value: String(label.id), label: label.label }));
  const groupOptions = groups.map((group) => ({ value: String(group.id), label: group.name }));
  // Ids in the address that the company does not have (a stale link) still show, as their number.
  for (const id of filters.labels)
    if (!labels.some((label) => label.id === id)) labelOptions.push({ value: String(id), label: `#${id}` });
  for (const id of filters.groups)
    if (!groups.some((group) => group.id === id)) groupOptions.push({ value: String(id), label: `#${id}` });

  const tri = (name: 'optin' | 'unsubscribed' | 'invalid', label: string) => (
    <Select
      label={label}
      data={TRI_OPTIONS}
      value={filters[name]}
      allowDeselect={false}
      onChange={(value) => onChange((current) => ({ ...current, [name]: (value ?? 'any') as TriState }))}
      w={110}
    />
  );

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Contact filters">
      <TextInput
        label="Search contacts"
        placeholder="Name, number, email or company"
        {...searchBox.inputProps}
        w={220}
      />
      <MultiSelect
        label="Labels"
        placeholder={filters.labels.length ? undefined : 'Any label'}
        data={labelOptions}
        value={filters.labels.map(String)}
        onChange={(values) => onChange((current) => ({ ...current, labels: values.map(Number) }))}
        searchable
        clearable
        nothingFoundMessage="No such label"
        w={190}
      />
      <MultiSelect
        label="Groups"
        placeholder={filters.groups.length ? undefined : 'Any group'}
        data={groupOptions}
        value={filters.groups.map(String)}
        onChange={(values) => onChange((current) => ({ ...current, groups: values.map(Number) }))}
        searchable
        clearable
        nothingFoundMessage="No such group"
        w={190}
      />
      {tri('optin', 'Opted in')}
      {tri('unsubscribed', 'Unsubscribed')}
      {tri('invalid', 'Invalid')}
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          onClick={() => {
            searchBox.commit.cancel();
            searchBox.setText('');
            onChange(() => EMPTY_FILTERS);
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
