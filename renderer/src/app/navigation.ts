/**
 * The product areas in the navigation, each shown only to roles that may use it. An area joins this list when its
 * issue lands — never as a placeholder.
 */
import { type Permission, roleCan } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';

export interface NavItem {
  label: string;
  to: string;
  /** Shown when the role in the selected company has it; none = every signed-in user. */
  permission?: Permission;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Inbox', to: '/inbox', permission: 'inbox.use' },
  { label: 'Dashboard', to: '/dashboard', permission: 'reports.view' },
  { label: 'Activity', to: '/activity', permission: 'activity.view' },
  { label: 'Reports', to: '/reports', permission: 'reports.view' },
  { label: 'Contacts', to: '/contacts', permission: 'contacts.view' },
  { label: 'Groups', to: '/groups', permission: 'contacts.view' },
  { label: 'Campaigns', to: '/campaigns', permission: 'campaigns.view' },
  { label: 'Numbers', to: '/numbers', permission: 'numbers.view' },
  { label: 'Call tracking', to: '/tracking', permission: 'numbers.view' },
  { label: 'Alerts', to: '/alerts', permission: 'reports.view' },
  { label: 'Text registration', to: '/registration', permission: 'numbers.view' },
  { label: 'Custom fields', to: '/custom-fields', permission: 'settings.manage' },
  { label: 'Users', to: '/users', permission: 'users.view' },
  { label: 'Billing', to: '/billing', permission: 'billing.view' },
  { label: 'API keys', to: '/api-keys' },
  { label: 'Profile', to: '/profile' },
];

/** The areas a role may use, in order. */
export function visibleNavItems(role: Role | null | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.permission || roleCan(role, item.permission));
}
