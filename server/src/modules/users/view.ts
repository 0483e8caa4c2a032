/**
 * Users as the contract shows them: a company's user (§7 Users) with their role and state there, an invitation,
 * and the User of spec §3 — the signed-in user, with the companies they may use (role and presence in each).
 */
import type { User } from '@shared/api/auth';
import type { CompanyUser } from '@shared/api/users';
import { formatWhatsNewReadAt } from '@shared/domain/time';
import { canUserCall, type Role } from '@shared/domain/users';
import type { invitations, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;

/** A user and their membership of one company, as service/members.ts reads them. */
export interface CompanyUserRow {
  id: number;
  name: string;
  email: string;
  role: string;
  userState: string;
  in_app_calling_status: string;
  mfa_enabled: boolean;
  sip_address: string | null;
  sip_user: string | null;
  sip_password: string | null;
  timezone: string;
}

/** Deactivated in the company, or everywhere (the account's own state), reads as deactivated. */
export function companyUserView(row: CompanyUserRow): CompanyUser {
  const role = row.role as Role;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role,
    state: role === 'deactivated' || row.userState !== 'active' ? 'deactivated' : 'active',
    in_app_calling_status: row.in_app_calling_status as CompanyUser['in_app_calling_status'],
    mfa_enabled: row.mfa_enabled,
    can_call: canUserCall(row),
    timezone: row.timezone,
  };
}

export function invitationView(row: InvitationRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    sent_at: row.sent_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
  };
}

/** The User of §3, given the companies they may use and whether they administer an organization. */
export function userView(
  user: UserRow,
  access: { companies: User['companies']; administersOrganization: boolean },
): User {
  const { companies: list, administersOrganization: orgAdmin } = access;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    first_name: user.first_name,
    last_name: user.last_name,
    timezone: user.timezone,
    role: list[0]?.role ?? (user.is_platform_admin ? 'owner' : 'deactivated'),
    organization_role: orgAdmin ? 'org-administrator' : null,
    support_pins: user.support_pins,
    read_whats_new_at: user.read_whats_new_at ? formatWhatsNewReadAt(user.read_whats_new_at) : null,
    hasBusinessUnits: orgAdmin,
    sip_address: user.sip_address,
    sip_password: user.sip_password,
    sip_user: user.sip_user,
    mfa_enabled: user.mfa_enabled,
    email_verified: user.email_verified_at !== null,
    is_platform_admin: user.is_platform_admin,
    companies: list,
    numbers: [],
    eavAttributeValues: [],
  };
}
