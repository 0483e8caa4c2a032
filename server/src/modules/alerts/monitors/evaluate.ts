/**
 * One evaluation of a company's monitors (the job's run, ./job.ts): each enabled monitor's check (./checks.ts)
 * says what is wrong now; each finding opens an alert unless one about the same subject is open or snoozed — the
 * partial unique index `alerts_one_live_per_subject` decides, so two servers evaluating at once open one. A
 * snooze that has run out reopens its alert when the condition still holds, and closes it (by the monitor, no
 * reason) when it no longer does, so the monitor may fire anew later.
 *
 * Alerts are edge-triggered: a person closing an alert whose condition still holds has dealt with that rise, so
 * its subject opens no new alert until an evaluation sees the condition clear (`condition_cleared_at`) and it
 * then comes back. A monitor turned off checks nothing: its closed alerts count as cleared (nobody watched, so
 * turning it on again starts afresh), and its alerts' snoozes still run out (reopened: nobody can tell whether
 * the condition holds).
 */
import { MONITOR_KINDS, type MonitorKind } from '@shared/domain/alerts';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { alerts, companies, monitors } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { publishAlert, writeHistory } from '../store';
import type { AlertRow } from '../view';
import { CHECKS, effectiveSettings, type Finding } from './checks';

/** What the monitor writes as its comment when it closes an alert whose condition cleared during a snooze. */
export const CLEARED_COMMENT = 'Closed by the monitor: the condition no longer held when the snooze ended.';

/** Answers whether the company still exists (a deleted company's job has nothing left to do). */
export async function evaluateCompanyMonitors(ctx: AppContext, companyId: number): Promise<boolean> {
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return false;
  const rows = await ctx.db.select().from(monitors).where(eq(monitors.company_id, companyId));
  const now = ctx.now();
  for (const { value: kind } of MONITOR_KINDS) {
    const monitor = rows.find((row) => row.kind === kind);
    if (!monitor?.enabled) {
      await markCleared(ctx, companyId, kind, null, now);
      await endSnoozes(ctx, companyId, kind, null, now);
      continue;
    }
    const findings = await CHECKS[kind](ctx.db, companyId, effectiveSettings(kind, monitor.settings), now);
    await markCleared(ctx, companyId, kind, findings, now);
    for (const finding of findings) await openAlert(ctx, companyId, kind, finding, now);
    await endSnoozes(ctx, companyId, kind, findings, now);
  }
  return true;
}

/**
 * One kind, now, for an event that makes its condition true (a campaign the auto-pause rule just paused): the
 * alert opens at once rather than at the job's next turn. Nothing happens when the monitor is off. A failure is
 * the job's to retry; the caller's work (the send that paused) must not fail for it.
 */
export async function evaluateKindNow(ctx: AppContext, companyId: number, kind: MonitorKind): Promise<void> {
  try {
    const [monitor] = await ctx.db
      .select()
      .from(monitors)
      .where(and(eq(monitors.company_id, companyId), eq(monitors.kind, kind)));
    if (!monitor?.enabled) return;
    const now = ctx.now();
    const findings = await CHECKS[kind](ctx.db, companyId, effectiveSettings(kind, monitor.settings), now);
    for (const finding of findings) await openAlert(ctx, companyId, kind, finding, now);
  } catch {
    // The company's evaluation job finds it at its next turn.
  }
}

const sameSubject = (finding: Finding, alert: Pick<AlertRow, 'subject_type' | 'subject_id'>) =>
  finding.subject.type === alert.subject_type && finding.subject.id === alert.subject_id;

/**
 * The kind's closed alerts whose condition no longer holds (no finding about their subject; with the monitor
 * off, all of them) are marked cleared: their subject may fire again.
 */
async function markCleared(
  ctx: AppContext,
  companyId: number,
  kind: MonitorKind,
  findings: Finding[] | null,
  now: Date,
): Promise<void> {
  const uncleared = and(
    eq(alerts.company_id, companyId),
    eq(alerts.kind, kind),
    eq(alerts.state, 'closed'),
    isNull(alerts.condition_cleared_at),
  );
  const rows = await ctx.db
    .select({ id: alerts.id, subject_type: alerts.subject_type, subject_id: alerts.subject_id })
    .from(alerts)
    .where(uncleared);
  for (const row of rows) {
    if (findings?.some((finding) => sameSubject(finding, row))) continue;
    await ctx.db
      .update(alerts)
      .set({ condition_cleared_at: now })
      .where(and(eq(alerts.id, row.id), uncleared));
  }
}

/**
 * Opens the finding's alert, unless one about its subject is open or snoozed, or was closed while the condition
 * held and has not cleared since (then nothing happens).
 */
export async function openAlert(
  ctx: AppContext,
  companyId: number,
  kind: MonitorKind,
  finding: Finding,
  now: Date,
): Promise<AlertRow | undefined> {
  const [dealtWith] = await ctx.db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.company_id, companyId),
        eq(alerts.kind, kind),
        eq(alerts.subject_type, finding.subject.type),
        eq(alerts.subject_id, finding.subject.id),
        eq(alerts.state, 'closed'),
        isNull(alerts.condition_cleared_at),
      ),
    )
    .limit(1);
  if (dealtWith) return undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(alerts)
      .values({
        company_id: companyId,
        kind,
        subject_type: finding.subject.type,
        subject_id: finding.subject.id,
        subject_label: finding.subject.label,
        title: finding.title,
        details: finding.details,
        state: 'open',
        opened_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) await writeHistory(tx, created.id, { action: 'opened', state: 'open', at: now });
    return created;
  });
  if (row) await publishAlert(ctx, row, 'opened');
  return row;
}

/** The kind's snoozed alerts whose snooze has run out: reopened while the condition holds, else closed. */
async function endSnoozes(
  ctx: AppContext,
  companyId: number,
  kind: MonitorKind,
  findings: Finding[] | null,
  now: Date,
): Promise<void> {
  const due = await ctx.db
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.company_id, companyId),
        eq(alerts.kind, kind),
        eq(alerts.state, 'snoozed'),
        lte(alerts.snoozed_until, now),
      ),
    );
  for (const alert of due) {
    const finding = findings?.find((one) => sameSubject(one, alert));
    const holds = findings === null || !!finding;
    const row = await ctx.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(alerts)
        .set(
          holds
            ? {
                state: 'open',
                snoozed_until: null,
                // The facts as they are now (a rate moves while an alert sleeps).
                ...(finding ? { title: finding.title, details: finding.details } : {}),
                updated_at: now,
              }
            : {
                state: 'closed',
                snoozed_until: null,
                comment: CLEARED_COMMENT,
                closed_at: now,
                closed_by: null,
                condition_cleared_at: now,
                updated_at: now,
              },
        )
        // Only while it is still the snooze that ran out (a person may have changed it meanwhile).
        .where(and(eq(alerts.id, alert.id), eq(alerts.state, 'snoozed'), lte(alerts.snoozed_until, now)))
        .returning();
      if (!changed) return undefined;
      await writeHistory(tx, changed.id, {
        action: holds ? 'reopened' : 'closed',
        state: changed.state,
        comment: holds ? null : CLEARED_COMMENT,
        at: now,
      });
      return changed;
    });
    if (row) await publishAlert(ctx, row, holds ? 'reopened' : 'closed');
  }
}
