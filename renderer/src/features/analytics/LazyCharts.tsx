/**
 * The charts of Charts.tsx, each loaded on first use through React's own lazy (as the pool page's chart is: the
 * app's lazyLoad.tsx belongs to the first page load). A chunk that cannot be fetched (offline, a new version
 * deployed) says so in the chart's place with "Try again", which makes a new lazy component so the fetch is made
 * again; the widget's table of figures stays readable meanwhile.
 */
import { Skeleton } from '@mantine/core';
import { type Attributes, type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import { ChartBoundary } from '../../ui/ChartBoundary';

type ChartsModule = typeof import('./Charts');

function lazyChart<P extends object>(pick: (charts: ChartsModule) => ComponentType<P>) {
  return function LazyChart(props: P) {
    const [attempt, setAttempt] = useState(0);
    // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt makes a new lazy component on purpose.
    const Chart = useMemo(
      () => lazy(() => import('./Charts').then((charts) => ({ default: pick(charts) }))),
      [attempt],
    );
    return (
      <ChartBoundary onRetry={() => setAttempt((n) => n + 1)}>
        {/* A grey shape where the chart will be, silent: the widget's figures are already there to read. */}
        <Suspense fallback={<Skeleton h={200} aria-hidden />}>
          <Chart {...(props as P & Attributes)} />
        </Suspense>
      </ChartBoundary>
    );
  };
}

export const TimeChart = lazyChart((charts) => charts.TimeChart);
export const RankChart = lazyChart((charts) => charts.RankChart);
export const ShareChart = lazyChart((charts) => charts.ShareChart);
