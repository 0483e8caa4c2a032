/**
 * Organizations (business units) as the contract shows them, with how many companies each holds; and the lines of
 * an organization's business-unit-users: its admins, and its invitations not yet accepted (their address only).
 */
import type { Organization, OrganizationAdmin, OrganizationInvitation } from '@shared/api/businessUnits';
import type { organizationInvitations, organizations } from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationInvitationRow = typeof organizationInvitations.$inferSelect;

export function organizationView(row: OrganizationRow, companiesCount: number): Organization {
  return {
    id: row.id,
    name: row.name,
    status: row.status as Organization['status'],
    owner_id: row.owner_id,
    companies_count: companiesCount,
    created_at: row.created_at.toISOString(),
  };
}

export function organizationAdminView(user: { id: number; name: string; email: string }): OrganizationAdmin {
  return { status: 'admin', id: user.id, name: user.name, email: user.email };
}

/** Nothing of the person invited beyond the address the inviter typed: not whether it has an account. */
export function organizationInvitationView(row: OrganizationInvitationRow): OrganizationInvitation {
  return { status: 'invited', id: row.id, email: row.email, sent_at: row.sent_at.toISOString() };
}
