/**
 * What people do with alerts (§7): list them (newest first, 10 a page), count them, read one and its history,
 * and change one — close it with a §3 reason (and a comment for `other`), snooze it for at most a week, or reopen
 * it. Each change is one conditional UPDATE with its history row in a transaction, so two people (or a person
 * and the monitor) changing the same alert at once never both win from the same state.
 */
import { ALERT_MESSAGES, type AlertUpdateSchema } from '@shared/api/alerts';
import { type Paged, pageOffset, toPage } from '@shared/api/paged';
import { ALERT_SNOOZE_MAX_HOURS, type AlertState } from '@shared/domain/alerts';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { alertHistory, alerts, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { conflict, invalid, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../contacts/service/checks';
import { publishAlert, writeHistory } from './store';
import { type AlertRow, alertHistoryView, alertView, type Person } from './view';

const HOUR_MS = 3_600_000;

export const ALERT_CONFLICTS = {
  alreadyClosed: 'This alert is closed: reopen it first.',
  anotherOpen: 'Another alert about the same thing is open: this one cannot be reopened.',
  changed: 'This alert changed meanwhile: look at it again.',
} as const;

export async function companyOfAlert(ctx: AppContext, id: number): Promise<number | null> {
  const [row] = await ctx.db.select({ company_id: alerts.company_id }).from(alerts).where(eq(alerts.id, id));
  return row?.company_id ?? null;
}

async function peopleByIds(ctx: AppContext, ids: (number | null)[]): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

async function viewAll(ctx: AppContext, rows: AlertRow[]) {
  const people = await peopleByIds(
    ctx,
    rows.map((row) => row.closed_by),
  );
  return rows.map((row) =>
    alertView(row, row.closed_by === null ? null : (people.get(row.closed_by) ?? null)),
  );
}

export async function listAlerts(
  ctx: AppContext,
  companyId: number,
  query: { state?: AlertState | undefined; page: number; perPage: number },
): Promise<Paged<ReturnType<typeof alertView>>> {
  const where = and(
    eq(alerts.company_id, companyId),
    query.state ? eq(alerts.state, query.state) : undefined,
  );
  const [total] = await ctx.db.select({ n: count() }).from(alerts).where(where);
  const rows = await ctx.db
    .select()
    .from(alerts)
    .where(where)
    .orderBy(desc(alerts.opened_at), desc(alerts.id))
    .limit(query.perPage)
    .offset(pageOffset(query.page, query.perPage));
  return toPage(await viewAll(ctx, rows), total?.n ?? 0, query.page, query.perPage);
}

export async function alertOf(ctx: AppContext, companyId: number, id: number): Promise<AlertRow> {
  const [row] = await ctx.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.company_id, companyId)));
  if (!row) throw notFound('alert');
  return row;
}

export async function viewAlert(ctx: AppContext, row: AlertRow) {
  const [view] = await viewAll(ctx, [row]);
  if (!view) throw notFound('alert');
  return view;
}

export async function alertHistoryOf(ctx: AppContext, companyId: number, id: number) {
  const alert = await alertOf(ctx, companyId, id);
  const rows = await ctx.db
    .select()
    .from(alertHistory)
    .where(eq(alertHistory.alert_id, alert.id))
    .orderBy(asc(alertHistory.at), asc(alertHistory.id));
  const people = await peopleByIds(
    ctx,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) =>
    alertHistoryView(row, row.user_id === null ? null : (people.get(row.user_id) ?? null)),
  );
}

/** A snooze's end must be ahead, and at most ALERT_SNOOZE_MAX_HOURS ahead (never silenced for good). */
function snoozeEnd(ctx: AppContext, value: string | null | undefined): Date {
  const until = value ? new Date(value) : null;
  const now = ctx.now().getTime();
  if (!until || until.getTime() <= now || until.getTime() > now + ALERT_SNOOZE_MAX_HOURS * HOUR_MS) {
    throw invalid({ snoozed_until: [ALERT_MESSAGES.snoozeUntil] });
  }
  return until;
}

/** `PUT /monitoring/alerts/{id}`: closes, snoozes or reopens, by the caller; answers the alert as it is now. */
export async function updateAlert(
  ctx: AppContext,
  current: AlertRow,
  userId: number,
  update: z.output<typeof AlertUpdateSchema>,
) {
  const now = ctx.now();
  const change =
    update.state === 'closed' ? 'closed' : update.state === 'snoozed' ? 'snoozed' : ('reopened' as const);
  // A closed alert is reopened before anything else is done with it; reopening an open one changes nothing.
  if (current.state === 'closed' && update.state !== 'open') throw conflict(ALERT_CONFLICTS.alreadyClosed);
  if (current.state === 'open' && update.state === 'open') return viewAlert(ctx, current);
  const set =
    update.state === 'closed'
      ? {
          state: 'closed' as const,
          reason: update.reason ?? null,
          comment: update.comment ?? null,
          snoozed_until: null,
          closed_at: now,
          closed_by: userId,
          condition_cleared_at: null,
        }
      : update.state === 'snoozed'
        ? {
            state: 'snoozed' as const,
            snoozed_until: snoozeEnd(ctx, update.snoozed_until),
            comment: update.comment ?? current.comment,
          }
        : {
            state: 'open' as const,
            reason: null,
            snoozed_until: null,
            closed_at: null,
            closed_by: null,
            condition_cleared_at: null,
            comment: update.comment ?? current.comment,
          };
  let row: AlertRow | undefined;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(alerts)
        .set({ ...set, updated_at: now })
        .where(and(eq(alerts.id, current.id), eq(alerts.state, current.state)))
        .returning();
      if (!changed) return undefined;
      await writeHistory(tx, changed.id, {
        action: change,
        state: changed.state,
        reason: update.state === 'closed' ? changed.reason : null,
        comment: update.comment ?? null,
        userId,
        at: now,
      });
      return changed;
    });
  } catch (error) {
    // Reopening a closed alert while the monitor has opened another about the same subject.
    if (isUniqueViolation(error)) throw conflict(ALERT_CONFLICTS.anotherOpen);
    throw error;
  }
  // Someone changed it between the read and this write: the caller sees it as it is and may try again.
  if (!row) throw conflict(ALERT_CONFLICTS.changed);
  await publishAlert(ctx, row, change);
  return viewAlert(ctx, row);
}
