/** Saved replies' server calls (shared/api/savedReplies): the list as a query, create/update/delete as mutations. */
import { SAVED_REPLY_ENDPOINTS, type SavedReply, type SavedReplyInput } from '@shared/api/savedReplies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api';

export const savedReplyKeys = {
  list: (companyId: number) => ['savedReplies', companyId] as const,
};

export function useSavedReplies(companyId: number, enabled = true) {
  return useQuery({
    queryKey: savedReplyKeys.list(companyId),
    queryFn: async ({ signal }) =>
      (await api.call(SAVED_REPLY_ENDPOINTS.list, { params: { companyId } }, { signal, silent: true })).data,
    enabled: enabled && companyId > 0,
    staleTime: 60_000,
  });
}

export function useSavedReplyMutations(companyId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedReplyKeys.list(companyId) });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SavedReplyInput }) =>
      id === null
        ? api.call(SAVED_REPLY_ENDPOINTS.create, { params: { companyId }, body: input }, { silent: true })
        : api.call(SAVED_REPLY_ENDPOINTS.update, { params: { id }, body: input }, { silent: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.call(SAVED_REPLY_ENDPOINTS.remove, { params: { id } });
    },
    onSuccess: refresh,
  });
  return { save, remove };
}

/** Replies whose title or text holds every word of the search, case-insensitively. */
export function searchReplies(replies: readonly SavedReply[], search: string): SavedReply[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return replies.filter((reply) => {
    const haystack = `${reply.title}\n${reply.body}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
