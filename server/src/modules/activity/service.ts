/**
 * Activity (§7 calls, voicemails, texts and faxes): one call, the calls search, the feed of every kind with its
 * filters (paged), and where a recording is. The §9 search window and the time range in the viewer's zone are
 * shared with exports (exportFile.ts).
 */
import type {
  ActivityFiltersSchema,
  ActivityPage,
  ActivityRow,
  ACTIVITY_ENDPOINTS as E,
} from '@shared/api/activity';
import { pageOffset, toPage } from '@shared/api/paged';
import { CALL_OUTCOMES } from '@shared/domain/calls';
import { labelOf } from '@shared/domain/codes';
import { RANGE_ORDER_MESSAGE, SEARCH_WINDOW_MESSAGE, SEARCH_WINDOW_YEARS } from '@shared/domain/limits';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companyOfRow } from '../../db/companyOf';
import { calls, contacts, voicemails } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid } from '../../lib/errors';
import { likePattern } from '../companies/service';
import { signRecordingUrl } from '../media/urls';
import { countOrEstimate, pageTotal } from './total';
import { callViews } from './view';

/** Phone-like text: mostly digits and phone punctuation, at least three digits. */
export function phoneDigits(search: string): string | null {
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 && /^[\d\s()+.-]+$/.test(search) ? digits : null;
}

/** The first moment of the §9 search window: two years before now. */
export function searchWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCFullYear(start.getUTCFullYear() - SEARCH_WINDOW_YEARS);
  return start;
}

interface FeedRow extends Record<string, unknown> {
  type: ActivityRow['type'];
  id: number;
  at: Date | string;
  is_inbound: boolean;
  remote: string;
  number_id: number | null;
  number: string | null;
  number_label: string | null;
  contact_id: number | null;
  contact_name: string | null;
  company_id: number;
  outcome: number | null;
  duration: number | null;
  text: string | null;
  pages: number | null;
  has_recording: boolean;
  source: string | null;
  keyword: string | null;
  tracked: boolean;
}

/**
 * The time range of a feed or export: `from`/`to` are dates in `tz` (to inclusive); a `from` before the §9
 * window is refused with 422, and without one the range starts two years before `now` (an export that resumes
 * passes the time it started, so its range does not move).
 */
export async function activityWindow(
  ctx: AppContext,
  tz: string,
  filters: { from?: string; to?: string },
  now: Date = ctx.now(),
): Promise<{ start: SQL; end: SQL }> {
  const windowStart = searchWindowStart(now);
  const from = filters.from ? sql`(${filters.from}::timestamp at time zone ${tz})` : null;
  if (from) {
    const [check] = await rowsOf<{ before: boolean }>(
      ctx,
      sql`select ${from} < ${windowStart.toISOString()}::timestamptz as before`,
    );
    if (check?.before) throw invalid({ 'filters.from': [SEARCH_WINDOW_MESSAGE] });
  }
  if (filters.from && filters.to && filters.to < filters.from) {
    throw invalid({ 'filters.to': [RANGE_ORDER_MESSAGE] });
  }
  return {
    start: from ?? sql`${windowStart.toISOString()}::timestamptz`,
    end: filters.to
      ? sql`((${filters.to}::date + 1)::timestamp at time zone ${tz})`
      : sql`'infinity'::timestamptz`,
  };
}

export async function rowsOf<T>(ctx: AppContext, query: SQL): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The company of a call, or null (for the route's access check). */
export function callCompany(ctx: AppContext, callId: number): Promise<number | null> {
  return companyOfRow(ctx.db, calls, callId);
}

/** The calls search: by the other party's digits or the contact's name; `mine` for the softphone's recents. */
export async function searchCalls(
  ctx: AppContext,
  input: { companyId: number; userId: number; query: z.output<(typeof E)['searchCalls']['query']> },
) {
  const digits = input.query.q ? phoneDigits(input.query.q) : null;
  const mine =
    input.query.scope === 'mine'
      ? or(eq(calls.user_id, input.userId), and(eq(calls.is_inbound, true), inArray(calls.outcome, [2, 3])))
      : undefined;
  const match: SQL | undefined = !input.query.q
    ? undefined
    : digits
      ? or(ilike(calls.caller, likePattern(digits)), ilike(calls.called, likePattern(digits)))
      : sql`${calls.contact_id} in (select ${contacts.id} from ${contacts} where ${contacts.company_id} = ${input.companyId} and ${ilike(contacts.name, likePattern(input.query.q))})`;
  const where = and(eq(calls.company_id, input.companyId), match, mine);
  const { page, perPage } = input.query;
  const offset = pageOffset(page, perPage);
  // One row more than the page tells whether another follows; the total is the feed's rule (total.ts): the
  // softphone's recent calls ask for page 1 of `mine`, which a busy company counted in full every time.
  const found = await ctx.db
    .select()
    .from(calls)
    .where(where)
    .orderBy(desc(calls.started_at), desc(calls.id))
    .limit(perPage + 1)
    .offset(offset);
  const rows = found.slice(0, perPage);
  const { total, estimated } = await pageTotal(
    { offset, rows: rows.length, more: found.length > perPage },
    () => countOrEstimate(ctx, ctx.db.select({ one: sql`1` }).from(calls).where(where).getSQL()),
  );
  return {
    ...toPage(await callViews(ctx, ctx.db, rows), total, page, perPage),
    total_is_estimate: estimated,
  };
}

/**
 * The contacts of the company whose name contains `search` (ignoring case): a name search of the feed keeps to
 * their activity. Asked first, so the feed's query names the contacts outright and is planned on the contacts'
 * indexes (a subquery left the planner expecting many, and it read every message of two years to find none).
 */
async function contactsNamed(ctx: AppContext, companyId: number, search: string): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.company_id, companyId), ilike(contacts.name, likePattern(search))));
  return rows.map((row) => row.id);
}

