/**
 * The numbers administration table (§7 `GET /numbers/datatable`, its CSV export) and the figures beside it
 * (`/numbers/stats`, `/numberPrefixes`, `/patterns`). Filters other than the pattern are SQL; the pattern is the
 * domain's reading of the digits (numberPatterns.ts), so with a pattern the matching rows are read (id and number
 * only), filtered here and then paged — a company has at most its number limit of numbers, so that stays small.
 */

import type { TrackedNumber } from '@shared/api/numbers';
import type { NumberStats, NumberTableFiltersSchema, NumberTableRow } from '@shared/api/numberTable';
import { labelOf } from '@shared/domain/codes';
import { NUMBER_PATTERNS, type NumberPattern, numberPatterns } from '@shared/domain/numberPatterns';
import {
  NUMBER_CATEGORIES,
  NUMBER_STATUSES,
  NUMBER_TYPES,
  type NumberCategory,
} from '@shared/domain/numbers';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { liveNumber, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { csvText } from '../../../lib/csv';
import type { NumberRow } from '../config/view';
import { limitAndUsed } from '../purchase/limit';
import { numberSearch, withCounts } from '../service';

type Filters = z.output<typeof NumberTableFiltersSchema>;

/** E.164 "+1NPA…": the area code, and the area code with the exchange. */
const areaCodeOf = sql<string>`substring(${numbers.number} from 3 for 3)`;
const prefixOf = sql<string>`substring(${numbers.number} from 3 for 6)`;

function whereOf(companyId: number, filters: Filters): SQL | undefined {
  return and(
    eq(numbers.company_id, companyId),
    liveNumber,
    numberSearch(filters.search),
    filters.type ? eq(numbers.type, filters.type) : undefined,
    filters.status ? eq(numbers.status, filters.status) : undefined,
    filters.tag ? sql`${numbers.tags} @> ${JSON.stringify([filters.tag])}::jsonb` : undefined,
    filters.area_code ? eq(areaCodeOf, filters.area_code) : undefined,
  );
}

const SORT_COLUMNS = {
  number: numbers.number,
  label: numbers.label,
  type: numbers.type,
  status: numbers.status,
  created_at: numbers.created_at,
} as const;

function orderOf(filters: Filters) {
  const by = filters.direction === 'desc' ? desc : asc;
  // Ties in order of number, so paging never shows a row twice.
  return [by(SORT_COLUMNS[filters.sort]), asc(numbers.number), asc(numbers.id)];
}

/** The ids of the rows the filters select, in order, when a pattern narrows them (null when none does). */
async function patternIds(ctx: AppContext, companyId: number, filters: Filters): Promise<number[] | null> {
  const pattern = filters.pattern;
  if (!pattern) return null;
  const rows = await ctx.db
    .select({ id: numbers.id, number: numbers.number })
    .from(numbers)
    .where(whereOf(companyId, filters))
    .orderBy(...orderOf(filters));
  return rows.filter((row) => numberPatterns(row.number).includes(pattern)).map((row) => row.id);
}

function tableRow(row: NumberRow, listed: TrackedNumber): NumberTableRow {
  return {
    ...listed,
    category: row.category as NumberCategory,
    extensions: row.routes.length,
    patterns: numberPatterns(row.number),
    created_at: row.created_at.toISOString(),
  };
}

/** One page of the table, as `userId` sees it, and how many rows the filters select. */
export async function numberTablePage(
  ctx: AppContext,
  companyId: number,
  userId: number,
  filters: Filters,
  page: { limit: number; offset: number },
): Promise<{ rows: NumberTableRow[]; total: number }> {
  const ids = await patternIds(ctx, companyId, filters);
  let rows: NumberRow[];
  let total: number;
  if (ids) {
    const pageIds = ids.slice(page.offset, page.offset + page.limit);
    const found = pageIds.length
      ? await ctx.db.select().from(numbers).where(inArray(numbers.id, pageIds))
      : [];
    const byId = new Map(found.map((row) => [row.id, row]));
    rows = pageIds.flatMap((id) => byId.get(id) ?? []);
    total = ids.length;
  } else {
    const where = whereOf(companyId, filters);
    rows = await ctx.db
      .select()
      .from(numbers)
      .where(where)
      .orderBy(...orderOf(filters))
      .limit(page.limit)
      .offset(page.offset);
    total = (await ctx.db.select({ n: count() }).from(numbers).where(where))[0]?.n ?? 0;
  }
  const listed = await withCounts(ctx, userId, rows);
  return { rows: rows.map((row, index) => tableRow(row, listed[index] as TrackedNumber)), total };
}

const CSV_COLUMNS = [
  'Number',
  'Label',
  'Type',
  'Category',
  'Status',
  'Removal date',
  'Tags',
  'SMS',
  'Transcription',
  'Extensions',
  'Patterns',
  'Added',
];

/** Every row the filters select, as CSV (no paging: the export is what the table would show on every page). */
export async function numberTableCsv(ctx: AppContext, companyId: number, filters: Filters): Promise<string> {
  const ids = await patternIds(ctx, companyId, filters);
  const rows = await ctx.db
    .select()
    .from(numbers)
    .where(
      ids
        ? and(whereOf(companyId, filters), inArray(numbers.id, ids.length ? ids : [0]))
        : whereOf(companyId, filters),
    )
    .orderBy(...orderOf(filters));
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  return csvText(
    rows.map((row) => [
      row.number,
      row.label,
      labelOf(NUMBER_TYPES, row.type),
      labelOf(NUMBER_CATEGORIES, row.category),
      labelOf(NUMBER_STATUSES, row.status),
      row.remove_at?.toISOString().slice(0, 10) ?? '',
      row.tags.join(', '),
      yesNo(row.sms_enabled),
      yesNo(row.call_transcription_enabled),
      row.routes.length,
      numberPatterns(row.number)
        .map((pattern) => labelOf(NUMBER_PATTERNS, pattern))
        .join(', '),
      row.created_at.toISOString().slice(0, 10),
    ]),
    { header: true, columns: CSV_COLUMNS },
  );
}

export async function numberStats(ctx: AppContext, companyId: number): Promise<NumberStats> {
  const where = and(eq(numbers.company_id, companyId), liveNumber);
  const [totals] = await ctx.db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${numbers.status} = 'active')::int`,
      inactive: sql<number>`count(*) filter (where ${numbers.status} = 'inactive')::int`,
      sms: sql<number>`count(*) filter (where ${numbers.sms_enabled})::int`,
      transcription: sql<number>`count(*) filter (where ${numbers.call_transcription_enabled})::int`,
    })
    .from(numbers)
    .where(where);
  const byType = await ctx.db
    .select({ type: numbers.type, count: count() })
    .from(numbers)
    .where(where)
    .groupBy(numbers.type)
    .orderBy(asc(numbers.type));
  const { limit, used } = await limitAndUsed(ctx.db, companyId);
  return {
    total: totals?.total ?? 0,
    active: Number(totals?.active ?? 0),
    inactive: Number(totals?.inactive ?? 0),
    by_type: byType.map((row) => ({
      type: row.type as NumberStats['by_type'][number]['type'],
      count: row.count,
    })),
    sms_enabled: Number(totals?.sms ?? 0),
    transcription_enabled: Number(totals?.transcription ?? 0),
    limit,
    remaining: Math.max(0, limit - used),
  };
}

/** The NPA-NXX prefixes of the company's numbers, with counts, in order. */
export async function numberPrefixes(ctx: AppContext, companyId: number) {
  const rows = await ctx.db
    .select({ prefix: prefixOf, area_code: areaCodeOf, count: count() })
    .from(numbers)
    .where(and(eq(numbers.company_id, companyId), liveNumber))
    .groupBy(prefixOf, areaCodeOf)
    .orderBy(asc(prefixOf));
  return rows.map((row) => ({ ...row, prefix: `${row.prefix.slice(0, 3)}-${row.prefix.slice(3)}` }));
}

/** How many of the company's numbers have each pattern (every pattern listed, zero included). */
export async function patternCounts(ctx: AppContext, companyId: number) {
  const rows = await ctx.db
    .select({ number: numbers.number })
    .from(numbers)
    .where(and(eq(numbers.company_id, companyId), liveNumber));
  const counts = new Map<NumberPattern, number>();
  for (const row of rows)
    for (const pattern of numberPatterns(row.number)) counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
  return NUMBER_PATTERNS.map(({ value, label }) => ({
    pattern: value,
    label,
    count: counts.get(value) ?? 0,
  }));
}
