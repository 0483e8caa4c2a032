/**
 * The profile edit, on the one mutation path (api/useContractMutation.ts): `PUT /user` is marked `replay` in the
 * contract, so an edit made offline is kept with its Idempotency-Key, persisted with the cache, and sent when the
 * connection is back — the server applies a replayed key once.
 */
import type { BodyOf } from '@shared/api/contract';
import { USER_ENDPOINTS } from '@shared/api/users';
import { useQueryClient } from '@tanstack/react-query';
import { keys } from '../../api/keys';
import { replayKey } from '../../api/replay';
import { useContractMutation } from '../../api/useContractMutation';

/** The key of every profile edit, queued or under way (the page counts those still waiting). */
export const PROFILE_UPDATE = replayKey(USER_ENDPOINTS.updateProfile);

export type ProfileChanges = BodyOf<typeof USER_ENDPOINTS.updateProfile>;

export function useProfileUpdate() {
  const queryClient = useQueryClient();
  return useContractMutation(USER_ENDPOINTS.updateProfile, {
    call: (changes: ProfileChanges) => ({ input: { body: changes } }),
    silent: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.currentUser() }),
  });
}
