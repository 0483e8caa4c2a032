/**
 * Catches a lazily loaded chart that failed (its chunk could not be fetched: offline, a new version deployed) and
 * says so in the chart's place with "Try again"; `onRetry` should make a new lazy component, so the fetch is made
 * again. Used by the pool page's chart and the analytics charts.
 */
import { Component, type ReactNode } from 'react';
import { ErrorState } from './States';

export class ChartBoundary extends Component<
  { children: ReactNode; onRetry: () => void },
  { failed: unknown }
> {
  override state = { failed: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: error ?? new Error('The chart could not be loaded.') };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        title="Could not load the chart"
        error={this.state.failed}
        onRetry={() => {
          this.setState({ failed: null });
          this.props.onRetry();
        }}
      />
    );
  }
}
