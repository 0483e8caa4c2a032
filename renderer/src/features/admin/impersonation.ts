/**
 * §4 Admin login: a platform admin signs in as another user. The session is marked admin (the client sends the
 * admin header), the bearer token goes to the platform, and the cache of the admin's own view is dropped; the
 * server audit-logs every request. Returning ends it and shows the admin's own account again.
 *
 * Either way the person changes in one step (identitySwitchAtom): the shell gives way to a loader, the new person
 * is fetched with the new session, and only then is the cache swapped for them, with no company chosen yet; the
 * app then lands at `/` as them. Swapping the cache first left screens, the header and the company choice reading
 * the previous person's data, or none, with the new session (errors, refused requests, a header without company).
 */
import { AUTH_ENDPOINTS } from '@shared/api/auth';
import { api, queryClient } from '../../api';
import { keys } from '../../api/keys';
import {
  adminSessionAtom,
  appStore,
  identitySwitchAtom,
  personChanged,
  selectedCompanyIdAtom,
} from '../../api/session';
import { platform } from '../../platform';
import { fetchCurrentUser } from '../auth/useCurrentUser';

async function switchPerson(changeSession: () => Promise<void>, adminSession: boolean): Promise<void> {
  appStore.set(identitySwitchAtom, 'switching');
  try {
    await changeSession();
    appStore.set(adminSessionAtom, adminSession);
    const user = await fetchCurrentUser();
    queryClient.clear();
    personChanged();
    queryClient.setQueryData(keys.currentUser(), user);
    appStore.set(selectedCompanyIdAtom, null);
    appStore.set(identitySwitchAtom, 'switched');
  } catch (error) {
    appStore.set(identitySwitchAtom, 'none');
    throw error;
  }
}

export async function signInAs(userId: number): Promise<void> {
  await switchPerson(async () => {
    const data = await api.call(AUTH_ENDPOINTS.impersonate, { body: { user_id: userId } });
    await platform().tokens.actAs(data);
  }, true);
}

export async function returnToOwnAccount(): Promise<void> {
  await switchPerson(async () => {
    await api
      .call(AUTH_ENDPOINTS.logout, {}, { silent: true, keepSessionOn401: true })
      .catch(() => undefined);
    await platform().tokens.endActing();
  }, false);
}
