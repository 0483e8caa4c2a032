/**
 * The ports screens' server calls (§7 "GET /company/{companyId}/ports (+/stats); POST
 * /company/{companyId}/numbers/port"): the list and its counts, one request, asking for a port, uploading the
 * document the desk asked for, cancelling. The desk moves requests on its own: `ports.updated` on the company's
 * channel refreshes what is shown, and while a request is with the desk the screens also ask again every 15 s, so
 * a missed event never leaves a status stale.
 */
import { PORT_ENDPOINTS, type PortRequest } from '@shared/api/ports';
import { isPortFinished } from '@shared/domain/ports';
import { channels, EVENTS } from '@shared/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api';
import type { MultipartFields } from '../../api/contractCall';
import { useRealtimeEvent } from '../../api/realtime';
import { useContractMutation } from '../../api/useContractMutation';
import { numberKeys } from '../numbers/numbersApi';

export const portKeys = {
  all: () => ['Ports'] as const,
  list: (companyId: number) => ['Ports', 'list', companyId] as const,
  stats: (companyId: number) => ['Ports', 'stats', companyId] as const,
  one: (companyId: number, id: number) => ['Ports', 'one', companyId, id] as const,
};

/** How often a request still with the desk is asked after, whatever the events say. */
export const PORT_POLL_MS = 15_000;

const inFlight = (ports: readonly PortRequest[] | undefined) =>
  (ports ?? []).some((port) => !isPortFinished(port.status));

export function usePorts(companyId: number) {
  return useQuery({
    queryKey: portKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.call(PORT_ENDPOINTS.list, { params: { companyId }, query: {} }, { signal, silent: true }),
    enabled: companyId > 0,
    refetchInterval: (query) => (inFlight(query.state.data?.data) ? PORT_POLL_MS : false),
  });
}

export function usePortStats(companyId: number) {
  return useQuery({
    queryKey: portKeys.stats(companyId),
    queryFn: ({ signal }) =>
      api.call(PORT_ENDPOINTS.stats, { params: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
  });
}

export function usePort(companyId: number, id: number) {
  return useQuery({
    queryKey: portKeys.one(companyId, id),
    queryFn: ({ signal }) =>
      api.call(PORT_ENDPOINTS.get, { params: { companyId, id } }, { signal, silent: true }),
    enabled: companyId > 0 && id > 0,
    refetchInterval: (query) => {
      const port = query.state.data;
      return port && !isPortFinished(port.status) ? PORT_POLL_MS : false;
    },
  });
}

/** After any change: the lists, counts and the request are asked again; a completion changes the numbers too. */
function useAfterChange() {
  const client = useQueryClient();
  return useCallback(
    (companyId: number, completed = false) => {
      void client.invalidateQueries({ queryKey: portKeys.all() });
      if (completed) {
        void client.invalidateQueries({ queryKey: numberKeys.all() });
        void client.invalidateQueries({ queryKey: numberKeys.limit(companyId) });
      }
    },
    [client],
  );
}

/** Follows `ports.updated` on the company's channel while mounted. */
export function usePortEvents(companyId: number) {
  const changed = useAfterChange();
  useRealtimeEvent(companyId ? channels.companies(companyId) : null, EVENTS.portsUpdated, (event) =>
    changed(companyId, event.status === 'completed'),
  );
}

export function useCreatePort(companyId: number) {
  const changed = useAfterChange();
  return useContractMutation(PORT_ENDPOINTS.create, {
    call: (body: MultipartFields) => ({ input: { params: { companyId }, body } }),
    silent: true,
    onSuccess: () => changed(companyId),
  });
}

export function useUploadPortDocuments(companyId: number, id: number) {
  const changed = useAfterChange();
  return useContractMutation(PORT_ENDPOINTS.uploadDocuments, {
    call: (body: MultipartFields) => ({ input: { params: { companyId, id }, body } }),
    silent: true,
    onSuccess: () => changed(companyId),
  });
}

export function useCancelPort(companyId: number, id: number) {
  const changed = useAfterChange();
  return useContractMutation(PORT_ENDPOINTS.cancel, {
    call: () => ({ input: { params: { companyId, id } } }),
    silent: true,
    onSuccess: () => changed(companyId),
  });
}
