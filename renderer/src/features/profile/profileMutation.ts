/**
 * The profile edit is a mutation that survives going offline: made with a client-generated Idempotency-Key kept
 * in its variables, paused while the platform is unreachable, persisted with the cache, and replayed in order when
 * the connection is back — the server applies a replayed key once. Its function is registered by key so a replay
 * after a restart finds it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { keys } from '../../api/keys';

export const PROFILE_UPDATE = ['User', 'profile-update'] as const;

export interface ProfileUpdate {
  idempotencyKey: string;
  changes: { name?: string; email?: string; timezone?: string };
}

export function registerProfileMutation(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(PROFILE_UPDATE, {
    mutationFn: async ({ idempotencyKey, changes }: ProfileUpdate) =>
      (await api.put<{ message: string }>('/user', changes, { idempotencyKey, silent: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.currentUser() }),
  });
}
