/**
 * Whether the platform is reachable. A call that gets no answer marks the app offline (TanStack's onlineManager,
 * so queries stop and paused mutations wait); a probe then asks the server until it answers, and the app is online
 * again: paused mutations resume in order and realtime-fed queries refetch. The probe asks every second for the
 * first minutes of an outage, so a server that answers again is noticed within about a second; only a long outage
 * backs the probe off (doubling, capped), so a machine left offline does not keep asking.
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

/** While offline, the probe asks this often… */
export const PROBE_EVERY_MS = 1000;
/** …for this long; then it backs off, doubling… */
export const FAST_PROBING_MS = 2 * 60_000;
/** …up to this. */
export const PROBE_MAX_MS = 30_000;

/** The wait before the next probe, `offlineForMs` into an outage, after `slowProbes` probes made in its slow part. */
export function nextProbeDelay(offlineForMs: number, slowProbes: number): number {
  if (offlineForMs < FAST_PROBING_MS) return PROBE_EVERY_MS;
  return Math.min(PROBE_MAX_MS, PROBE_EVERY_MS * 2 ** (slowProbes + 1));
}

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

function scheduleProbe(delay: number, slowProbes = 0) {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(async () => {
    probeTimer = undefined;
    if (state.online) return;
    if (probe && (await probe().catch(() => false))) set({ online: true, since: null });
    else if (!state.online && probeTimer === undefined) {
      const offlineFor = Date.now() - (state.since ?? Date.now());
      const slow = offlineFor >= FAST_PROBING_MS;
      scheduleProbe(nextProbeDelay(offlineFor, slowProbes), slow ? slowProbes + 1 : 0);
    }
  }, delay);
}

export function reportUnreachable(): void {
  if (!state.online) {
    // Already offline: the probe is on its way (another failed call must not postpone it).
    if (probeTimer === undefined) scheduleProbe(PROBE_EVERY_MS);
    return;
  }
  set({ online: false, since: Date.now() });
  scheduleProbe(PROBE_EVERY_MS);
}

export function reportReachable(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
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
  if (!state.online) scheduleProbe(0);
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
