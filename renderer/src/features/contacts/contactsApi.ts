/**
 * The contacts area's server calls (§7 Contacts, Groups and labels, Notes) as queries and mutations, on the
 * cache helpers of `contactCache.ts`. The contact update is optimistic and rolled back on failure (§4).
 */
import {
  CONTACT_ENDPOINTS,
  type Contact,
  type ContactDetail,
  type ContactInput,
  type ContactSelection,
  type Note,
} from '@shared/api/contacts';
import { type CompanyLabel, type ContactGroup, GROUP_ENDPOINTS, LABEL_ENDPOINTS } from '@shared/api/groups';
import { NOTE_ENDPOINTS } from '@shared/api/notes';
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
    queryFn: ({ signal }) =>
      api.call(
        CONTACT_ENDPOINTS.list,
        {
          query: {
            companyId,
            page: params.page,
            perPage: params.perPage,
            filters: Object.keys(params.filters).length ? params.filters : undefined,
            sort: params.sort,
            dir: params.dir,
          },
        },
        { signal },
      ),
    enabled: companyId > 0,
    // While another page or filter loads, the previous rows stay (dimmed) — never another company's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === companyId ? previous : undefined,
  });
}

export function useContact(id: number | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: () => api.call(CONTACT_ENDPOINTS.get, { params: { id: id ?? 0 } }),
    enabled: !!id,
  });
}

export function useLabelOptions(companyId: number) {
  return useQuery({
    queryKey: contactKeys.labels(companyId),
    queryFn: () => api.call(LABEL_ENDPOINTS.list, { params: { companyId } }),
    enabled: companyId > 0,
  });
}

export function useGroupOptions(companyId: number) {
  return useQuery({
    queryKey: contactKeys.groups(companyId),
    queryFn: () => api.call(GROUP_ENDPOINTS.list, { query: { companyId } }),
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
    mutationFn: ({ id, changes }) =>
      api.call(CONTACT_ENDPOINTS.update, { params: { id }, body: changes }, { silent: true }),
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
    mutationFn: (input) =>
      api.call(CONTACT_ENDPOINTS.create, { query: { companyId }, body: input }, { silent: true }),
    onSuccess: (contact) => {
      void propagateContactChange(client, contact);
    },
  });
}

export function useDeleteContact() {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, { id: number; name: string }>({
    mutationFn: ({ id }) => api.call(CONTACT_ENDPOINTS.remove, { params: { id } }),
    onSuccess: (_result, { id }) => {
      void propagateContactsRemoval(client, [id]);
    },
  });
}

export function useCreateLabel(companyId: number) {
  const client = useQueryClient();
  return useMutation<CompanyLabel, ApiError, string>({
    mutationFn: (label) =>
      api.call(LABEL_ENDPOINTS.create, { params: { companyId }, body: { label } }, { silent: true }),
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
  return api.call(
    action === 'add' ? LABEL_ENDPOINTS.bulkAdd : LABEL_ENDPOINTS.bulkRemove,
    { params: { companyId }, body: { label_id: labelId, ...selection } },
    { silent: true },
  );
}

export function groupContacts(
  companyId: number,
  action: 'add' | 'remove',
  groupId: number,
  selection: ContactSelection,
) {
  if (action === 'remove')
    return api.call(
      GROUP_ENDPOINTS.removeContacts,
      { params: { id: groupId }, body: selection },
      { silent: true },
    );
  if ('all' in selection)
    return api.call(
      GROUP_ENDPOINTS.addAllContacts,
      { params: { companyId, groupId }, body: { filters: selection.filters ?? {} } },
      { silent: true },
    );
  return api.call(
    GROUP_ENDPOINTS.addContacts,
    { params: { id: groupId }, body: { contacts: selection.contacts } },
    { silent: true },
  );
}

export function destroyContacts(companyId: number, selection: ContactSelection) {
  return api.call(
    CONTACT_ENDPOINTS.bulkDestroy,
    { params: { companyId }, body: selection },
    { silent: true },
  );
}

export async function exportContacts(companyId: number, selection: ContactSelection): Promise<string> {
  return api.call(
    CONTACT_ENDPOINTS.bulkExport,
    { params: { companyId }, body: selection },
    { responseType: 'text', headers: { Accept: 'text/csv, application/json' } },
  );
}

// ---- Notes (§7 Notes) on one contact ----

export function useNoteMutations(contactId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: contactKeys.detail(contactId) });
  const add = useMutation<Note, ApiError, string>({
    mutationFn: (body) =>
      api.call(
        NOTE_ENDPOINTS.create,
        { body: { model_type: 'contact', model_id: contactId, body } },
        { silent: true },
      ),
    onSuccess: (note) => {
      client.setQueryData<ContactDetail>(contactKeys.detail(contactId), (detail) =>
        detail ? { ...detail, note_records: [note, ...detail.note_records] } : detail,
      );
      void refresh();
    },
  });
  const edit = useMutation<Note, ApiError, { id: number; body: string }>({
    mutationFn: ({ id, body }) =>
      api.call(NOTE_ENDPOINTS.update, { params: { id }, body: { body } }, { silent: true }),
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
    mutationFn: (id) => api.call(NOTE_ENDPOINTS.remove, { params: { id } }),
    onSuccess: (_result, id) => {
      client.setQueryData<ContactDetail>(contactKeys.detail(contactId), (detail) =>
        detail ? { ...detail, note_records: detail.note_records.filter((n) => n.id !== id) } : detail,
      );
      void refresh();
    },
  });
  return { add, edit, remove };
}
