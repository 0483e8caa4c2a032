/**
 * The feed's filters: which kinds, one tracked number, a date range inside the §9 window (refused here before the
 * server would, with the server's words), call outcomes, call tracking sources (by name: the company's sources
 * are offered, any name is taken), agents, call tags (any text), and a debounced search over names and numbers.
 * Outcomes, sources, agents and tags are about calls: under any of them the other kinds are hidden, and the
 * filter says so.
 */
import { Button, Checkbox, Group, Select, TagsInput, TextInput } from '@mantine/core';
import type { TrackedNumber } from '@shared/api/numbers';
import { ACTIVITY_TYPES, type ActivityType, CALL_OUTCOMES, type CallOutcome } from '@shared/domain/calls';
import { labelOf } from '@shared/domain/codes';
import { formatPhone } from '@shared/domain/phone';
import { DATE_FORMATS } from '@shared/domain/time';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { IdsSelect } from '../../ui/IdsSelect';
import { useSearchBox } from '../../ui/useSearchBox';
import type { AgentChoice } from './activityApi';
import {
  ACTIVITY_KIND_ORDER,
  type ActivityFilterState,
  checkDateRange,
  EMPTY_FILTERS,
  earliestFromDate,
  hasFilters,
  todayIn,
} from './filters';

export type FiltersUpdate = (change: (current: ActivityFilterState) => ActivityFilterState) => void;

export function ActivityFilters({
  filters,
  numbers,
  sourceNames = [],
  agents = [],
  tz,
  serverErrors,
  onChange,
}: {
  filters: ActivityFilterState;
  numbers: readonly TrackedNumber[];
  /** The company's call tracking sources, offered by the Source filter. */
  sourceNames?: readonly string[];
  /** Whom the Agent filter offers (activityApi.ts `useAgentChoices`). */
  agents?: readonly AgentChoice[];
  tz: string;
  /** The server's refusal of the dates (422 on `filters.from` / `filters.to`), shown under the field. */
  serverErrors: { from?: string; to?: string };
  onChange: FiltersUpdate;
}) {
  const searchBox = useSearchBox(filters.search, (search) => onChange((current) => ({ ...current, search })));

  // The ticks answer at once; the address (a router navigation, applied in a transition) follows.
  const [types, setTypes] = useState(filters.types);
  useEffect(() => setTypes(filters.types), [filters.types]);

  // The dates as typed; they reach the address (and the server) only when the range may be searched.
  const [dates, setDates] = useState({ from: filters.from, to: filters.to });
  useEffect(() => setDates({ from: filters.from, to: filters.to }), [filters.from, filters.to]);
  const now = new Date();
  const earliest = earliestFromDate(now, tz);
  const today = todayIn(now, tz);
  const problems = checkDateRange(dates, now, tz);
  const setDate = (field: 'from' | 'to', value: string) => {
    const next = { ...dates, [field]: value };
    setDates(next);
    const refused = checkDateRange(next, new Date(), tz);
    if (!refused.from && !refused.to) onChange((current) => ({ ...current, ...next }));
  };

  const numberOptions = numbers.map((number) => ({
    value: String(number.id),
    label: number.label ? `${number.label} (${formatPhone(number.number)})` : formatPhone(number.number),
  }));
  // A number in the address that the company does not have (a stale link) still shows, as its id.
  if (filters.number && !numbers.some((number) => number.id === filters.number))
    numberOptions.push({ value: String(filters.number), label: `#${filters.number}` });

  const callsOnlyNote = (active: boolean, what: string) =>
    active ? `Only calls have ${what}: other kinds are hidden.` : undefined;

  return (
    <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label="Activity filters">
      <Checkbox.Group
        label="Show"
        value={types}
        onChange={(values) => {
          const next = ACTIVITY_KIND_ORDER.filter((type) => values.includes(type));
          setTypes(next);
          onChange((current) => ({ ...current, types: next }));
        }}
      >
        <Group gap="sm" mt={8}>
          {ACTIVITY_KIND_ORDER.map((type) => (
            <Checkbox key={type} value={type} label={labelOf(ACTIVITY_TYPES, type as ActivityType)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Select
        label="Number"
        placeholder="All numbers"
        data={numberOptions}
        value={filters.number ? String(filters.number) : null}
        onChange={(value) => onChange((current) => ({ ...current, number: value ? Number(value) : null }))}
        clearable
        searchable
        nothingFoundMessage="No such number"
        w={230}
      />
      <TextInput
        type="date"
        label="From"
        value={dates.from}
        min={earliest}
        max={today}
        onChange={(event) => setDate('from', event.currentTarget.value)}
        error={
          problems.from
            ? `${problems.from} The earliest start is ${dayjs(earliest).format(DATE_FORMATS.monthDayYear)}.`
            : serverErrors.from
        }
        w={170}
      />
      <TextInput
        type="date"
        label="To"
        value={dates.to}
        min={dates.from || earliest}
        max={today}
        onChange={(event) => setDate('to', event.currentTarget.value)}
        error={problems.to ?? serverErrors.to}
        w={170}
      />
      <IdsSelect
        label="Call outcome"
        anyLabel="Any outcome"
        options={CALL_OUTCOMES.map((outcome) => ({ id: outcome.value, label: outcome.label }))}
        value={filters.outcomes}
        onChange={(ids) =>
          onChange((current) => ({ ...current, outcomes: (ids as CallOutcome[]).sort((a, b) => a - b) }))
        }
        description={callsOnlyNote(filters.outcomes.length > 0, 'an outcome')}
      />
      <TagsInput
        label="Source"
        placeholder={filters.sources.length ? undefined : 'Any source'}
        data={[...sourceNames]}
        value={filters.sources}
        onChange={(values) => onChange((current) => ({ ...current, sources: values.slice(0, 50) }))}
        description={callsOnlyNote(filters.sources.length > 0, 'a source')}
        clearable
        w={230}
      />
      <IdsSelect
        label="Agent"
        anyLabel="Any agent"
        options={agents.map((agent) => ({ id: agent.id, label: agent.name }))}
        value={filters.agents}
        onChange={(ids) => onChange((current) => ({ ...current, agents: ids.filter((id) => id > 0) }))}
        description={callsOnlyNote(filters.agents.length > 0, 'an agent')}
        nothingFound="No such agent"
      />
      <TagsInput
        label="Tag"
        placeholder={filters.tags.length ? undefined : 'Any tag'}
        value={filters.tags}
        onChange={(values) =>
          onChange((current) => ({
            ...current,
            tags: values
              .map((tag) => tag.trim().slice(0, 50))
              .filter(Boolean)
              .slice(0, 50),
          }))
        }
        description={callsOnlyNote(filters.tags.length > 0, 'tags')}
        clearable
        w={200}
      />
      <TextInput
        label="Search activity"
        placeholder="Contact name or number"
        {...searchBox.inputProps}
        w={220}
      />
      {hasFilters(filters) && (
        <Button
          variant="subtle"
          mt={24}
          onClick={() => {
            searchBox.setText('');
            setTypes(EMPTY_FILTERS.types);
            setDates({ from: '', to: '' });
            onChange(() => EMPTY_FILTERS);
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
