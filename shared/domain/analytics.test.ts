import { describe, expect, it } from 'vitest';
import {
  DURATION_BUCKETS,
  durationBucketOf,
  hourLabel,
  KPIS,
  type Kpi,
  type KpiChange,
  kpiChange,
  kpiValue,
  LONG_DURATION_BUCKETS,
  missedRate,
  missedReasonOf,
  SHORT_ABANDON_SECONDS,
} from './analytics';

describe('durationBucketOf: §9 "Long-duration buckets 30, 90, 120, 300 sec."', () => {
  it('has the spec’s bounds and a band on each side of each', () => {
    expect(LONG_DURATION_BUCKETS).toEqual([30, 90, 120, 300]);
    expect(DURATION_BUCKETS).toHaveLength(LONG_DURATION_BUCKETS.length + 1);
  });

  it.each<[number, string]>([
    [0, 'under_30'],
    [29, 'under_30'],
    [30, '30_90'], // a bound belongs to the band above it
    [89, '30_90'],
    [90, '90_120'],
    [119, '90_120'],
    [120, '120_300'],
    [299, '120_300'],
    [300, '300_plus'],
    [3600, '300_plus'],
    [-5, 'under_30'], // a negative length counts as 0
    [Number.NaN, 'under_30'], // so does a missing one
  ])('%s s → %s', (seconds, bucket) => {
    expect(durationBucketOf(seconds)).toBe(bucket);
  });
});

describe('missedReasonOf: a hang-up within 10 s is a short abandon, else what routing recorded', () => {
  it.each<[number, Parameters<typeof missedReasonOf>[0]['routed'], string]>([
    [0, 'out_of_hours', 'short_abandon'],
    [SHORT_ABANDON_SECONDS - 1, 'not_answered', 'short_abandon'],
    [SHORT_ABANDON_SECONDS, 'out_of_hours', 'out_of_hours'],
    [45, 'menu_abandoned', 'menu_abandoned'],
    [45, 'no_agent_available', 'no_agent_available'],
    [45, null, 'not_answered'],
    [45, undefined, 'not_answered'],
  ])('%s s after arriving, routed %s → %s', (secondsFromArrival, routed, reason) => {
    expect(missedReasonOf({ secondsFromArrival, routed })).toBe(reason);
  });
});

describe('missedRate: (missed + voicemail) ÷ total in percent, one decimal', () => {
  it.each<[number, number, number, number]>([
    [0, 0, 0, 0],
    [10, 1, 1, 20],
    [3, 1, 0, 33.3],
    [3, 0, 2, 66.7],
    [5, 5, 0, 100],
  ])('%s calls, %s missed, %s voicemail → %s %%', (total, missed, voicemail, rate) => {
    expect(missedRate({ total, missed, voicemail })).toBe(rate);
  });
});

describe('kpiChange: which way a KPI moved and whether that is good news', () => {
  it.each<[Kpi, number, number, KpiChange]>([
    ['total', 12, 10, { delta: 2, percent: 20, direction: 'up', tone: 'good' }],
    ['total', 8, 10, { delta: -2, percent: -20, direction: 'down', tone: 'bad' }],
    ['answered', 10, 10, { delta: 0, percent: 0, direction: 'flat', tone: 'neutral' }],
    ['missed_rate', 40, 25, { delta: 15, percent: 60, direction: 'up', tone: 'bad' }],
    ['missed_rate', 20, 25, { delta: -5, percent: -20, direction: 'down', tone: 'good' }],
    ['avg_time_to_answer', 9.5, 8, { delta: 1.5, percent: 18.8, direction: 'up', tone: 'bad' }],
    ['avg_time_to_answer', 6, 8, { delta: -2, percent: -25, direction: 'down', tone: 'good' }],
    ['leads', 3, 0, { delta: 3, percent: null, direction: 'up', tone: 'good' }],
    ['qualified', 0, 0, { delta: 0, percent: null, direction: 'flat', tone: 'neutral' }],
  ])('%s %s against %s', (kpi, current, previous, change) => {
    expect(kpiChange(kpi, current, previous)).toEqual(change);
  });

  it('reads each KPI from a period’s figures (missed rate computed)', () => {
    const figures = {
      total: 10,
      answered: 7,
      missed: 2,
      voicemail: 1,
      blocked: 0,
      first_time: 4,
      qualified: 3,
      leads: 2,
      avg_duration: 95.5,
      total_duration: 668,
      avg_time_to_answer: 7.2,
    };
    expect(Object.fromEntries(KPIS.map(({ value }) => [value, kpiValue(value, figures)]))).toEqual({
      total: 10,
      answered: 7,
      missed_rate: 30,
      first_time: 4,
      qualified: 3,
      leads: 2,
      avg_duration: 95.5,
      avg_time_to_answer: 7.2,
    });
  });
});

describe('hourLabel: §9 "h:mm A" without the minutes', () => {
  it.each<[number, string]>([
    [0, '12 AM'],
    [1, '1 AM'],
    [11, '11 AM'],
    [12, '12 PM'],
    [13, '1 PM'],
    [23, '11 PM'],
  ])('%s → %s', (hour, label) => {
    expect(hourLabel(hour)).toBe(label);
  });
});
