/**
 * The report's CSV export (§7 `POST /analytics/calls/export`), followed outside React like the activity export
 * (activity/exportTracker.ts) so it goes on when the person leaves the screen: start the batch, follow it — the
 * company channel's `export.progress` events while a screen listens, and polling (`api/batchFollower.ts`) — and
 * once it is finished fetch the CSV and save it (§4 background batches, put away 5 s after finishing). One report
 * export runs at a time. Its batch is an activity export batch, so the batch rules are the same (isBatchNews,
 * batchPercent).
 */
import type { ExportBatch } from '@shared/api/activity';
import { batchPercent, isBatchNews } from '@shared/domain/batches';
import { DELAYS_MS } from '@shared/domain/limits';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { channels, EVENTS } from '@shared/realtime';
import dayjs from 'dayjs';
import { useEffect, useSyncExternalStore } from 'react';
import { createBatchFollower } from '../../api/batchFollower';
import { useRealtimeEvent, useRealtimeState } from '../../api/realtime';
import { saveTextFile } from '../../ui/download';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import {
  downloadReportExport,
  fetchReportExport,
  type ReportExportBody,
  startReportExport,
} from './analyticsApi';

export type ReportExportPhase = 'starting' | 'running' | 'downloading' | 'finished' | 'failed';

export interface ReportExport {
  companyId: number;
  phase: ReportExportPhase;
  batch: ExportBatch | null;
  error: string | null;
  fileName: string | null;
}

export const REPORT_EXPORT_FAILED = 'The export failed. Please try again.';

export function isExporting(state: ReportExport | null): boolean {
  return state?.phase === 'starting' || state?.phase === 'running' || state?.phase === 'downloading';
}

export function exportPercent(state: ReportExport): number {
  if (state.phase === 'downloading' || state.phase === 'finished') return 100;
  return state.batch ? batchPercent(state.batch) : 0;
}

let current: ReportExport | null = null;
let cleanupTimer: number | null = null;
const listeners = new Set<() => void>();

function set(next: ReportExport | null) {
  current = next;
  for (const listener of listeners) listener();
}

const follower = createBatchFollower<ExportBatch>(
  {
    fetchBatch: fetchReportExport,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
  {
    following: () =>
      current?.phase === 'running' && current.batch
        ? { companyId: current.companyId, batchId: current.batch.id }
        : null,
    receive: (batch) => receive(batch),
  },
);

function fail(error: string) {
  if (!current) return;
  follower.stop();
  set({ ...current, phase: 'failed', error });
  flash('danger', error, { title: 'The report export failed' });
}

async function download(batch: ExportBatch) {
  if (!current) return;
  follower.stop();
  const fileName = `call-report-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`;
  set({ ...current, batch, phase: 'downloading' });
  try {
    const csv = await downloadReportExport(current.companyId, batch.id);
    if (current?.batch?.id !== batch.id) return;
    saveTextFile(csv, fileName);
    const finished: ReportExport = { ...current, phase: 'finished', fileName };
    set(finished);
    flash('success', SUCCESS_MESSAGES.reportGenerated, { title: 'Report downloaded' });
    cleanupTimer = window.setTimeout(() => {
      cleanupTimer = null;
      if (current === finished) set(null);
    }, DELAYS_MS.batchCleanup);
  } catch (error) {
    if (current?.batch?.id === batch.id) fail(failureSummary(error));
  }
}

/** A batch seen on realtime or by polling: only news about the running export counts. */
function receive(batch: ExportBatch) {
  if (current?.phase !== 'running' || !current.batch || !isBatchNews(current.batch, batch)) return;
  if (batch.state === 'finished') void download(batch);
  else if (batch.state === 'failed') fail(batch.message ?? REPORT_EXPORT_FAILED);
  else set({ ...current, batch });
}

/** Starts exporting a report; refused (false) while another report export runs. */
export async function startExport(body: ReportExportBody): Promise<boolean> {
  if (isExporting(current)) return false;
  if (cleanupTimer !== null) window.clearTimeout(cleanupTimer);
  cleanupTimer = null;
  set({ companyId: Number(body.companyId), phase: 'starting', batch: null, error: null, fileName: null });
  try {
    const batch = await startReportExport(body);
    if (current?.phase !== 'starting') return true;
    set({ ...current, phase: 'running', batch });
    if (batch.state === 'finished') void download(batch);
    else if (batch.state === 'failed') fail(batch.message ?? REPORT_EXPORT_FAILED);
    // Ask once now: events sent before the batch's id was known are not replayed.
    else follower.poll(0);
  } catch (error) {
    fail(failureSummary(error));
  }
  return true;
}

export function useReportExport(): ReportExport | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** Feeds the company channel's export events to the export while mounted; polling covers the rest. */
export function useReportExportRealtime(companyId: number): void {
  const connected = useRealtimeState() === 'connected' && companyId > 0;
  useRealtimeEvent(companyId ? channels.companies(companyId) : null, EVENTS.exportProgress, receive);
  useEffect(() => follower.listen(connected), [connected]);
}
