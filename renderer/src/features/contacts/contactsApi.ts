/**
 * The contacts area's server calls (§7 Contacts, Groups and labels, Notes) as queries and mutations, on the
 * cache helpers of `contactCache.ts`. The contact update is optimistic and rolled back on failure (§4). Changes
 * go through the one mutation path (api/useContractMutation.ts): made offline, they wait and are replayed.
 */
import {
  CONTACT_ENDPOINTS,
  type Contact,
  type ContactDetail,
  type ContactInput,
  type ContactSelection,
} from '@shared/api/contacts';
import { type CompanyLabel, type ContactGroup, GROUP_ENDPOINTS, LABEL_ENDPOINTS } from '@shared/api/groups';
import { NOTE_ENDPOINTS } from '@shared/api/notes';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isReplayConflict, queryClient } from '../../api';
import { cachedVersion } from '../../api/replay';
import { useContractMutation } from '../../api/useContractMutation';
import { CSV_ANSWER } from '../../ui/download';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
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

export interface ContactUpdate {
  id: number;
  changes: Partial<ContactInput>;
  /** The name the person knows the contact by, for the message if the save fails. */
  name: string;
}

/** The contact's `updated_at` as the screens last showed it: sent when a change made offline is replayed. */
function contactVersion(client: QueryClient, id: number): string | undefined {
  return cachedVersion(client, contactKeys.detail(id), id) ?? cachedVersion(client, contactKeys.lists(), id);
}

/**
 * §4 "Contact update: optimistic, rolled back on failure": the contact and every list page holding it change at
 * once; a refusal puts everything back and says what failed; success propagates to the other areas.
 */
export function useUpdateContact() {
  const client = useQueryClient();
  return useContractMutation<typeof CONTACT_ENDPOINTS.update, ContactUpdate, { snapshot: CacheSnapshot }>(
    CONTACT_ENDPOINTS.update,
    {
      call: ({ id, changes, name }) => ({
        input: { params: { id }, body: changes },
        lastSeen: contactVersion(client, id),
        name,
      }),
      silent: true,
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
        // A change made offline that met someone else's: the replay layer says so, naming the contact.
        if (isReplayConflict(error)) return;
        flash('danger', `Your changes to ${name} were not saved: ${failureSummary(error)}`, {
          title: 'Not saved',
        });
      },
      onSuccess: (contact) => {
        void propagateContactChange(client, contact);
      },
    },
  );
}

export function useCreateContact(companyId: number) {
  const client = useQueryClient();
  return useContractMutation(CONTACT_ENDPOINTS.create, {
    call: (input: ContactInput) => ({ input: { query: { companyId }, body: input } }),
    silent: true,
    onSuccess: (contact) => {
      void propagateContactChange(client, contact);
    },
  });
}

export function useDeleteContact() {
  const client = useQueryClient();
  return useContractMutation(CONTACT_ENDPOINTS.remove, {
    call: ({ id, name }: { id: number; name: string }) => ({
      input: { params: { id } },
      lastSeen: contactVersion(client, id),
      name,
    }),
    onSuccess: (_result, { id }) => {
      void propagateContactsRemoval(client, [id]);
    },
  });
}

export function useCreateLabel(companyId: number) {
  const client = useQueryClient();
  return useContractMutation(LABEL_ENDPOINTS.create, {
    call: (label: string) => ({ input: { params: { companyId }, body: { label } }, name: label }),
    silent: true,
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
  return api.call(CONTACT_ENDPOINTS.bulkExport, { params: { companyId }, body: selection }, CSV_ANSWER);
}

// ---- Notes (§7 Notes) on one contact ----

/** A note's first words, to name it in a message. */
function excerpt(body: string): string {
  const line = body.trim().replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

export function useNoteMutations(contactId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: contactKeys.detail(contactId) });
  /** A note as the contact's page last showed it, and words to know it by if a change to it conflicts. */
  const noteSeen = (id: number) => {
    const note = client
      .getQueryData<ContactDetail>(contactKeys.detail(contactId))
      ?.note_records.find((record) => record.id === id);
    return { lastSeen: note?.updated_at, name: note ? excerpt(note.body) : undefined };
  };
  const add = useContractMutation(NOTE_ENDPOINTS.create, {
    call: (body: string) => ({
      input: { body: { model_type: 'contact' as const, model_id: contactId, body } },
      name: excerpt(body),
    }),
    silent: true,
    onSuccess: (note) => {
      client.setQueryData<ContactDetail>(contactKeys.detail(contactId), (detail) =>
        detail ? { ...detail, note_records: [note, ...detail.note_records] } : detail,
      );
      void refresh();
    },
  });
  const edit = useContractMutation(NOTE_ENDPOINTS.update, {
    call: ({ id, body }: { id: number; body: string }) => ({
      input: { params: { id }, body: { body } },
      ...noteSeen(id),
    }),
    silent: true,
    onSuccess: (note) => {
      client.setQueryData<ContactDetail>(contactKeys.detail(contactId), (detail) =>
        detail
          ? { ...detail, note_records: detail.note_records.map((n) => (n.id === note.id ? note : n)) }
          : detail,
      );
      void refresh();
    },
  });
  const remove = useContractMutation(NOTE_ENDPOINTS.remove, {
    call: (id: number) => ({ input: { params: { id } }, ...noteSeen(id) }),
    onSuccess: (_result, id) => {
      client.setQueryData<ContactDetail>(contactKeys.detail(contactId), (detail) =>
        detail ? { ...detail, note_records: detail.note_records.filter((n) => n.id !== id) } : detail,
      );
      void refresh();
    },
  });
  return { add, edit, remove };
}
