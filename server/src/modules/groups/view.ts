/** A contact group as the contract shows it (§3 Contact group): its counts, where its contacts are, its filters. */
import type { ContactFilters } from '@shared/api/contacts';
import { ContactFiltersSchema } from '@shared/api/contacts';
import type { ContactGroup } from '@shared/api/groups';
import type { contactGroups } from '../../db/schema';

export type GroupRow = typeof contactGroups.$inferSelect;

/** A group's members; active = neither invalid nor unsubscribed. */
export interface GroupCounts {
  contact_count: number;
  active_count: number;
  invalid_count: number;
  unsubscriber_count: number;
}

const ZERO: GroupCounts = { contact_count: 0, active_count: 0, invalid_count: 0, unsubscriber_count: 0 };

/** Where the API lists a group's contacts. */
export function contactsLink(companyId: number, groupId: number): string {
  return `/api/contacts?companyId=${companyId}&filters=${encodeURIComponent(JSON.stringify({ groups: [groupId] }))}`;
}

function storedFilters(value: unknown): ContactFilters | null {
  if (value === null || value === undefined) return null;
  const parsed = ContactFiltersSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

export function groupView(row: GroupRow, counts: GroupCounts = ZERO): ContactGroup {
  return {
    id: row.id,
    name: row.name,
    company_id: row.company_id,
    ...counts,
    contacts_link: contactsLink(row.company_id, row.id),
    virtual: row.filters !== null,
    filters: storedFilters(row.filters),
    user_id: row.user_id,
    link: `/contacts?group=${row.id}`,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
