import { ActivityQueryBodySchema, EXPORT_ENDPOINTS } from '@shared/api/activity';
import { RANGE_ORDER_MESSAGE, SEARCH_WINDOW_MESSAGE } from '@shared/domain/limits';
import { describe, expect, it } from 'vitest';
import {
  checkDateRange,
  defaultExportKind,
  describeExportFilters,
  EMPTY_FILTERS,
  earliestFromDate,
  exportBody,
  feedBody,
  hasFilters,
  readFilters,
  searchWindowStart,
  toApiFilters,
  todayIn,
  writeFilters,
} from './filters';

describe('activity filters in the address', () => {
  it('reads every filter and writes it back the same', () => {
    const query =
      'types=calls%2Cvoicemails&number=3&from=2026-10-01&to=2026-11-20&outcome=1%2C2&agent=7%2C4&tag=vip&tag=trade-in&search=ann+lee';
    const state = readFilters(new URLSearchParams(query));
    expect(state).toEqual({
      types: ['calls', 'voicemails'],
      number: 3,
      from: '2026-10-01',
      to: '2026-11-20',
      outcomes: [1, 2],
      sources: [],
      agents: [7, 4],
      tags: ['vip', 'trade-in'],
      search: 'ann lee',
    });
    expect(readFilters(writeFilters(state))).toEqual(state);
  });

  it('keeps call tracking sources by name, one parameter each (a name may hold a comma)', () => {
    const state = { ...EMPTY_FILTERS, sources: ['Google Ads', 'Facebook, Inc'] };
    const params = writeFilters(state);
    expect(params.getAll('source')).toEqual(['Google Ads', 'Facebook, Inc']);
    expect(readFilters(params).sources).toEqual(['Google Ads', 'Facebook, Inc']);
    expect(readFilters(new URLSearchParams('source=+Bing+&source=Bing&source=')).sources).toEqual(['Bing']);
    expect(hasFilters(state)).toBe(true);
  });

  it('sends sources to the feed, and to exports of calls only (only calls have a source)', () => {
    const filters = { ...EMPTY_FILTERS, sources: ['Google Ads'] };
    expect(toApiFilters(filters)).toEqual({ sources: ['Google Ads'] });
    expect(
      ActivityQueryBodySchema.safeParse({ ...feedBody(filters, 'UTC'), page: 1, perPage: 10 }).success,
    ).toBe(true);
    expect(exportBody(1, 'calls', ['id'], filters, 'UTC').filters).toEqual({ sources: ['Google Ads'] });
    expect(exportBody(1, 'voicemails', ['id'], filters, 'UTC').filters).toEqual({});
    expect(describeExportFilters(filters, 'calls', String)).toEqual(['Source: Google Ads']);
    expect(describeExportFilters(filters, 'fax', String)).toEqual([]);
  });

  it('keeps agents by id and tags by name, dropping what cannot be one', () => {
    expect(readFilters(new URLSearchParams('agent=3,x,-1,3,0,9')).agents).toEqual([3, 9]);
    expect(readFilters(new URLSearchParams('tag=+vip+&tag=vip&tag=&tag=a,b')).tags).toEqual(['vip', 'a,b']);
    expect(readFilters(new URLSearchParams(`tag=${'t'.repeat(80)}`)).tags).toEqual(['t'.repeat(50)]);
  });

  it('sends agents and tags to the feed, and to exports of calls only (only calls have them)', () => {
    const filters = { ...EMPTY_FILTERS, agents: [7], tags: ['vip'], outcomes: [2 as const] };
    expect(toApiFilters(filters)).toEqual({ agents: [7], tags: ['vip'], outcomes: [2] });
    expect(
      ActivityQueryBodySchema.safeParse({ ...feedBody(filters, 'UTC'), page: 1, perPage: 10 }).success,
    ).toBe(true);
    expect(exportBody(1, 'calls', ['id'], filters, 'UTC').filters).toEqual({
      agents: [7],
      tags: ['vip'],
      outcomes: [2],
    });
    expect(exportBody(1, 'messages', ['id'], filters, 'UTC').filters).toEqual({});
    expect(describeExportFilters(filters, 'calls', String, (id) => (id === 7 ? 'Aria Agent' : '?'))).toEqual([
      'Outcome: Missed',
      'Agent: Aria Agent',
      'Tag: vip',
    ]);
    expect(describeExportFilters(filters, 'voicemails', String)).toEqual([]);
  });

  it('leaves defaults out, so the plain feed is plain /activity', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual(EMPTY_FILTERS);
    expect(writeFilters(EMPTY_FILTERS).toString()).toBe('');
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
  });

  it('keeps "no kinds" as a choice, distinct from "all kinds"', () => {
    const none = { ...EMPTY_FILTERS, types: [] };
    expect(writeFilters(none).toString()).toBe('types=none');
    expect(readFilters(writeFilters(none)).types).toEqual([]);
    expect(hasFilters(none)).toBe(true);
  });

  it('ignores what is not a filter value and keeps the kinds in screen order', () => {
    const state = readFilters(
      new URLSearchParams('types=faxes,bogus,calls&number=-4&from=2026-02-30&to=soon&outcome=9,x,3,3'),
    );
    expect(state.types).toEqual(['calls', 'faxes']);
    expect(state.number).toBeNull();
    expect(state.from).toBe('');
    expect(state.to).toBe('');
    expect(state.outcomes).toEqual([3]);
  });
});

