import { describe, expect, it } from 'vitest';
import { busiestText, heatmapRows, SHADE_STYLES, SHADES, shadeOf } from './heatmap';

describe('the weekday × hour heatmap', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [2, 10, 1],
    [3, 10, 2],
    [5, 10, 3],
    [8, 10, 4],
    [9, 10, 5],
    [10, 10, 5],
    [1, 1000, 1],
    [0, 0, 0],
  ])('%d calls against a busiest cell of %d is shade %d (any call shows)', (calls, busiest, shade) => {
    expect(shadeOf(calls, busiest)).toBe(shade);
  });

  it('reads Monday first, every hour, with the count in each cell’s words', () => {
    const { rows, busiest, total } = heatmapRows([
      { key: '0:23', values: { calls: 1 } },
      { key: '2:10', values: { calls: 14 } },
      { key: '1:9', values: { calls: 7 } },
    ]);
    expect(rows.map((row) => row.name)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(rows.every((row) => row.cells.length === 24)).toBe(true);
    expect(busiest).toBe(14);
    expect(total).toBe(22);
    expect(rows[1]?.cells[10]).toEqual({ hour: 10, calls: 14, shade: 5, label: 'Tuesday 10 AM: 14 calls' });
    expect(rows[0]?.cells[9]?.label).toBe('Monday 9 AM: 7 calls');
    expect(rows[6]?.cells[23]).toMatchObject({ calls: 1, shade: 1, label: 'Sunday 11 PM: 1 call' });
    expect(rows[3]?.cells[0]).toMatchObject({ calls: 0, shade: 0, label: 'Thursday 12 AM: 0 calls' });
    expect(busiestText(rows)).toBe('Busiest: Tuesday 10 AM, 14 calls');
  });

  it('says nothing is busiest when there were no calls', () => {
    expect(busiestText(heatmapRows([]).rows)).toBeNull();
  });

  it('has a colour pair for every shade, the text colour always set on a shaded cell', () => {
    expect(SHADE_STYLES).toHaveLength(SHADES + 1);
    for (const style of SHADE_STYLES.slice(1)) expect(style.color).not.toBe('inherit');
  });
});
