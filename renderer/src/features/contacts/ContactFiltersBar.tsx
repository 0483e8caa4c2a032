/** The contacts list's filters: a debounced search, labels, groups, and the opt-in / unsubscribed / invalid flags. */
import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';
import { useSearchBox } from '../../ui/useSearchBox';
import { type Choice, groupChoices, labelChoices } from '../groups/choices';
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

  // Ids in the address that the company does not have (a stale link) still show, as their number.
  const labelOptions = labelChoices(labels, filters.labels.map(String));
  const groupOptions = groupChoices(groups, filters.groups.map(String));

  const multi = (name: 'labels' | 'groups', label: string, data: Choice[], one: string) => (
    <MultiSelect
      label={label}
      placeholder={filters[name].length ? undefined : `Any ${one}`}
      data={data}
      value={filters[name].map(String)}
      onChange={(values) => onChange((current) => ({ ...current, [name]: values.map(Number) }))}
      searchable
      clearable
      nothingFoundMessage={`No such ${one}`}
      w={190}
    />
  );

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
      {multi('labels', 'Labels', labelOptions, 'label')}
      {multi('groups', 'Groups', groupOptions, 'group')}
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
