/**
 * The alerts screens' server calls (§7 Alerts): the list by state (10 a page), the counts the navigation badge and
 * the state tabs show, one alert and its history, the change of its state, and the company's monitors. Closing,
 * snoozing and reopening are optimistic: the alert and the counts move at once and move back if the server
 * refuses (its per-field messages are then shown in the dialog that asked).
 */
import {
  ALERT_ENDPOINTS,
  type Alert,
  type AlertCounts,
  type AlertUpdate,
  type Monitor,
} from '@shared/api/alerts';
import type { MonitorKind } from '@shared/domain/alerts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { keys } from '../../api/keys';
import { useContractMutation } from '../../api/useContractMutation';
import { countsAfter, type StateTab } from './alertModel';

export const alertKeys = {
  all: () => ['Alerts'] as const,
  lists: (companyId: number) => ['Alerts', 'list', companyId] as const,
  list: (companyId: number, tab: StateTab, page: number) => ['Alerts', 'list', companyId, tab, page] as const,
  counts: (companyId: number) => keys.alertCounts(companyId),
  detail: (id: number) => ['Alerts', 'detail', id] as const,
  history: (id: number) => ['Alerts', 'history', id] as const,
  monitors: (companyId: number) => ['Alerts', 'monitors', companyId] as const,
};

export function useAlerts(companyId: number, tab: StateTab, page: number) {
  return useQuery({
    queryKey: alertKeys.list(companyId, tab, page),
    queryFn: ({ signal }) =>
      api.call(
        ALERT_ENDPOINTS.list,
        { query: { company_id: companyId, page, ...(tab === 'all' ? {} : { state: tab }) } },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
    placeholderData: keepPreviousData,
  });
}

/** Open, snoozed and closed counts; `alerts.updated` brings new ones (AlertEvents.tsx), the interval is a fallback. */
export const COUNTS_REFETCH_MS = 60_000;

export function useAlertCounts(companyId: number) {
  return useQuery({
    queryKey: alertKeys.counts(companyId),
    queryFn: ({ signal }) =>
      api.call(ALERT_ENDPOINTS.counts, { query: { company_id: companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
    refetchInterval: COUNTS_REFETCH_MS,
  });
}

export function useAlert(id: number) {
  return useQuery({
    queryKey: alertKeys.detail(id),
    queryFn: ({ signal }) => api.call(ALERT_ENDPOINTS.get, { params: { id } }, { signal, silent: true }),
    enabled: id > 0,
  });
}

export function useAlertHistory(id: number) {
  return useQuery({
    queryKey: alertKeys.history(id),
    queryFn: ({ signal }) => api.call(ALERT_ENDPOINTS.history, { params: { id } }, { signal, silent: true }),
    enabled: id > 0,
  });
}

/** What the screen had before an optimistic change, to put back if the server refuses it. */
interface Before {
  alert: Alert | undefined;
  counts: AlertCounts | undefined;
}

export function useUpdateAlert(alert: Alert) {
  const client = useQueryClient();
  const detail = alertKeys.detail(alert.id);
  const counts = alertKeys.counts(alert.company_id);
  return useContractMutation(ALERT_ENDPOINTS.update, {
    call: (body: AlertUpdate) => ({ input: { params: { id: alert.id }, body }, name: alert.title }),
    silent: true,
    onMutate: async (body): Promise<Before> => {
      await Promise.all([
        client.cancelQueries({ queryKey: detail }),
        client.cancelQueries({ queryKey: counts }),
      ]);
      const before: Before = {
        alert: client.getQueryData<Alert>(detail),
        counts: client.getQueryData<AlertCounts>(counts),
      };
      const from = before.alert?.state ?? alert.state;
      client.setQueryData<Alert>(detail, (shown) => (shown ? { ...shown, state: body.state } : shown));
      client.setQueryData<AlertCounts>(counts, (shown) =>
        shown ? countsAfter(shown, from, body.state) : shown,
      );
      return before;
    },
    onError: (_error, _body, before) => {
      client.setQueryData(detail, before?.alert);
      if (before?.counts) client.setQueryData(counts, before.counts);
    },
    onSuccess: (saved) => {
      client.setQueryData(detail, saved);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: alertKeys.lists(alert.company_id) });
      void client.invalidateQueries({ queryKey: alertKeys.history(alert.id) });
      void client.invalidateQueries({ queryKey: counts });
    },
  });
}

export function useMonitors(companyId: number) {
  return useQuery({
    queryKey: alertKeys.monitors(companyId),
    queryFn: ({ signal }) =>
      api.call(ALERT_ENDPOINTS.monitors, { params: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
  });
}

export function useUpdateMonitor(companyId: number) {
  const client = useQueryClient();
  return useContractMutation(ALERT_ENDPOINTS.updateMonitor, {
    call: ({
      kind,
      enabled,
      settings,
    }: {
      kind: MonitorKind;
      enabled: boolean;
      settings: Record<string, number>;
    }) => ({
      input: { params: { companyId, kind }, body: { enabled, settings } },
    }),
    silent: true,
    onSuccess: (saved) => {
      client.setQueryData<Monitor[]>(alertKeys.monitors(companyId), (monitors) =>
        monitors?.map((monitor) => (monitor.kind === saved.kind ? saved : monitor)),
      );
    },
  });
}
