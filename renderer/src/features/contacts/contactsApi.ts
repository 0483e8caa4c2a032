/**
 * The contacts area's server calls (§7 Contacts, Groups and labels, Notes) as queries and mutations, on the
 * cache helpers of `contactCache.ts`. The contact update is optimistic and rolled back on failure (§4).
 */
import type { Contact, ContactDetail, ContactInput, ContactSelection, Note } from '@shared/api/contacts';
import type { CompanyLabel, ContactGroup } from '@shared/api/groups';
import type { ContactsPage } from '@shared/api/paged';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, queryClient } from '../../api';
import { flash } from '../../ui/flash';
import {
  applyContactChanges,
  type CacheSnapshot,
  type ContactListParams,
  contactKeys,
  propagateContactChange,
  propagateContactsRemoval,
  restoreSnapshot,
  updateContactEverywhere,
} from './contactCache';

export { contactKeys } from './contactCache';

/**
 * §4: the hook other areas (conversations, activity) call — or that calls them — when a contact has changed:
 * the saved contact replaces the cached one, and every area that shows contacts refetches.
 */
export function onContactChanged(contact: Contact): Promise<void> {
  return propagateContactChange(queryClient, contact);
}

/** §4 "Removal clears the contact from conversations". */
export function onContactsRemoved(ids: readonly number[]): Promise<void> {
  return propagateContactsRemoval(queryClient, ids);
}

export function useContacts(companyId: number, params: ContactListParams) {
  return useQuery({
    queryKey: contactKeys.list(companyId, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<ContactsPage<Contact>>('/contacts', {
          params: {
            companyId,
            page: params.page,
            perPage: params.perPage,
            filters: Object.keys(params.filters).length ? params.filters : undefined,
            sort: params.sort,
            dir: params.dir,
          },
          signal,
        })
      ).data,
    enabled: companyId > 0,
    // While another page or filter loads, the previous rows stay (dimmed) — never another company's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === companyId ? previous : undefined,
  });
}

export function useContact(id: number | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: async () => (await api.get<ContactDetail>(`/contacts/${id}`)).data,
    enabled: !!id,
  });
}

export function useLabelOptions(companyId: number) {
  return useQuery({
    queryKey: contactKeys.labels(companyId),
    queryFn: async () => (await api.get<CompanyLabel[]>(`/companies/${companyId}/contactLabels`)).data,
    enabled: companyId > 0,
  });
}

export function useGroupOptions(companyId: number) {
  return useQuery({
    queryKey: contactKeys.groups(companyId),
    queryFn: async () => (await api.get<ContactGroup[]>('/groups', { params: { companyId } })).data,
    enabled: companyId > 0,
  });
}

/** The per-field messages of a refused save, in one line, for the flash (else the server's message). */
export function failureSummary(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const lines = Object.values(error.errors)
    .flatMap((messages) => (Array.isArray(messages) ? messages.map(String) : [String(messages)]))
    .filter(Boolean);
  const unique = [...new Set(lines)];
  return unique.length ? unique.join(' ') : error.message;
}

export interface ContactUpdate {
  id: number;
  changes: Partial<ContactInput>;
  /** The name the person knows the contact by, for the message if the save fails. */
  name: string;
}

/**
 * §4 "Contact update: optimistic, rolled back on failure": the contact and every list page holding it change at
 * once; a refusal puts everything back and says what failed; success propagates to the other areas.
 */
export function useUpdateContact() {
  const client = useQueryClient();
  return useMutation<Contact, ApiError, ContactUpdate, { snapshot: CacheSnapshot }>({
    mutationFn: async ({ id, changes }) =>
      (await api.patch<Contact>(`/contacts/${id}`, changes, { silent: true })).data,
    onMutate: async ({ id, changes }) => {
      await client.cancelQueries({ queryKey: contactKeys.all() });
      const companyId = client.getQueryData<ContactDetail>(contactKeys.detail(id))?.company_id ?? 0;
      const lookups = {
        labels: client.getQueryData<CompanyLabel[]>(contactKeys.labels(companyId)) ?? [],
        groups: client.getQueryData<ContactGroup[]>(contactKeys.groups(companyId)) ?? [],
      };
      const snapshot = updateContactEverywhere(client, id, (contact) =>
        applyContactChanges(contact, changes, lookups),
      );
      return { snapshot };
    },
    onError: (error, { name }, context) => {
      if (context) restoreSnapshot(client, context.snapshot);
      flash('danger', `Your changes to ${name} were not saved: ${failureSummary(error)}`, {
        title: 'Not saved',
      });
    },
    onSuccess: (contact) => {
      void propagateContactChange(client, contact);
    },
  });
}

