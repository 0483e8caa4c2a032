/**
 * Who may do something, in words for the sentence a screen shows to a role that may not ("Only owners and
 * administrators can change …"), from the one permission table (shared/domain/permissions.ts), so the sentence
 * follows the table. Apart from the screens' models so that each screen's chunk takes only this.
 */
import { labelOf } from '@shared/domain/codes';
import { type Permission, ROLE_PERMISSIONS } from '@shared/domain/permissions';
import { ROLES, type Role } from '@shared/domain/users';

/** The account roles that hold a permission, in §6 order. */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.map((role) => role.value).filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** "owners and administrators": who holds a permission, in plural words for a sentence. */
export function whoMay(permission: Permission): string {
  const names = rolesWith(permission).map((role) => {
    const label = labelOf(ROLES, role).toLowerCase();
    return label.endsWith('s') ? label : `${label}s`;
  });
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
