/**
 * Whether the platform is reachable. A call that gets no answer marks the app offline (TanStack's onlineManager,
 * so queries stop and paused mutations wait); a probe then asks the server with capped backoff until it answers,
 * and the app is online again: paused mutations resume in order and realtime-fed queries refetch.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export interface ConnectionState {
  online: boolean;
  /** When the app went offline (ms), for "offline since …". */
  since: number | null;
}

let state: ConnectionState = { online: true, since: null };
const listeners = new Set<() => void>();
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probe: (() => Promise<boolean>) | undefined;

function set(next: ConnectionState) {
  if (next.online === state.online) return;
  state = next;
  onlineManager.setOnline(next.online);
  for (const listener of listeners) listener();
}

/** The request the probe makes: any answer from the server means it is reachable. */
export function configureProbe(request: () => Promise<boolean>): void {
  probe = request;
}

function scheduleProbe(attempt: number) {
  clearTimeout(probeTimer);
  const delay = Math.min(30_000, 1000 * 2 ** attempt);
  probeTimer = setTimeout(async () => {
    if (state.online) return;
    if (probe && (await probe().catch(() => false))) set({ online: true, since: null });
    else scheduleProbe(attempt + 1);
  }, delay);
}

export function reportUnreachable(): void {
  if (state.online) set({ online: false, since: Date.now() });
  scheduleProbe(0);
}

export function reportReachable(): void {
  clearTimeout(probeTimer);
  set({ online: true, since: null });
}

/** Something suggests the server went away (the realtime socket dropped): ask it once, now. */
export async function probeNow(): Promise<void> {
  const reachable = probe ? await probe().catch(() => false) : true;
  if (reachable) reportReachable();
  else reportUnreachable();
}

/** Check now (the machine woke, the browser says it is online again). */
export function checkNow(): void {
  if (!state.online) scheduleProbe(-10);
}

export function connectionState(): ConnectionState {
  return state;
}

export function useConnection(): ConnectionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
