/**
 * The tracking screens' live updates: the platform publishes `dni.feed` on the company's channel when a visitor
 * arrives or a tracked call comes in, and `dni-report.updated` when a DNI call report moves; each refreshes what it
 * changed. The queries keep their own interval besides (a missed event, no socket).
 */
import { channels, EVENTS } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../api/realtime';
import { trackingKeys } from './trackingApi';

export function useFeedRealtime(companyId: number): void {
  const client = useQueryClient();
  useRealtimeEvent(companyId ? channels.companies(companyId) : null, EVENTS.dniFeed, (event) => {
    void client.invalidateQueries({ queryKey: trackingKeys.feed(companyId) });
    // A session's timeline open in the drawer gains the page view or the call.
    if (event.session_id)
      void client.invalidateQueries({ queryKey: trackingKeys.timeline(event.session_id) });
  });
}

export function useReportsRealtime(companyId: number): void {
  const client = useQueryClient();
  useRealtimeEvent(companyId ? channels.companies(companyId) : null, EVENTS.dniReportUpdated, () => {
    void client.invalidateQueries({ queryKey: trackingKeys.reports(companyId) });
  });
}
