/**
 * A virtual group's filters (§3 Contact group `virtual`: a saved filter) as the group form edits them — labels,
 * opted in, unsubscribed, search — and back, and in words for the groups list.
 */
import type { ContactFilters } from '@shared/api/contacts';

export type Tristate = 'any' | 'yes' | 'no';

export interface FilterForm {
  search: string;
  labels: string[];
  optin: Tristate;
  unsubscribed: Tristate;
}

export const EMPTY_FILTER_FORM: FilterForm = { search: '', labels: [], optin: 'any', unsubscribed: 'any' };

const toBool = (value: Tristate) => (value === 'any' ? undefined : value === 'yes');
const fromBool = (value: boolean | undefined): Tristate =>
  value === undefined ? 'any' : value ? 'yes' : 'no';

/** Only the filters set; other filters a group already had (set through the API) are kept. */
export function toFilters(form: FilterForm, previous: ContactFilters | null = null): ContactFilters {
  const { search: _s, labels: _l, optin: _o, unsubscribed: _u, ...kept } = previous ?? {};
  const filters: ContactFilters = { ...kept };
  const search = form.search.trim();
  if (search) filters.search = search;
  if (form.labels.length) filters.labels = form.labels.map(Number);
  const optin = toBool(form.optin);
  if (optin !== undefined) filters.optin = optin;
  const unsubscribed = toBool(form.unsubscribed);
  if (unsubscribed !== undefined) filters.unsubscribed = unsubscribed;
  return filters;
}

export function fromFilters(filters: ContactFilters | null | undefined): FilterForm {
  return {
    search: filters?.search ?? '',
    labels: (filters?.labels ?? []).map(String),
    optin: fromBool(filters?.optin),
    unsubscribed: fromBool(filters?.unsubscribed),
  };
}

/** "labels VIP, Lead; opted in; not unsubscribed; matching “smith”", or "every contact". */
export function describeFilters(
  filters: ContactFilters | null | undefined,
  labelNames: ReadonlyMap<number, string> = new Map(),
): string {
  if (!filters) return '';
  const parts: string[] = [];
  if (filters.labels?.length)
    parts.push(
      `${filters.labels.length === 1 ? 'label' : 'labels'} ${filters.labels
        .map((id) => labelNames.get(id) ?? `#${id}`)
        .join(', ')}`,
    );
  if (filters.optin !== undefined) parts.push(filters.optin ? 'opted in' : 'not opted in');
  if (filters.unsubscribed !== undefined)
    parts.push(filters.unsubscribed ? 'unsubscribed' : 'not unsubscribed');
  if (filters.invalid !== undefined) parts.push(filters.invalid ? 'invalid' : 'valid');
  if (filters.type) parts.push(`type ${filters.type}`);
  if (filters.source) parts.push(`source ${filters.source}`);
  if (filters.groups?.length)
    parts.push(`in ${filters.groups.length} group${filters.groups.length === 1 ? '' : 's'}`);
  if (filters.custom?.length)
    parts.push(`${filters.custom.length} custom field filter${filters.custom.length === 1 ? '' : 's'}`);
  if (filters.search) parts.push(`matching “${filters.search}”`);
  return parts.length ? parts.join('; ') : 'every contact';
}
