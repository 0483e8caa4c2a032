/**
 * The call tracking screens' server calls (§7 "Tracking pools and DNI"): pools, sources, the install snippet and
 * its verifier, the live feed, a session's timeline and one call. Queries are cached under the DNI data tag, so a
 * change to a pool or a source refreshes every tracking list at once (a source's pools and a pool's sources are
 * shown on both screens). One call is cached under the same key the activity feed uses, so the two share it.
 */
import { ACTIVITY_ENDPOINTS } from '@shared/api/activity';
import { DNI_ENDPOINTS, type DniPoolInput, type DniSource, type DniSourceInput } from '@shared/api/dni';
import { DNI_REPORT_ENDPOINTS, type DniReport } from '@shared/api/dniReports';
import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { cachedRecord } from '../../api/replay';
import { useContractMutation } from '../../api/useContractMutation';

/** The live feed is refetched this often when no realtime event says it changed (a missed event, no socket). */
export const FEED_REFETCH_MS = 15_000;
/** The most numbers the numbers list gives in one page (NumberListQuerySchema): a pool picks from all of them. */
const NUMBERS_TO_CHOOSE = 1000;

export const trackingKeys = {
  all: () => ['DNI'] as const,
  pools: (companyId: number) => ['DNI', 'pools', companyId] as const,
  pool: (poolId: number) => ['DNI', 'pool', poolId] as const,
  allSources: () => ['DNI', 'sources'] as const,
  sources: (companyId: number) => ['DNI', 'sources', companyId] as const,
  script: (companyId: number) => ['DNI', 'script', companyId] as const,
  feed: (companyId: number) => ['DNI', 'feed', companyId] as const,
  timeline: (sessionId: string) => ['DNI', 'timeline', sessionId] as const,
  reports: (companyId: number) => ['DNI', 'reports', companyId] as const,
  numbers: (companyId: number) => ['Numbers', 'tracking-choices', companyId] as const,
  /** As activityApi.ts keys it. */
  call: (id: number) => ['Calls', 'detail', id] as const,
};

export function usePools(companyId: number, enabled = true) {
  return useQuery({
    queryKey: trackingKeys.pools(companyId),
    queryFn: ({ signal }) =>
      api.call(DNI_ENDPOINTS.pools, { params: { companyId } }, { signal, silent: true }),
    enabled: enabled && companyId > 0,
  });
}

export function usePool(poolId: number) {
  return useQuery({
    queryKey: trackingKeys.pool(poolId),
    queryFn: ({ signal }) => api.call(DNI_ENDPOINTS.pool, { params: { poolId } }, { signal, silent: true }),
    enabled: poolId > 0,
  });
}

export function useSources(companyId: number, enabled = true) {
  return useQuery({
    queryKey: trackingKeys.sources(companyId),
    queryFn: ({ signal }) =>
      api.call(DNI_ENDPOINTS.sources, { query: { companyId } }, { signal, silent: true }),
    enabled: enabled && companyId > 0,
  });
}

/** Every number of the company, to build a pool from (and choose its fallback). */
export function useCompanyNumbers(companyId: number, enabled = true) {
  return useQuery({
    queryKey: trackingKeys.numbers(companyId),
    queryFn: ({ signal }) =>
      api.call(
        NUMBER_ENDPOINTS.list,
        { params: { companyId }, query: { page: 1, perPage: NUMBERS_TO_CHOOSE } },
        { signal, silent: true },
      ),
    enabled: enabled && companyId > 0,
    select: (page) => page.data,
  });
}

