/** Groups and labels (§7 Groups and labels): their server calls and cache keys (by data tag, api/keys.ts). */
import type { ContactFilters } from '@shared/api/contacts';
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';

export const groupKeys = {
  list: (companyId: number, search = '') => ['ContactGroup', 'list', companyId, { search }] as const,
  labels: (companyId: number) => ['ContactLabel', 'list', companyId] as const,
};

export function useGroups(companyId: number, search = '', enabled = true) {
  return useQuery({
    queryKey: groupKeys.list(companyId, search),
    queryFn: async () =>
      (
        await api.get<ContactGroup[]>('/groups', {
          params: { companyId, search: search || undefined },
          silent: true,
        })
      ).data,
    enabled: enabled && companyId > 0,
    placeholderData: (previous) => previous,
  });
}

export function useLabels(companyId: number, enabled = true) {
  return useQuery({
    queryKey: groupKeys.labels(companyId),
    queryFn: async () =>
      (await api.get<CompanyLabel[]>(`/companies/${companyId}/contactLabels`, { silent: true })).data,
    enabled: enabled && companyId > 0,
  });
}

export interface GroupInput {
  name: string;
  filters?: ContactFilters | null;
}

/** Group changes refresh the groups, and the contacts (whose groups they show). */
function useRefreshing<V, R>(run: (variables: V) => Promise<R>, tags: string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      for (const tag of tags) void queryClient.invalidateQueries({ queryKey: [tag] });
    },
  });
}

export function useGroupMutations(companyId: number) {
  const tags = ['ContactGroup', 'Contact', 'groups', 'contacts'];
  return {
    create: useRefreshing(
      async (input: GroupInput) =>
        (await api.post<ContactGroup>('/groups', input, { params: { companyId }, silent: true })).data,
      tags,
    ),
    update: useRefreshing(
      async ({ id, ...input }: Partial<GroupInput> & { id: number }) =>
        (await api.patch<ContactGroup>(`/groups/${id}`, input, { silent: true })).data,
      tags,
    ),
    remove: useRefreshing(
      async (group: ContactGroup) => api.delete(`/groups/${group.id}`, { silent: true }),
      tags,
    ),
  };
}

export function useLabelMutations(companyId: number) {
  const tags = ['ContactLabel', 'Contact', 'labels', 'contacts'];
  const base = `/companies/${companyId}/contactLabels`;
  return {
    create: useRefreshing(
      async (label: string) => (await api.post<CompanyLabel>(base, { label }, { silent: true })).data,
      tags,
    ),
    update: useRefreshing(
      async ({ id, label }: { id: number; label: string }) =>
        (await api.patch<CompanyLabel>(`${base}/${id}`, { label }, { silent: true })).data,
      tags,
    ),
    remove: useRefreshing(
      async (label: CompanyLabel) => api.delete(`${base}/${label.id}`, { silent: true }),
      tags,
    ),
  };
}
