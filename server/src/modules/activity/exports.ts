/**
 * Activity exports: `POST /calls/export` (and messages, fax, voicemails) creates a batch (`batches`, kind
 * `export-calls` …, the filters, tz and columns in its options) and starts an in-process job that writes the CSV
 * (chosen columns, cells neutralised against formulas, times in `tz`) to `<dataDir>/exports/<companyId>/<id>.csv`,
 * a page of rows at a time, updating and publishing its progress (`export.progress` on the company channel).
 * A crashed server's exports are not resumed: at start, an export still `running` is marked failed. Progress and
 * download are per company (another company's batch is 404; downloading an unfinished one 409).
 *
 * Outcomes are a call filter: an export of another kind with `filters.outcomes` is refused (422). The feed reads
 * that filter as "calls only" (it leaves the other kinds out), so ignoring it here would export rows the same
 * filters hide on screen, and obeying it would export an empty file; neither is what was asked.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import {
  EXPORT_ENDPOINTS as E,
  EXPORT_COLUMNS,
  type ExportBatch,
  type ExportKind,
} from '@shared/api/activity';
import { CALL_OUTCOMES, CALL_QUALIFICATIONS } from '@shared/domain/calls';
import { labelOf } from '@shared/domain/codes';
import { neutraliseCsvCell } from '@shared/domain/contacts';
import { channels, EVENTS } from '@shared/realtime';
import { stringify } from 'csv-stringify';
import { and, eq, like, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { batches } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { idOrNull, registerRoute } from '../../http/route';
import { conflict, invalid, notFound } from '../../lib/errors';
import { sendStoredFile } from '../../lib/storedFiles';
import { likePattern } from '../companies/service';
import { activityWindow, phoneDigits, rowsOf } from './routes';

export const EXPORT_PROGRESS_EVENT = EVENTS.exportProgress;
export const OUTCOMES_CALLS_ONLY = 'Outcomes apply to calls only.';
const KIND_PREFIX = 'export-';
/** Rows read from the database at a time: an export holds one page in memory, not the whole result. */
export const EXPORT_PAGE_ROWS = 2000;

type BatchRow = typeof batches.$inferSelect;
type ExportBody = z.output<(typeof E)['calls']['body']>;

function exportJson(batch: BatchRow): ExportBatch {
  const total = batch.total_rows;
  return {
    id: batch.id,
    kind: batch.kind,
    state: batch.state as ExportBatch['state'],
    progress:
      batch.state === 'finished'
        ? 100
        : total
          ? Math.min(100, Math.floor((batch.processed_rows / total) * 1000) / 10)
          : 0,
    finishedAt: batch.finished_at ? batch.finished_at.toISOString() : null,
    total_rows: total,
    processed_rows: batch.processed_rows,
    message: batch.message,
  };
}

export function exportPath(ctx: AppContext, companyId: number, batchId: number): string {
  return join(ctx.config.dataDir, 'exports', String(companyId), `${batchId}.csv`);
}

/** One formatter per time zone: building one costs more than formatting, and an export formats every row. */
const localFormats = new Map<string, Intl.DateTimeFormat>();

/** `2026-11-20 09:00:00` in the time zone. */
function localTime(value: Date | string | null, tz: string): string {
  if (!value) return '';
  let format = localFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(tz, format);
  }
  return format.format(new Date(value));
}

/** Where the next page of an export starts: the ordering columns of the last row written. */
interface ExportCursor {
  /** The row's time as PostgreSQL prints it: microseconds, which a JS Date would round away (and so skip or
   * repeat rows that differ only below the millisecond). */
  at: string;
  id: string;
}

/**
 * The rows of one export kind, filtered: `from … where …` over every column any export of it may need, with `a.at`
 * and `a.id` (the ordering, newest first) for keyset pages. `after` keeps only the rows after that cursor.
 */
