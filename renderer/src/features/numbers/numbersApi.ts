/**
 * The numbers area's server calls (§7 Numbers): the company's numbers page by page, its number limit and the
 * request to raise it (§8), the carrier's search, buying one number, and a bulk purchase followed live —
 * `bulk-purchase.progress` / `.finished` on the company's bulk-purchase channel, with a poll of its status every
 * 2 s while it runs, so a missed event never leaves the bar stuck.
 */
import { type BulkPurchase, type LocateBody, NUMBER_PURCHASE_ENDPOINTS } from '@shared/api/numberPurchase';
import { NUMBER_CONFIG_ENDPOINTS, NUMBER_ENDPOINTS } from '@shared/api/numbers';
import { NUMBER_TABLE_ENDPOINTS, type NumberTableRow } from '@shared/api/numberTable';
import { channels, EVENTS } from '@shared/realtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { useRealtimeEvent } from '../../api/realtime';
import { useContractMutation } from '../../api/useContractMutation';
import { isBulkEnded, isBulkNews } from './buyModel';

/** A plain page of the company's numbers (the pickers of other screens; the table has its own filters). */
export interface NumberListState {
  search: string;
  page: number;
  /** Numbers a page (default the list's 50; up to 1000 for a picker of every number). */
  perPage?: number;
}

export const numberKeys = {
  all: () => ['Numbers'] as const,
  list: (companyId: number, state: NumberListState) => ['Numbers', 'list', companyId, state] as const,
  available: (body: LocateBody) => ['Numbers', 'available', body] as const,
  limit: (companyId: number) => ['NumberLimit', companyId] as const,
};

/** How often a running bulk purchase is asked after, whatever the events say. */
export const BULK_POLL_MS = 2_000;

