/**
 * The activity area's server calls (§7 Analytics and activity): the mixed feed page by page, one call (for its
 * transcription and a fresh recording link), the company's tracked numbers, sources and agents for the filters,
 * and the exports.
 */
import {
  ACTIVITY_ENDPOINTS,
  ACTIVITY_PER_PAGE,
  EXPORT_ENDPOINTS,
  type ExportBatch,
  type ExportKind,
} from '@shared/api/activity';
import { ANALYTICS_ENDPOINTS } from '@shared/api/analytics';
import { DNI_ENDPOINTS } from '@shared/api/dni';
import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import { USER_ENDPOINTS } from '@shared/api/users';
import { roleCan } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { api } from '../../api';
import { keys } from '../../api/keys';
import { CSV_ANSWER } from '../../ui/download';
import { type ExportBody, type FeedBody, todayIn } from './filters';

/** Query keys, by data tag (api/keys.ts): the feed is "AnalyticsActivity", a call "Calls". */
export const activityKeys = {
  all: () => ['AnalyticsActivity'] as const,
  feed: (companyId: number, body: FeedBody) => ['AnalyticsActivity', 'feed', companyId, body] as const,
  call: (id: number) => ['Calls', 'detail', id] as const,
  numbers: (companyId: number) => ['Numbers', 'activity-filter', companyId] as const,
  /** Under the DNI tag, so a source added or renamed on the tracking screens refreshes the filter's choices. */
  sources: (companyId: number) => ['DNI', 'sources', companyId] as const,
  /** Under the dashboard's tag: the agents who had calls lately, as the analytics agent grouping counts them. */
  recentAgents: (companyId: number, from: string) =>
    ['Dashboard', 'activity-agents', companyId, from] as const,
};

export function useActivityFeed(companyId: number, body: FeedBody, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: activityKeys.feed(companyId, body),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        ACTIVITY_ENDPOINTS.list,
        { query: { companyId }, body: { ...body, page: pageParam, perPage: ACTIVITY_PER_PAGE } },
        // The screen shows a refusal itself (the date window under its field), so no toast as well.
        { signal, silent: true },
      ),
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: enabled && companyId > 0,
  });
}

/** One call: its transcription is not in the feed rows, and its answer carries a fresh recording link. */
export function useCall(id: number, enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.call(id),
    queryFn: ({ signal }) => api.call(ACTIVITY_ENDPOINTS.call, { params: { id } }, { signal, silent: true }),
    enabled: enabled && id > 0,
  });
}

export function useTrackedNumbers(companyId: number) {
  return useQuery({
    queryKey: activityKeys.numbers(companyId),
    queryFn: async ({ signal }) =>
      (await api.call(NUMBER_ENDPOINTS.list, { params: { companyId }, query: { perPage: 1000 } }, { signal }))
        .data,
    enabled: companyId > 0,
  });
}

export async function startExport(kind: ExportKind, body: ExportBody): Promise<ExportBatch> {
  return api.call(EXPORT_ENDPOINTS[kind], { body }, { silent: true });
}

export async function fetchExport(companyId: number, batchId: number): Promise<ExportBatch> {
  return api.call(EXPORT_ENDPOINTS.progress, { params: { companyId, batchId } }, { silent: true });
}

export async function downloadExport(companyId: number, batchId: number): Promise<string> {
  return api.call(
    EXPORT_ENDPOINTS.download,
    { params: { companyId, batchId } },
    { ...CSV_ANSWER, silent: true },
  );
}

/** The company's call tracking source names, offered by the Source filter (the filter takes any name too). */
export function useSourceNames(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: activityKeys.sources(companyId),
    queryFn: ({ signal }) =>
      api.call(DNI_ENDPOINTS.sources, { query: { companyId } }, { signal, silent: true }),
    enabled: enabled && companyId > 0,
    select: (answer) => answer.data.map((source) => source.name),
  });
}

export interface AgentChoice {
  id: number;
  name: string;
}

const NO_AGENTS: AgentChoice[] = [];

/** How far back a reporting user's Agent filter looks for agents with calls. */
const RECENT_AGENT_DAYS = 90;

/**
 * Who the Agent filter offers. Those who may list the company's users (users.view) choose among them all; those
 * who read reports (reporting users) among the agents who had calls in the last 90 days (the analytics agent
 * grouping); anyone else — an agent — themselves, as "Me". An id in the address none of these holds still shows.
 */
export function useAgentChoices(
  companyId: number,
  role: Role | null | undefined,
  me: AgentChoice,
  tz: string,
): AgentChoice[] {
  const listsUsers = roleCan(role, 'users.view');
  const readsReports = !listsUsers && roleCan(role, 'reports.view');
  const users = useQuery({
    queryKey: keys.users(companyId, { agentFilter: true }),
    queryFn: ({ signal }) =>
      api.call(
        USER_ENDPOINTS.list,
        { query: { companyId, page: 1, perPage: 100 } },
        { signal, silent: true },
      ),
    enabled: listsUsers && companyId > 0,
    select: (page) => page.data.map((user): AgentChoice => ({ id: user.id, name: user.name })),
  });
  const today = todayIn(new Date(), tz);
  const from = dayjs(today).subtract(RECENT_AGENT_DAYS, 'day').format('YYYY-MM-DD');
  const recent = useQuery({
    queryKey: activityKeys.recentAgents(companyId, from),
    queryFn: ({ signal }) =>
      api.call(
        ANALYTICS_ENDPOINTS.calls,
        { query: { company_id: companyId, groupBy: 'agent', tz, from, to: today, limit: 500 } },
        { signal, silent: true },
      ),
    enabled: readsReports && companyId > 0,
    select: (report) =>
      report.rows.flatMap((row): AgentChoice[] =>
        row.key ? [{ id: Number(row.key), name: row.label }] : [],
      ),
  });
  const myself = useMemo(() => [{ id: me.id, name: `Me (${me.name})` }], [me.id, me.name]);
  if (listsUsers) return users.data ?? NO_AGENTS;
  if (readsReports) return recent.data ?? NO_AGENTS;
  return myself;
}
