/**
 * Signing in and out (§4 Login outcomes, §5 "a token means success; a kind means a second factor"). A browser
 * first fetches the XSRF cookie and gets an httpOnly session; the desktop hands the token pair to the platform.
 */
import { AUTH_ENDPOINTS, type MfaChallenge, type SignIn } from '@shared/api/auth';
import { classifyLoginResponse } from '@shared/domain/auth';
import { DELAYS_MS } from '@shared/domain/limits';
import type { StoredTokens } from '@shared/ipc';
import { api, queryClient } from '../../api';
import { keys } from '../../api/keys';
import { adminSessionAtom, appStore, personChanged } from '../../api/session';
import { platform } from '../../platform';
import { flash } from '../../ui/flash';
import { fetchCurrentUser } from './useCurrentUser';

/**
 * Gives a token pair to the platform; when this computer cannot keep it past this session (the desktop app found no
 * OS keychain, so main holds it in memory), the user is told why they will have to sign in again.
 */
export async function handOverTokens(tokens: StoredTokens): Promise<void> {
  const warning = await platform().tokens.set(tokens);
  if (warning)
    flash('warn', warning, { title: 'Signed in for this session only', autoCloseMs: DELAYS_MS.errorToast });
}

async function keep(answer: SignIn): Promise<void> {
  // A new session: what is still in flight from before it cannot sign this one out.
  personChanged();
  if ('access_token' in answer) await handOverTokens(answer);
  const user = await fetchCurrentUser();
  queryClient.setQueryData(keys.currentUser(), user);
}

export type SignInResult = { outcome: 'success' } | { outcome: 'mfa-required'; challenge: MfaChallenge };

export async function signIn(email: string, password: string, remember: boolean): Promise<SignInResult> {
  await api.call(AUTH_ENDPOINTS.csrfCookie, {}, { silent: true });
  const data = await api.call(
    AUTH_ENDPOINTS.login,
    { body: { email, password, remember } },
    { silent: true, keepSessionOn401: true },
  );
  const outcome = classifyLoginResponse(data);
  if (outcome === 'mfa-required') return { outcome, challenge: data as MfaChallenge };
  await keep(data as SignIn);
  return { outcome: 'success' };
}

export async function completeSecondFactor(mfaToken: string, code: string): Promise<void> {
  const data = await api.call(
    AUTH_ENDPOINTS.mfa,
    { body: { mfa_token: mfaToken, code } },
    { silent: true, keepSessionOn401: true },
  );
  await keep(data);
}

export async function resendSecondFactor(mfaToken: string): Promise<MfaChallenge> {
  return api.call(AUTH_ENDPOINTS.mfaToken, { body: { mfa_token: mfaToken } }, { silent: true });
}

/** Ends this session (§4 "logout"); the cache of the signed-out user is dropped. */
export async function signOut(): Promise<void> {
  try {
    await api.call(AUTH_ENDPOINTS.logout, {}, { keepSessionOn401: true, silent: true });
  } finally {
    await platform().tokens.clear();
    // A signed-out app shows no unread count (the inbox's listener clears it too, but only if it had mounted).
    await platform().setBadge(0);
    appStore.set(adminSessionAtom, false);
    personChanged();
    // Signed out first, so the screens give way to the sign-in form; then their data goes. Cleared while they
    // were still mounted, each would ask the server again for what a signed-out window may not have.
    queryClient.setQueryData(keys.currentUser(), null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    queryClient.clear();
    queryClient.setQueryData(keys.currentUser(), null);
  }
}
