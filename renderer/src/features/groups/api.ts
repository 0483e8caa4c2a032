/** Groups and labels (§7 Groups and labels): their server calls and cache keys (by data tag, api/keys.ts). */
import {
  type CompanyLabel,
  type ContactGroup,
  GROUP_ENDPOINTS,
  type GroupInput,
  LABEL_ENDPOINTS,
} from '@shared/api/groups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';

export const groupKeys = {
  list: (companyId: number, search = '') => ['ContactGroup', 'list', companyId, { search }] as const,
  labels: (companyId: number) => ['ContactLabel', 'list', companyId] as const,
};

export function useGroups(companyId: number, search = '', enabled = true) {
  return useQuery({
    queryKey: groupKeys.list(companyId, search),
    queryFn: () =>
      api.call(GROUP_ENDPOINTS.list, { query: { companyId, search: search || undefined } }, { silent: true }),
    enabled: enabled && companyId > 0,
    placeholderData: (previous) => previous,
  });
}

export function useLabels(companyId: number, enabled = true) {
  return useQuery({
    queryKey: groupKeys.labels(companyId),
    queryFn: () => api.call(LABEL_ENDPOINTS.list, { params: { companyId } }, { silent: true }),
    enabled: enabled && companyId > 0,
  });
}

export type { GroupInput };

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
      (input: GroupInput) =>
        api.call(GROUP_ENDPOINTS.create, { query: { companyId }, body: input }, { silent: true }),
      tags,
    ),
    update: useRefreshing(
      ({ id, ...input }: Partial<GroupInput> & { id: number }) =>
        api.call(GROUP_ENDPOINTS.update, { params: { id }, body: input }, { silent: true }),
      tags,
    ),
    remove: useRefreshing(
      (group: ContactGroup) =>
        api.call(GROUP_ENDPOINTS.remove, { params: { id: group.id } }, { silent: true }),
      tags,
    ),
  };
}

export function useLabelMutations(companyId: number) {
  const tags = ['ContactLabel', 'Contact', 'labels', 'contacts'];
  return {
    create: useRefreshing(
      (label: string) =>
        api.call(LABEL_ENDPOINTS.create, { params: { companyId }, body: { label } }, { silent: true }),
      tags,
    ),
    update: useRefreshing(
      ({ id, label }: { id: number; label: string }) =>
        api.call(
          LABEL_ENDPOINTS.update,
          { params: { companyId, labelId: id }, body: { label } },
          { silent: true },
        ),
      tags,
    ),
    remove: useRefreshing(
      (label: CompanyLabel) =>
        api.call(LABEL_ENDPOINTS.remove, { params: { companyId, labelId: label.id } }, { silent: true }),
      tags,
    ),
  };
}
