/**
 * What a report is: its grouping ("Group by"), its range, its filters (numbers, sources, agents, outcomes, tags)
 * and the figure its chart draws. The numbers, sources and agents offered are those that had calls in the range
 * (the report grouped by each: every role that may see reports may ask that, unlike the numbers or users lists);
 * a value in the address that is not among them still shows. Sources and tags take any text too.
 */
import { Group, MultiSelect, Select, TagsInput } from '@mantine/core';
import type { AnalyticsRow } from '@shared/api/analytics';
import {
  ANALYTICS_GROUPINGS,
  ANALYTICS_METRICS,
  type AnalyticsGrouping,
  type AnalyticsMetric,
} from '@shared/domain/analytics';
import { CALL_OUTCOMES, type CallOutcome } from '@shared/domain/calls';
import { RangePicker } from './RangePicker';
import type { ReportState } from './reportState';

type Choices = readonly AnalyticsRow[] | undefined;

/** The options of a picker by id: the groups that had calls, plus any chosen id they do not hold. */
function idOptions(choices: Choices, chosen: readonly number[]) {
  const options = (choices ?? []).map((row) => ({ value: String(row.key), label: row.label }));
  for (const id of chosen)
    if (!options.some((option) => option.value === String(id)))
      options.push({ value: String(id), label: `#${id}` });
  return options;
}

export function ReportControls({
  state,
  tz,
  choices,
  onChange,
}: {
  state: ReportState;
  tz: string;
  choices: { numbers: Choices; sources: Choices; agents: Choices };
  onChange: (patch: Partial<ReportState>) => void;
}) {
  const ids = (values: string[]) => values.map(Number).filter((id) => id > 0);
  return (
    <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label="Report" data-print-hide>
      <Select
        label="Group by"
        data={ANALYTICS_GROUPINGS.map((grouping) => ({ value: grouping.value, label: grouping.label }))}
        value={state.groupBy}
        onChange={(value) => value && onChange({ groupBy: value as AnalyticsGrouping })}
        allowDeselect={false}
        w={190}
      />
      <RangePicker value={state.range} tz={tz} onChange={(range) => onChange({ range })} />
      <Select
        label="Chart"
        data={ANALYTICS_METRICS.map((metric) => ({ value: metric.value, label: metric.label }))}
        value={state.metric}
        onChange={(value) => value && onChange({ metric: value as AnalyticsMetric })}
        allowDeselect={false}
        w={210}
      />
      <MultiSelect
        label="Numbers"
        placeholder={state.numbers.length ? undefined : 'Any number'}
        data={idOptions(choices.numbers, state.numbers)}
        value={state.numbers.map(String)}
        onChange={(values) => onChange({ numbers: ids(values) })}
        searchable
        clearable
        w={230}
      />
      <TagsInput
        label="Sources"
        placeholder={state.sources.length ? undefined : 'Any source'}
        data={(choices.sources ?? []).flatMap((row) => (row.key ? [row.key] : []))}
        value={state.sources}
        onChange={(values) => onChange({ sources: values.slice(0, 50) })}
        clearable
        w={230}
      />
      <MultiSelect
        label="Agents"
        placeholder={state.agents.length ? undefined : 'Any agent'}
        data={idOptions(choices.agents, state.agents)}
        value={state.agents.map(String)}
        onChange={(values) => onChange({ agents: ids(values) })}
        searchable
        clearable
        w={230}
      />
      <MultiSelect
        label="Outcomes"
        placeholder={state.outcomes.length ? undefined : 'Any outcome'}
        data={CALL_OUTCOMES.map((outcome) => ({ value: String(outcome.value), label: outcome.label }))}
        value={state.outcomes.map(String)}
        onChange={(values) =>
          onChange({ outcomes: values.map((value) => Number(value) as CallOutcome).sort((a, b) => a - b) })
        }
        clearable
        w={230}
      />
      <TagsInput
        label="Tags"
        placeholder={state.tags.length ? undefined : 'Any tag'}
        value={state.tags}
        onChange={(values) => onChange({ tags: values.slice(0, 50) })}
        clearable
        w={230}
      />
    </Group>
  );
}
