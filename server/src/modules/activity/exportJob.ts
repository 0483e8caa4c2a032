/**
 * Activity exports as jobs: `POST /calls/export` (and messages, fax, voicemails) creates a batch (`batches`, kind
 * `export-calls` …, the filters and tz in its options, the columns in `columns`) and its job (`activity-export`,
 * keyed by the batch's id) together; the app's job runner writes the CSV (exportWriter.ts). A run stopped or
 * killed half-way is resumed from its last page by the next run, on this server or another. A failing run is
 * tried again (the runner's backoff); when the job fails for good, so does the batch, with a message the person
 * can act on. Progress and download are per company (another company's batch is 404).
 *
 * Outcomes, sources, agents and tags are call filters: an export of another kind with one of them is refused (422).
 * The feed reads them as "calls only" (it leaves the other kinds out), so ignoring one here would export rows the
 * same filters hide on screen, and obeying it would export an empty file; neither is what was asked.
 */
import { EXPORT_COLUMNS, type ExportBatch, type ExportKind } from '@shared/api/activity';
import { and, eq, like } from 'drizzle-orm';
import { batches } from '../../db/schema';
import type { AppContext } from '../../http/context';
import type { JobHandler } from '../../jobs/runner';
import { invalid, notFound } from '../../lib/errors';
import { failExportBatch, failStaleExportBatches, startExportBatch } from './exportBatches';
import { type ExportBatchRow, type ExportBody, type ExportOptions, runExport } from './exportWriter';

export const EXPORT_JOB = 'activity-export';
export const OUTCOMES_CALLS_ONLY = 'Outcomes apply to calls only.';
/** The call-only filters and what an export of another kind that names one is told. */
export const CALLS_ONLY_FILTERS = {
  outcomes: OUTCOMES_CALLS_ONLY,
  sources: 'Sources apply to calls only.',
  agents: 'Agents apply to calls only.',
  tags: 'Tags apply to calls only.',
} as const;
export const EXPORT_FAILED_MESSAGE = 'The export failed. Please try again.';
export const EXPORT_INTERRUPTED_MESSAGE = 'The export was interrupted. Please start it again.';
/** How often a running server looks for exports left without a job. */
export const STALE_CHECK_MS = 10 * 60_000;
const KIND_PREFIX = 'export-';

/** Starts an export: its batch and its job, together; answers the batch (running, nothing written yet). */
export async function startExport(
  ctx: AppContext,
  input: { companyId: number; userId: number; kind: ExportKind; body: ExportBody },
): Promise<ExportBatch> {
  const { kind, body } = input;
  if (kind !== 'calls') {
    const named = Object.entries(CALLS_ONLY_FILTERS).filter(
      ([filter]) => body.filters[filter as keyof typeof CALLS_ONLY_FILTERS]?.length,
    );
    if (named.length)
      throw invalid(Object.fromEntries(named.map(([filter, message]) => [`filters.${filter}`, [message]])));
  }
  const options: ExportOptions = { tz: body.tz, filters: body.filters };
  return startExportBatch(ctx, {
    companyId: input.companyId,
    userId: input.userId,
    kind: `${KIND_PREFIX}${kind}`,
    job: EXPORT_JOB,
    fileName: `${kind}-export.csv`,
    columns: body.columns,
    options: { ...options },
  });
}

/** An export of the company; another company's (or none) is 404. */
export async function findExport(
  ctx: AppContext,
  companyId: number,
  batchId: number,
): Promise<ExportBatchRow> {
  const [batch] = await ctx.db
    .select()
    .from(batches)
    .where(
      and(eq(batches.id, batchId), eq(batches.company_id, companyId), like(batches.kind, `${KIND_PREFIX}%`)),
    );
  if (!batch) throw notFound('export');
  return batch;
}

/**
 * Running exports that no job will finish (made before exports were jobs, or whose job ended without them — a
 * server died between the two) are failed, so the person is told to start again.
 */
export function failStaleExports(ctx: AppContext): Promise<void> {
  const kinds = Object.keys(EXPORT_COLUMNS).map((kind) => `${KIND_PREFIX}${kind}`);
  return failStaleExportBatches(ctx, kinds, EXPORT_JOB, EXPORT_INTERRUPTED_MESSAGE);
}

/** The export job (app.ts gives it to the runner). The payload may set `pageRows` (tests). */
export const activityExportJob: JobHandler<AppContext> = {
  kind: EXPORT_JOB,
  concurrency: 2,
  async run(ctx, job) {
    const [batch] = await ctx.db
      .select()
      .from(batches)
      .where(eq(batches.id, Number(job.row.payload.batchId)));
    // Gone, or ended: nothing to do.
    if (batch?.state !== 'running') return;
    const options = batch.options as unknown as ExportOptions;
    const kind = batch.kind.slice(KIND_PREFIX.length) as ExportKind;
    const body: ExportBody = {
      companyId: batch.company_id,
      columns: batch.columns,
      tz: options.tz,
      filters: options.filters,
    } as ExportBody;
    const pageRows = Number(job.row.payload.pageRows) || undefined;
    await runExport(ctx, batch, kind, body, pageRows, job);
  },
  async onFailed(ctx, job) {
    await failExportBatch(ctx, Number(job.payload.batchId), EXPORT_FAILED_MESSAGE);
  },
  sweeps: [{ name: 'stale exports', everyMs: STALE_CHECK_MS, run: failStaleExports }],
};
