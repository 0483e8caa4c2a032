/** Groups and labels (§7 Groups and labels): their server calls and cache keys (by data tag, api/keys.ts). */
import {
  type CompanyLabel,
  type ContactGroup,
  GROUP_ENDPOINTS,
  type GroupInput,
  LABEL_ENDPOINTS,
} from '@shared/api/groups';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { cachedRecord } from '../../api/replay';
import { useContractMutation } from '../../api/useContractMutation';

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

/** A change to groups or labels refreshes them, and the contacts (whose groups and labels they show). */
function useRefresh(tags: readonly string[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const tag of tags) void queryClient.invalidateQueries({ queryKey: [tag] });
  };
}

/**
 * Creating, changing and deleting groups, on the one mutation path (api/useContractMutation.ts): made offline,
 * a change waits and is replayed; a change of a group sends the group's `updated_at` as the page showed it.
 */
export function useGroupMutations(companyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = useRefresh(['ContactGroup', 'Contact', 'groups', 'contacts']);
  const shown = (id: number) => cachedRecord<ContactGroup>(queryClient, ['ContactGroup'], id);
  return {
    create: useContractMutation(GROUP_ENDPOINTS.create, {
      call: (input: GroupInput) => ({ input: { query: { companyId }, body: input }, name: input.name }),
      silent: true,
      onSuccess,
    }),
    update: useContractMutation(GROUP_ENDPOINTS.update, {
      call: ({ id, ...input }: Partial<GroupInput> & { id: number }) => ({
        input: { params: { id }, body: input },
        lastSeen: shown(id)?.updated_at,
        name: shown(id)?.name ?? input.name,
      }),
      silent: true,
      onSuccess,
    }),
    remove: useContractMutation(GROUP_ENDPOINTS.remove, {
      call: (group: ContactGroup) => ({
        input: { params: { id: group.id } },
        lastSeen: shown(group.id)?.updated_at ?? group.updated_at,
        name: group.name,
      }),
      silent: true,
      onSuccess,
    }),
  };
}

/** Labels as groups: a rename or delete of a label sends its `updated_at` as the page showed it. */
export function useLabelMutations(companyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = useRefresh(['ContactLabel', 'Contact', 'labels', 'contacts']);
  const shown = (id: number) => cachedRecord<CompanyLabel>(queryClient, ['ContactLabel'], id);
  return {
    create: useContractMutation(LABEL_ENDPOINTS.create, {
      call: (label: string) => ({ input: { params: { companyId }, body: { label } }, name: label }),
      silent: true,
      onSuccess,
    }),
    update: useContractMutation(LABEL_ENDPOINTS.update, {
      call: ({ id, label }: { id: number; label: string }) => ({
        input: { params: { companyId, labelId: id }, body: { label } },
        lastSeen: shown(id)?.updated_at,
        name: shown(id)?.label ?? label,
      }),
      silent: true,
      onSuccess,
    }),
    remove: useContractMutation(LABEL_ENDPOINTS.remove, {
      call: (label: CompanyLabel) => ({
        input: { params: { companyId, labelId: label.id } },
        lastSeen: shown(label.id)?.updated_at ?? label.updated_at,
        name: label.label,
      }),
      silent: true,
      onSuccess,
    }),
  };
}
