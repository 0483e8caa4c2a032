/**
 * Query keys start with a data tag of §3, so a mutation invalidates by tag (`invalidateQueries({ queryKey:
 * ['User'] })`) and retention is set per tag (§9).
 */
import type { DataTag } from '@shared/domain/dataTags';

export const keys = {
  currentUser: () => ['User', 'me'] as const,
  users: (companyId: number, params: object = {}) => ['User', 'list', companyId, params] as const,
  invitations: (companyId: number) => ['User', 'invitations', companyId] as const,
  company: (companyId: number) => ['Company', companyId] as const,
  companiesSlim: (search = '') => ['Company', 'slim', search] as const,
  tenantConfig: () => ['TenantConfig'] as const,
  apiKeys: () => ['ApiKeys'] as const,
  mfa: () => ['MFA'] as const,
  roles: () => ['User', 'roles'] as const,
  /** The caller's unseen counts in a company: fetched by the inbox's live side, read by the navigation too. */
  notificationCounts: (companyId: number) => ['Notification', 'counts', companyId] as const,
  /** A company's alerts by state: fetched by the alerts' live side (features/alerts), read by the navigation. */
  alertCounts: (companyId: number) => ['Alerts', 'counts', companyId] as const,
} satisfies Record<string, (...args: never[]) => readonly [DataTag, ...unknown[]]>;
