/** The users area's server calls and their cache keys. */
import type { Paged } from '@shared/api/paged';
import type { CompanyUser } from '@shared/api/users';
import type { Role } from '@shared/domain/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { keys } from '../../api/keys';

export interface Invitation {
  id: number;
  email: string;
  name: string;
  role: Role;
  sent_at: string;
  accepted_at: string | null;
}

export function useCompanyUsers(
  companyId: number,
  params: { page: number; perPage: number; search: string },
) {
  return useQuery({
    queryKey: keys.users(companyId, params),
    queryFn: async () =>
      (
        await api.get<Paged<CompanyUser>>('/users', {
          params: {
            companyId,
            page: params.page,
            perPage: params.perPage,
            search: params.search || undefined,
          },
        })
      ).data,
    placeholderData: (previous) => previous,
  });
}

export function useInvitations(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations(companyId),
    queryFn: async () => (await api.get<Invitation[]>('/users/invites', { params: { companyId } })).data,
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