export function useCreateContact(companyId: number) {
  const client = useQueryClient();
  return useMutation<Contact, ApiError, ContactInput>({
    mutationFn: async (input) =>
      (await api.post<Contact>('/contacts', input, { params: { companyId }, silent: true })).data,
    onSuccess: (contact) => {
      void propagateContactChange(client, contact);
    },
  });
}

export function useDeleteContact() {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, { id: number; name: string }>({
    mutationFn: ({ id }) => api.delete(`/contacts/${id}`),
    onSuccess: (_result, { id }) => {
      void propagateContactsRemoval(client, [id]);
    },
  });
}

export function useCreateLabel(companyId: number) {
  const client = useQueryClient();
  return useMutation<CompanyLabel, ApiError, string>({
    mutationFn: async (label) =>
      (await api.post<CompanyLabel>(`/companies/${companyId}/contactLabels`, { label }, { silent: true }))
        .data,
    onSuccess: (label) => {
      client.setQueryData<CompanyLabel[]>(contactKeys.labels(companyId), (labels) =>
        labels ? [...labels, label].sort((a, b) => a.label.localeCompare(b.label)) : [label],
      );
      void client.invalidateQueries({ queryKey: ['ContactLabel'] });
    },
  });
}

// ---- Bulk actions (§7 bulkDestroy, bulkExport, bulkAddLabel / bulkRemoveLabel, group membership) ----

export function labelContacts(
  companyId: number,
  action: 'add' | 'remove',
  labelId: number,
  selection: ContactSelection,
) {
  const path = action === 'add' ? 'bulkAddLabel' : 'bulkRemoveLabel';
  return api
    .post<{ affected: number }>(
      `/companies/${companyId}/contactLabels/${path}`,
      { label_id: labelId, ...selection },
      { silent: true },
    )
    .then((result) => result.data);
}

export function groupContacts(
  companyId: number,
  action: 'add' | 'remove',
  groupId: number,
  selection: ContactSelection,
) {
  if (action === 'remove')
    return api
      .delete<{ affected: number }>(`/groups/${groupId}/contacts`, { body: selection, silent: true })
      .then((result) => result.data);
  if ('all' in selection)
    return api
      .post<{ affected: number }>(
        `/groups/${companyId}/${groupId}/all-contacts`,
        { filters: selection.filters ?? {} },
        { silent: true },
      )
      .then((result) => result.data);
  return api
    .post<{ affected: number }>(
      `/groups/${groupId}/contacts`,
      { contacts: selection.contacts },
      { silent: true },
    )
    .then((result) => result.data);
}

export function destroyContacts(companyId: number, selection: ContactSelection) {
  return api
    .post<{ deleted: number }>(`/companies/${companyId}/contacts/bulkDestroy`, selection, { silent: true })
    .then((result) => result.data);
}

export async function exportContacts(companyId: number, selection: ContactSelection): Promise<string> {
  const { data } = await api.post<string>(`/companies/${companyId}/contacts/bulkExport`, selection, {
    responseType: 'text',
    headers: { Accept: 'text/csv, application/json' },
  });
  return data;
}

// ---- Notes (§7 Notes) on one contact ----

export function useNoteMutations(contactId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: contactKeys.detail(contactId) });
  const add = useMutation<Note, ApiError, string>({
    mutationFn: async (body) =>
      (await api.post<Note>('/notes', { model_type: 'contact', model_id: contactId, body }, { silent: true }))
        .data,
    onSuccess: (note) => {
      client.setQueryData<ContactDetail>(contactKeys.detail(contactId), (detail) =>
        detail ? { ...detail, note_records: [note, ...detail.note_records] } : detail,
      );
      void refresh();
    },
  });
  const edit = useMutation<Note, ApiError, { id: number; body: string }>({
    mutationFn: async ({ id, body }) =>
      (await api.put<Note>(`/notes/${id}`, { body }, { silent: true })).data,
    onSuccess: (note) => {
      client.setQueryData<ContactDetail>(contactKeys.detail(contactId), (detail) =>
        detail
          ? { ...detail, note_records: detail.note_records.map((n) => (n.id === note.id ? note : n)) }
          : detail,
      );
      void refresh();
    },
  });
  const remove = useMutation<unknown, ApiError, number>({
    mutationFn: (id) => api.delete(`/notes/${id}`),
    onSuccess: (_result, id) => {
      client.setQueryData<ContactDetail>(contactKeys.detail(contactId), (detail) =>
        detail ? { ...detail, note_records: detail.note_records.filter((n) => n.id !== id) } : detail,
      );
      void refresh();
    },
  });
  return { add, edit, remove };
}
