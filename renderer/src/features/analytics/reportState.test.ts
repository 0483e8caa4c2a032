import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT,
  type ReportState,
  readReport,
  reportFromFavorite,
  reportQuery,
  sameReport,
  serializeReport,
  writeReport,
} from './reportState';

const FULL: ReportState = {
  groupBy: 'source',
  range: { from: '2026-10-01', to: '2026-10-31' },
  numbers: [3, 7],
  sources: ['Google Ads', 'Newsletter, November'],
  agents: [12],
  outcomes: [1, 2],
  tags: ['vip'],
  metric: 'missed',
};

describe('a report lives in the address, so a reload or a shared link opens it again', () => {
  it.each([
    ['the default report', DEFAULT_REPORT, ''],
    ['a preset range', { ...DEFAULT_REPORT, groupBy: 'agent', range: { days: 90 } }, 'groupBy=agent&days=90'],
    [
      'every filter (lists repeated; a source may hold a comma)',
      FULL,
      'groupBy=source&from=2026-10-01&to=2026-10-31&number=3&number=7&source=Google+Ads&source=Newsletter%2C+November&agent=12&outcome=1%2C2&tag=vip&metric=missed',
    ],
  ] as const)('%s ↔ %j', (_name, state, address) => {
    expect(writeReport(state as ReportState).toString()).toBe(address);
    expect(readReport(new URLSearchParams(address))).toEqual(state);
  });

  it.each([
    ['an unknown grouping', 'groupBy=colour', { groupBy: 'day' }],
    ['a preset that is not offered', 'days=14', { range: { days: 30 } }],
    ['dates out of order', 'from=2026-10-31&to=2026-10-01', { range: { days: 30 } }],
    ['a date that does not exist', 'from=2026-02-30&to=2026-03-01', { range: { days: 30 } }],
    ['ids that are not ids, repeated', 'number=abc&number=-1&number=4&number=4', { numbers: [4] }],
    ['outcomes that are not §3 outcomes, unsorted', 'outcome=9,2,x,1,2', { outcomes: [1, 2] }],
    ['blank sources and tags', 'source=%20&tag=', { sources: [], tags: [] }],
    ['an unknown figure', 'metric=revenue', { metric: 'total' }],
  ])('mends %s to the default', (_name, address, expected) => {
    expect(readReport(new URLSearchParams(address))).toEqual({ ...DEFAULT_REPORT, ...expected });
  });

  it('asks the server for only the filters that narrow, over the days the range covers now', () => {
    const days = { from: '2026-10-26', to: '2026-11-24' };
    expect(reportQuery(DEFAULT_REPORT, 5, days, 'America/Chicago')).toEqual({
      company_id: 5,
      groupBy: 'day',
      tz: 'America/Chicago',
      from: '2026-10-26',
      to: '2026-11-24',
    });
    expect(reportQuery(FULL, 5, days, 'UTC')).toMatchObject({
      numbers: [3, 7],
      sources: ['Google Ads', 'Newsletter, November'],
      agents: [12],
      outcomes: [1, 2],
      tags: ['vip'],
    });
  });
});

describe('§3 "Favorite report: value (serialized text, parsed on read)"', () => {
  it('saves the report as text and reopens the same report from what the server parsed', () => {
    for (const state of [DEFAULT_REPORT, FULL, { ...FULL, range: { days: 7 } } as ReportState]) {
      const value = serializeReport(state);
      expect(typeof value).toBe('string');
      const reopened = reportFromFavorite(JSON.parse(value));
      expect(reopened).toEqual(state);
      expect(reopened && sameReport(reopened, state)).toBe(true);
    }
  });

  it('keeps a preset a preset: last 30 days saved today means the last 30 days when reopened', () => {
    expect(JSON.parse(serializeReport(DEFAULT_REPORT)).range).toEqual({ days: 30 });
  });

  it.each([
    ['not JSON (the server answers null)', null],
    ['a list', [1, 2]],
    ['text', 'calls by source'],
    ['an object without a known grouping', { groupBy: 'colour' }],
  ])('refuses a value that is %s', (_name, parsed) => {
    expect(reportFromFavorite(parsed)).toBeNull();
  });

  it('mends what it can of an older or hand-made value', () => {
    expect(
      reportFromFavorite({ groupBy: 'outcome', range: { days: 12 }, numbers: 'x', outcomes: ['2', 7] }),
    ).toEqual({ ...DEFAULT_REPORT, groupBy: 'outcome', outcomes: [2] });
  });
});
