/** Users, roles and presence (§3, §6). */
import { codes } from './codes';

/** §6 "Account roles: owner, administrator, billing, reporting, user, deactivated." */
export const ROLES = codes([
  { value: 'owner', label: 'Owner' },
  { value: 'administrator', label: 'Administrator' },
  { value: 'billing', label: 'Billing' },
  { value: 'reporting', label: 'Reporting' },
  { value: 'user', label: 'User' },
  { value: 'deactivated', label: 'Deactivated' },
]);
export type Role = (typeof ROLES)[number]['value'];

/** §6 "Organization role: org-administrator." */
export const ORGANIZATION_ROLES = codes([
  { value: 'org-administrator', label: 'Organization Administrator' },
]);
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number]['value'];

/** §6 "Account access level 'act_as' exists with an owner value." */
export const ACCESS_LEVELS = Object.freeze({ act_as: 'owner' } as const);

/** §6 "A company's creator becomes owner." */
export const CREATOR_ROLE: Role = 'owner';

/** §6 "Users can be activated, deactivated, disabled or invited." */
export const USER_STATES = codes([
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
  { value: 'disabled', label: 'Disabled' },
  { value: 'invited', label: 'Invited' },
]);
export type UserState = (typeof USER_STATES)[number]['value'];

/** §3 "Account status: ACTIVE=0, PARKED=1, DEACTIVATED=2." */
export const ACCOUNT_STATUSES = codes([
  { value: 0, label: 'Active' },
  { value: 1, label: 'Parked' },
  { value: 2, label: 'Deactivated' },
]);
export const ACCOUNT_STATUS = Object.freeze({ ACTIVE: 0, PARKED: 1, DEACTIVATED: 2 } as const);
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]['value'];

/** §3 "Company: in_app_calling_status (active or away)"; §4 "In-app calling status toggles active/away." */
export const IN_APP_CALLING_STATUSES = codes([
  { value: 'active', label: 'Active' },
  { value: 'away', label: 'Away' },
]);
export type InAppCallingStatus = (typeof IN_APP_CALLING_STATUSES)[number]['value'];

/** §4 "In-app calling status toggles active/away." */
export function togglePresence(status: InAppCallingStatus): InAppCallingStatus {
  return status === 'active' ? 'away' : 'active';
}

export interface SipFields {
  sip_address?: string | null;
  sip_password?: string | null;
  sip_user?: string | null;
}

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** §3 "A user can call only when all three sip fields are present." */
export function canUserCall(user: SipFields): boolean {
  return present(user.sip_address) && present(user.sip_password) && present(user.sip_user);
}