/** An int[] parameter: one value however many ids (a list of parameters has a limit). */
function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/**
 * The filters only calls answer to, against `calls c`: the feed and the calls export apply the same. Tags match as
 * spelt on the call (any of them); agents are who answered or placed it.
 */
export function callFilters(filters: z.output<typeof ActivityFiltersSchema>): SQL[] {
  const conditions: SQL[] = [];
  if (filters.outcomes?.length) conditions.push(sql`c.outcome in (${sql.join(filters.outcomes, sql`, `)})`);
  if (filters.sources?.length) conditions.push(sql`c.source in (${sql.join(filters.sources, sql`, `)})`);
  if (filters.agents?.length) conditions.push(sql`c.user_id = any(${intArray(filters.agents)})`);
  if (filters.tags?.length)
    conditions.push(
      sql`c.tags ?| array[${sql.join(
        filters.tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`,
    );
  return conditions;
}

/** The activity feed: every kind asked for, filtered, newest first, one page of it. */
export async function activityFeed(
  ctx: AppContext,
  companyId: number,
  body: z.output<(typeof E)['list']['body']>,
): Promise<ActivityPage> {
  const filters = body.filters;
  const { start, end } = await activityWindow(ctx, body.tz, filters);
  // Outcomes, sources, agents, tags and a website session are about calls: the other kinds have none, so they
  // leave them out.
  const callsOnly = Boolean(callFilters(filters).length || body.dniSessionId);
  const digits = filters.search ? phoneDigits(filters.search) : null;
  const named = filters.search && !digits ? await contactsNamed(ctx, companyId, filters.search) : null;
  const empty = (): ActivityPage => ({ ...toPage([], 0, body.page, body.perPage), total_is_estimate: false });
  // A name that no contact has: nothing of any kind matches.
  if (named?.length === 0) return empty();
  /**
   * The filters every kind shares, written against one kind's own columns, so each kind's part of the feed
   * is narrowed (and limited) on its own indexes before the parts meet.
   */
  const shared = (columns: { number: SQL; contact: SQL; remote: SQL }): SQL[] => {
    const conditions: SQL[] = [];
    if (filters.numbers?.length)
      conditions.push(sql`${columns.number} in (${sql.join(filters.numbers, sql`, `)})`);
    if (filters.contact) conditions.push(sql`${columns.contact} = ${filters.contact}`);
    if (digits) conditions.push(sql`${columns.remote} like ${likePattern(digits)}`);
    if (named) conditions.push(sql`${columns.contact} = any(${intArray(named)})`);
    return conditions;
  };
  const and_ = (conditions: SQL[]) =>
    conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const kinds: { select: SQL; from: SQL; order: SQL }[] = [];
  if (body.checkCalls) {
    const remote = sql`(case when c.is_inbound then c.caller else c.called end)`;
    kinds.push({
      select: sql`select 'call' as type, c.id, c.started_at as at, c.is_inbound, ${remote} as remote, c.number_id,
        c.contact_id, c.company_id, c.outcome::int as outcome, c.duration, null::text as text, null::int as pages,
        c.recording_path is not null as has_recording, c.source, c.attribution->>'keyword' as keyword,
        c.attribution is not null as tracked`,
      from: sql`from calls c where c.company_id = ${companyId} and c.started_at >= ${start} and c.started_at < ${end}
        ${and_(callFilters(filters))}
        ${body.dniSessionId ? sql`and c.dni_session_id = ${body.dniSessionId}` : sql``}
        ${and_(shared({ number: sql`c.number_id`, contact: sql`c.contact_id`, remote }))}`,
      order: sql`order by c.started_at desc, c.id desc`,
    });
  }
  if (body.checkVoicemails && !callsOnly) {
    kinds.push({
      select: sql`select 'voicemail' as type, v.id, v.created_at as at, true as is_inbound, v.caller as remote,
        v.number_id, v.contact_id, v.company_id, null::int as outcome, v.duration, v.transcription as text,
        null::int as pages, v.recording_path is not null as has_recording, null::text as source, null::text as keyword, false as tracked`,
      from: sql`from voicemails v where v.company_id = ${companyId} and v.created_at >= ${start} and v.created_at < ${end}
        ${and_(shared({ number: sql`v.number_id`, contact: sql`v.contact_id`, remote: sql`v.caller` }))}`,
      order: sql`order by v.created_at desc, v.id desc`,
    });
  }
  if (body.checkMessages && !callsOnly) {
    kinds.push({
      select: sql`select 'message' as type, i.id::int as id, i.created_at as at, i.is_inbound, cv.recipient as remote,
        cv.number_id, cv.contact_id, i.company_id, null::int as outcome, null::int as duration, i.content as text,
        null::int as pages, false as has_recording, null::text as source, null::text as keyword, false as tracked`,
      from: sql`from conversation_items i join conversations cv on cv.id = i.conversation_id
        where i.company_id = ${companyId} and i.kind = 'message' and i.created_at >= ${start} and i.created_at < ${end}
        ${and_(shared({ number: sql`cv.number_id`, contact: sql`cv.contact_id`, remote: sql`cv.recipient` }))}`,
      order: sql`order by i.created_at desc, i.id desc`,
    });
  }
  if (body.checkFaxes && !callsOnly) {
    kinds.push({
      select: sql`select 'fax' as type, f.id, f.created_at as at, f.is_inbound, f.remote, f.number_id, f.contact_id,
        f.company_id, null::int as outcome, null::int as duration, f.status as text, f.pages, false as has_recording,
        null::text as source, null::text as keyword, false as tracked`,
      from: sql`from faxes f where f.company_id = ${companyId} and f.created_at >= ${start} and f.created_at < ${end}
        ${and_(shared({ number: sql`f.number_id`, contact: sql`f.contact_id`, remote: sql`f.remote` }))}`,
      order: sql`order by f.created_at desc, f.id desc`,
    });
  }
  if (!kinds.length) return empty();
  // Each kind's newest rows up to the end of the page, then the page of their union: a page reads
  // (offset + perPage) rows of each kind from its (company, time) index, not the whole two-year window
  // (bench/inbox: 1.7 s → milliseconds on 1,000,000 rows). Numbers and contacts are joined to the page only.
  // One row more than the page tells whether another page follows.
  const offset = pageOffset(body.page, body.perPage);
  const reach = offset + body.perPage + 1;
  const parts = sql.join(
    kinds.map((kind) => sql`(${kind.select} ${kind.from} ${kind.order} limit ${reach})`),
    sql` union all `,
  );
  const found = await rowsOf<FeedRow>(
    ctx,
    sql`select a.*, n.number, n.label as number_label, ct.name as contact_name
      from (select * from (${parts}) u order by u.at desc, u.type, u.id desc limit ${body.perPage + 1} offset ${offset}) a
      left join numbers n on n.id = a.number_id left join contacts ct on ct.id = a.contact_id
      order by a.at desc, a.type, a.id desc`,
  );
  const rows = found.slice(0, body.perPage);
  // Counted (up to a limit) only when the page does not show the total itself: see total.ts.
  const matching = sql.join(
    kinds.map((kind) => sql`(select 1 ${kind.from})`),
    sql` union all `,
  );
  const { total, estimated } = await pageTotal(
    { offset, rows: rows.length, more: found.length > body.perPage },
    () => countOrEstimate(ctx, matching),
  );
  const data: ActivityRow[] = rows.map((row) => ({
    type: row.type,
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    isInbound: row.is_inbound,
    remote: row.remote,
    number:
      row.number_id && row.number
        ? { id: row.number_id, number: row.number, label: row.number_label ?? '' }
        : null,
    contact:
      row.contact_id && row.contact_name !== null ? { id: row.contact_id, name: row.contact_name } : null,
    outcome: row.outcome,
    outcome_label: row.outcome === null ? null : labelOf(CALL_OUTCOMES, row.outcome as never),
    duration: row.duration,
    text: row.text,
    pages: row.pages,
    recording_url:
      row.has_recording && (row.type === 'call' || row.type === 'voicemail')
        ? signRecordingUrl(ctx, { companyId: row.company_id, kind: row.type, id: Number(row.id) })
        : null,
    source: row.source,
    keyword: row.keyword,
    tracked: row.tracked,
  }));
  return { ...toPage(data, total, body.page, body.perPage), total_is_estimate: estimated };
}

/** A call's or voicemail's recording: its stored path and duration, in that company; undefined if none. */
export async function recordingOf(
  ctx: AppContext,
  input: { kind: 'call' | 'voicemail'; id: number; companyId: number },
) {
  const table = input.kind === 'call' ? calls : voicemails;
  const [row] = await ctx.db
    .select({ path: table.recording_path, duration: table.duration })
    .from(table)
    .where(and(eq(table.id, input.id), eq(table.company_id, input.companyId)));
  return row;
}