export function useNumbers(companyId: number, state: NumberListState) {
  return useQuery({
    queryKey: numberKeys.list(companyId, state),
    queryFn: ({ signal }) =>
      api.call(
        NUMBER_ENDPOINTS.list,
        {
          params: { companyId },
          query: { page: state.page, perPage: state.perPage, search: state.search.trim() || undefined },
        },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
    // While another page or search loads, the previous rows stay — never another company's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === companyId ? previous : undefined,
  });
}

export function useNumberLimit(companyId: number) {
  return useQuery({
    queryKey: numberKeys.limit(companyId),
    queryFn: ({ signal }) =>
      api.call(
        NUMBER_PURCHASE_ENDPOINTS.limit,
        { query: { company_id: companyId } },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
  });
}

/** The carrier's numbers for a search, once one is asked for (`body` null until then). */
export function useAvailableNumbers(body: LocateBody | null) {
  return useQuery({
    queryKey: numberKeys.available(body ?? { company_id: 0 }),
    queryFn: ({ signal }) =>
      api.call(
        NUMBER_PURCHASE_ENDPOINTS.locate,
        { body: body ?? { company_id: 0 } },
        { signal, silent: true },
      ),
    enabled: body !== null,
    // A refused search (422) or a carrier failure is shown at once; asking again is the person's.
    retry: false,
    // What the carrier offers changes as others buy: a search asked again is asked anew.
    staleTime: 0,
    gcTime: 60_000,
  });
}

export interface IncreaseRequest {
  companyId: number;
  requested: number;
  reason: string;
}

export function useRequestIncrease() {
  const client = useQueryClient();
  return useContractMutation(NUMBER_PURCHASE_ENDPOINTS.requestIncrease, {
    call: ({ companyId, requested, reason }: IncreaseRequest) => ({
      input: { body: { company_id: companyId, requested, reason: reason.trim() || undefined } },
    }),
    silent: true,
    onSuccess: (_answer, { companyId }) =>
      void client.invalidateQueries({ queryKey: numberKeys.limit(companyId) }),
  });
}

export interface BuyOne {
  companyId: number;
  number: string;
  type: 1 | 2;
}

/** After any purchase: the lists and the limit are asked again (the carrier's offer too: what was bought went). */
function useAfterPurchase() {
  const client = useQueryClient();
  return useCallback(
    (companyId: number) => {
      void client.invalidateQueries({ queryKey: numberKeys.all() });
      void client.invalidateQueries({ queryKey: numberKeys.limit(companyId) });
    },
    [client],
  );
}

export function useBuyNumber() {
  const bought = useAfterPurchase();
  return useContractMutation(NUMBER_PURCHASE_ENDPOINTS.buy, {
    call: ({ companyId, number, type }: BuyOne) => ({
      input: { body: { company_id: companyId, number, type } },
    }),
    silent: true,
    onSuccess: (_number, { companyId }) => bought(companyId),
  });
}

export interface BuyMany {
  companyId: number;
  numbers: string[];
  type: 1 | 2;
}

/**
 * A bulk purchase and its progress: `start` sends it; `batch` is the purchase as last heard, from its answer,
 * events or polls (only news replaces it). The lists are refreshed when it ends.
 */
export function useBulkPurchase(companyId: number) {
  const [batch, setBatch] = useState<BulkPurchase | null>(null);
  const bought = useAfterPurchase();
  const latest = useRef(batch);
  latest.current = batch;

  const receive = useCallback(
    (incoming: BulkPurchase) => {
      const known = latest.current;
      if (!known || !isBulkNews(known, incoming)) return;
      latest.current = incoming;
      setBatch(incoming);
      if (isBulkEnded(incoming)) bought(incoming.company_id);
    },
    [bought],
  );

  const channel = companyId ? channels.bulkPurchase(companyId) : null;
  useRealtimeEvent(channel, EVENTS.bulkPurchaseProgress, receive);
  useRealtimeEvent(channel, EVENTS.bulkPurchaseFinished, receive);

  // The fallback: every 2 s while it runs, the purchase as it stands.
  const runningId = batch && !isBulkEnded(batch) ? batch.id : null;
  useEffect(() => {
    if (runningId === null) return;
    const timer = setInterval(() => {
      api
        .call(NUMBER_PURCHASE_ENDPOINTS.bulkPurchaseStatus, { params: { id: runningId } }, { silent: true })
        .then(receive)
        .catch(() => {
          // A dropped connection or a slow server: the next poll tries again.
        });
    }, BULK_POLL_MS);
    return () => clearInterval(timer);
  }, [runningId, receive]);

  const send = useContractMutation(NUMBER_PURCHASE_ENDPOINTS.bulkPurchase, {
    call: ({ companyId: company, numbers, type }: BuyMany) => ({
      input: { body: { company_id: company, numbers, type } },
    }),
    silent: true,
    onSuccess: (started) => {
      latest.current = started;
      setBatch(started);
      if (isBulkEnded(started)) bought(started.company_id);
    },
  });

  const dismiss = useCallback(() => {
    latest.current = null;
    setBatch(null);
  }, []);

  return { batch, send, dismiss };
}

/**
 * Adds tags to the chosen numbers (each keeps its own): one `PUT /numbers/{id}` per number that lacks one of them,
 * in turn; answers how many changed. A refusal stops there and says which number.
 */
export function useTagNumbers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      numbers,
      tags,
    }: {
      numbers: readonly NumberTableRow[];
      tags: readonly string[];
    }) => {
      let updated = 0;
      for (const number of numbers) {
        const next = [...new Set([...number.tags, ...tags])];
        if (next.length === number.tags.length) continue;
        await api.call(
          NUMBER_CONFIG_ENDPOINTS.update,
          { params: { id: number.id }, body: { tags: next } },
          { silent: true },
        );
        updated++;
      }
      return updated;
    },
    onSettled: () => void client.invalidateQueries({ queryKey: numberKeys.all() }),
  });
}

/** The area codes serving the same place as `areaCode` (§7 `GET /numbers/overlay/{areaCode}`): the numbering plan's. */
export function useAreaCodeOverlay(areaCode: string) {
  return useQuery({
    queryKey: ['AreaCodeOverlay', areaCode] as const,
    queryFn: ({ signal }) =>
      api.call(NUMBER_TABLE_ENDPOINTS.overlay, { params: { areaCode } }, { signal, silent: true }),
    enabled: /^\d{3}$/.test(areaCode),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
