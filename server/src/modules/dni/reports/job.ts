/**
 * The DNI call report job (`dni-report`, keyed by the report's id; app.ts gives it to the runner): writes
 * `<dataDir>/dni-reports/<id>.csv`, one row per inbound call of the company (or of each company of the business
 * unit) started within the range, oldest first. Outbound calls are left out: the company placed them, no visit
 * made them ring. The range's days are each company's own days: a Chicago company's 2026-11-01 starts at
 * 00:00 Chicago time, and each call's date and time are written in its company's time zone (a column says which).
 *
 * A page of rows at a time (keyset on start time and id), appended to the file, synced, then the report's row
 * count saved with the job's checkpoint in one transaction. A run that resumes (the server stopped, the lease ran
 * out) keeps the rows the last checkpoint counted — re-reading them from the file, whose bytes it cuts back to —
 * and goes on after the last of them, so the file it finishes is the one an uninterrupted run writes. A run that
 * fails is tried again (the runner's backoff); when the job fails for good, so does the report, with a message.
 */
import { mkdir, open, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { DNI_REPORT_COLUMNS } from '@shared/api/dniReports';
import { CALL_OUTCOMES } from '@shared/domain/calls';
import { labelOf } from '@shared/domain/codes';
import type { CallAttribution } from '@shared/domain/dni';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dniReports } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { noLiveJob } from '../../../jobs/queue';
import { HandBack, type JobHandler, type RunningJob } from '../../../jobs/runner';
import { csvText } from '../../../lib/csv';
import { rowsOf } from '../../activity/service';
import { DNI_REPORT_JOB, type DniReportRow, publishReport, reportPath } from './service';

/** Calls read at a time: a report holds one page in memory, whatever its size. */
export const REPORT_PAGE_ROWS = 1000;
export const REPORT_FAILED_MESSAGE = 'The report could not be made. Please ask for it again.';
export const REPORT_INTERRUPTED_MESSAGE = 'The report was interrupted. Please ask for it again.';
/** How often a running server looks for reports left without a job. */
const STALE_CHECK_MS = 10 * 60_000;

interface ReportRow {
  id: number;
  cursor_at: string;
  company: string;
  timezone: string;
  local_time: string;
  caller: string;
  called: string;
  number: string | null;
  number_label: string | null;
  source: string | null;
  attribution: CallAttribution | null;
  first_time: boolean;
  outcome: number;
  duration: number;
  dni_session_id: string | null;
  pages: number;
}

/** Where the next page starts: the ordering columns of the last row written (the time as PostgreSQL prints it). */
interface Cursor {
  at: string;
  id: number;
}

/** The companies a report covers: its company, or every company of its business unit now. */
function scopeCondition(report: DniReportRow): SQL {
  return report.company_id !== null
    ? sql`c.company_id = ${report.company_id}`
    : sql`c.company_id in (select id from companies where organization_id = ${report.organization_id})`;
}

/** One page of the report's calls after `after`, oldest first. */
function page(report: DniReportRow, after: Cursor | null, limit: number): SQL {
  const from = sql`(${report.start_date}::date::timestamp at time zone co.timezone)`;
  const to = sql`((${report.end_date}::date + 1)::timestamp at time zone co.timezone)`;
  const cursor = after
    ? sql`and c.started_at >= ${after.at}::timestamptz and (c.started_at > ${after.at}::timestamptz or c.id > ${after.id})`
    : sql``;
  // Pages before the call: the session's page views up to the call (the timeline keeps them all); a call whose
  // session's timeline is gone still has its path (the last pages the call kept).
  return sql`select c.id, c.started_at::text as cursor_at, co.name as company, co.timezone,
      to_char(c.started_at at time zone co.timezone, 'YYYY-MM-DD HH24:MI:SS') as local_time,
      c.caller, c.called, n.number, n.label as number_label, c.source, c.attribution, c.first_time,
      c.outcome::int as outcome, c.duration, c.dni_session_id,
      greatest(
        coalesce((select count(*) from dni_events e where e.session_id = c.dni_session_id
          and e.kind = 'page_view' and e.at <= c.started_at), 0),
        coalesce(jsonb_array_length(case when jsonb_typeof(c.attribution->'path') = 'array'
          then c.attribution->'path' end), 0)
      )::int as pages
    from calls c join companies co on co.id = c.company_id left join numbers n on n.id = c.number_id
    where ${scopeCondition(report)} and c.is_inbound
      and c.started_at >= ${from} and c.started_at < ${to} ${cursor}
    order by c.started_at, c.id limit ${limit}`;
}

/** A call as the report's row, in DNI_REPORT_COLUMNS' order. */
function record(row: ReportRow): string[] {
  const a = row.attribution;
  return [
    row.company,
    String(row.id),
    row.local_time,
    row.timezone,
    row.caller,
    row.number ?? row.called,
    row.number_label ?? '',
    row.source ?? '',
    a?.medium ?? '',
    a?.campaign ?? '',
    a?.keyword ?? '',
    a?.landing_page ?? '',
    a?.referrer ?? '',
    a?.click_ids?.gclid ?? '',
    a?.click_ids?.fbclid ?? '',
    a?.click_ids?.msclkid ?? '',
    row.first_time ? 'yes' : 'no',
    labelOf(CALL_OUTCOMES, row.outcome as never),
    String(row.duration),
    row.dni_session_id ?? '',
    String(row.pages),
  ];
}

