/**
 * The preload: exposes exactly one object, `window.desktop`, built from the IPC contract (shared/ipc.ts) and
 * nothing else — never ipcRenderer itself. Calls to channels outside the contract are refused here too, and every
 * subscription returns its unsubscribe function. Built as one bundled CommonJS file (a sandboxed preload cannot
 * load ES modules or other files).
 */
import {
  type DesktopApi,
  EVENT_CHANNELS,
  type EventChannel,
  INVOKE_CHANNELS,
  type InvokeChannel,
} from '@shared/ipc';
import { contextBridge, ipcRenderer } from 'electron';

export const desktop: DesktopApi = {
  invoke(channel: InvokeChannel, ...request: unknown[]) {
    if (!INVOKE_CHANNELS.includes(channel))
      return Promise.reject(new Error(`Unknown channel ${String(channel)}`));
    return ipcRenderer.invoke(channel, ...request);
  },
  on(channel: EventChannel, listener: (payload: never) => void) {
    if (!EVENT_CHANNELS.includes(channel)) throw new Error(`Unknown event ${String(channel)}`);
    const forward = (_event: unknown, payload: unknown) => listener(payload as never);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
} as DesktopApi;

contextBridge.exposeInMainWorld('desktop', desktop);
