/**
 * A report's answer: its main figure as a chart (a line along time for the day, week and month groupings, bars
 * otherwise), and every figure of every group in a table with the totals of all the calls the filters keep (a
 * truncated report says its smallest groups were left out of the rows, not of the totals). Groups the activity
 * feed can filter by (a number, a source, an outcome, a period) link to their calls.
 */
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { AnalyticsReport } from '@shared/api/analytics';
import {
  ANALYTICS_GROUPINGS,
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  TIME_GROUPINGS,
} from '@shared/domain/analytics';
import { labelOf, valuesOf } from '@shared/domain/codes';
import { Link } from 'react-router';
import { groupActivityLink } from './activityLink';
import { formatMetric } from './figures';
import { RankChart, TimeChart } from './LazyCharts';
import type { DayRange } from './range';
import type { ReportState } from './reportState';
import { ChartWithFigures } from './Widget';

const METRICS = valuesOf(ANALYTICS_METRICS);

export function ReportResults({
  report,
  state,
  days,
}: {
  report: AnalyticsReport;
  state: ReportState;
  days: DayRange;
}) {
  const grouping = labelOf(ANALYTICS_GROUPINGS, state.groupBy);
  const metric: AnalyticsMetric = state.metric;
  const metricLabel = labelOf(ANALYTICS_METRICS, metric);
  const format = (value: number) => formatMetric(metric, value);
  const data = report.rows.map((row) => ({ label: row.label, [metric]: row[metric] }));
  const series = [{ name: metric, label: metricLabel, color: 'blue.6' }];
  const chart = TIME_GROUPINGS.includes(state.groupBy) ? (
    <TimeChart data={data} series={series} valueFormatter={format} />
  ) : (
    <RankChart data={data.slice(0, 25)} series={series} valueFormatter={format} />
  );

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="figure" m={0} aria-labelledby="report-chart-title">
        <Stack gap="xs">
          <Title order={2} size="h4" id="report-chart-title">
            {metricLabel} by {grouping.toLowerCase()}
          </Title>
          <ChartWithFigures
            chart={chart}
            table={{
              caption: `${metricLabel} by ${grouping.toLowerCase()}`,
              columns: [grouping, metricLabel],
              rows: report.rows.map((row) => ({
                key: row.key ?? '',
                cells: [row.label, format(row[metric])],
              })),
            }}
          />
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Table.ScrollContainer minWidth={1100}>
          <Table striped withTableBorder highlightOnHover>
            <caption>
              Every figure by {grouping.toLowerCase()}, with the totals of all the report’s calls
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{grouping}</Table.Th>
                {METRICS.map((name) => (
                  <Table.Th key={name} scope="col" ta="right">
                    {labelOf(ANALYTICS_METRICS, name)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((row) => {
                const link = groupActivityLink(state.groupBy, row.key, days, state);
                return (
                  <Table.Tr key={row.key ?? '(none)'}>
                    <Table.Th scope="row" fw={500}>
                      {link ? (
                        <Anchor component={Link} to={link} size="sm">
                          {row.label}
                        </Anchor>
                      ) : (
                        row.label
                      )}
                    </Table.Th>
                    {METRICS.map((name) => (
                      <Table.Td key={name} ta="right">
                        {formatMetric(name, row[name])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">Total</Table.Th>
                {METRICS.map((name) => (
                  <Table.Td key={name} ta="right" fw={700}>
                    {formatMetric(name, report.totals[name])}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {report.truncated && (
          <Text size="sm" c="dimmed">
            The smallest groups are left out of the rows; their calls are in the totals.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
