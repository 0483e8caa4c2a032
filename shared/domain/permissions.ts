/**
 * Who may do what. The spec leaves it open (§6 "Who may do what: not shown"); this matrix is our design,
 * documented in docs/permissions.md. The server enforces it (each route declares one permission) and the
 * renderer uses the same table to show only what a role may use.
 */
import type { Role } from './users';

/** Every permission a route can require, with what it allows. */
export const PERMISSIONS = Object.freeze({
  'company.view': 'See the company, its numbers list and its users by name',
  'company.manage': 'Change company settings, branding, schedule and tenant settings',
  'users.view': 'See users, invitations and roles',
  'users.manage': 'Invite, activate, deactivate users and change roles',
  'billing.view': 'See the subscription, invoices and usage',
  'billing.manage': 'Change the payment method and the plan, cancel the subscription',
  'reports.view': 'See analytics and dashboards',
  'activity.view': 'See the activity feed: calls, voicemails, messages, faxes',
  'activity.export': 'Export the activity feed to a file: customer data leaving the app',
  'inbox.use': 'Read and send messages, manage conversations',
  'calls.handle': 'Answer, place and reject calls in the app; set own presence',
  'contacts.view': 'See contacts, groups and labels',
  'contacts.manage': 'Create, edit, import and delete contacts, groups and labels',
  'campaigns.view': 'See campaigns and their results',
  'campaigns.manage': 'Create, send, pause and delete campaigns',
  'numbers.view': 'See numbers, routing and schedules',
  'numbers.manage': 'Buy, release, route and configure numbers, and the greetings they play',
  'settings.manage': 'Custom fields, tags, blocks, integrations, monitors',
  'organization.manage': 'Manage a business unit: its companies and organization admins',
  'platform.admin': 'Operate the platform: sign in as any user, see the whole sandbox outbox',
} as const);
export type Permission = keyof typeof PERMISSIONS;

const ALL_COMPANY: readonly Permission[] = (Object.keys(PERMISSIONS) as Permission[]).filter(
  (permission) => permission !== 'organization.manage' && permission !== 'platform.admin',
);

/** Each account role's permissions inside its company (§6 roles). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = Object.freeze({
  owner: ALL_COMPANY,
  administrator: ALL_COMPANY.filter((permission) => permission !== 'billing.manage'),
  billing: ['company.view', 'billing.view', 'billing.manage', 'reports.view'],
  reporting: [
    'company.view',
    'reports.view',
    'activity.view',
    'activity.export',
    'numbers.view',
    'contacts.view',
    'campaigns.view',
  ],
  user: [
    'company.view',
    'activity.view',
    'inbox.use',
    'calls.handle',
    'contacts.view',
    'contacts.manage',
    'numbers.view',
    'campaigns.view',
  ],
  deactivated: [],
});

/**
 * The role someone acts with in a company: their own membership role; an organization admin acts as an
 * administrator in every company of their organization (never below their own role there); a platform admin
 * acts as owner everywhere.
 */
export function effectiveRole(input: {
  membershipRole?: Role | null;
  isOrganizationAdmin?: boolean;
  isPlatformAdmin?: boolean;
}): Role | null {
  if (input.isPlatformAdmin) return 'owner';
  const own = input.membershipRole ?? null;
  if (own === 'deactivated') return 'deactivated';
  if (input.isOrganizationAdmin) return own === 'owner' ? 'owner' : 'administrator';
  return own;
}

/** True when `role` has `permission` in its company. Organization and platform permissions are not roles'. */
export function roleCan(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** Who moderates a company's notes (changes or deletes anyone's): its owners and administrators. */
export function mayModerateNotes(role: Role | null | undefined): boolean {
  return roleCan(role, 'users.manage');
}

/** A note may be changed or deleted by its author, or by someone who moderates the company's notes. */
export function mayChangeNote(
  note: { authorId: number | null },
  who: { userId: number; role: Role | null | undefined },
): boolean {
  return note.authorId === who.userId || mayModerateNotes(who.role);
}
