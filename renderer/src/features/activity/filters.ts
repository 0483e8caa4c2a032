/**
 * The activity feed's filters as they live in the address (`/activity?types=calls,voicemails&number=3&from=…`), so
 * a filtered feed can be bookmarked and linked to; how they become the bodies of `POST /activity` and of the
 * exports (§7 Analytics and activity); and the §9 search window, checked before a request is made. The server
 * refuses the same (422 on `filters.from`), and the screen shows that answer too, for the cases a browser cannot
 * see coming (a clock that is off, a page left open past midnight).
 */
import type { ActivityQueryBodySchema, EXPORT_ENDPOINTS, ExportKind } from '@shared/api/activity';
import { type ActivityType, CALL_OUTCOMES, type CallOutcome } from '@shared/domain/calls';
import { isCode, labelOf } from '@shared/domain/codes';
import { RANGE_ORDER_MESSAGE, SEARCH_WINDOW_MESSAGE, SEARCH_WINDOW_YEARS } from '@shared/domain/limits';

import { DATE_FORMATS } from '@shared/domain/time';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { z } from 'zod';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The kinds of activity, in the order the screen offers them. */
export const ACTIVITY_KIND_ORDER: readonly ActivityType[] = ['calls', 'voicemails', 'messages', 'faxes'];

export interface ActivityFilterState {
  /** The kinds shown; all four unless someone unticks some. */
  types: ActivityType[];
  /** One tracked number, or every number. */
  number: number | null;
  /** Dates (YYYY-MM-DD) in the user's time zone, both ends included; '' for open. */
  from: string;
  to: string;
  /** §3 call outcomes; only calls have one. */
  outcomes: CallOutcome[];
  /** Marketing sources (call tracking), as calls name them; only calls have one. */
  sources: string[];
  /** Users who answered or placed the call; only calls have one. */
  agents: number[];
  /** Call tags, as spelt on the call (any of them); only calls have tags. */
  tags: string[];
  /** A contact's name or a phone number, as the server matches it. */
  search: string;
}

export const EMPTY_FILTERS: ActivityFilterState = Object.freeze({
  types: [...ACTIVITY_KIND_ORDER],
  number: null,
  from: '',
  to: '',
  outcomes: [],
  sources: [],
  agents: [],
  tags: [],
  search: '',
}) as ActivityFilterState;

const PARAM = {
  types: 'types',
  number: 'number',
  from: 'from',
  to: 'to',
  outcomes: 'outcome',
  sources: 'source',
  agents: 'agent',
  tags: 'tag',
  search: 'search',
} as const;
/** What `types` says when every kind is unticked, so the address keeps that choice. */
const NO_TYPES = 'none';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function readDate(params: URLSearchParams, name: string): string {
  const value = params.get(name) ?? '';
  return DATE.test(value) && dayjs.utc(value).format('YYYY-MM-DD') === value ? value : '';
}

function readTypes(params: URLSearchParams): ActivityType[] {
  const value = params.get(PARAM.types);
  if (value === null) return [...ACTIVITY_KIND_ORDER];
  const named = new Set(value.split(','));
  return ACTIVITY_KIND_ORDER.filter((type) => named.has(type));
}

