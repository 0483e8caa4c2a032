/**
 * The contacts area's cache keys and the cache work of §4 "Contact update: optimistic, rolled back on failure;
 * success propagates to conversations, contact lists and activity. Removal clears the contact from
 * conversations." Pure functions over a QueryClient, so they are tested without a screen.
 */
import type {
  Contact,
  ContactDetail,
  ContactFilters,
  ContactInput,
  ContactLabel,
} from '@shared/api/contacts';
import type { ContactsPage } from '@shared/api/paged';
import { CONTACT_FREE_TEXT_FIELDS } from '@shared/domain/contacts';
import { normalizePhone } from '@shared/domain/phone';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ContactSort, SortDir } from './filters';

export interface ContactListParams {
  page: number;
  perPage: number;
  filters: ContactFilters;
  sort: ContactSort;
  dir: SortDir;
}

/** Keys start with a §3 data tag, so areas invalidate by tag (`['Contact']`) as the rest of the app does. */
export const contactKeys = {
  all: () => ['Contact'] as const,
  lists: () => ['Contact', 'list'] as const,
  list: (companyId: number, params: ContactListParams) => ['Contact', 'list', companyId, params] as const,
  details: () => ['Contact', 'detail'] as const,
  detail: (id: number) => ['Contact', 'detail', id] as const,
  /** The company's labels for pickers and filters (the labels area may key its own screens differently). */
  labels: (companyId: number) => ['ContactLabel', 'options', companyId] as const,
  groups: (companyId: number) => ['ContactGroup', 'options', companyId] as const,
};

/**
 * The data tags of the areas that show contacts: contact lists and details, groups and labels (their counts),
 * and — as their issues land — conversations, their items and the activity feed. Invalidating a tag nothing is
 * cached under yet costs nothing, so later areas are covered as soon as they key their queries by tag.
 */
export const AREAS_SHOWING_CONTACTS = [
  ['Contact'],
  ['ContactGroup'],
  ['ContactLabel'],
  ['Conversation'],
  ['ConversationItem'],
  ['AnalyticsActivity'],
  ['Calls'],
] as const satisfies readonly QueryKey[];

export type CacheSnapshot = ReadonlyArray<readonly [QueryKey, unknown]>;

export interface PatchLookups {
  labels: readonly ContactLabel[];
  groups: readonly { id: number; name: string }[];
}

function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * A contact as it will look once the server has taken `changes`: what the list and the editor show at once.
 * Labels and groups are named from the lists the screen has; unknown ids keep the name the contact had.
 */
export function applyContactChanges<T extends Contact>(
  contact: T,
  changes: Partial<ContactInput>,
  lookups: PatchLookups,
): T {
  const next: T = { ...contact };
  for (const field of CONTACT_FREE_TEXT_FIELDS) {
    const value = blankToNull(changes[field]);
    if (value !== undefined) next[field] = value;
  }
  if (changes.name !== undefined) next.name = changes.name.trim();
  if (changes.number !== undefined) next.number = normalizePhone(changes.number) ?? changes.number.trim();
  if (changes.email !== undefined) next.email = blankToNull(changes.email)?.toLowerCase() ?? null;
  if (changes.optin_type !== undefined) next.optin_type = changes.optin_type;
  if (changes.gender !== undefined) next.gender = changes.gender;
  if (changes.age_range !== undefined) next.age_range = changes.age_range;
  if (changes.type !== undefined) next.type = changes.type;
  if (changes.is_invalid !== undefined) next.is_invalid = changes.is_invalid;
  if (changes.is_unsubscribed !== undefined) next.is_unsubscribed = changes.is_unsubscribed;
  if (changes.alternative_names !== undefined) next.alternative_names = [...changes.alternative_names];
  if (changes.secondary_emails !== undefined)
    next.secondary_emails = changes.secondary_emails.map((email) => email.trim().toLowerCase());
  if (changes.custom !== undefined) {
    next.custom = {
      country:
        changes.custom.country !== undefined
          ? (blankToNull(changes.custom.country) ?? null)
          : contact.custom.country,
      title:
        changes.custom.title !== undefined
          ? (blankToNull(changes.custom.title) ?? null)
          : contact.custom.title,
    };
  }
  if (changes.labels !== undefined) {
    next.labels = changes.labels.map((raw) => {
      const id = Number(raw);
      const known =
        lookups.labels.find((label) => label.id === id) ?? contact.labels.find((l) => l.id === id);
      return { id, label: known?.label ?? '…' };
    });
  }
  if (changes.groups !== undefined) {
    next.groups = changes.groups.map((raw) => {
      const id = Number(raw);
      const known =
        lookups.groups.find((group) => group.id === id) ?? contact.groups.find((g) => g.id === id);
      return { id, name: known?.name ?? '…' };
    });
  }
  if (changes.eavAttributeValues !== undefined) next.eavAttributeValues = [...changes.eavAttributeValues];
  return next;
}

function isContactsPage(data: unknown): data is ContactsPage<Contact> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { data?: unknown }).data);
}

/**
 * Rewrites one contact everywhere the contacts area has it cached (its detail and every list page that holds it)
 * and answers what was there before, for `restoreSnapshot`.
 */
export function updateContactEverywhere(
  client: QueryClient,
  id: number,
  update: <T extends Contact>(contact: T) => T,
): CacheSnapshot {
  const snapshot: Array<readonly [QueryKey, unknown]> = [];
  const detailKey = contactKeys.detail(id);
  const detail = client.getQueryData<ContactDetail>(detailKey);
  if (detail) {
    snapshot.push([detailKey, detail]);
    client.setQueryData<ContactDetail>(detailKey, update(detail));
  }
  for (const [key, data] of client.getQueriesData({ queryKey: contactKeys.lists() })) {
    if (!isContactsPage(data) || !data.data.some((contact) => contact.id === id)) continue;
    snapshot.push([key, data]);
    client.setQueryData(key, {
      ...data,
      data: data.data.map((contact) => (contact.id === id ? update(contact) : contact)),
    });
  }
  return snapshot;
}

/** Puts back what `updateContactEverywhere` replaced. */
export function restoreSnapshot(client: QueryClient, snapshot: CacheSnapshot): void {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}

/**
 * §4 "success propagates to conversations, contact lists and activity": the one place a contact change reaches
 * the other areas. The saved contact replaces the cached one at once; every area that shows contacts refetches.
 * Conversations, their items and activity join simply by keying their queries with their data tags.
 */
export function propagateContactChange(client: QueryClient, contact: Contact): Promise<void> {
  updateContactEverywhere(client, contact.id, (cached) => ({ ...cached, ...contact }));
  return invalidateContactAreas(client, contactKeys.details());
}

/** §4 "Removal clears the contact from conversations": forget it, and refetch every area that showed it. */
export function propagateContactsRemoval(client: QueryClient, ids: readonly number[]): Promise<void> {
  for (const id of ids) client.removeQueries({ queryKey: contactKeys.detail(id), exact: true });
  return invalidateContactAreas(client);
}

/** Refetches every area that shows contacts (after bulk changes), except queries under `skip`. */
export async function invalidateContactAreas(client: QueryClient, skip?: QueryKey): Promise<void> {
  await Promise.all(
    AREAS_SHOWING_CONTACTS.map((queryKey) =>
      client.invalidateQueries({
        queryKey,
        // The detail just written is the server's answer: no need to fetch it again.
        predicate: skip ? (query) => !skip.every((part, index) => query.queryKey[index] === part) : undefined,
      }),
    ),
  );
}
