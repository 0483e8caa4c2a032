/**
 * The forwarding numbers' server calls (§7 Numbers `forward-contacts`): a page of the company's entries, their
 * stats, one entry's usage, adding, changing and removing one; the whole list for the routing editor's
 * suggestions; and the extensions to copy (`extension-suggestions`, §9 ten a page).
 */
import {
  EXTENSION_SUGGESTION_ENDPOINTS,
  FORWARD_CONTACT_ENDPOINTS,
  FORWARD_CONTACTS_PER_PAGE_MAX,
  type ForwardContactInput,
} from '@shared/api/forwardContacts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useContractMutation } from '../../api/useContractMutation';

/**
 * How many routes forward to an entry, and the extensions to copy, are read from the numbers' routing, which the
 * number page changes: these are asked again whenever they are shown, never served as fresh from the cache.
 */
const ALWAYS_STALE = 0;

export const forwardingKeys = {
  all: () => ['Forwards'] as const,
  list: (companyId: number, page: number, search: string) =>
    ['Forwards', 'list', companyId, { page, search }] as const,
  options: (companyId: number) => ['Forwards', 'options', companyId] as const,
  stats: (companyId: number) => ['Forwards', 'stats', companyId] as const,
  usage: (id: number) => ['Forwards', 'usage', id] as const,
  suggestions: (companyId: number, q: string, page: number) =>
    ['Numbers', 'extension-suggestions', companyId, { q, page }] as const,
};

export function useForwardContacts(companyId: number, page: number, search: string) {
  return useQuery({
    queryKey: forwardingKeys.list(companyId, page, search),
    queryFn: ({ signal }) =>
      api.call(
        FORWARD_CONTACT_ENDPOINTS.list,
        { query: { company_id: companyId, page, search: search.trim() || undefined } },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
    staleTime: ALWAYS_STALE,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === companyId ? previous : undefined,
  });
}

/** Every entry of the company (one page of the most there may be), for the routing editor's suggestions. */
export function useForwardContactOptions(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: forwardingKeys.options(companyId),
    queryFn: ({ signal }) =>
      api.call(
        FORWARD_CONTACT_ENDPOINTS.list,
        { query: { company_id: companyId, perPage: FORWARD_CONTACTS_PER_PAGE_MAX } },
        { signal, silent: true },
      ),
    enabled: enabled && companyId > 0,
    staleTime: ALWAYS_STALE,
    select: (page) => page.data,
  });
}

export function useForwardContactStats(companyId: number) {
  return useQuery({
    queryKey: forwardingKeys.stats(companyId),
    queryFn: ({ signal }) =>
      api.call(
        FORWARD_CONTACT_ENDPOINTS.stats,
        { query: { company_id: companyId } },
        { signal, silent: true },
      ),
    enabled: companyId > 0,
    staleTime: ALWAYS_STALE,
  });
}

export function useForwardContactUsage(id: number) {
  return useQuery({
    queryKey: forwardingKeys.usage(id),
    queryFn: ({ signal }) =>
      api.call(FORWARD_CONTACT_ENDPOINTS.usage, { params: { id } }, { signal, silent: true }),
    enabled: id > 0,
    staleTime: ALWAYS_STALE,
  });
}

export interface SaveForwardContact {
  companyId: number;
  /** The entry changed; none for a new one. */
  id?: number | undefined;
  body: ForwardContactInput;
}

/** Adding or changing an entry; the lists, stats and suggestions are asked again after. */
export function useSaveForwardContact() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: forwardingKeys.all() });
  const create = useContractMutation(FORWARD_CONTACT_ENDPOINTS.create, {
    call: ({ companyId, body }: SaveForwardContact) => ({
      input: { body: { company_id: companyId, ...body } },
    }),
    silent: true,
    onSuccess: refresh,
  });
  const update = useContractMutation(FORWARD_CONTACT_ENDPOINTS.update, {
    call: ({ id, body }: SaveForwardContact & { id: number }) => ({ input: { params: { id }, body } }),
    silent: true,
    onSuccess: refresh,
  });
  return { create, update, isPending: create.isPending || update.isPending };
}

export function useDeleteForwardContact() {
  const client = useQueryClient();
  return useContractMutation(FORWARD_CONTACT_ENDPOINTS.remove, {
    call: (entry: { id: number }) => ({ input: { params: { id: entry.id } } }),
    silent: true,
    onSuccess: () => void client.invalidateQueries({ queryKey: forwardingKeys.all() }),
  });
}

/** A page of the company's extensions to copy, searched by label. */
export function useExtensionSuggestions(companyId: number, q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: forwardingKeys.suggestions(companyId, q, page),
    queryFn: ({ signal }) =>
      api.call(
        EXTENSION_SUGGESTION_ENDPOINTS.list,
        { params: { companyId }, query: { q: q.trim() || undefined, page } },
        { signal, silent: true },
      ),
    enabled: enabled && companyId > 0,
    staleTime: ALWAYS_STALE,
    placeholderData: (previous) => previous,
  });
}
