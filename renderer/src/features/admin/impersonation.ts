/**
 * §4 Admin login: a platform admin signs in as another user. The session is marked admin (the client sends the
 * admin header), the bearer token goes to the platform, and the cache of the admin's own view is dropped; the
 * server audit-logs every request. Returning ends it and shows the admin's own account again.
 */
import { AUTH_ENDPOINTS } from '@shared/api/auth';
import { api, queryClient } from '../../api';
import { keys } from '../../api/keys';
import { adminSessionAtom, appStore, selectedCompanyIdAtom } from '../../api/session';
import { platform } from '../../platform';
import { fetchCurrentUser } from '../auth/useCurrentUser';

export async function signInAs(userId: number): Promise<void> {
  const data = await api.call(AUTH_ENDPOINTS.impersonate, { body: { user_id: userId } });
  queryClient.clear();
  await platform().tokens.actAs(data);
  appStore.set(adminSessionAtom, true);
  appStore.set(selectedCompanyIdAtom, null);
  queryClient.setQueryData(keys.currentUser(), await fetchCurrentUser());
}

export async function returnToOwnAccount(): Promise<void> {
  await api.call(AUTH_ENDPOINTS.logout, {}, { silent: true, keepSessionOn401: true }).catch(() => undefined);
  await platform().tokens.endActing();
  appStore.set(adminSessionAtom, false);
  appStore.set(selectedCompanyIdAtom, null);
  queryClient.clear();
  queryClient.setQueryData(keys.currentUser(), await fetchCurrentUser());
}
