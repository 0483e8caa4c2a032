/** An organization (business unit) as the contract shows it, with how many companies it holds. */
import type { Organization } from '@shared/api/businessUnits';
import type { organizations } from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;

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
