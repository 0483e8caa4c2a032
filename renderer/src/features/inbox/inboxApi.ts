/** The inbox's server calls as queries and mutations over the caches of `inboxCache.ts`. */
import type { Conversation } from '@shared/api/conversations';
import { INBOX_ENDPOINTS } from '@shared/api/inbox';
import { NOTIFICATION_ENDPOINTS } from '@shared/api/notifications';
import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import { USER_ENDPOINTS } from '@shared/api/users';
import { roleCan } from '@shared/domain/permissions';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';
import { useShell } from '../../app/context';
import { applyConversation, type ConversationFilters, type ItemPages, inboxKeys } from './inboxCache';

export const CONVERSATIONS_PER_PAGE = 30;

export function useConversations(companyId: number, filters: ConversationFilters) {
  return useInfiniteQuery({
    queryKey: inboxKeys.list(companyId, filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        INBOX_ENDPOINTS.list,
        { params: { companyId }, query: { ...filters, page: pageParam, perPage: CONVERSATIONS_PER_PAGE } },
        { signal, silent: true },
      ),
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: companyId > 0,
  });
}

export function useConversation(id: number) {
  return useQuery({
    queryKey: inboxKeys.detail(id),
    queryFn: ({ signal }) => api.call(INBOX_ENDPOINTS.get, { params: { id } }, { signal }),
    enabled: id > 0,
  });
}

export function useItems(conversationId: number) {
  return useInfiniteQuery({
    queryKey: inboxKeys.items(conversationId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(INBOX_ENDPOINTS.items, { query: { conversationId, before: pageParam } }, { signal }),
    // Pages come newest first; the next page is older than the oldest item so far.
    getNextPageParam: (last) =>
      last.current_page < last.last_page && last.data.length
        ? last.data[last.data.length - 1]?.id
        : undefined,
    enabled: conversationId > 0,
  });
}

/** The user's notification blocks (§7), so alerts respect them; silent: a failure only means alerts as usual. */
export function useNotificationBlocks(companyId: number) {
  return useQuery({
    queryKey: ['Notification', 'blocks', companyId] as const,
    queryFn: async () =>
      (await api.call(NOTIFICATION_ENDPOINTS.list, { params: { companyId } }, { silent: true })).data,
    enabled: companyId > 0,
  });
}

export function useInboxNumbers(companyId: number) {
  return useQuery({
    queryKey: inboxKeys.numbers(companyId),
    queryFn: async () =>
      (await api.call(NUMBER_ENDPOINTS.list, { params: { companyId }, query: { perPage: 1000 } })).data,
    enabled: companyId > 0,
  });
}

/**
 * The company's users, for the Assign choice. Only roles with users.view may list them: agents are not asked (the
 * server would refuse), and the choice falls back to what they know, "me" and the current assignee.
 */
export function useCompanyUsers(companyId: number) {
  const { company } = useShell();
  return useQuery({
    queryKey: ['User', 'inbox-assignees', companyId] as const,
    queryFn: async () =>
      (await api.call(USER_ENDPOINTS.list, { query: { companyId, perPage: 100 } }, { silent: true })).data,
    enabled: companyId > 0 && company?.id === companyId && roleCan(company.role, 'users.view'),
    retry: false,
  });
}

/** Puts a changed conversation into every cached list of its company and its detail (`applyConversation`). */
export function useApplyConversation() {
  const client = useQueryClient();
  return (conversation: Conversation, userId: number) => applyConversation(client, conversation, userId);
}

export type { ItemPages };

/** A change of one conversation's state, and the title the person knows it by (for a message about it). */
export interface ConversationChange {
  id: number;
  name: string;
}

/**
 * Mark unread, archive, restore and assign, on the one mutation path (api/useContractMutation.ts): made offline,
 * they wait and are replayed in order. They set a state, so they send no version: a text that arrived meanwhile
 * does not make archiving the conversation a conflict. Each answer is put into every cached list and the detail.
 */
export function useConversationChanges(userId: number) {
  const apply = useApplyConversation();
  const options = {
    call: ({ id, name }: ConversationChange) => ({ input: { params: { id } }, name }),
    onSuccess: (conversation: Conversation) => apply(conversation, userId),
  };
  return {
    unread: useContractMutation(INBOX_ENDPOINTS.unread, options),
    archive: useContractMutation(INBOX_ENDPOINTS.archive, options),
    restore: useContractMutation(INBOX_ENDPOINTS.restore, options),
    assign: useContractMutation(INBOX_ENDPOINTS.assign, {
      call: ({ id, name, user_id }: ConversationChange & { user_id: number | null }) => ({
        input: { params: { id }, body: { user_id } },
        name,
      }),
      onSuccess: options.onSuccess,
    }),
  };
}
