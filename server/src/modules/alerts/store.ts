/**
 * The writes every change of an alert makes, whoever makes it (the monitor or a person): the history row in the
 * change's transaction, then — after it commits — `alerts.updated` on the company's channel with the counts the
 * navigation badge shows.
 */
import type { AlertCounts } from '@shared/api/alerts';
import type { AlertCloseReason, AlertState } from '@shared/domain/alerts';
import { channels, EVENTS, type RealtimePayloads } from '@shared/realtime';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertHistory, alerts } from '../../db/schema';
import type { AppContext } from '../../http/context';
import type { AlertRow } from './view';

export type AlertChange = RealtimePayloads['alerts.updated']['change'];

export interface HistoryEntry {
  action: AlertChange;
  state: AlertState;
  reason?: AlertCloseReason | null;
  comment?: string | null;
  userId?: number | null;
  at: Date;
}

export async function writeHistory(db: Db, alertId: number, entry: HistoryEntry): Promise<void> {
  await db.insert(alertHistory).values({
    alert_id: alertId,
    action: entry.action,
    state: entry.state,
    reason: entry.reason ?? null,
    comment: entry.comment ?? null,
    user_id: entry.userId ?? null,
    at: entry.at,
  });
}

export async function alertCounts(db: Db, companyId: number): Promise<AlertCounts> {
  const rows = await db
    .select({ state: alerts.state, n: count() })
    .from(alerts)
    .where(eq(alerts.company_id, companyId))
    .groupBy(alerts.state);
  const counts: AlertCounts = { open: 0, snoozed: 0, closed: 0 };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/** Tells the company's screens an alert changed; a realtime outage never undoes the change (screens refetch). */
export async function publishAlert(ctx: AppContext, row: AlertRow, change: AlertChange): Promise<void> {
  try {
    await ctx.realtime.publish(channels.companies(row.company_id), EVENTS.alertsUpdated, {
      id: row.id,
      change,
      title: row.title,
      counts: await alertCounts(ctx.db, row.company_id),
    });
  } catch {
    // The alerts screen and badge read the counts again whenever they are shown.
  }
}
