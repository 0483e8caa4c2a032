/**
 * The unread count the Inbox navigation item shows: the one the inbox's live side already fetches and keeps fresh
 * (features/inbox/InboxEvents.tsx: unread texts, calls, voicemails and faxes in conversations, the dock badge's
 * number). Read from the cache only, never fetched here, so roles without the inbox ask for nothing; and read
 * without a query observer, whose options would become the query's own (a refetch would find no function to run).
 */
import type { AlertCounts } from '@shared/api/alerts';
import type { NotificationCounts } from '@shared/api/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { keys } from '../api/keys';

export function useInboxUnreadCount(companyId: number | null): number {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  return useSyncExternalStore(subscribe, () =>
    companyId
      ? (client.getQueryData<NotificationCounts>(keys.notificationCounts(companyId))?.messages ?? 0)
      : 0,
  );
}

/**
 * The open alerts the Alerts navigation item shows: the counts the alerts' live side fetches and keeps fresh
 * (features/alerts/AlertEvents.tsx, on `alerts.updated`), read from the cache the same way.
 */
export function useOpenAlertCount(companyId: number | null): number {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  return useSyncExternalStore(subscribe, () =>
    companyId ? (client.getQueryData<AlertCounts>(keys.alertCounts(companyId))?.open ?? 0) : 0,
  );
}
