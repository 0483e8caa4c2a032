/**
 * DNI call reports (§7 `POST /dni/reports/calls`, `GET /dni/reports`): a company's, or a business unit's (every
 * company of the organization). Asking makes the report's row (queued) and its job in one transaction (job.ts
 * writes the CSV); the list answers each with a short-lived signed download link once finished. Another company's
 * or unit's report is never listed, and its file is reached only by a link signed for it.
 */
import { join } from 'node:path';
import type { DniReport } from '@shared/api/dniReports';
import { DNI_REPORT_LIST_LIMIT } from '@shared/api/dniReports';
import { channels, EVENTS } from '@shared/realtime';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dniReports, users } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { enqueueJob, wakeJobRunners } from '../../../jobs/queue';
import { signDniReportUrl } from '../../media/urls';
import { reportView } from './view';

export const DNI_REPORT_JOB = 'dni-report';

export type DniReportRow = typeof dniReports.$inferSelect;

/** Whose report: one company's, or a business unit's. */
export type ReportScope = { companyId: number } | { organizationId: number };

/** `<dataDir>/dni-reports/<id>.csv`: named by us from the report's id alone, never from input. */
export function reportPath(ctx: AppContext, reportId: number): string {
  return join(ctx.config.dataDir, 'dni-reports', `${reportId}.csv`);
}

/** The report as the contract answers it, with its signed link when finished (`requestedBy` read when not given). */
export async function reportJson(
  ctx: AppContext,
  row: DniReportRow,
  requestedBy?: string | null,
): Promise<DniReport> {
  let name = requestedBy;
  if (name === undefined) {
    const [user] = row.user_id
      ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.user_id))
      : [];
    name = user?.name ?? null;
  }
  return reportView(row, {
    requestedBy: name,
    downloadUrl: row.state === 'finished' ? signDniReportUrl(ctx, row.id) : null,
  });
}

/**
 * Publishes a report's state: a company's on its companies channel (everyone there sees the list move), a business
 * unit's on the channel of the user who asked (no channel is a unit's). A realtime outage never fails a report.
 */
export async function publishReport(ctx: AppContext, row: DniReportRow): Promise<void> {
  const channel =
    row.company_id !== null
      ? channels.companies(row.company_id)
      : row.user_id !== null
        ? channels.users(row.user_id)
        : null;
  if (!channel) return;
  try {
    await ctx.realtime.publish(channel, EVENTS.dniReportUpdated, await reportJson(ctx, row));
  } catch {
    // The list can be asked again.
  }
}

/** Asks for a report: its row (queued) and its job, together; answers the report. */
export async function requestReport(
  ctx: AppContext,
  input: { scope: ReportScope; userId: number; startDate: string; endDate: string },
): Promise<DniReport> {
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(dniReports)
      .values({
        company_id: 'companyId' in input.scope ? input.scope.companyId : null,
        organization_id: 'organizationId' in input.scope ? input.scope.organizationId : null,
        user_id: input.userId,
        start_date: input.startDate,
        end_date: input.endDate,
        state: 'queued',
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning();
    if (!created) throw new Error('dni report');
    await enqueueJob(
      ctx,
      { kind: DNI_REPORT_JOB, key: String(created.id), payload: { reportId: created.id } },
      { tx: tx as unknown as Db },
    );
    return created;
  });
  wakeJobRunners(ctx);
  await publishReport(ctx, row);
  return reportJson(ctx, row);
}

/** The scope's reports, newest first (the last DNI_REPORT_LIST_LIMIT). */
export async function listReports(ctx: AppContext, scope: ReportScope): Promise<DniReport[]> {
  const where =
    'companyId' in scope
      ? eq(dniReports.company_id, scope.companyId)
      : and(eq(dniReports.organization_id, scope.organizationId), isNull(dniReports.company_id));
  const rows = await ctx.db
    .select({ report: dniReports, requestedBy: users.name })
    .from(dniReports)
    .leftJoin(users, eq(users.id, dniReports.user_id))
    .where(where)
    .orderBy(desc(dniReports.created_at), desc(dniReports.id))
    .limit(DNI_REPORT_LIST_LIMIT);
  return Promise.all(rows.map((row) => reportJson(ctx, row.report, row.requestedBy ?? null)));
}

/** One report by id (the download's signed link names it), or undefined. */
export async function findReport(ctx: AppContext, reportId: number): Promise<DniReportRow | undefined> {
  const [row] = await ctx.db.select().from(dniReports).where(eq(dniReports.id, reportId));
  return row;
}

/** The file name a download is offered under: `dni-calls-<start>-to-<end>.csv`. */
export function downloadName(row: DniReportRow): string {
  return `dni-calls-${row.start_date}-to-${row.end_date}.csv`;
}
