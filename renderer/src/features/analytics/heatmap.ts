/**
 * The weekday × hour heatmap (`POST /dashboard` type `heatmap`: key "weekday:hour", 0–6 Sunday first, 0–23, calls
 * per cell) as the rows of a table: weeks read Monday first (as the week grouping starts them), each cell with its
 * count, its shade (0 for no calls, then 1–5 by its share of the busiest cell) and the words a screen reader says.
 */
import { hourLabel, WEEKDAY_LABELS } from '@shared/domain/analytics';

export interface HeatmapCell {
  hour: number;
  calls: number;
  /** 0: no calls; 1–5: a fifth of the busiest cell's calls each (the busiest is 5). */
  shade: number;
  /** "Monday 9 AM: 12 calls". */
  label: string;
}

export interface HeatmapRow {
  weekday: number;
  name: string;
  cells: HeatmapCell[];
}

/** Monday first; the keys stay PostgreSQL's (Sunday 0). */
export const WEEKDAY_ORDER = Object.freeze([1, 2, 3, 4, 5, 6, 0]);
export const HOURS = Object.freeze(Array.from({ length: 24 }, (_, hour) => hour));
export const SHADES = 5;

/** A cell's shade: how far it is towards the busiest cell, in fifths, rounded up so any call shows. */
export function shadeOf(calls: number, busiest: number): number {
  if (calls <= 0 || busiest <= 0) return 0;
  return Math.min(SHADES, Math.max(1, Math.ceil((calls / busiest) * SHADES)));
}

const callsText = (calls: number) => (calls === 1 ? '1 call' : `${calls.toLocaleString('en-US')} calls`);

export function heatmapRows(points: readonly { key: string | null; values: Record<string, number> }[]): {
  rows: HeatmapRow[];
  busiest: number;
  total: number;
} {
  const counts = new Map<string, number>();
  for (const point of points) if (point.key) counts.set(point.key, point.values.calls ?? 0);
  const busiest = Math.max(0, ...counts.values());
  let total = 0;
  const rows = WEEKDAY_ORDER.map((weekday) => {
    const name = WEEKDAY_LABELS[weekday] ?? String(weekday);
    return {
      weekday,
      name,
      cells: HOURS.map((hour) => {
        const calls = counts.get(`${weekday}:${hour}`) ?? 0;
        total += calls;
        return {
          hour,
          calls,
          shade: shadeOf(calls, busiest),
          label: `${name} ${hourLabel(hour)}: ${callsText(calls)}`,
        };
      }),
    };
  });
  return { rows, busiest, total };
}

/** The busiest cell in words, for the widget's summary ("Busiest: Tuesday 10 AM, 14 calls"). */
export function busiestText(rows: readonly HeatmapRow[]): string | null {
  let best: { row: HeatmapRow; cell: HeatmapCell } | null = null;
  for (const row of rows)
    for (const cell of row.cells) if (cell.calls > (best?.cell.calls ?? 0)) best = { row, cell };
  if (!best) return null;
  return `Busiest: ${best.row.name} ${hourLabel(best.cell.hour)}, ${callsText(best.cell.calls)}`;
}

/**
 * The shade's colours: light blues under dark text, dark blues under white text, each pair above the WCAG AA
 * contrast for small text in both themes (the text colour is set, never inherited from the theme).
 */
export const SHADE_STYLES: readonly { background: string; color: string }[] = Object.freeze([
  { background: 'transparent', color: 'inherit' },
  { background: 'var(--mantine-color-blue-1)', color: 'var(--mantine-color-black)' },
  { background: 'var(--mantine-color-blue-2)', color: 'var(--mantine-color-black)' },
  { background: 'var(--mantine-color-blue-4)', color: 'var(--mantine-color-black)' },
  { background: 'var(--mantine-color-blue-8)', color: 'var(--mantine-color-white)' },
  { background: 'var(--mantine-color-blue-9)', color: 'var(--mantine-color-white)' },
]);
