/** The app's one import tracker, wired to the API, the query cache, notifications and realtime. */
import { notifications } from '@mantine/notifications';
import { channels, EVENTS } from '@shared/realtime';
import { useEffect, useSyncExternalStore } from 'react';
import { queryClient } from '../../../api';
import { useRealtimeEvent, useRealtimeState } from '../../../api/realtime';
import { failureText, fetchBatch, startImport } from './importApi';
import { createImportTracker, type TrackedImport } from './importTracker';

/**
 * What an import changes. Keys start with their data tag (api/keys.ts); the lower-case prefixes are there too
 * so lists keyed otherwise are refreshed as well.
 */
const CHANGED = ['Contact', 'ContactGroup', 'ContactLabel', 'contacts', 'groups', 'labels'];

export const importTracker = createImportTracker({
  upload: (companyId, file, mapping, groups, onUpload) =>
    startImport(companyId, file, mapping, groups, onUpload),
  fetchBatch,
  refresh: () => {
    for (const tag of CHANGED) void queryClient.invalidateQueries({ queryKey: [tag] });
  },
  notify: {
    show(id, title, message, running, autoCloseMs) {
      const data = {
        id,
        title,
        message,
        loading: running,
        color: running ? 'blue' : title.includes('failed') ? 'red' : 'green',
        autoClose: autoCloseMs,
        withCloseButton: true,
      };
      // show() adds it when it is not shown (or was closed) and leaves one that is; update() then changes it.
      notifications.show(data);
      notifications.update(data);
    },
    hide: (id) => notifications.hide(id),
  },
  errorText: failureText,
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});

export function useTrackedImport(): TrackedImport | null {
  return useSyncExternalStore(importTracker.subscribe, importTracker.get);
}

/** Feeds the company channel's import events to the tracker while mounted; polling covers the rest. */
export function useImportRealtime(companyId: number | null): void {
  const connected = useRealtimeState() === 'connected' && companyId !== null;
  const channel = companyId ? channels.companies(companyId) : null;
  useRealtimeEvent(channel, EVENTS.contactImportProgress, importTracker.receive);
  useRealtimeEvent(channel, EVENTS.contactImportCompleted, importTracker.receive);
  useEffect(() => importTracker.listen(connected), [connected]);
}
