/**
 * While signed in: loads tenant config (support email, realtime settings), keeps the realtime connection and the
 * subscriptions to the user's and the selected company's channels, and reconnects and refetches after the machine
 * wakes or the network returns. Renders nothing.
 */
import { TENANT_ENDPOINTS } from '@shared/api/tenant';
import { channels, EVENTS } from '@shared/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, setSupportEmail } from '../api';
import { checkNow, useConnection } from '../api/connection';
import { keys } from '../api/keys';
import { connectRealtime, disconnectRealtime, reconnectRealtime, useRealtimeEvent } from '../api/realtime';
import { platform } from '../platform';

export function RealtimeBridge({ userId, companyId }: { userId: number; companyId: number | null }) {
  const queryClient = useQueryClient();
  const tenant = useQuery({
    queryKey: keys.tenantConfig(),
    queryFn: () => api.call(TENANT_ENDPOINTS.config, {}, { silent: true }),
    staleTime: 10 * 60_000,
  });

  useEffect(() => {
    if (tenant.data) setSupportEmail(tenant.data.support_email);
  }, [tenant.data]);

  useEffect(() => {
    if (!tenant.data) return;
    const mine = [channels.users(userId), ...(companyId ? [channels.companies(companyId)] : [])];
    let left = false;
    let subscribed: Awaited<ReturnType<typeof connectRealtime>>;
    void connectRealtime(tenant.data.realtime).then((client) => {
      if (left || !client) return;
      subscribed = client;
      for (const name of mine) client.subscribe(name);
    });
    return () => {
      left = true;
      for (const name of mine) subscribed?.unsubscribe(name);
    };
  }, [tenant.data, userId, companyId]);

  useEffect(() => () => disconnectRealtime(), []);

  // The platform answers again: live updates follow at once instead of at their own next retry.
  const { online } = useConnection();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) reconnectRealtime();
    wasOnline.current = online;
  }, [online]);

  useEffect(
    () =>
      platform().onResume(() => {
        reconnectRealtime();
        checkNow();
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );

  // Presence and roles change elsewhere (another window, an admin): follow them.
  useRealtimeEvent(companyId ? channels.companies(companyId) : null, EVENTS.presenceChanged, () => {
    void queryClient.invalidateQueries({ queryKey: ['User'] });
  });

  return null;
}
