/** A forwarding number as the contract shows it (§3 Forward entry in the company's list). */
import type { ForwardContact } from '@shared/api/forwardContacts';
import type { forwardContacts } from '../../../db/schema';

export type ForwardContactRow = typeof forwardContacts.$inferSelect;

export function forwardContactView(row: ForwardContactRow, usedByRoutes: number): ForwardContact {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    number: row.number,
    usingIntNumber: row.using_int_number,
    note: row.note,
    used_by_routes: usedByRoutes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
