/**
 * The numbers administration's server calls (§7 Numbers): the table page by page with its filters, the stats and
 * the filter values (prefixes, patterns), the CSV export; a number's life — release, keep, rotate — and a bulk
 * release followed live (`batch.release-numbers.progress` / `.completed` on the company channel, with a poll of
 * its status every 2 s while it runs, gone 5 s after it went through); and the routing preview the number page shows.
 */
import { NUMBER_LIFECYCLE_ENDPOINTS, type ReleaseBatch } from '@shared/api/numberLifecycle';
import { NUMBER_CONFIG_ENDPOINTS } from '@shared/api/numbers';
import { NUMBER_TABLE_ENDPOINTS, type NumberTableFilters } from '@shared/api/numberTable';
import { DELAYS_MS } from '@shared/domain/limits';
import { channels, EVENTS } from '@shared/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { useRealtimeEvent } from '../../api/realtime';
import { useContractMutation } from '../../api/useContractMutation';
import { CSV_ANSWER } from '../../ui/download';
import { type NumberTableState, tableFilters } from './listState';
import { BULK_POLL_MS, numberKeys } from './numbersApi';

export const numberTableKeys = {
  page: (companyId: number, state: NumberTableState) => ['Numbers', 'table', companyId, state] as const,
  stats: (companyId: number) => ['Numbers', 'stats', companyId] as const,
  patterns: (companyId: number) => ['Numbers', 'patterns', companyId] as const,
  prefixes: (companyId: number) => ['Numbers', 'prefixes', companyId] as const,
  preview: (id: number) => ['Numbers', 'preview', id] as const,
};

