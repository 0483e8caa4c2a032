/**
 * The app's single API client and query client, wired to the platform, the session atoms, the connection state
 * and the flash messages. Screens import `api` and `queryClient` from here; nothing else creates either. Outside
 * this folder `api` is only `api.call` (a call of the contract): the path-based methods stay in here.
 */
import { DELAYS_MS } from '@shared/domain/limits';
import { unknownErrorMessage } from '@shared/domain/messages';
import { platform } from '../platform';
import { flash } from '../ui/flash';
import { type ContractCaller, createApiClient } from './client';
import { configureProbe, reportReachable, reportUnreachable } from './connection';
import { createQueryClient } from './queryClient';
import { conflictMessage } from './replay';
import { adminSessionAtom, appStore, currentSession, personChanged, selectedCompanyIdAtom } from './session';

export type { ApiResult, CallOptions, ContractCaller, RequestOptions } from './client';
export { ApiError } from './client';
export { isReplayConflict } from './replay';

/** A change made offline that the server refused when it was sent: the person is told, and stays told a while. */
export const queryClient = createQueryClient((error, refusal) =>
  refusal?.conflict
    ? flash('danger', conflictMessage(refusal, error.message), {
        title: 'Changed by someone else: not saved',
        autoCloseMs: DELAYS_MS.billingFailureToast,
      })
    : flash('danger', error.message, {
        title: 'A change you made while offline was not saved',
        autoCloseMs: DELAYS_MS.billingFailureToast,
      }),
);

/** The support email of the tenant, once tenant config has loaded (§8 fallback text). */
let supportEmail = 'support@switchboard.test';
export function setSupportEmail(email: string): void {
  supportEmail = email;
}

/** Where to go after a sign-out the server forced (the router registers itself). */
let goToSignIn: () => void = () => window.location.assign('/sign-in');
export function onAfterLogout(navigate: () => void): void {
  goToSignIn = navigate;
}

const client = createApiClient({
  baseURL: '/api',
  accessToken: () => platform().tokens.accessToken(),
  refreshAccessToken: () => platform().tokens.refresh(),
  isAdminSession: () => appStore.get(adminSessionAtom),
  selectedCompanyId: () => appStore.get(selectedCompanyIdAtom),
  supportEmail: () => supportEmail,
  onUnauthenticated: () => {
    void platform().tokens.clear();
    appStore.set(adminSessionAtom, false);
    queryClient.clear();
    personChanged();
  },
  afterLogout: () => goToSignIn(),
  session: currentSession,
  notify: (kind, title, lines, autoCloseMs) =>
    flash(kind, lines.join('\n') || unknownErrorMessage(supportEmail), { title, autoCloseMs }),
  onUnreachable: reportUnreachable,
  onReachable: reportReachable,
});

/** The one API of the screens: `api.call(ENDPOINTS.x, { params, query, body }, options)`. */
export const api: ContractCaller = client;

let apiBase = '/api';

/** The desktop app talks to API_URL (or its embedded server) cross-origin; the web build uses /api here. */
export function configureApiBase(url: string): void {
  apiBase = url.replace(/\/$/, '');
  client.axios.defaults.baseURL = apiBase;
  // Another origin is reached with a bearer token, never cookies: asking for credentials there would make the
  // browser refuse every answer (the server allows credentials for no other origin, by design).
  client.axios.defaults.withCredentials = !/^https?:\/\//.test(apiBase);
}

/** Where the API is (`/api`, or the desktop's API_URL): signed media links are resolved against it. */
export function apiBaseUrl(): string {
  return apiBase;
}

configureProbe(async () => {
  const response = await fetch(`${apiBase}/tenant-config`);
  return response.status < 500;
});
