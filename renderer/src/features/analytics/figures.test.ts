import type { KpiResult } from '@shared/api/analytics';
import { KPIS, type Kpi, kpiChange } from '@shared/domain/analytics';
import { labelOf } from '@shared/domain/codes';
import { describe, expect, it } from 'vitest';
import { changeMark, formatKpi, formatMetric, formatSeconds, kpiSentence } from './figures';

/** A KPI as the server answers it: its change and tone by the shared rule (kpiChange). */
function kpi(name: Kpi, current: number, previous: number): KpiResult {
  return { kpi: name, label: labelOf(KPIS, name), current, previous, ...kpiChange(name, current, previous) };
}

describe('a KPI card says its value, the previous period’s and the change, in one sentence', () => {
  it.each([
    [kpi('missed_rate', 12.5, 10.4), 'Missed rate 12.5 %, up 2.1 points from 10.4 %', '▲ 2.1 pts', 'bad'],
    [kpi('missed_rate', 8, 10.4), 'Missed rate 8.0 %, down 2.4 points from 10.4 %', '▼ 2.4 pts', 'good'],
    [kpi('total', 1320, 1200), 'Calls 1,320, up 10.0 % from 1,200', '▲ 10.0 %', 'good'],
    [kpi('answered', 90, 100), 'Answered 90, down 10.0 % from 100', '▼ 10.0 %', 'bad'],
    // Nothing to compare with: the change is a count, not a percent of nothing.
    [kpi('leads', 4, 0), 'Leads 4, up 4 from 0', '▲ 4', 'good'],
    [kpi('qualified', 7, 7), 'Qualified 7, unchanged from 7', 'No change', 'neutral'],
    [kpi('avg_time_to_answer', 25, 14), 'Average time to answer 25 s, up 11 s from 14 s', '▲ 11 s', 'bad'],
    [
      kpi('avg_duration', 125, 185),
      'Average call length 2 min 5 s, down 1 min from 3 min 5 s',
      '▼ 1 min',
      'bad',
    ],
  ])('%#: %s', (result, sentence, mark, tone) => {
    expect(kpiSentence(result)).toBe(sentence);
    expect(changeMark(result)).toBe(mark);
    expect(result.tone).toBe(tone);
  });

  it.each([
    [0, '0 s'],
    [42.4, '42 s'],
    [60, '1 min'],
    [125, '2 min 5 s'],
    [3600, '1 h'],
    [3725, '1 h 2 min'],
    [-5, '0 s'],
  ])('durations read as spoken: %d s → %s', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });

  it('formats report figures by kind: counts with separators, durations in words', () => {
    expect(formatMetric('total', 12345)).toBe('12,345');
    expect(formatMetric('total_duration', 3725)).toBe('1 h 2 min');
    expect(formatKpi('missed_rate', 0)).toBe('0.0 %');
  });
});
