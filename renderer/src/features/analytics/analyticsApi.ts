/**
 * The analytics screens' server calls (§7): one `POST /dashboard` per widget and the KPI call, kept for the §9
 * dashboard retention (15 s) so moving between the screens does not ask again at once; a report
 * (`GET /analytics/calls`); the favorite reports, whose renames and deletes are optimistic (§4 "Favorite report
 * edits and deletes are optimistic": the list changes at once and is put back, with an error message, when the
 * server refuses); and the report's CSV export, whose progress and file are the activity exports'.
 */

import { EXPORT_ENDPOINTS, type ExportBatch } from '@shared/api/activity';
import {
  ANALYTICS_ENDPOINTS,
  type AnalyticsQuery,
  type DashboardBody,
  type KpiBody,
} from '@shared/api/analytics';
import { FAVORITE_REPORT_ENDPOINTS, type FavoriteReport } from '@shared/api/favoriteReports';
import { RETENTION_MS } from '@shared/domain/limits';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';
import { CSV_ANSWER } from '../../ui/download';
import { flash } from '../../ui/flash';
import { flashWithUndo } from '../../ui/flashUndo';
import { failureSummary } from '../../ui/formErrors';

/** Query keys by data tag (api/keys.ts): the dashboard's under "Dashboard" (its retention), favorites their own. */
export const analyticsKeys = {
  widget: (body: DashboardBody) => ['Dashboard', 'widget', body] as const,
  kpi: (companyId: number, body: KpiBody) => ['Dashboard', 'kpi', companyId, body] as const,
  report: (query: AnalyticsQuery) => ['Dashboard', 'report', query] as const,
  favorites: (companyId: number) => ['FavoriteReport', companyId] as const,
};

/** §9 "Dashboard retention 15 s": what a widget answered is fresh for that long, and kept no longer. */
const DASHBOARD_FRESH = { staleTime: RETENTION_MS.dashboard, gcTime: RETENTION_MS.dashboard } as const;

/** One widget's data; each widget asks on its own, so one slow or failing widget holds up none of the others. */
export function useDashboardWidget(body: DashboardBody, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.widget(body),
    // The widget shows its own error with "Try again": no toast as well.
    queryFn: ({ signal }) => api.call(ANALYTICS_ENDPOINTS.dashboard, { body }, { signal, silent: true }),
    enabled,
    ...DASHBOARD_FRESH,
  });
}

export function useKpis(companyId: number, body: KpiBody, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.kpi(companyId, body),
    queryFn: ({ signal }) =>
      api.call(ANALYTICS_ENDPOINTS.kpi, { params: { companyId }, body }, { signal, silent: true }),
    enabled: enabled && companyId > 0,
    // The cards keep the figures they show while a new comparison loads, marked as updating.
    placeholderData: keepPreviousData,
    ...DASHBOARD_FRESH,
  });
}

export function useReport(query: AnalyticsQuery, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.report(query),
    queryFn: ({ signal }) => api.call(ANALYTICS_ENDPOINTS.calls, { query }, { signal, silent: true }),
    enabled: enabled && Number(query.company_id) > 0,
    placeholderData: keepPreviousData,
    ...DASHBOARD_FRESH,
  });
}

/** The groups of a grouping over the report's days (the numbers, sources and agents the filters offer). */
export function useChoices(query: AnalyticsQuery, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.report(query),
    queryFn: ({ signal }) => api.call(ANALYTICS_ENDPOINTS.calls, { query }, { signal, silent: true }),
    enabled: enabled && Number(query.company_id) > 0,
    select: (report) => report.rows.filter((row) => row.key !== null),
    ...DASHBOARD_FRESH,
  });
}

/* ------------------------------------------------ favorites ----------------------------------------------- */

const NO_FAVORITES: FavoriteReport[] = [];

export function useFavoriteReports(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.favorites(companyId),
    queryFn: ({ signal }) =>
      api.call(
        FAVORITE_REPORT_ENDPOINTS.list,
        { query: { company_id: companyId } },
        { signal, silent: true },
      ),
    enabled: enabled && companyId > 0,
  });
}

export function useSaveFavorite(companyId: number) {
  const client = useQueryClient();
  return useContractMutation(FAVORITE_REPORT_ENDPOINTS.create, {
    call: (body: { name: string; value: string }) => ({
      input: { body: { company_id: companyId, ...body } },
    }),
    // The dialog shows a refused name under its field.
    silent: true,
    onSuccess: (favorite) => {
      client.setQueryData<FavoriteReport[]>(analyticsKeys.favorites(companyId), (list = NO_FAVORITES) =>
        [...list.filter((other) => other.id !== favorite.id), favorite].sort((a, b) =>
          a.name.localeCompare(b.name),
        ),
      );
      flash('success', SUCCESS_MESSAGES.favoriteAdded);
    },
    onSettled: () => client.invalidateQueries({ queryKey: analyticsKeys.favorites(companyId) }),
  });
}

type Snapshot = { previous: FavoriteReport[] | undefined };

