/**
 * The product areas in the navigation, each shown only to roles that may use it. An area joins this list when its
 * issue lands — never as a placeholder.
 */
import type { Permission } from '@shared/domain/permissions';

export interface NavItem {
  label: string;
  to: string;
  /** Shown when the role in the selected company has it; none = every signed-in user. */
  permission?: Permission;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Users', to: '/users', permission: 'users.view' },
  { label: 'API keys', to: '/api-keys' },
  { label: 'Profile', to: '/profile' },
];
