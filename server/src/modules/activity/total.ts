/**
 * The activity feed's total, kept cheap (docs/decisions.md, "The activity feed's total"): the rows a filter
 * matches are counted exactly up to ACTIVITY_EXACT_TOTAL_MAX, and past it the count stops and the query
 * planner's estimate of the rows stands in, said so in the answer. Counting a busy company's whole two-year window
 * on every page was most of the first page's time (bench/inbox: 340 ms of it on PostgreSQL over 1,000,000 rows);
 * a count that stops after ten thousand rows, and an EXPLAIN, take milliseconds.
 */
import { ACTIVITY_EXACT_TOTAL_MAX } from '@shared/api/activity';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../http/context';

export interface FeedTotal {
  total: number;
  /** True when `total` is the planner's estimate rather than a count. */
  estimated: boolean;
}

/**
 * How many rows `matching` (a query, any columns) gives: exact up to `exactUpTo`; beyond that, the planner's
 * estimate, and never less than the rows the capped count has already seen.
 */
export async function countOrEstimate(
  ctx: AppContext,
  matching: SQL,
  exactUpTo: number = ACTIVITY_EXACT_TOTAL_MAX,
): Promise<FeedTotal> {
  const [counted] = await rowsOf<{ rows: number }>(
    ctx,
    sql`select count(*)::int as rows from (${matching} limit ${exactUpTo + 1}) capped`,
  );
  const rows = Number(counted?.rows ?? 0);
  if (rows <= exactUpTo) return { total: rows, estimated: false };
  return { total: Math.max(await plannerEstimate(ctx, matching), rows), estimated: true };
}

async function rowsOf<T>(ctx: AppContext, query: SQL): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The planner's estimate of the rows `query` gives: the top plan node's "Plan Rows" (EXPLAIN, not run). */
export async function plannerEstimate(ctx: AppContext, query: SQL): Promise<number> {
  const [row] = await rowsOf<Record<string, unknown>>(ctx, sql`explain (format json) ${query}`);
  // node-postgres and PGlite both answer one row with one column, QUERY PLAN: the JSON, parsed or as text.
  const plan = row ? Object.values(row)[0] : undefined;
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    | [{ Plan: { 'Plan Rows': number } }]
    | undefined;
  return Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The total a page answers with, given what the page itself shows: `more` when a row beyond the page was found.
 * A page that reaches the end of the feed proves the total (the rows before it and on it) without counting; an
 * estimate is never below what the pages show (the rows up to this one, and one more when another follows), so
 * `last_page` always leads on to the rows that are there.
 */
export async function pageTotal(
  page: { offset: number; rows: number; more: boolean },
  count: () => Promise<FeedTotal>,
): Promise<FeedTotal> {
  if (!page.more && (page.rows > 0 || page.offset === 0)) {
    return { total: page.offset + page.rows, estimated: false };
  }
  const counted = await count();
  if (!counted.estimated) return counted;
  const shown = page.offset + page.rows + (page.more ? 1 : 0);
  return { total: Math.max(counted.total, shown), estimated: true };
}
