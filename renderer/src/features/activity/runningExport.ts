/** The app's one activity-export tracker, wired to the API, the file download, flash messages and realtime. */
import type { ExportKind } from '@shared/api/activity';
import { channels, EVENTS } from '@shared/realtime';
import dayjs from 'dayjs';
import { useEffect, useSyncExternalStore } from 'react';
import { useRealtimeEvent, useRealtimeState } from '../../api/realtime';
import { saveTextFile } from '../../ui/download';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { downloadExport, fetchExport, startExport } from './activityApi';
import { EXPORT_KIND_LABELS } from './exportColumns';
import { createExportTracker, type TrackedExport } from './exportTracker';

export const exportTracker = createExportTracker({
  start: startExport,
  fetchBatch: fetchExport,
  download: downloadExport,
  save: (csv, fileName) => saveTextFile(csv, fileName),
  fileName: (kind: ExportKind) => `${kind}-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`,
  ended: (tracked) => {
    const what = EXPORT_KIND_LABELS[tracked.kind].toLowerCase();
    if (tracked.phase === 'finished') {
      const rows = tracked.batch?.total_rows ?? 0;
      flash('success', `Exported ${rows.toLocaleString()} ${rows === 1 ? 'row' : 'rows'} of ${what}.`, {
        title: 'Export downloaded',
      });
    } else {
      flash('danger', tracked.error ?? 'The export failed.', { title: `The ${what} export failed` });
    }
  },
  // A refused export's messages in one line (a column list, the date window).
  errorText: failureSummary,
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});

export function useTrackedExport(): TrackedExport | null {
  return useSyncExternalStore(exportTracker.subscribe, exportTracker.get);
}

/** Feeds the company channel's export events to the tracker while mounted; polling covers the rest. */
export function useExportRealtime(companyId: number): void {
  const connected = useRealtimeState() === 'connected' && companyId > 0;
  useRealtimeEvent(
    companyId ? channels.companies(companyId) : null,
    EVENTS.exportProgress,
    exportTracker.receive,
  );
  useEffect(() => exportTracker.listen(connected), [connected]);
}
