/**
 * UI-only session state in small jotai atoms (ARCHITECTURE "Renderer state"), in one store so the API client can
 * read them outside React. Server data (the user, companies) lives in TanStack Query, not here.
 */
import { atom, createStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

export const appStore = createStore();

/** The company the user works in; kept across restarts (an id is not a secret). */
export const selectedCompanyIdAtom = atomWithStorage<number | null>(
  'switchboard.companyId',
  null,
  undefined,
  {
    getOnInit: true,
  },
);

/** §4 Admin login: a platform admin signed in as another user; the client sends the admin header. Per tab. */
export const adminSessionAtom = atomWithStorage<boolean>(
  'switchboard.adminSession',
  false,
  createJSONStorage(() => sessionStorage),
  { getOnInit: true },
);

/**
 * Who is signed in is changing hands (a platform admin signing in as someone, or returning): 'switching' while the
 * session and the cache change (the shell gives way to a loader, so no screen shows one person's data with the
 * other's session), then 'switched' until the app is back at `/`, where the new person lands. Not kept.
 */
export type IdentitySwitch = 'none' | 'switching' | 'switched';
export const identitySwitchAtom = atom<IdentitySwitch>('none');

/**
 * Which session this window is in: a number that changes whenever the person may have changed — a sign-in, a
 * sign-out, a session the server ended, a platform admin signing in as someone or returning. The API client asks
 * it so that an answer to a call of an earlier session cannot end the current one.
 */
let session = 0;
export const currentSession = (): number => session;

/**
 * What a person leaves in this window's memory beyond the query cache (what they were writing), dropped whenever
 * the session changes hands. Each area registers its own; `personChanged` runs them all and starts a new session.
 */
const forgetters = new Set<() => void>();

export function forgetOnPersonChange(forget: () => void): void {
  forgetters.add(forget);
}

export function personChanged(): void {
  session++;
  for (const forget of forgetters) forget();
}
