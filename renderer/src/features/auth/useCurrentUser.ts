/** The signed-in user (§3 User), kept indefinitely (§9 "current user indefinite"); null when signed out. */
import { AUTH_ENDPOINTS, type User } from '@shared/api/auth';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../api';
import { keys } from '../../api/keys';

export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await api.call(AUTH_ENDPOINTS.user, {}, { keepSessionOn401: true, silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * A user in the cache is kept (the query's defaults); "signed out" in the cache is asked again whenever a screen
 * needs the user: the cache is written to storage at most once a second, so a page opened just after signing in (a
 * reload, a link opened in another tab) may find the signed-out answer of before, though the session is valid.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: keys.currentUser(),
    queryFn: fetchCurrentUser,
    staleTime: (query) => (query.state.data ? Number.POSITIVE_INFINITY : 0),
  });
}