function readOutcomes(params: URLSearchParams): CallOutcome[] {
  const values = (params.get(PARAM.outcomes) ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((value): value is CallOutcome => isCode(CALL_OUTCOMES, value));
  return [...new Set(values)].sort((a, b) => a - b);
}

/**
 * Names (sources, tags), as many parameters as there are (a name may hold a comma), trimmed to the API's longest
 * name; at most the API's 50.
 */
function readNames(params: URLSearchParams, name: string, longest: number): string[] {
  const names = params
    .getAll(name)
    .map((value) => value.trim().slice(0, longest))
    .filter(Boolean);
  return [...new Set(names)].slice(0, 50);
}

/** Agents by user id (`agent=3,7`); at most the API's 200. */
function readAgents(params: URLSearchParams): number[] {
  const ids = (params.get(PARAM.agents) ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, 200);
}

export function readFilters(params: URLSearchParams): ActivityFilterState {
  const number = Number(params.get(PARAM.number));
  return {
    types: readTypes(params),
    number: Number.isSafeInteger(number) && number > 0 ? number : null,
    from: readDate(params, PARAM.from),
    to: readDate(params, PARAM.to),
    outcomes: readOutcomes(params),
    sources: readNames(params, PARAM.sources, 100),
    agents: readAgents(params),
    tags: readNames(params, PARAM.tags, 50),
    search: (params.get(PARAM.search) ?? '').slice(0, 100),
  };
}

/** The address for a state: defaults are left out, so the plain feed is plain `/activity`. */
export function writeFilters(filters: ActivityFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.types.length < ACTIVITY_KIND_ORDER.length)
    params.set(PARAM.types, filters.types.length ? filters.types.join(',') : NO_TYPES);
  if (filters.number) params.set(PARAM.number, String(filters.number));
  if (filters.from) params.set(PARAM.from, filters.from);
  if (filters.to) params.set(PARAM.to, filters.to);
  if (filters.outcomes.length) params.set(PARAM.outcomes, filters.outcomes.join(','));
  for (const source of filters.sources) params.append(PARAM.sources, source);
  if (filters.agents.length) params.set(PARAM.agents, filters.agents.join(','));
  for (const tag of filters.tags) params.append(PARAM.tags, tag);
  if (filters.search.trim()) params.set(PARAM.search, filters.search);
  return params;
}

/** True when a filter narrows the feed (the kinds count when some are unticked). */
export function hasFilters(filters: ActivityFilterState): boolean {
  return filters.types.length < ACTIVITY_KIND_ORDER.length || Object.keys(toApiFilters(filters)).length > 0;
}

type ApiFilters = NonNullable<z.input<typeof ActivityQueryBodySchema>['filters']>;

/** The API's `filters` object: only what narrows, so "no filters" is `{}`. */
export function toApiFilters(filters: ActivityFilterState): ApiFilters {
  const result: ApiFilters = {};
  if (filters.number) result.numbers = [filters.number];
  if (filters.from) result.from = filters.from;
  if (filters.to) result.to = filters.to;
  if (filters.outcomes.length) result.outcomes = [...filters.outcomes];
  if (filters.sources.length) result.sources = [...filters.sources];
  if (filters.agents.length) result.agents = [...filters.agents];
  if (filters.tags.length) result.tags = [...filters.tags];
  const search = filters.search.trim();
  if (search) result.search = search;
  return result;
}

export type FeedBody = Omit<z.input<typeof ActivityQueryBodySchema>, 'page' | 'perPage'>;

/** `POST /activity`'s body without its page: the kinds as `check…` flags, the filters, the time zone of the dates. */
export function feedBody(filters: ActivityFilterState, tz: string): FeedBody {
  return {
    tz,
    filters: toApiFilters(filters),
    checkCalls: filters.types.includes('calls'),
    checkVoicemails: filters.types.includes('voicemails'),
    checkMessages: filters.types.includes('messages'),
    checkFaxes: filters.types.includes('faxes'),
  };
}

/** Export kinds are named as their endpoints are (`/fax/export`); the feed's kind is `faxes`. */
export const EXPORT_KIND_OF: Readonly<Record<ActivityType, ExportKind>> = Object.freeze({
  calls: 'calls',
  voicemails: 'voicemails',
  messages: 'messages',
  faxes: 'fax',
});

/** The kind an export starts on: the first kind the feed shows, else calls. */
export function defaultExportKind(filters: ActivityFilterState): ExportKind {
  const first = ACTIVITY_KIND_ORDER.find((type) => filters.types.includes(type));
  return first ? EXPORT_KIND_OF[first] : 'calls';
}

export type ExportBody = z.input<(typeof EXPORT_ENDPOINTS)['calls']['body']>;