export function useTrackingScript(companyId: number) {
  return useQuery({
    queryKey: trackingKeys.script(companyId),
    queryFn: ({ signal }) =>
      api.call(DNI_ENDPOINTS.script, { query: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
  });
}

/**
 * Visitors now and the last half hour's calls. The `dni.feed` realtime event invalidates it as things change; the
 * interval is the fallback when no event arrives (no socket, an event missed while reconnecting).
 */
export function useLiveFeed(companyId: number) {
  return useQuery({
    queryKey: trackingKeys.feed(companyId),
    queryFn: ({ signal }) =>
      api.call(DNI_ENDPOINTS.realTimeFeed, { query: { companyId } }, { signal, silent: true }),
    enabled: companyId > 0,
    refetchInterval: FEED_REFETCH_MS,
  });
}

export function useTimeline(sessionId: string | null) {
  return useQuery({
    queryKey: trackingKeys.timeline(sessionId ?? ''),
    queryFn: ({ signal }) =>
      api.call(DNI_ENDPOINTS.timeline, { params: { sessionId: sessionId ?? '' } }, { signal, silent: true }),
    enabled: !!sessionId,
  });
}

/** One call, with its attribution and the visitor's path. */
export function useCallDetail(id: number | null) {
  return useQuery({
    queryKey: trackingKeys.call(id ?? 0),
    queryFn: ({ signal }) =>
      api.call(ACTIVITY_ENDPOINTS.call, { params: { id: id ?? 0 } }, { signal, silent: true }),
    enabled: !!id && id > 0,
  });
}

const refreshTracking = (client: QueryClient) => client.invalidateQueries({ queryKey: trackingKeys.all() });

/** What saving a pool sends: a new one has no id. */
export interface PoolSave {
  poolId?: number | undefined;
  body: DniPoolInput;
}

export function useSavePool(companyId: number) {
  const client = useQueryClient();
  const onSuccess = () => {
    void refreshTracking(client);
    // A pool's numbers are the company's numbers: their lists may show what pool each is in.
    void client.invalidateQueries({ queryKey: ['Numbers'] });
  };
  const create = useContractMutation(DNI_ENDPOINTS.createPool, {
    call: ({ body }: PoolSave) => ({ input: { params: { companyId }, body }, name: body.name }),
    silent: true,
    onSuccess,
  });
  const update = useContractMutation(DNI_ENDPOINTS.updatePool, {
    call: ({ poolId, body }: PoolSave) => ({
      input: { params: { poolId: poolId ?? 0 }, body },
      name: body.name,
    }),
    silent: true,
    onSuccess,
  });
  return { create, update, isPending: create.isPending || update.isPending };
}

export function useDeletePool() {
  const client = useQueryClient();
  return useContractMutation(DNI_ENDPOINTS.deletePool, {
    call: ({ poolId, releaseNumbers }: { poolId: number; releaseNumbers: boolean; name: string }) => ({
      input: { params: { poolId }, query: { shouldDeleteNumbers: releaseNumbers ? 1 : 0 } },
    }),
    silent: true,
    onSuccess: () => {
      void refreshTracking(client);
      void client.invalidateQueries({ queryKey: ['Numbers'] });
    },
  });
}

/** The source as the screen last showed it: its `updated_at` goes with a change replayed from offline. */
function shownSource(client: QueryClient, id: number) {
  // Only source lists: a pool may carry the same id.
  return cachedRecord<DniSource>(client, trackingKeys.allSources(), id);
}

export interface SourceSave {
  id?: number | undefined;
  body: DniSourceInput;
}

export function useSaveSource(companyId: number) {
  const client = useQueryClient();
  const onSuccess = () => void refreshTracking(client);
  const create = useContractMutation(DNI_ENDPOINTS.createSource, {
    call: ({ body }: SourceSave) => ({
      input: { body: { ...body, company_id: companyId } },
      name: body.name,
    }),
    silent: true,
    onSuccess,
  });
  // Replayable (the contract marks it): a rule changed offline is sent when the connection is back.
  const update = useContractMutation(DNI_ENDPOINTS.updateSource, {
    call: ({ id, body }: SourceSave) => ({
      input: { params: { id: id ?? 0 }, body },
      lastSeen: shownSource(client, id ?? 0)?.updated_at,
      name: shownSource(client, id ?? 0)?.name ?? body.name,
    }),
    silent: true,
    onSuccess,
  });
  return { create, update, isPending: create.isPending || update.isPending };
}

export function useDeleteSource() {
  const client = useQueryClient();
  return useContractMutation(DNI_ENDPOINTS.deleteSource, {
    call: (source: DniSource) => ({ input: { params: { id: source.id } }, name: source.name }),
    silent: true,
    onSuccess: () => void refreshTracking(client),
  });
}

export function useVerifyScript(companyId: number) {
  return useContractMutation(DNI_ENDPOINTS.verifyScript, {
    call: (url: string) => ({ input: { body: { company_id: companyId, url } } }),
    silent: true,
  });
}

/** While a report is being made its row is asked for again this often (the realtime event usually comes first). */
export const REPORT_REFETCH_MS = 5_000;

const inProgress = (report: DniReport) => report.state === 'queued' || report.state === 'running';

export function useDniReports(companyId: number, enabled = true) {
  return useQuery({
    queryKey: trackingKeys.reports(companyId),
    queryFn: ({ signal }) =>
      api.call(DNI_REPORT_ENDPOINTS.list, { query: { companyId } }, { signal, silent: true }),
    enabled: enabled && companyId > 0,
    refetchInterval: (query) => (query.state.data?.some(inProgress) ? REPORT_REFETCH_MS : false),
  });
}

export function useRequestDniReport(companyId: number) {
  const client = useQueryClient();
  return useContractMutation(DNI_REPORT_ENDPOINTS.requestCalls, {
    call: (range: { startDate: string; endDate: string }) => ({
      input: { body: { company_id: companyId, ...range } },
    }),
    silent: true,
    onSuccess: () => void client.invalidateQueries({ queryKey: trackingKeys.reports(companyId) }),
  });
}
