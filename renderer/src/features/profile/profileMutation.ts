/**
 * The profile edit is a mutation that survives going offline: made with a client-generated Idempotency-Key kept
 * in its variables, paused while the platform is unreachable, persisted with the cache, and replayed in order when
 * the connection is back — the server applies a replayed key once. Its function is registered by key so a replay
 * after a restart finds it.
 */
import type { BodyOf } from '@shared/api/contract';
import type { USER_ENDPOINTS } from '@shared/api/users';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { keys } from '../../api/keys';

export const PROFILE_UPDATE = ['User', 'profile-update'] as const;

export interface ProfileUpdate {
  idempotencyKey: string;
  changes: BodyOf<typeof USER_ENDPOINTS.updateProfile>;
}

export function registerProfileMutation(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(PROFILE_UPDATE, {
    mutationFn: async ({ idempotencyKey, changes }: ProfileUpdate) => {
      // Registered at start-up: the users' table of the contract (with its time-zone list) loads on first use,
      // not with the first screen (the initial script's budget, docs/decisions.md "UI loading").
      const users = await import('@shared/api/users');
      const endpoint = users.USER_ENDPOINTS.updateProfile;
      return api.call(endpoint, { body: changes }, { idempotencyKey, silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.currentUser() }),
  });
}
