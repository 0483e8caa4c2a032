/**
 * What the signed-in user is in the selected company, for the shell: the role its header names, and whether the
 * phone is theirs to use.
 */
import type { User } from '@shared/api/auth';
import { labelOf } from '@shared/domain/codes';
import { roleCan } from '@shared/domain/permissions';
import { canUserCall, ROLES } from '@shared/domain/users';

type CompanyChoice = User['companies'][number];

/**
 * The role the header shows: the user's own role in the company; a platform admin in a company they hold no role in
 * acts as owner there (docs/permissions.md) but is not one, so the header says "Platform admin".
 */
export function roleLabel(user: User, company: CompanyChoice | null): string {
  const own = company && user.companies.find((c) => c.id === company.id);
  if (own) return labelOf(ROLES, own.role);
  if (user.is_platform_admin) return 'Platform admin';
  return labelOf(ROLES, company?.role ?? null);
}

/**
 * Whether the phone is the user's in this company: their role takes calls (calls.handle) and they have a calling
 * line (§3 "A user can call only when all three sip fields are present"). Anyone else would only be refused the
 * calling token on every page — organization and platform admins act as administrators and owners, with no line.
 */
export function mayTakeCalls(user: User, company: CompanyChoice | null): boolean {
  return !!company && roleCan(company.role, 'calls.handle') && canUserCall(user);
}
