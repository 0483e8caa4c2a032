import { describe, expect, it } from 'vitest';
import { readFilters } from '../activity/filters';
import { activityLink, groupActivityLink, lastDayOf, reportActivityLink } from './activityLink';

const DAYS = { from: '2026-10-26', to: '2026-11-24' };
const NO_FILTERS = { numbers: [], outcomes: [], sources: [], agents: [], tags: [] };

/** What the activity feed reads back from a link. */
const feedOf = (link: string) => readFilters(new URLSearchParams(link.split('?')[1]));

describe('widgets and report rows link to the activity feed with the filters it has', () => {
  it('shows the range’s calls', () => {
    expect(activityLink(DAYS)).toBe('/activity?types=calls&from=2026-10-26&to=2026-11-24');
  });

  it('narrows by what the feed filters: one number, outcomes, sources, agents, tags', () => {
    const link = activityLink(DAYS, {
      number: 4,
      outcomes: [3, 2],
      sources: ['Google Ads'],
      agents: [5],
      tags: ['vip'],
    });
    expect(feedOf(link)).toMatchObject({
      types: ['calls'],
      number: 4,
      from: DAYS.from,
      to: DAYS.to,
      outcomes: [2, 3],
      sources: ['Google Ads'],
      agents: [5],
      tags: ['vip'],
    });
  });

  it('carries a report’s agents and tags, and leaves out several numbers (the feed takes one)', () => {
    const report = { numbers: [1, 2], outcomes: [], sources: [], agents: [5], tags: ['vip'] };
    expect(feedOf(reportActivityLink(DAYS, report))).toMatchObject({
      number: null,
      outcomes: [],
      sources: [],
      agents: [5],
      tags: ['vip'],
    });
    expect(feedOf(reportActivityLink(DAYS, { ...report, numbers: [2] })).number).toBe(2);
  });

  it.each([
    ['number', '7', { number: 7 }],
    ['source', 'Facebook', { sources: ['Facebook'] }],
    ['outcome', '2', { outcomes: [2] }],
    ['agent', '12', { agents: [12] }],
    ['day', '2026-11-03', { from: '2026-11-03', to: '2026-11-03' }],
    // Periods are cut to the report's days.
    ['week', '2026-11-23', { from: '2026-11-23', to: '2026-11-24' }],
    ['month', '2026-11-01', { from: '2026-11-01', to: '2026-11-24' }],
  ] as const)('a %s row (%s) links to its calls', (groupBy, key, expected) => {
    const link = groupActivityLink(groupBy, key, DAYS, NO_FILTERS);
    expect(link).not.toBeNull();
    expect(feedOf(link ?? '')).toMatchObject(expected);
  });

  it.each([
    ['agent', '(none)'],
    ['hour', '9'],
    ['missed_reason', 'out_of_hours'],
    ['source', null],
  ])('a %s row (%s) has no link of its own', (groupBy, key) => {
    expect(groupActivityLink(groupBy, key, DAYS, NO_FILTERS)).toBeNull();
  });

  it.each([
    ['day', '2026-11-03', '2026-11-03'],
    ['week', '2026-11-02', '2026-11-08'],
    ['month', '2024-02-01', '2024-02-29'],
    ['source', '2026-11-01', null],
  ])('a %s starting %s ends %s', (groupBy, key, end) => {
    expect(lastDayOf(groupBy, key)).toBe(end);
  });
});
