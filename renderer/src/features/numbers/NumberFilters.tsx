/**
 * The numbers table's stats and filters: how many numbers there are (active, being released, by type), then
 * search, type, status, area code and pattern (each choice with how many numbers have it), tag, and "Clear
 * filters" while anything narrows the table. Every change goes back to page 1.
 */
import { Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { NumberStats } from '@shared/api/numberTable';
import { labelOf, valuesOf } from '@shared/domain/codes';
import { NUMBER_STATUSES, NUMBER_TYPES } from '@shared/domain/numbers';
import type { ReactNode } from 'react';
import { DEFAULT_TABLE_STATE, isFiltered, type NumberTableState } from './listState';
import { useFilterChoices } from './numberTableApi';

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

export function NumberStatsBar({ stats }: { stats: NumberStats | undefined }) {
  if (!stats) return null;
  const byType = (type: number) => stats.by_type.find((row) => row.type === type)?.count ?? 0;
  return (
    <section aria-label="Number statistics">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
        <Stat label="Numbers" value={stats.total} />
        <Stat label="Active" value={stats.active} />
        <Stat label="Being released" value={stats.inactive} />
        <Stat label="Local" value={byType(2)} />
        <Stat label="Toll-free" value={byType(1)} />
        <Stat label="Texting" value={stats.sms_enabled} />
      </SimpleGrid>
    </section>
  );
}

export function NumberFilters({
  companyId,
  state,
  searchInput,
  onChange,
}: {
  companyId: number;
  state: NumberTableState;
  /** The debounced search box's props (useSearchBox). */
  searchInput: Record<string, unknown>;
  onChange: (change: Partial<NumberTableState>) => void;
}) {
  const { patterns, prefixes } = useFilterChoices(companyId);
  const areaCodes = [...new Map(prefixes.map((prefix) => [prefix.area_code, 0])).keys()].map((code) => ({
    value: code,
    label: `${code} (${prefixes.filter((p) => p.area_code === code).reduce((sum, p) => sum + p.count, 0)})`,
  }));
  const set = (change: Partial<NumberTableState>) => onChange({ ...change, page: 1 });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput label="Search numbers" placeholder="Number or label" {...searchInput} w={220} />
      <Select
        label="Type"
        placeholder="Any type"
        clearable
        w={190}
        data={valuesOf(NUMBER_TYPES).map((type) => ({
          value: String(type),
          label: labelOf(NUMBER_TYPES, type),
        }))}
        value={state.type === null ? null : String(state.type)}
        onChange={(value) => set({ type: value ? (Number(value) as NumberTableState['type']) : null })}
      />
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        w={140}
        data={valuesOf(NUMBER_STATUSES).map((status) => ({
          value: status,
          label: labelOf(NUMBER_STATUSES, status),
        }))}
        value={state.status}
        onChange={(value) => set({ status: (value as NumberTableState['status']) ?? null })}
      />
      <Select
        label="Area code"
        placeholder="Any"
        clearable
        searchable
        w={130}
        data={areaCodes}
        value={state.areaCode || null}
        onChange={(value) => set({ areaCode: value ?? '' })}
      />
      <Select
        label="Pattern"
        placeholder="Any"
        clearable
        w={190}
        data={patterns.map((pattern) => ({
          value: pattern.pattern,
          label: `${pattern.label} (${pattern.count})`,
        }))}
        value={state.pattern}
        onChange={(value) => set({ pattern: (value as NumberTableState['pattern']) ?? null })}
      />
      <TextInput
        label="Tag"
        placeholder="Any tag"
        w={140}
        defaultValue={state.tag}
        key={state.tag}
        onBlur={(event) => set({ tag: event.currentTarget.value.trim() })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') set({ tag: event.currentTarget.value.trim() });
        }}
      />
      {isFiltered(state) && (
        <Button
          variant="subtle"
          onClick={() =>
            onChange({
              ...DEFAULT_TABLE_STATE,
              sort: state.sort,
              direction: state.direction,
            })
          }
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