/** The filters only calls answer to; the feed hides the other kinds under any of them. */
const CALL_ONLY = ['outcomes', 'sources', 'agents', 'tags'] as const;

/**
 * An export's body: the chosen columns, the feed's filters and time zone. Outcomes, sources, agents and tags are
 * about calls: an export of another kind leaves them out, as the feed does when it hides the other kinds under
 * one of them (the server refuses them there).
 */
export function exportBody(
  companyId: number,
  kind: ExportKind,
  columns: readonly string[],
  filters: ActivityFilterState,
  tz: string,
): ExportBody {
  const apiFilters = toApiFilters(filters);
  if (kind !== 'calls') for (const filter of CALL_ONLY) delete apiFilters[filter];
  return { companyId, columns: [...columns], tz, filters: apiFilters };
}

/** The first moment of the §9 window, counted as the server counts it: the same instant two years earlier (UTC). */
export function searchWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCFullYear(start.getUTCFullYear() - SEARCH_WINDOW_YEARS);
  return start;
}

/** Today's date in `tz`. */
export function todayIn(now: Date, tz: string): string {
  return dayjs(now).tz(tz).format('YYYY-MM-DD');
}

/**
 * The earliest `from` the server accepts: the server reads `from` as the start of that day in `tz` and refuses it
 * when that is before the window, so the window's own date is allowed only when the window starts at midnight.
 */
export function earliestFromDate(now: Date, tz: string): string {
  const start = searchWindowStart(now);
  const date = dayjs(start).tz(tz).format('YYYY-MM-DD');
  const midnight = dayjs.tz(date, tz);
  return midnight.valueOf() < start.getTime() ? dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD') : date;
}

/** What is wrong with a date range, per field, in the server's words; empty when it may be sent. */
export function checkDateRange(
  range: { from: string; to: string },
  now: Date,
  tz: string,
): { from?: string; to?: string } {
  const problems: { from?: string; to?: string } = {};
  // YYYY-MM-DD strings compare as dates.
  if (range.from && range.from < earliestFromDate(now, tz)) problems.from = SEARCH_WINDOW_MESSAGE;
  if (range.from && range.to && range.to < range.from) problems.to = RANGE_ORDER_MESSAGE;
  return problems;
}

/**
 * The filters an export of `kind` applies, in words, for the dialog to say before it starts ("Number: Main
 * line", "Dates: Nov 1, 2026 – Nov 20, 2026", …); empty when nothing narrows it.
 */
export function describeExportFilters(
  filters: ActivityFilterState,
  kind: ExportKind,
  numberName: (id: number) => string,
  agentName: (id: number) => string = (id) => `#${id}`,
): string[] {
  const day = (date: string) => dayjs.utc(date).format(DATE_FORMATS.monthDayYear);
  const words: string[] = [];
  if (filters.number) words.push(`Number: ${numberName(filters.number)}`);
  if (filters.from && filters.to) words.push(`Dates: ${day(filters.from)} – ${day(filters.to)}`);
  else if (filters.from) words.push(`Dates: from ${day(filters.from)}`);
  else if (filters.to) words.push(`Dates: until ${day(filters.to)}`);
  // As exportBody has it: outcomes narrow calls only.
  if (kind === 'calls' && filters.outcomes.length)
    words.push(`Outcome: ${filters.outcomes.map((outcome) => labelOf(CALL_OUTCOMES, outcome)).join(', ')}`);
  if (kind === 'calls' && filters.sources.length) words.push(`Source: ${filters.sources.join(', ')}`);
  if (kind === 'calls' && filters.agents.length)
    words.push(`Agent: ${filters.agents.map(agentName).join(', ')}`);
  if (kind === 'calls' && filters.tags.length) words.push(`Tag: ${filters.tags.join(', ')}`);
  const search = filters.search.trim();
  if (search) words.push(`Search: “${search}”`);
  return words;
}
