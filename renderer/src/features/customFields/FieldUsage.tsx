/** How many records carry a custom field, in words ("3 of 12 records"), as the fields list and its dialogs say it. */
import { Text } from '@mantine/core';
import { useFieldStats } from './api';

export const records = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;

export function Usage({ id }: { id: number }) {
  const stats = useFieldStats(id);
  if (stats.isPending) return <Text c="dimmed">…</Text>;
  if (stats.error) return <Text c="dimmed">Unknown</Text>;
  return (
    <Text size="sm">
      {stats.data.with_value} of {records(stats.data.entities)}
    </Text>
  );
}
