/**
 * The range of the dashboard and of a report: the last 7, 30 or 90 days, or dates of one's own (inside the §9
 * search window, checked as the activity feed checks it, with the server's words). Typed dates reach the address
 * only once the range may be asked for.
 */
import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { checkDateRange, earliestFromDate, todayIn } from '../activity/filters';
import { type DayRange, isPreset, RANGE_PRESETS, type RangeChoice, resolveRange } from './range';

const CUSTOM = 'custom';

export function RangePicker({
  value,
  tz,
  onChange,
}: {
  value: RangeChoice;
  tz: string;
  onChange: (range: RangeChoice) => void;
}) {
  const [custom, setCustom] = useState<DayRange | null>('days' in value ? null : value);
  useEffect(() => setCustom('days' in value ? null : { from: value.from, to: value.to }), [value]);
  const now = new Date();
  const earliest = earliestFromDate(now, tz);
  const today = todayIn(now, tz);
  const problems = custom ? checkDateRange(custom, now, tz) : {};

  const setDate = (field: 'from' | 'to', date: string) => {
    if (!custom) return;
    const next = { ...custom, [field]: date };
    setCustom(next);
    const refused = checkDateRange(next, new Date(), tz);
    if (next.from && next.to && !refused.from && !refused.to) onChange(next);
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Date range"
        value={custom ? CUSTOM : String('days' in value ? value.days : '')}
        onChange={(choice) => {
          const days = Number(choice);
          if (isPreset(days)) {
            setCustom(null);
            onChange({ days });
          } else setCustom(resolveRange(value, new Date(), tz));
        }}
        data={[
          ...RANGE_PRESETS.map((days) => ({ value: String(days), label: `${days} days` })),
          { value: CUSTOM, label: 'Custom' },
        ]}
      />
      {custom && (
        <>
          <TextInput
            type="date"
            label="From"
            value={custom.from}
            min={earliest}
            max={today}
            onChange={(event) => setDate('from', event.currentTarget.value)}
            error={problems.from}
            w={160}
          />
          <TextInput
            type="date"
            label="To"
            value={custom.to}
            min={custom.from || earliest}
            max={today}
            onChange={(event) => setDate('to', event.currentTarget.value)}
            error={problems.to}
            w={160}
          />
        </>
      )}
    </Group>
  );
}