function exportFeed(
  kind: ExportKind,
  companyId: number,
  body: ExportBody,
  range: { start: SQL; end: SQL },
  after: ExportCursor | null,
): SQL {
  const f = body.filters;
  const source =
    kind === 'calls'
      ? sql`select c.id, c.started_at as at, c.is_inbound, case when c.is_inbound then c.caller else c.called end as remote,
          c.caller, c.called, c.number_id, c.contact_id, c.outcome::int as outcome, c.duration, c.qualification::int as qualification,
          c.source, c.first_time, u.name as agent, c.tags, c.note, null::text as text, null::text as status, null::int as pages
        from calls c left join users u on u.id = c.user_id
        where c.company_id = ${companyId} and c.started_at >= ${range.start} and c.started_at < ${range.end}
        ${f.outcomes?.length ? sql`and c.outcome in (${sql.join(f.outcomes, sql`, `)})` : sql``}`
      : kind === 'voicemails'
        ? sql`select v.id, v.created_at as at, true as is_inbound, v.caller as remote, v.caller, null::text as called,
            v.number_id, v.contact_id, null::int as outcome, v.duration, null::int as qualification, null::text as source,
            null::boolean as first_time, null::text as agent, null::jsonb as tags, null::text as note,
            v.transcription as text, null::text as status, null::int as pages
          from voicemails v where v.company_id = ${companyId} and v.created_at >= ${range.start} and v.created_at < ${range.end}`
        : kind === 'fax'
          ? sql`select f.id, f.created_at as at, f.is_inbound, f.remote, null::text as caller, null::text as called,
              f.number_id, f.contact_id, null::int as outcome, null::int as duration, null::int as qualification,
              null::text as source, null::boolean as first_time, null::text as agent, null::jsonb as tags, null::text as note,
              null::text as text, f.status, f.pages
            from faxes f where f.company_id = ${companyId} and f.created_at >= ${range.start} and f.created_at < ${range.end}`
          : sql`select i.id, i.created_at as at, i.is_inbound, cv.recipient as remote, null::text as caller, null::text as called,
              cv.number_id, cv.contact_id, null::int as outcome, null::int as duration, null::int as qualification,
              null::text as source, null::boolean as first_time, null::text as agent, null::jsonb as tags, null::text as note,
              i.content as text, i.delivery_state as status, null::int as pages
            from conversation_items i join conversations cv on cv.id = i.conversation_id
            where i.company_id = ${companyId} and i.kind = 'message' and i.created_at >= ${range.start}
              and i.created_at < ${range.end}`;
  const conditions: SQL[] = [];
  if (f.numbers?.length) conditions.push(sql`a.number_id in (${sql.join(f.numbers, sql`, `)})`);
  if (f.contact) conditions.push(sql`a.contact_id = ${f.contact}`);
  if (f.search) {
    const digits = phoneDigits(f.search);
    conditions.push(
      digits ? sql`a.remote like ${likePattern(digits)}` : sql`ct.name ilike ${likePattern(f.search)}`,
    );
  }
  if (after) {
    // Spelled out rather than `(a.at, a.id) < (…)`: the `a.at <=` half is what the (company_id, time) indexes
    // can seek on, so a page starts where the last one ended instead of scanning the rows before it.
    const at = sql`${after.at}::timestamptz`;
    conditions.push(sql`a.at <= ${at} and (a.at < ${at} or a.id < ${after.id}::bigint)`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`from (${source}) a left join numbers n on n.id = a.number_id left join contacts ct on ct.id = a.contact_id
    ${where}`;
}

/** One page of an export: at most `limit` rows after the cursor, newest first (ties by id, so pages never overlap). */
function exportPage(
  kind: ExportKind,
  companyId: number,
  body: ExportBody,
  range: { start: SQL; end: SQL },
  after: ExportCursor | null,
  limit: number,
): SQL {
  return sql`select a.*, a.at::text as cursor_at, a.id::text as cursor_id, n.number, n.label as number_label,
      ct.name as contact
    ${exportFeed(kind, companyId, body, range, after)}
    order by a.at desc, a.id desc limit ${limit}`;
}

interface ExportRow {
  at: string | Date;
  cursor_at: string;
  cursor_id: string;
  is_inbound: boolean;
  remote: string;
  caller: string | null;
  called: string | null;
  number: string | null;
  number_label: string | null;
  contact: string | null;
  outcome: number | null;
  duration: number | null;
  qualification: number | null;
  source: string | null;
  first_time: boolean | null;
  agent: string | null;
  tags: string[] | null;
  note: string | null;
  text: string | null;
  status: string | null;
  pages: number | null;
}

function cell(row: ExportRow, column: string, tz: string): string {
  switch (column) {
    case 'at':
    case 'started_at':
      return localTime(row.at, tz);
    case 'direction':
      return row.is_inbound ? 'inbound' : 'outbound';
    case 'outcome':
      return row.outcome === null ? '' : labelOf(CALL_OUTCOMES, row.outcome as never);
    case 'qualification':
      return row.qualification === null ? '' : labelOf(CALL_QUALIFICATIONS, row.qualification as never);
    case 'first_time':
      return row.first_time ? 'yes' : 'no';
    case 'tags':
      return (row.tags ?? []).join(', ');
    case 'transcription':
      return row.text ?? '';
    default: {
      const value = (row as unknown as Record<string, unknown>)[column];
      return value === null || value === undefined ? '' : String(value);
    }
  }
}

/**
 * Writes one export's CSV. The rows are read a page at a time (keyset on the ordering, so a page costs the same
 * wherever it is in the export) and streamed to the file, so memory holds one page whatever the export's size,
 * and `processed_rows` moves after every page. `pageRows` is a parameter so tests can cross page boundaries with
 * the seeded data.
 */
export async function runExport(
  ctx: AppContext,
  batch: BatchRow,
  kind: ExportKind,
  body: ExportBody,
  pageRows: number = EXPORT_PAGE_ROWS,
): Promise<void> {
  // A failure of any kind (the disk, the database) fails the batch; the person sees it and may start again.
  const update = async (values: Partial<BatchRow>) => {
    const [row] = await ctx.db.update(batches).set(values).where(eq(batches.id, batch.id)).returning();
    if (row) {
      try {
        await ctx.realtime.publish(
          channels.companies(row.company_id),
          EXPORT_PROGRESS_EVENT,
          exportJson(row),
        );
      } catch {
        // Progress can be polled; a realtime outage never fails an export.
      }
    }
  };
  try {
    const range = await activityWindow(ctx, body.tz, body.filters);
    const [counted] = await rowsOf<{ total: number }>(
      ctx,
      sql`select count(*)::int as total ${exportFeed(kind, batch.company_id, body, range, null)}`,
    );
    await update({ total_rows: Number(counted?.total ?? 0) });
    const path = exportPath(ctx, batch.company_id, batch.id);
    await mkdir(join(ctx.config.dataDir, 'exports', String(batch.company_id)), { recursive: true });
    let processed = 0;
    // The generator is pulled by the pipeline only as fast as the file takes the text (backpressure), so at
    // most one page is in memory, and a failure anywhere (a query, the disk) rejects the pipeline.
    async function* records(): AsyncGenerator<string[]> {
      yield body.columns.map(neutraliseCsvCell);
      let after: ExportCursor | null = null;
      for (;;) {
        const rows: ExportRow[] = await rowsOf<ExportRow>(
          ctx,
          exportPage(kind, batch.company_id, body, range, after, pageRows),
        );
        for (const row of rows) {
          yield body.columns.map((column) => neutraliseCsvCell(cell(row, column, body.tz)));
        }
        processed += rows.length;
        const last = rows.at(-1);
        if (!last || rows.length < pageRows) return;
        after = { at: last.cursor_at, id: last.cursor_id };
        await update({ processed_rows: processed });
        // PGlite runs a query without yielding the event loop: let requests in between pages.
        await setImmediate();
      }
    }
    await pipeline(records, stringify(), createWriteStream(path));
    // The count ran before the pages: rows written meanwhile (a call ending now) may differ from it, and the
    // finished batch describes the file.
    await update({
      state: 'finished',
      total_rows: processed,
      processed_rows: processed,
      finished_at: ctx.now(),
    });
  } catch {
    await update({
      state: 'failed',
      message: 'The export failed. Please try again.',
      finished_at: ctx.now(),
    });
  }
}

async function findExport(ctx: AppContext, companyId: number, batchId: number): Promise<BatchRow> {
  const [batch] = await ctx.db
    .select()
    .from(batches)
    .where(
      and(eq(batches.id, batchId), eq(batches.company_id, companyId), like(batches.kind, `${KIND_PREFIX}%`)),
    );
  if (!batch) throw notFound('export');
  return batch;
}

/** Where a POST export's company comes from: the body's companyId (validated again with the body). */
async function bodyCompany(input: { request: { body: unknown } }): Promise<number | null> {
  return idOrNull((input.request.body as { companyId?: unknown } | undefined)?.companyId);
}

/** Running exports are in-process jobs: after a restart nothing will finish them. */
export async function failStaleExports(ctx: AppContext): Promise<void> {
  await ctx.db
    .update(batches)
    .set({
      state: 'failed',
      message: 'The export was interrupted. Please start it again.',
      finished_at: ctx.now(),
    })
    .where(and(like(batches.kind, `${KIND_PREFIX}%`), eq(batches.state, 'running')));
}

export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onReady', async () => {
    await failStaleExports(ctx).catch(() => undefined);
  });
  for (const kind of Object.keys(EXPORT_COLUMNS) as ExportKind[]) {
    registerRoute(app, ctx, {
      endpoint: E[kind],
      access: 'activity.export',
      company: { record: bodyCompany },
      status: 202,
      handler: async ({ company, body, caller }) => {
        if (kind !== 'calls' && body.filters.outcomes?.length) {
          throw invalid({ 'filters.outcomes': [OUTCOMES_CALLS_ONLY] });
        }
        const [batch] = await ctx.db
          .insert(batches)
          .values({
            company_id: company.id,
            kind: `${KIND_PREFIX}${kind}`,
            state: 'running',
            user_id: caller.user.id,
            file_name: `${kind}-export.csv`,
            columns: body.columns,
            options: { tz: body.tz, filters: body.filters },
          })
          .returning();
        if (!batch) throw new Error('export batch');
        void runExport(ctx, batch, kind, body);
        return exportJson(batch);
      },
    });
  }

  registerRoute(app, ctx, {
    endpoint: E.progress,
    access: 'activity.export',
    company: { param: 'companyId' },
    handler: async ({ company, params }) => exportJson(await findExport(ctx, company.id, params.batchId)),
  });

  registerRoute(app, ctx, {
    endpoint: E.download,
    access: 'activity.export',
    company: { param: 'companyId' },
    handler: async ({ company, params, reply }) => {
      const batch = await findExport(ctx, company.id, params.batchId);
      const path = exportPath(ctx, company.id, batch.id);
      if (batch.state !== 'finished') throw conflict('The export is not finished.');
      return sendStoredFile(reply, {
        absolute: path,
        contentType: 'text/csv',
        name: batch.file_name,
        missing: () => notFound('export file'),
      });
    },
  });
}