/**
 * Where a run resumes: the header and the first `report.rows` records of the file as they were written (a dead
 * run's rows after its last checkpoint go), and the cursor after the last of them. Null: start afresh (no
 * checkpoint, the file is shorter than it says, or its last call is gone).
 */
async function resumePoint(
  ctx: AppContext,
  path: string,
  report: DniReportRow,
): Promise<{ bytes: number; cursor: Cursor } | null> {
  if (report.state !== 'running' || report.rows <= 0) return null;
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return null;
  let records: string[][];
  try {
    // Only the checkpointed records are read: what follows them (a row cut half-way) is never parsed.
    records = parse(text, { relax_column_count: true, to: report.rows + 1 }) as string[][];
  } catch {
    return null;
  }
  if (records.length < report.rows + 1) return null;
  const kept = records.slice(0, report.rows + 1);
  const lastId = Number(kept.at(-1)?.[1]);
  const [last] = Number.isInteger(lastId)
    ? await rowsOf<{ at: string }>(ctx, sql`select started_at::text as at from calls where id = ${lastId}`)
    : [];
  if (!last) return null;
  return { bytes: Buffer.byteLength(csvText(kept)), cursor: { at: last.at, id: lastId } };
}

/** Saves the report (and the run's checkpoint, in the same transaction), then publishes it. */
async function save(
  ctx: AppContext,
  reportId: number,
  values: Partial<DniReportRow>,
  job?: RunningJob,
  progress?: { done: number; total: number | null },
): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(dniReports)
      .set({ ...values, updated_at: ctx.now() })
      .where(eq(dniReports.id, reportId))
      .returning();
    await job?.checkpoint(progress, tx as unknown as Db);
    return saved;
  });
  if (row) await publishReport(ctx, row);
}

/**
 * Writes one report's CSV, or goes on with it from its last checkpoint. `pageRows` is a parameter so tests cross
 * page boundaries with the seeded calls. A failure (the disk, the database) is thrown: the job tries again.
 */
export async function writeReport(
  ctx: AppContext,
  report: DniReportRow,
  job?: RunningJob,
  pageRows: number = REPORT_PAGE_ROWS,
): Promise<void> {
  const path = reportPath(ctx, report.id);
  await mkdir(dirname(path), { recursive: true });
  const resume = await resumePoint(ctx, path, report);
  let rows: number;
  let after: Cursor | null;
  let file: Awaited<ReturnType<typeof open>>;
  if (resume) {
    await truncate(path, resume.bytes);
    file = await open(path, 'a');
    rows = report.rows;
    after = resume.cursor;
  } else {
    await save(ctx, report.id, { state: 'running', rows: 0 }, job);
    file = await open(path, 'w');
    await file.write(csvText([DNI_REPORT_COLUMNS]));
    rows = 0;
    after = null;
  }
  try {
    for (;;) {
      if (job?.signal.aborted) throw new HandBack();
      const found = await rowsOf<ReportRow>(ctx, page(report, after, pageRows));
      if (found.length) await file.write(csvText(found.map(record)));
      rows += found.length;
      const last = found.at(-1);
      if (!last || found.length < pageRows) break;
      after = { at: last.cursor_at, id: last.id };
      // On disk before the report says so: a resumed run trusts the count.
      await file.datasync();
      await save(ctx, report.id, { rows }, job, { done: rows, total: null });
      // PGlite runs a query without yielding the event loop: let requests in between pages.
      await setImmediate();
    }
    await file.datasync();
  } finally {
    await file.close();
  }
  await save(
    ctx,
    report.id,
    { state: 'finished', rows, path: `dni-reports/${report.id}.csv`, finished_at: ctx.now() },
    job,
    { done: rows, total: rows },
  );
}

/** Sets a report failed with `message` (unless it has ended) and publishes it. */
async function failReport(ctx: AppContext, reportId: number, message: string): Promise<void> {
  const [failed] = await ctx.db
    .update(dniReports)
    .set({ state: 'failed', message, finished_at: ctx.now(), updated_at: ctx.now() })
    .where(and(eq(dniReports.id, reportId), inArray(dniReports.state, ['queued', 'running'])))
    .returning();
  if (failed) await publishReport(ctx, failed);
}

/** Reports no job will finish (their job ended without them: a server died between the two) are failed. */
export async function failStaleReports(ctx: AppContext): Promise<void> {
  const stale = await ctx.db
    .select({ id: dniReports.id })
    .from(dniReports)
    .where(
      and(
        inArray(dniReports.state, ['queued', 'running']),
        noLiveJob(ctx.db, DNI_REPORT_JOB, sql`${dniReports.id}::text`),
      ),
    );
  for (const { id } of stale) await failReport(ctx, id, REPORT_INTERRUPTED_MESSAGE);
}

/** The report job. The payload may set `pageRows` (tests). */
export const dniReportJob: JobHandler<AppContext> = {
  kind: DNI_REPORT_JOB,
  concurrency: 1,
  async run(ctx, job) {
    const [report] = await ctx.db
      .select()
      .from(dniReports)
      .where(eq(dniReports.id, Number(job.row.payload.reportId)));
    // Gone (its company deleted), or ended: nothing to do.
    if (!report || (report.state !== 'queued' && report.state !== 'running')) return;
    await writeReport(ctx, report, job, Number(job.row.payload.pageRows) || undefined);
  },
  async onFailed(ctx, job) {
    await failReport(ctx, Number(job.payload.reportId), REPORT_FAILED_MESSAGE);
  },
  sweeps: [{ name: 'stale dni reports', everyMs: STALE_CHECK_MS, run: failStaleReports }],
};
