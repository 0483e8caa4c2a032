/**
 * The app's single API client and query client, wired to the platform, the session atoms, the connection state
 * and the flash messages. Screens import `api` and `queryClient` from here; nothing else creates either.
 */
import { DELAYS_MS } from '@shared/domain/limits';
import { unknownErrorMessage } from '@shared/domain/messages';
import { platform } from '../platform';
import { flash } from '../ui/flash';
import { createApiClient } from './client';
import { configureProbe, reportReachable, reportUnreachable } from './connection';
import { createQueryClient } from './queryClient';
import { adminSessionAtom, appStore, selectedCompanyIdAtom } from './session';

export type { ApiResult, RequestOptions } from './client';
export { ApiError } from './client';

export const queryClient = createQueryClient((error) =>
  flash('danger', error.message, {
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

export const api = createApiClient({
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
  },
  afterLogout: () => goToSignIn(),
  notify: (kind, title, lines, autoCloseMs) =>
    flash(kind, lines.join('\n') || unknownErrorMessage(supportEmail), { title, autoCloseMs }),
  onUnreachable: reportUnreachable,
  onReachable: reportReachable,
});

let apiBase = '/api';

/** The desktop app talks to API_URL (or its embedded server) cross-origin; the web build uses /api here. */
export function configureApiBase(url: string): void {
  apiBase = url.replace(/\/$/, '');
  api.axios.defaults.baseURL = apiBase;
  // Another origin is reached with a bearer token, never cookies: asking for credentials there would make the
  // browser refuse every answer (the server allows credentials for no other origin, by design).
  api.axios.defaults.withCredentials = !/^https?:\/\//.test(apiBase);
}

configureProbe(async () => {
  const response = await fetch(`${apiBase}/tenant-config`);
  return response.status < 500;
});
