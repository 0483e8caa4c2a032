/**
 * `POST /analytics/calls/export`: a report as a CSV, made by a job. It is an activity export's batch (kind
 * `export-analytics`, in `batches`), so its progress, download and `export.progress` events are the activity
 * exports' (`/companies/{companyId}/exports/{batchId}`, activity/exports.ts) and the renderer follows it the same
 * way. The range is resolved when it is asked for (the last 30 days of *then*), kept in the batch's options, so a
 * run that starts later or again writes the same report.
 *
 * The file is one statement's answer (a report has at most a row per group, never per call), written to a
 * temporary file and renamed into place, so a run that dies leaves no half file and the next run just writes it
 * again. Every group is written (no `limit`), then a totals row.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ExportBatch } from '@shared/api/activity';
import type { AnalyticsExportBodySchema } from '@shared/api/analytics';
import { ANALYTICS_GROUPINGS, ANALYTICS_METRICS } from '@shared/domain/analytics';
import { labelOf } from '@shared/domain/codes';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { batches } from '../../db/schema';
import type { AppContext } from '../../http/context';
import type { JobHandler } from '../../jobs/runner';
import { csvText } from '../../lib/csv';
import { failExportBatch, failStaleExportBatches, startExportBatch } from '../activity/exportBatches';
import { EXPORT_FAILED_MESSAGE, EXPORT_INTERRUPTED_MESSAGE, STALE_CHECK_MS } from '../activity/exportJob';
import { type ExportBatchRow, exportPath, publishExport } from '../activity/exportWriter';
import { type CallFilters, type DayRange, dayRange } from './filters';
import { callReport } from './report';

export const ANALYTICS_EXPORT_JOB = 'analytics-export';
/** The batch kind: `export-` like every activity export, so their progress and download endpoints serve it. */
export const ANALYTICS_EXPORT_KIND = 'export-analytics';

export type AnalyticsExportBody = z.output<typeof AnalyticsExportBodySchema>;

/** What the batch keeps: the request, its range resolved. */
interface AnalyticsExportOptions {
  groupBy: AnalyticsExportBody['groupBy'];
  tz: string;
  range: DayRange;
  filters: CallFilters;
}

/** The CSV's columns: the group, then every figure (as `batches.columns` keeps them). */
const COLUMNS = ['label', ...ANALYTICS_METRICS.map((metric) => metric.value)];

/** Starts an export: its batch and its job, together; answers the batch (running, nothing written yet). */
export async function startAnalyticsExport(
  ctx: AppContext,
  input: { companyId: number; userId: number; body: AnalyticsExportBody },
): Promise<ExportBatch> {
  const { companyId: _company, groupBy, tz, from, to, ...filters } = input.body;
  const range = dayRange({ from, to }, tz, ctx.now());
  const options: AnalyticsExportOptions = { groupBy, tz, range, filters };
  return startExportBatch(ctx, {
    companyId: input.companyId,
    userId: input.userId,
    kind: ANALYTICS_EXPORT_KIND,
    job: ANALYTICS_EXPORT_JOB,
    fileName: `calls-by-${groupBy.replaceAll('_', '-')}-${range.from}-to-${range.to}.csv`,
    columns: COLUMNS,
    options: { ...options },
  });
}

/** The CSV of a report: a header (the grouping's name, the figures' labels), a row per group, the totals. */
export async function writeAnalyticsExport(ctx: AppContext, batch: ExportBatchRow): Promise<number> {
  const options = batch.options as unknown as AnalyticsExportOptions;
  const report = await callReport(ctx, {
    scope: { companyId: batch.company_id },
    groupBy: options.groupBy,
    tz: options.tz,
    range: options.range,
    filters: options.filters,
  });
  const figures = ANALYTICS_METRICS.map((metric) => metric.value);
  const records = [
    [labelOf(ANALYTICS_GROUPINGS, options.groupBy), ...ANALYTICS_METRICS.map((metric) => metric.label)],
    ...report.rows.map((row) => [row.label, ...figures.map((figure) => String(row[figure]))]),
    ['Total', ...figures.map((figure) => String(report.totals[figure]))],
  ];
  const path = exportPath(ctx, batch.company_id, batch.id);
  await mkdir(dirname(path), { recursive: true });
  const part = `${path}.part`;
  await writeFile(part, csvText(records));
  await rename(part, path);
  return report.rows.length;
}

/** Running analytics exports no job will finish (a server died between the two) are failed, to be asked again. */
export function failStaleAnalyticsExports(ctx: AppContext): Promise<void> {
  return failStaleExportBatches(
    ctx,
    [ANALYTICS_EXPORT_KIND],
    ANALYTICS_EXPORT_JOB,
    EXPORT_INTERRUPTED_MESSAGE,
  );
}

/** The analytics export job (app.ts gives it to the runner). */
export const analyticsExportJob: JobHandler<AppContext> = {
  kind: ANALYTICS_EXPORT_JOB,
  concurrency: 2,
  async run(ctx, job) {
    const [batch] = await ctx.db
      .select()
      .from(batches)
      .where(eq(batches.id, Number(job.row.payload.batchId)));
    // Gone, or ended: nothing to do.
    if (batch?.state !== 'running') return;
    const rows = await writeAnalyticsExport(ctx, batch);
    const [finished] = await ctx.db.transaction(async (tx) => {
      await job.checkpoint({ done: rows, total: rows }, tx as unknown as Db);
      return tx
        .update(batches)
        .set({ state: 'finished', total_rows: rows, processed_rows: rows, finished_at: ctx.now() })
        .where(and(eq(batches.id, batch.id), eq(batches.state, 'running')))
        .returning();
    });
    if (finished) await publishExport(ctx, finished);
  },
  async onFailed(ctx, job) {
    await failExportBatch(ctx, Number(job.payload.batchId), EXPORT_FAILED_MESSAGE);
  },
  sweeps: [{ name: 'stale analytics exports', everyMs: STALE_CHECK_MS, run: failStaleAnalyticsExports }],
};