/** Changes the cached list at once, keeping what it was for a rollback. */
async function changeList(
  client: ReturnType<typeof useQueryClient>,
  companyId: number,
  change: (list: FavoriteReport[]) => FavoriteReport[],
): Promise<Snapshot> {
  const key = analyticsKeys.favorites(companyId);
  await client.cancelQueries({ queryKey: key });
  const previous = client.getQueryData<FavoriteReport[]>(key);
  client.setQueryData<FavoriteReport[]>(key, change(previous ?? NO_FAVORITES));
  return { previous };
}

function rollBack(
  client: ReturnType<typeof useQueryClient>,
  companyId: number,
  snapshot: Snapshot | undefined,
) {
  if (snapshot) client.setQueryData(analyticsKeys.favorites(companyId), snapshot.previous);
}

/** Renames a favorite: the list shows the new name at once; a refusal puts the old one back and says why. */
export function useRenameFavorite(companyId: number) {
  const client = useQueryClient();
  return useContractMutation<
    typeof FAVORITE_REPORT_ENDPOINTS.update,
    { id: number; name: string; was: string },
    Snapshot
  >(FAVORITE_REPORT_ENDPOINTS.update, {
    call: ({ id, name }) => ({ input: { params: { id }, body: { name } } }),
    silent: true,
    onMutate: ({ id, name }) =>
      changeList(client, companyId, (list) =>
        list.map((favorite) => (favorite.id === id ? { ...favorite, name } : favorite)),
      ),
    onError: (error, { was }, snapshot) => {
      rollBack(client, companyId, snapshot);
      flash('danger', `“${was}” was not renamed: ${failureSummary(error)}`, { title: 'Not saved' });
    },
    onSuccess: () => flash('success', SUCCESS_MESSAGES.favoriteUpdated),
    onSettled: () => client.invalidateQueries({ queryKey: analyticsKeys.favorites(companyId) }),
  });
}

/**
 * Deletes a favorite: gone from the list at once; back, with an error message, when the server refuses. The
 * message offers Undo for a few seconds, which saves it again under its name (a new id: links to the old one go
 * to the report all the same, as a favorite is its address).
 */
export function useDeleteFavorite(companyId: number) {
  const client = useQueryClient();
  return useContractMutation<
    typeof FAVORITE_REPORT_ENDPOINTS.remove,
    Pick<FavoriteReport, 'id' | 'name' | 'value'>,
    Snapshot
  >(FAVORITE_REPORT_ENDPOINTS.remove, {
    call: ({ id }) => ({ input: { params: { id } } }),
    silent: true,
    onMutate: ({ id }) =>
      changeList(client, companyId, (list) => list.filter((favorite) => favorite.id !== id)),
    onError: (error, { name }, snapshot) => {
      rollBack(client, companyId, snapshot);
      flash('danger', `“${name}” was not deleted: ${failureSummary(error)}`, { title: 'Not deleted' });
    },
    onSuccess: (_answer, gone) =>
      flashWithUndo(SUCCESS_MESSAGES.favoriteRemoved, {
        id: `favorite-deleted-${gone.id}`,
        undoLabel: `Undo deleting ${gone.name}`,
        onUndo: () => void restoreFavorite(client, companyId, gone),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: analyticsKeys.favorites(companyId) }),
  });
}

/** Undo of a delete: the favorite saved again, in the list at once when the server takes it. */
async function restoreFavorite(
  client: ReturnType<typeof useQueryClient>,
  companyId: number,
  gone: Pick<FavoriteReport, 'name' | 'value'>,
): Promise<void> {
  try {
    const favorite = await api.call(
      FAVORITE_REPORT_ENDPOINTS.create,
      { body: { company_id: companyId, name: gone.name, value: gone.value } },
      { silent: true },
    );
    client.setQueryData<FavoriteReport[]>(analyticsKeys.favorites(companyId), (list = NO_FAVORITES) =>
      [...list.filter((other) => other.id !== favorite.id), favorite].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    );
    flash('success', `“${favorite.name}” is back.`);
  } catch (error) {
    flash('danger', `“${gone.name}” could not be saved again: ${failureSummary(error)}`, {
      title: 'Not undone',
    });
  } finally {
    await client.invalidateQueries({ queryKey: analyticsKeys.favorites(companyId) });
  }
}

/* ------------------------------------------------- export ------------------------------------------------- */

export type ReportExportBody = z.input<(typeof ANALYTICS_ENDPOINTS)['exportCalls']['body']>;

export function startReportExport(body: ReportExportBody): Promise<ExportBatch> {
  return api.call(ANALYTICS_ENDPOINTS.exportCalls, { body }, { silent: true });
}

/** The export batch's progress: the activity exports' own call (the contract says so). */
export function fetchReportExport(companyId: number, batchId: number): Promise<ExportBatch> {
  return api.call(EXPORT_ENDPOINTS.progress, { params: { companyId, batchId } }, { silent: true });
}

export function downloadReportExport(companyId: number, batchId: number): Promise<string> {
  return api.call(
    EXPORT_ENDPOINTS.download,
    { params: { companyId, batchId } },
    { ...CSV_ANSWER, silent: true },
  );
}
