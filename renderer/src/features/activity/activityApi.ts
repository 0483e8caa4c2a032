/**
 * The activity area's server calls (§7 Analytics and activity): the mixed feed page by page, one call (for its
 * transcription and a fresh recording link), the company's tracked numbers for the filter, and the exports.
 */
import {
  ACTIVITY_PER_PAGE,
  type ActivityRow,
  type Call,
  EXPORT_ENDPOINTS,
  type ExportBatch,
  type ExportKind,
} from '@shared/api/activity';
import type { TrackedNumber } from '@shared/api/numbers';
import type { Paged } from '@shared/api/paged';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import type { ExportBody, FeedBody } from './filters';

/** Query keys, by data tag (api/keys.ts): the feed is "AnalyticsActivity", a call "Calls". */
export const activityKeys = {
  all: () => ['AnalyticsActivity'] as const,
  feed: (companyId: number, body: FeedBody) => ['AnalyticsActivity', 'feed', companyId, body] as const,
  call: (id: number) => ['Calls', 'detail', id] as const,
  numbers: (companyId: number) => ['Numbers', 'activity-filter', companyId] as const,
};

export function useActivityFeed(companyId: number, body: FeedBody, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: activityKeys.feed(companyId, body),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.post<Paged<ActivityRow>>(
          '/activity',
          { ...body, page: pageParam, perPage: ACTIVITY_PER_PAGE },
          // The screen shows a refusal itself (the date window under its field), so no toast as well.
          { params: { companyId }, signal, silent: true },
        )
      ).data,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: enabled && companyId > 0,
  });
}

/** One call: its transcription is not in the feed rows, and its answer carries a fresh recording link. */
export function useCall(id: number, enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.call(id),
    queryFn: async ({ signal }) => (await api.get<Call>(`/calls/${id}`, { signal, silent: true })).data,
    enabled: enabled && id > 0,
  });
}

export function useTrackedNumbers(companyId: number) {
  return useQuery({
    queryKey: activityKeys.numbers(companyId),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paged<TrackedNumber>>(`/companies/${companyId}/numbers`, {
          params: { perPage: 1000 },
          signal,
        })
      ).data.data,
    enabled: companyId > 0,
  });
}

export async function startExport(kind: ExportKind, body: ExportBody): Promise<ExportBatch> {
  return (await api.post<ExportBatch>(EXPORT_ENDPOINTS[kind].path, body, { silent: true })).data;
}

export async function fetchExport(companyId: number, batchId: number): Promise<ExportBatch> {
  return (await api.get<ExportBatch>(`/companies/${companyId}/exports/${batchId}`, { silent: true })).data;
}

export async function downloadExport(companyId: number, batchId: number): Promise<string> {
  return (
    await api.get<string>(`/companies/${companyId}/exports/${batchId}/download`, {
      responseType: 'text',
      headers: { Accept: 'text/csv, application/json' },
      silent: true,
    })
  ).data;
}