export function useNumberTable(companyId: number, state: NumberTableState) {
  return useQuery({
    queryKey: numberTableKeys.page(companyId, state),
    queryFn: ({ signal }) =>
      api.call(
        NUMBER_TABLE_ENDPOINTS.datatable,
        {
          query: { company_id: companyId, page: state.page, perPage: state.perPage, ...tableFilters(state) },
        },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
    // While another page or filter loads, the previous rows stay — never another company's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === companyId ? previous : undefined,
  });
}

export function useNumberStats(companyId: number) {
  return useQuery({
    queryKey: numberTableKeys.stats(companyId),
    queryFn: ({ signal }) =>
      api.call(NUMBER_TABLE_ENDPOINTS.stats, { query: { company_id: companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
  });
}

/** The values the pattern and area-code filters offer, with how many numbers each. */
export function useFilterChoices(companyId: number) {
  const patterns = useQuery({
    queryKey: numberTableKeys.patterns(companyId),
    queryFn: ({ signal }) =>
      api.call(
        NUMBER_TABLE_ENDPOINTS.patterns,
        { query: { company_id: companyId } },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
    select: (answer) => answer.data,
  });
  const prefixes = useQuery({
    queryKey: numberTableKeys.prefixes(companyId),
    queryFn: ({ signal }) =>
      api.call(
        NUMBER_TABLE_ENDPOINTS.prefixes,
        { query: { company_id: companyId } },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
    select: (answer) => answer.data,
  });
  return { patterns: patterns.data ?? [], prefixes: prefixes.data ?? [] };
}

export function exportNumbers(companyId: number, filters: NumberTableFilters): Promise<string> {
  return api.call(NUMBER_TABLE_ENDPOINTS.export, { body: { company_id: companyId, ...filters } }, CSV_ANSWER);
}

/** After a number's state changed: every numbers query (lists, table, stats, the number) is asked again. */
function useAfterChange() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: numberKeys.all() });
    void client.invalidateQueries({ queryKey: ['NumberLimit'] });
  }, [client]);
}

export function useReleaseNumber() {
  const changed = useAfterChange();
  return useContractMutation(NUMBER_LIFECYCLE_ENDPOINTS.remove, {
    call: (id: number) => ({ input: { params: { id } } }),
    silent: true,
    onSuccess: changed,
  });
}

export function useKeepNumber() {
  const changed = useAfterChange();
  return useContractMutation(NUMBER_LIFECYCLE_ENDPOINTS.restore, {
    call: (id: number) => ({ input: { params: { id } } }),
    silent: true,
    onSuccess: changed,
  });
}

export function useRotateNumber() {
  const changed = useAfterChange();
  return useContractMutation(NUMBER_LIFECYCLE_ENDPOINTS.rotate, {
    call: (id: number) => ({ input: { params: { id } } }),
    silent: true,
    onSuccess: changed,
  });
}

export function isReleaseEnded(batch: Pick<ReleaseBatch, 'state'>): boolean {
  return batch.state === 'finished' || batch.state === 'failed';
}

/** Whether `incoming` is news about the release followed as `known` (a late poll may be older than an event). */
export function isReleaseNews(known: ReleaseBatch, incoming: ReleaseBatch): boolean {
  if (incoming.id !== known.id || isReleaseEnded(known)) return false;
  return isReleaseEnded(incoming) || incoming.progress >= known.progress;
}

/**
 * A bulk release and its progress: `send` starts it; `batch` is the release as last heard (its answer, events or
 * polls). The numbers are asked again when it ends.
 */
export function useBulkRelease(companyId: number) {
  const [batch, setBatch] = useState<ReleaseBatch | null>(null);
  const changed = useAfterChange();
  const latest = useRef(batch);
  latest.current = batch;

  const receive = useCallback(
    (incoming: ReleaseBatch) => {
      const known = latest.current;
      if (!known || !isReleaseNews(known, incoming)) return;
      latest.current = incoming;
      setBatch(incoming);
      if (isReleaseEnded(incoming)) changed();
    },
    [changed],
  );
  const channel = companyId ? channels.companies(companyId) : null;
  useRealtimeEvent(channel, EVENTS.batchReleaseNumbersProgress, receive);
  useRealtimeEvent(channel, EVENTS.batchReleaseNumbersCompleted, receive);

  const runningId = batch && !isReleaseEnded(batch) ? batch.id : null;
  useEffect(() => {
    if (runningId === null) return;
    const timer = setInterval(() => {
      api
        .call(NUMBER_LIFECYCLE_ENDPOINTS.removeBulkStatus, { params: { id: runningId } }, { silent: true })
        .then(receive)
        .catch(() => {
          // A dropped connection or a slow server: the next poll tries again.
        });
    }, BULK_POLL_MS);
    return () => clearInterval(timer);
  }, [runningId, receive]);

  const send = useContractMutation(NUMBER_LIFECYCLE_ENDPOINTS.removeBulk, {
    call: (numberIds: number[]) => ({ input: { body: { company_id: companyId, number_ids: numberIds } } }),
    silent: true,
    onSuccess: (started) => {
      latest.current = started;
      setBatch(started);
      if (isReleaseEnded(started)) changed();
    },
  });
  const dismiss = useCallback(() => {
    latest.current = null;
    setBatch(null);
  }, []);
  // §4 "when finished, removed after 5 seconds": a release that went through leaves; one with failures stays to
  // be read (and dismissed).
  const cleanly = batch !== null && isReleaseEnded(batch) && batch.failed.length === 0;
  useEffect(() => {
    if (!cleanly) return;
    const timer = setTimeout(dismiss, DELAYS_MS.batchCleanup);
    return () => clearTimeout(timer);
  }, [cleanly, dismiss]);
  return { batch, send, dismiss };
}

/** What a caller meets on the number now, from the routing engine (asked again whenever the number is saved). */
export function useRoutingPreview(id: number, updatedAt: string) {
  return useQuery({
    queryKey: [...numberTableKeys.preview(id), updatedAt],
    queryFn: ({ signal }) =>
      api.call(NUMBER_CONFIG_ENDPOINTS.preview, { params: { id } }, { signal, silent: true }),
    enabled: id > 0,
    // "Now" moves: a preview a minute old may cross an opening hour.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
