/** The small sums the benchmarks print their figures with. */

/** The p-th percentile of `values` (nearest rank); NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Milliseconds as seconds, to a tenth. */
export function seconds(ms: number): number {
  return Number((ms / 1000).toFixed(1));
}
