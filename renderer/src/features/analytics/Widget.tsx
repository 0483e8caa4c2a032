/**
 * One dashboard widget's frame: a figure titled by its heading, holding what its own `POST /dashboard` answered —
 * a grey shape while it loads, its own error with "Try again", "No calls" when there is nothing to draw — and a
 * link to the activity feed showing the calls behind it. A chart comes with its figures as a table that screen
 * readers read instead (the chart itself is hidden from them), and that anyone can show in its place.
 */
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DashboardResponse } from '@shared/api/analytics';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, QueryErrorState } from '../../ui/States';
import { RowsSkeleton } from '../schedule/Skeletons';

export interface FiguresTable {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}

/** The figures behind a chart, as a table: a row header per group, a cell per figure. */
export function FiguresTableView({ table }: { table: FiguresTable }) {
  return (
    <Table striped withTableBorder>
      <caption>{table.caption}</caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are positional.
                <Table.Th key={index} scope="row" fw={400}>
                  {cell}
                </Table.Th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are positional.
                <Table.Td key={index}>{cell}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A chart with its figures: the table read out always, and shown instead of the chart on request. */
export function ChartWithFigures({ chart, table }: { chart: ReactNode; table: FiguresTable }) {
  const [asTable, setAsTable] = useState(false);
  return (
    <Stack gap="xs">
      {asTable ? (
        <FiguresTableView table={table} />
      ) : (
        <>
          {chart}
          <VisuallyHidden>
            <FiguresTableView table={table} />
          </VisuallyHidden>
        </>
      )}
      <Group justify="flex-end" data-print-hide>
        <Button
          size="compact-xs"
          variant="subtle"
          aria-pressed={asTable}
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Group>
    </Stack>
  );
}

export function Widget({
  title,
  query,
  isEmpty,
  link,
  controls,
  wide = false,
  children,
}: {
  title: string;
  query: UseQueryResult<DashboardResponse>;
  /** Whether the answer has nothing to draw (no calls in the range). */
  isEmpty: (data: DashboardResponse) => boolean;
  /** The activity feed filtered to the widget's calls, once it has loaded. */
  link: string | null;
  /** The widget's own choice beside its title (the timeline's step). */
  controls?: ReactNode;
  wide?: boolean;
  children: (data: DashboardResponse) => ReactNode;
}) {
  const titleId = useId();
  let body: ReactNode;
  if (query.data)
    body = isEmpty(query.data) ? <EmptyState title="No calls in this period" /> : children(query.data);
  else if (query.error)
    body = <QueryErrorState title={`Could not load ${title.toLowerCase()}`} query={query} />;
  else body = <RowsSkeleton label={`Loading ${title.toLowerCase()}`} />;
  return (
    <Paper
      withBorder
      p="md"
      component="figure"
      m={0}
      aria-labelledby={titleId}
      style={wide ? { gridColumn: '1 / -1' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {controls}
        </Group>
        {body}
        {link && query.data && !isEmpty(query.data) && (
          <Text size="sm">
            <Anchor component={Link} to={link} aria-label={`View these calls: ${title}`}>
              View these calls
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