describe('the request bodies', () => {
  it('maps the kinds to the check flags and sends only the filters that narrow', () => {
    const body = feedBody(
      { ...EMPTY_FILTERS, types: ['voicemails', 'faxes'], number: 7, search: '  (312) 555 ' },
      'America/Chicago',
    );
    expect(body).toEqual({
      tz: 'America/Chicago',
      filters: { numbers: [7], search: '(312) 555' },
      checkCalls: false,
      checkVoicemails: true,
      checkMessages: false,
      checkFaxes: true,
    });
    // The server's schema accepts it as it is.
    expect(ActivityQueryBodySchema.safeParse({ ...body, page: 2 }).success).toBe(true);
    expect(feedBody(EMPTY_FILTERS, 'UTC')).toMatchObject({ filters: {}, checkCalls: true, checkFaxes: true });
  });

  it('sends the dates and outcomes as the API names them', () => {
    expect(
      toApiFilters({ ...EMPTY_FILTERS, from: '2026-10-01', to: '2026-10-31', outcomes: [2, 3] }),
    ).toEqual({ from: '2026-10-01', to: '2026-10-31', outcomes: [2, 3] });
  });

  it('builds an export body the server accepts, leaving outcomes out of kinds that have none', () => {
    const filters = { ...EMPTY_FILTERS, outcomes: [2 as const], number: 4, from: '2026-11-01' };
    const calls = exportBody(12, 'calls', ['started_at', 'outcome'], filters, 'Europe/Paris');
    expect(calls).toEqual({
      companyId: 12,
      columns: ['started_at', 'outcome'],
      tz: 'Europe/Paris',
      filters: { numbers: [4], from: '2026-11-01', outcomes: [2] },
    });
    expect(EXPORT_ENDPOINTS.calls.body.safeParse(calls).success).toBe(true);
    const voicemails = exportBody(12, 'voicemails', ['at', 'caller'], filters, 'Europe/Paris');
    expect(voicemails.filters).toEqual({ numbers: [4], from: '2026-11-01' });
    expect(EXPORT_ENDPOINTS.voicemails.body.safeParse(voicemails).success).toBe(true);
  });

  it('starts an export on the first kind the feed shows', () => {
    expect(defaultExportKind(EMPTY_FILTERS)).toBe('calls');
    expect(defaultExportKind({ ...EMPTY_FILTERS, types: ['faxes'] })).toBe('fax');
    expect(defaultExportKind({ ...EMPTY_FILTERS, types: ['messages', 'faxes'] })).toBe('messages');
    expect(defaultExportKind({ ...EMPTY_FILTERS, types: [] })).toBe('calls');
  });

  it('says which filters an export applies', () => {
    const filters = {
      ...EMPTY_FILTERS,
      number: 4,
      from: '2026-11-01',
      to: '2026-11-20',
      outcomes: [1 as const, 2 as const],
      search: 'ann',
    };
    const name = (id: number) => (id === 4 ? 'Main line' : '?');
    expect(describeExportFilters(filters, 'calls', name)).toEqual([
      'Number: Main line',
      'Dates: Nov 1, 2026 – Nov 20, 2026',
      'Outcome: Answered, Missed',
      'Search: “ann”',
    ]);
    expect(describeExportFilters(filters, 'messages', name)).not.toContain('Outcome: Answered, Missed');
    expect(describeExportFilters(EMPTY_FILTERS, 'calls', name)).toEqual([]);
  });
});

describe('the §9 search window (2 years), as the server counts it', () => {
  const now = new Date('2026-11-23T05:30:00Z');

  it('starts at the same instant two years earlier', () => {
    expect(searchWindowStart(now).toISOString()).toBe('2024-11-23T05:30:00.000Z');
  });

  it('allows from the first whole day inside the window, in the user’s time zone', () => {
    // In UTC the window starts at 05:30 on Nov 23: midnight that day is outside, so Nov 24 is the first day.
    expect(earliestFromDate(now, 'UTC')).toBe('2024-11-24');
    // In Chicago it starts at 23:30 on Nov 22: Nov 23 begins at 06:00 UTC, inside the window.
    expect(earliestFromDate(now, 'America/Chicago')).toBe('2024-11-23');
    // A window that starts exactly at local midnight includes that day.
    expect(earliestFromDate(new Date('2026-11-23T00:00:00Z'), 'UTC')).toBe('2024-11-23');
  });

  it('refuses a from before the window with the server’s words, and a range that ends before it starts', () => {
    expect(checkDateRange({ from: '2024-11-23', to: '' }, now, 'UTC')).toEqual({
      from: SEARCH_WINDOW_MESSAGE,
    });
    expect(checkDateRange({ from: '2024-11-24', to: '' }, now, 'UTC')).toEqual({});
    expect(checkDateRange({ from: '2026-11-20', to: '2026-11-01' }, now, 'UTC')).toEqual({
      to: RANGE_ORDER_MESSAGE,
    });
    expect(checkDateRange({ from: '', to: '2020-01-01' }, now, 'UTC')).toEqual({});
    expect(SEARCH_WINDOW_MESSAGE).toBe('Activity can be searched 2 years back at most.');
  });

  it('knows today in the user’s time zone', () => {
    expect(todayIn(now, 'UTC')).toBe('2026-11-23');
    expect(todayIn(now, 'America/Los_Angeles')).toBe('2026-11-22');
  });
});
