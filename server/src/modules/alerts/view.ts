/** Alert rows → the contract's shapes (shared/api/alerts.ts). */
import type { Alert, AlertHistoryEntry } from '@shared/api/alerts';
import type { alertHistory, alerts } from '../../db/schema';

export type AlertRow = typeof alerts.$inferSelect;
export type AlertHistoryRow = typeof alertHistory.$inferSelect;
export interface Person {
  id: number;
  name: string;
}

export function alertView(row: AlertRow, closedBy: Person | null): Alert {
  return {
    id: row.id,
    company_id: row.company_id,
    kind: row.kind,
    title: row.title,
    details: row.details,
    state: row.state,
    subject: { type: row.subject_type, id: row.subject_id, label: row.subject_label },
    reason: row.reason,
    comment: row.comment,
    snoozed_until: row.snoozed_until?.toISOString() ?? null,
    opened_at: row.opened_at.toISOString(),
    closed_at: row.closed_at?.toISOString() ?? null,
    closed_by: closedBy,
    updated_at: row.updated_at.toISOString(),
  };
}

export function alertHistoryView(row: AlertHistoryRow, user: Person | null): AlertHistoryEntry {
  return {
    id: row.id,
    action: row.action,
    state: row.state,
    reason: row.reason,
    comment: row.comment,
    user,
    at: row.at.toISOString(),
  };
}
