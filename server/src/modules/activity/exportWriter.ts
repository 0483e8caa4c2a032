/**
 * Writing an activity export's CSV (`<dataDir>/exports/<companyId>/<id>.csv`): the chosen columns, cells
 * neutralised against formulas (lib/csv.ts), times in `tz`, newest first, a page of rows at a time (keyset on the
 * ordering, so a page costs the same wherever it is), updating and publishing the batch's progress
 * (`export.progress` on the company channel) after every page.
 *
 * Resumable: after each page the file is synced and the batch keeps where the next page starts (`cursor`) and
 * how many bytes of the file are written (`bytes`), with the job's checkpoint, in one transaction. A run that
 * resumes cuts the file back to those bytes and goes on from the cursor, over the same time range (the batch
 * keeps when the export started), so the file it finishes is the one an uninterrupted run writes, each row once.
 */
import { mkdir, open, stat, truncate } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { EXPORT_ENDPOINTS as E, ExportBatch, ExportKind } from '@shared/api/activity';
import { batchProgress } from '@shared/domain/batches';
import { CALL_OUTCOMES, CALL_QUALIFICATIONS } from '@shared/domain/calls';
import { labelOf } from '@shared/domain/codes';
import { channels, EVENTS } from '@shared/realtime';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { JobProgress } from '../../db/schema';
import { batches } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { HandBack, type RunningJob } from '../../jobs/runner';
import { csvText } from '../../lib/csv';
import { likePattern } from '../companies/service';
import { activityWindow, callFilters, phoneDigits, rowsOf } from './service';

export const EXPORT_PROGRESS_EVENT = EVENTS.exportProgress;
/** Rows read from the database at a time: an export holds one page in memory, not the whole result. */
export const EXPORT_PAGE_ROWS = 2000;

export type ExportBatchRow = typeof batches.$inferSelect;
export type ExportBody = z.output<(typeof E)['calls']['body']>;

/** What an export keeps in its batch's options: its request, and once started, where it stands. */
export interface ExportOptions {
  tz: string;
  filters: ExportBody['filters'];
  /** When it started: its time range is computed from it, also by a run that resumes. */
  started_at?: string;
  /** Where the next page starts, and the bytes of the file written before it (null: no page yet). */
  cursor?: ExportCursor | null;
  bytes?: number | null;
}

/** The batch as the contract answers it (progress: the batches' one rule, `batchProgress`). */
export function exportJson(batch: ExportBatchRow): ExportBatch {
  return {
    id: batch.id,
    kind: batch.kind,
    state: batch.state as ExportBatch['state'],
    progress: batchProgress(batch),
    finishedAt: batch.finished_at ? batch.finished_at.toISOString() : null,
    total_rows: batch.total_rows,
    processed_rows: batch.processed_rows,
    message: batch.message,
  };
}

/** Publishes an export's progress on its company's channel; a realtime outage never fails an export. */
export async function publishExport(ctx: AppContext, batch: ExportBatchRow): Promise<void> {
  try {
    await ctx.realtime.publish(
      channels.companies(batch.company_id),
      EXPORT_PROGRESS_EVENT,
      exportJson(batch),
    );
  } catch {
    // Progress can be polled.
  }
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
        ${sql.join(
          callFilters(f).map((condition) => sql`and ${condition}`),
          sql` `,
        )}`
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

/** The checkpoint a run resumes from, if the batch has one and the file still holds what it says. */
async function resumePoint(path: string, batch: ExportBatchRow) {
  const options = batch.options as Partial<ExportOptions>;
  if (!options.started_at || !options.cursor || !options.bytes) return null;
  const size = await stat(path).then(
    (file) => file.size,
    () => -1,
  );
  if (size < options.bytes) return null;
  return { startedAt: new Date(options.started_at), cursor: options.cursor, bytes: options.bytes };
}

/**
 * Writes one export's CSV, or goes on with it from its last checkpoint. The rows are read a page at a time and
 * appended to the file, so memory holds one page whatever the export's size. `pageRows` is a parameter so tests
 * can cross page boundaries with the seeded data. With `job` (the export job's run), every write of the batch
 * checks the run still holds the job, and an aborted signal hands the export back between pages. A failure (the
 * disk, the database) is thrown: the job tries again, then fails the batch.
 */
export async function runExport(
  ctx: AppContext,
  batch: ExportBatchRow,
  kind: ExportKind,
  body: ExportBody,
  pageRows: number = EXPORT_PAGE_ROWS,
  job?: RunningJob,
): Promise<void> {
  /** Saves the batch (and the run's checkpoint, in the same transaction), then publishes it. */
  const save = async (values: Partial<ExportBatchRow>, progress?: JobProgress) => {
    const row = await ctx.db.transaction(async (tx) => {
      const [saved] = await tx.update(batches).set(values).where(eq(batches.id, batch.id)).returning();
      await job?.checkpoint(progress, tx as unknown as Db);
      return saved;
    });
    if (row) await publishExport(ctx, row);
  };
  const path = exportPath(ctx, batch.company_id, batch.id);
  await mkdir(dirname(path), { recursive: true });
  const resume = await resumePoint(path, batch);
  const startedAt = resume?.startedAt ?? ctx.now();
  const range = await activityWindow(ctx, body.tz, body.filters, startedAt);
  const options: ExportOptions = { tz: body.tz, filters: body.filters, started_at: startedAt.toISOString() };

  let total: number | null;
  let processed: number;
  let bytes: number;
  let after: ExportCursor | null;
  let file: Awaited<ReturnType<typeof open>>;
  if (resume) {
    // What a dead run wrote after its last checkpoint goes: the pages after the cursor are written again.
    await truncate(path, resume.bytes);
    file = await open(path, 'a');
    ({ bytes, cursor: after } = resume);
    processed = batch.processed_rows;
    total = batch.total_rows;
  } else {
    const [counted] = await rowsOf<{ total: number }>(
      ctx,
      sql`select count(*)::int as total ${exportFeed(kind, batch.company_id, body, range, null)}`,
    );
    total = Number(counted?.total ?? 0);
    await save({ total_rows: total, processed_rows: 0, options: { ...options } });
    file = await open(path, 'w');
    const header = csvText([body.columns]);
    await file.write(header);
    bytes = Buffer.byteLength(header);
    processed = 0;
    after = null;
  }
  try {
    for (;;) {
      if (job?.signal.aborted) throw new HandBack();
      const rows = await rowsOf<ExportRow>(
        ctx,
        exportPage(kind, batch.company_id, body, range, after, pageRows),
      );
      if (rows.length) {
        const text = csvText(rows.map((row) => body.columns.map((column) => cell(row, column, body.tz))));
        await file.write(text);
        bytes += Buffer.byteLength(text);
      }
      processed += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < pageRows) break;
      after = { at: last.cursor_at, id: last.cursor_id };
      // On disk before the batch says so: a resumed run trusts `bytes`.
      await file.datasync();
      await save(
        { processed_rows: processed, options: { ...options, cursor: after, bytes } },
        { done: processed, total },
      );
      // PGlite runs a query without yielding the event loop: let requests in between pages.
      await setImmediate();
    }
    await file.datasync();
  } finally {
    await file.close();
  }
  // The count ran before the pages: rows written meanwhile (a call ending now) may differ from it, and the
  // finished batch describes the file.
  await save(
    { state: 'finished', total_rows: processed, processed_rows: processed, finished_at: ctx.now() },
    { done: processed, total: processed },
  );
}
