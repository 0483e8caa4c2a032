/**
 * "Available for calls" (§4 "In-app calling status toggles active/away"): read from the server when the app
 * loads (never overwritten by a default), set with the status endpoint (its §8 message shown), and kept in step
 * with the tray: the tray's choice is asked of the server here, and every change (this window, another one, the
 * tray) is reported back to the tray. Away agents are not rung.
 */
import { Switch } from '@mantine/core';
import { type CallingStatus, IN_APP_CALLING_ENDPOINTS } from '@shared/api/inAppCalling';
import type { Presence } from '@shared/ipc';
import { channels, EVENTS } from '@shared/realtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api';
import { useRealtimeEvent } from '../../api/realtime';
import { platform } from '../../platform';
import { flash } from '../../ui/flash';

const statusKey = (companyId: number) => ['InAppCallingStatus', companyId] as const;

function useStatusQuery(companyId: number) {
  return useQuery({
    queryKey: statusKey(companyId),
    queryFn: () => api.call(IN_APP_CALLING_ENDPOINTS.status, { params: { companyId } }, { silent: true }),
  });
}

/** What the server says, read only (the dock's slim bar); `usePresence` keeps it current and changes it. */
export function usePresenceStatus(companyId: number): Presence | null {
  return useStatusQuery(companyId).data?.status ?? null;
}

export function usePresence(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  const status = useStatusQuery(companyId);
  const set = useMutation({
    mutationFn: (presence: Presence) =>
      api.call(IN_APP_CALLING_ENDPOINTS.setStatus, { params: { companyId }, body: { status: presence } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(statusKey(companyId), answer);
      flash(answer.status === 'active' ? 'success' : 'neutral', answer.message);
    },
  });

  // The tray shows what the server says, whichever window or device changed it.
  const current = status.data?.status;
  useEffect(() => {
    if (current) void platform().setPresence(current);
  }, [current]);

  useRealtimeEvent(channels.users(userId), EVENTS.presenceChanged, (payload) => {
    if (payload.company_id !== companyId) return;
    queryClient.setQueryData<CallingStatus>(statusKey(companyId), (old) =>
      old ? { ...old, status: payload.status } : old,
    );
  });

  // The tray asks; the server decides.
  const mutate = set.mutate;
  useEffect(() => platform().onPresenceRequested((presence) => mutate(presence)), [mutate]);

  return { status: current ?? null, setStatus: mutate, pending: set.isPending || status.isPending };
}

export function PresenceSwitch({ companyId, userId }: { companyId: number; userId: number }) {
  const { status, setStatus, pending } = usePresence(companyId, userId);
  return (
    <Switch
      label="Available for calls"
      checked={status === 'active'}
      aria-checked={status === 'active'}
      disabled={status === null}
      aria-busy={pending}
      onChange={(event) => setStatus(event.currentTarget.checked ? 'active' : 'away')}
      description={
        status === null
          ? 'Checking…'
          : status === 'active'
            ? 'Calls ring you here.'
            : 'Calls do not ring you.'
      }
    />
  );
}
