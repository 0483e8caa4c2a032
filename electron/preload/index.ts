/**
 * The preload: exposes exactly one object, `window.desktop`, built from the IPC contract (shared/ipc.ts) and
 * nothing else — never ipcRenderer itself. Calls to channels outside the contract are refused here too, and every
 * subscription returns its unsubscribe function. Built as one bundled CommonJS file (a sandboxed preload cannot
 * load ES modules or other files). The object `satisfies` the contract's `DesktopApi`, each method typed by its
 * channel, so a bridge that drifts from shared/ipc.ts fails tsc.
 */
import {
  type DesktopApi,
  type DesktopEventChannels,
  EVENT_CHANNELS,
  type EventChannel,
  INVOKE_CHANNELS,
  type InvokeChannel,
  type InvokeRequest,
  type InvokeResponse,
} from '@shared/ipc';
import { contextBridge, ipcRenderer } from 'electron';

export const desktop = {
  invoke<C extends InvokeChannel>(channel: C, ...request: InvokeRequest<C>): Promise<InvokeResponse<C>> {
    if (!INVOKE_CHANNELS.includes(channel))
      return Promise.reject(new Error(`Unknown channel ${String(channel)}`));
    return ipcRenderer.invoke(channel, ...request);
  },
  on<C extends EventChannel>(channel: C, listener: (payload: DesktopEventChannels[C]) => void): () => void {
    if (!EVENT_CHANNELS.includes(channel)) throw new Error(`Unknown event ${String(channel)}`);
    // Main sends each event with its channel's payload (shared/ipc.ts DesktopEventChannels).
    const forward = (_event: unknown, payload: DesktopEventChannels[C]) => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
} satisfies DesktopApi;

contextBridge.exposeInMainWorld('desktop', desktop);
