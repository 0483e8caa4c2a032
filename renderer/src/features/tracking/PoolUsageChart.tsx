/**
 * A pool's last 30 days (`GET /dniPools/{poolId}` `usage`) as a chart: each day's busiest moment (peak concurrent
 * sessions) against the pool's numbers, and the visitors who got the fallback because every number was in use.
 * Loaded on demand by the pool page only: the chart library is the heaviest code of the area, so no other screen,
 * and not the first page load, carries it; its styles come with it, as Mantine's dropzone's do. It imports nothing
 * else of Mantine's: each core component a chunk loaded on demand shares with the first page load splits that
 * load's code into more files (the table, the toggle and the words around the chart are the pool page's).
 *
 * The chart is a picture: hidden from assistive technology and out of the tab order (recharts' keyboard layer is
 * off); the pool page gives the same figures as a table (UsageFigures in PoolPage.tsx).
 */
import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import type { UsageRow } from './poolUsage';

export function PoolUsageChart({ rows, numbers }: { rows: UsageRow[]; numbers: number }) {
  return (
    <CompositeChart
      h={260}
      data={rows}
      dataKey="label"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisLabel="Visitors"
      maxBarWidth={14}
      referenceLines={[
        { y: numbers, label: numbers === 1 ? '1 number' : `${numbers} numbers`, color: 'red.6' },
      ]}
      series={[
        { name: 'fallbacks', label: 'Fallbacks served', color: 'orange.5', type: 'bar' },
        { name: 'peak', label: 'Peak sessions', color: 'blue.6', type: 'line' },
      ]}
      curveType="monotone"
      composedChartProps={{ accessibilityLayer: false }}
      aria-hidden
    />
  );
}
