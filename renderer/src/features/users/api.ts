/** The users area's server calls and their cache keys. */
import { USER_ENDPOINTS } from '@shared/api/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { keys } from '../../api/keys';

export type { Invitation } from '@shared/api/users';

export function useCompanyUsers(
  companyId: number,
  params: { page: number; perPage: number; search: string },
) {
  return useQuery({
    queryKey: keys.users(companyId, params),
    queryFn: () =>
      api.call(USER_ENDPOINTS.list, {
        query: {
          companyId,
          page: params.page,
          perPage: params.perPage,
          search: params.search || undefined,
        },
      }),
    placeholderData: (previous) => previous,
  });
}

export function useInvitations(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations(companyId),
    queryFn: () => api.call(USER_ENDPOINTS.invites, { query: { companyId } }),
    enabled,
  });
}

/** Every change to users refreshes the lists (and the current user, whose companies may change). */
export function useUsersMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['User'] }),
  });
}
