/**
 * Every analytics chart, in one chunk loaded on demand (LazyCharts.tsx): the chart library is the heaviest code
 * of the area, so neither the first page load nor the analytics screens' own chunk carries it, and the dashboard's
 * widgets share the one download. Its styles come with it (as PoolUsageChart.tsx's do).
 *
 * Each chart is a picture: hidden from assistive technology and out of the tab order (recharts' keyboard layer is
 * off). The widget around it gives the same figures as a table for screen readers (ChartFigure in Widget.tsx).
 */
import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';

/** The figures of one point of a chart, by series name, with the label its axis shows. */
export type ChartDatum = { label: string } & Record<string, number | string>;
export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

export function TimeChart({
  data,
  series,
  valueFormatter,
}: {
  data: ChartDatum[];
  series: ChartSeries[];
  valueFormatter?: (value: number) => string;
}) {
  return (
    <LineChart
      h={240}
      data={data}
      dataKey="label"
      series={series}
      curveType="monotone"
      withLegend={series.length > 1}
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={valueFormatter}
      lineChartProps={{ accessibilityLayer: false }}
      aria-hidden
    />
  );
}

export function RankChart({
  data,
  series,
  valueFormatter,
}: {
  data: ChartDatum[];
  series: ChartSeries[];
  valueFormatter?: (value: number) => string;
}) {
  return (
    <BarChart
      h={Math.max(160, data.length * 30 + 40)}
      data={data}
      dataKey="label"
      series={series}
      orientation="vertical"
      yAxisProps={{ width: 130 }}
      gridAxis="x"
      maxBarWidth={22}
      valueFormatter={valueFormatter}
      barChartProps={{ accessibilityLayer: false }}
      aria-hidden
    />
  );
}

export function ShareChart({
  data,
  total,
}: {
  data: { name: string; value: number; color: string }[];
  total: string;
}) {
  return (
    <DonutChart
      h={220}
      size={180}
      thickness={26}
      data={data}
      chartLabel={total}
      withLabelsLine={false}
      tooltipDataSource="segment"
      pieChartProps={{ accessibilityLayer: false }}
      pieProps={{ rootTabIndex: -1 }}
      aria-hidden
    />
  );
}
