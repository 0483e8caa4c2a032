/**
 * The alerts' live side, mounted by the shell for whoever may see alerts (`reports.view`): it fetches the counts
 * the navigation badge reads (app/unreadCount.ts), and on `alerts.updated` (companies channel) puts the new
 * counts in place and refreshes the lists and the alert's page. A newly opened alert shows a toast, and — as a new
 * message does (features/inbox/InboxEvents.tsx) — a notification through the platform when the window is not in
 * front, which opens the alert when clicked.
 */
import { channels, EVENTS } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useChannelSubscribed, useRealtimeEvent } from '../../api/realtime';
import { platform } from '../../platform';
import { flash } from '../../ui/flash';
import { alertKeys, useAlertCounts } from './alertsApi';

export function AlertEvents({ companyId }: { companyId: number }) {
  const client = useQueryClient();
  useAlertCounts(companyId);

  // What changed while the channel was not subscribed (a reload, a dropped connection) was never heard.
  const listening = useChannelSubscribed(channels.companies(companyId));
  const wasListening = useRef(false);
  useEffect(() => {
    if (listening && !wasListening.current)
      void client.invalidateQueries({ queryKey: alertKeys.counts(companyId) });
    wasListening.current = listening;
  }, [listening, client, companyId]);

  useRealtimeEvent(channels.companies(companyId), EVENTS.alertsUpdated, (event) => {
    client.setQueryData(alertKeys.counts(companyId), event.counts);
    void client.invalidateQueries({ queryKey: alertKeys.lists(companyId) });
    void client.invalidateQueries({ queryKey: alertKeys.detail(event.id) });
    void client.invalidateQueries({ queryKey: alertKeys.history(event.id) });
    // Only a new alert is news: a reopen, snooze or close is someone's action (or the end of a snooze they chose).
    if (event.change !== 'opened') return;
    flash('warn', event.title, { title: 'New alert' });
    if (!document.hasFocus())
      void platform().notify({
        tag: `alert-${event.id}`,
        title: 'New alert',
        body: event.title,
        kind: 'info',
        route: `/alerts/${event.id}`,
      });
  });

  return null;
}
