/**
 * Activity exports: `POST /calls/export` (and messages, fax, voicemails) creates a batch (`batches`, kind
 * `export-calls` …, the filters, tz and columns in its options) and starts an in-process job that writes the CSV
 * (chosen columns, cells neutralised against formulas, times in `tz`) to `<dataDir>/exports/<companyId>/<id>.csv`,
 * updating and publishing its progress (`export.progress` on the company channel). A crashed server's exports are
 * not resumed: at start, an export still `running` is marked failed. Progress and download are per company (another
 * company's batch is 404; downloading an unfinished one 409).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
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
import { registerRoute } from '../../http/route';
import { conflict, notFound } from '../../lib/errors';
import { likePattern } from '../companies/service';
import { activityWindow, phoneDigits, rowsOf } from './routes';

export const EXPORT_PROGRESS_EVENT = EVENTS.exportProgress;
const KIND_PREFIX = 'export-';
/** Rows between progress updates. */
const PROGRESS_EVERY = 250;

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

/** `2026-11-20 09:00:00` in the time zone. */
function localTime(value: Date | string | null, tz: string): string {
  if (!value) return '';
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(value));
}

/** The query of one export kind: every column any export of it may need, filtered, newest first. */
function exportQuery(
  kind: ExportKind,
  companyId: number,
  body: ExportBody,
  range: { start: SQL; end: SQL },
): SQL {
  const f = body.filters;
  const source =
    kind === 'calls'
      ? sql`select c.started_at as at, c.is_inbound, case when c.is_inbound then c.caller else c.called end as remote,
          c.caller, c.called, c.number_id, c.contact_id, c.outcome::int as outcome, c.duration, c.qualification::int as qualification,
          c.source, c.first_time, u.name as agent, c.tags, c.note, null::text as text, null::text as status, null::int as pages
        from calls c left join users u on u.id = c.user_id
        where c.company_id = ${companyId} and c.started_at >= ${range.start} and c.started_at < ${range.end}
        ${f.outcomes?.length ? sql`and c.outcome in (${sql.join(f.outcomes, sql`, `)})` : sql``}`
      : kind === 'voicemails'
        ? sql`select v.created_at as at, true as is_inbound, v.caller as remote, v.caller, null::text as called,
            v.number_id, v.contact_id, null::int as outcome, v.duration, null::int as qualification, null::text as source,
            null::boolean as first_time, null::text as agent, null::jsonb as tags, null::text as note,
            v.transcription as text, null::text as status, null::int as pages
          from voicemails v where v.company_id = ${companyId} and v.created_at >= ${range.start} and v.created_at < ${range.end}`
        : kind === 'fax'
          ? sql`select f.created_at as at, f.is_inbound, f.remote, null::text as caller, null::text as called,
              f.number_id, f.contact_id, null::int as outcome, null::int as duration, null::int as qualification,
              null::text as source, null::boolean as first_time, null::text as agent, null::jsonb as tags, null::text as note,
              null::text as text, f.status, f.pages
            from faxes f where f.company_id = ${companyId} and f.created_at >= ${range.start} and f.created_at < ${range.end}`
          : sql`select i.created_at as at, i.is_inbound, cv.recipient as remote, null::text as caller, null::text as called,
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
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select a.*, n.number, n.label as number_label, ct.name as contact
    from (${source}) a left join numbers n on n.id = a.number_id left join contacts ct on ct.id = a.contact_id
    ${where} order by a.at desc`;
}

interface ExportRow {
  at: string | Date;
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

async function runExport(
  ctx: AppContext,
  batch: BatchRow,
  kind: ExportKind,
  body: ExportBody,
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
    const rows = await rowsOf<ExportRow>(ctx, exportQuery(kind, batch.company_id, body, range));
    await update({ total_rows: rows.length });
    const path = exportPath(ctx, batch.company_id, batch.id);
    await mkdir(join(ctx.config.dataDir, 'exports', String(batch.company_id)), { recursive: true });
    const csv = stringify();
    const written = pipeline(csv, createWriteStream(path));
    csv.write(body.columns.map(neutraliseCsvCell));
    for (const [index, row] of rows.entries()) {
      csv.write(body.columns.map((column) => neutraliseCsvCell(cell(row, column, body.tz))));
      if ((index + 1) % PROGRESS_EVERY === 0) await update({ processed_rows: index + 1 });
    }
    csv.end();
    await written;
    await update({ state: 'finished', processed_rows: rows.length, finished_at: ctx.now() });
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
  const value = Number((input.request.body as { companyId?: unknown } | undefined)?.companyId);
  return Number.isInteger(value) && value > 0 ? value : null;
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
      access: 'activity.view',
      company: { record: bodyCompany },
      status: 202,
      handler: async ({ company, body, caller }) => {
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
    access: 'activity.view',
    company: { param: 'companyId' },
    handler: async ({ company, params }) => exportJson(await findExport(ctx, company.id, params.batchId)),
  });

  registerRoute(app, ctx, {
    endpoint: E.download,
    access: 'activity.view',
    company: { param: 'companyId' },
    handler: async ({ company, params, reply }) => {
      const batch = await findExport(ctx, company.id, params.batchId);
      const path = exportPath(ctx, company.id, batch.id);
      if (batch.state !== 'finished') throw conflict('The export is not finished.');
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw notFound('export file');
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-length', String(info.size))
        .header('content-disposition', `attachment; filename="${batch.file_name}"`)
        .send(createReadStream(path));
    },
  });
}
