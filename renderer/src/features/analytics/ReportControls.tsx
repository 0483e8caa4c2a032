/**
 * What a report is: its grouping ("Group by"), its range, its filters (numbers, sources, agents, outcomes, tags)
 * and the figure its chart draws. The numbers, sources and agents offered are those that had calls in the range
 * (the report grouped by each: every role that may see reports may ask that, unlike the numbers or users lists);
 * a value in the address that is not among them still shows. Sources and tags take any text too.
 */
import { Group, Select, TagsInput } from '@mantine/core';
import type { AnalyticsRow } from '@shared/api/analytics';
import {
  ANALYTICS_GROUPINGS,
  ANALYTICS_METRICS,
  type AnalyticsGrouping,
  type AnalyticsMetric,
} from '@shared/domain/analytics';
import { CALL_OUTCOMES, type CallOutcome } from '@shared/domain/calls';
import { type IdOption, IdsSelect } from '../../ui/IdsSelect';
import { RangePicker } from './RangePicker';
import type { ReportState } from './reportState';

type Choices = readonly AnalyticsRow[] | undefined;

/** The options of a picker by id: the groups that had calls. */
function idOptions(choices: Choices): IdOption[] {
  return (choices ?? []).flatMap((row) => (row.key ? [{ id: Number(row.key), label: row.label }] : []));
}

const OUTCOME_OPTIONS: IdOption[] = CALL_OUTCOMES.map((outcome) => ({
  id: outcome.value,
  label: outcome.label,
}));

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
      <IdsSelect
        label="Numbers"
        anyLabel="Any number"
        options={idOptions(choices.numbers)}
        value={state.numbers}
        onChange={(numbers) => onChange({ numbers })}
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
      <IdsSelect
        label="Agents"
        anyLabel="Any agent"
        options={idOptions(choices.agents)}
        value={state.agents}
        onChange={(agents) => onChange({ agents })}
      />
      <IdsSelect
        label="Outcomes"
        anyLabel="Any outcome"
        options={OUTCOME_OPTIONS}
        value={state.outcomes}
        onChange={(outcomes) => onChange({ outcomes: (outcomes as CallOutcome[]).sort((a, b) => a - b) })}
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
