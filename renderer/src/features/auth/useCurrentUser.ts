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

export function useCurrentUser() {
  return useQuery({ queryKey: keys.currentUser(), queryFn: fetchCurrentUser });
}
