/** §7 Groups and labels: contact groups (with their counts) and company contact labels, with bulk labelling. */
import { z } from 'zod';
import { ContactFiltersSchema, ContactLabelSchema, ContactSelectionSchema } from './contacts';
import { endpoint, IdParamSchema, reference } from './contract';

const id = IdParamSchema;
const ids = z.array(IdParamSchema);
const companyQuery = z.object({ companyId: id });

/** §3 Contact group. `virtual` groups are saved filters: their members are whoever matches them now. */
export const ContactGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  contact_count: z.number().int(),
  /** Members neither invalid nor unsubscribed: who a campaign to this group reaches. */
  active_count: z.number().int(),
  invalid_count: z.number().int(),
  unsubscriber_count: z.number().int(),
  /** The API call that lists the group's contacts. */
  contacts_link: z.string(),
  virtual: z.boolean(),
  filters: ContactFiltersSchema.nullable(),
  user_id: z.number().int().nullable(),
  /** The app's address of the group's contacts. */
  link: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactGroup = z.infer<typeof ContactGroupSchema>;

const GroupInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the group.').max(100, 'Use at most 100 characters.'),
  /** Makes the group virtual: its members are the contacts matching these filters. */
  filters: ContactFiltersSchema.nullable().optional(),
});
export type GroupInput = z.input<typeof GroupInputSchema>;

export const CompanyLabelSchema = ContactLabelSchema.extend({
  company_id: z.number().int(),
  contact_count: z.number().int(),
  created_at: z.string(),
  /** When it was last renamed: what a rename replayed from offline is checked against (409 when it moved). */
  updated_at: z.string(),
});
export type CompanyLabel = z.infer<typeof CompanyLabelSchema>;

const LabelInputSchema = z.strictObject({
  label: z.string().trim().min(1, 'Enter the label.').max(50, 'Use at most 50 characters.'),
});

/** Bulk labelling: `{ label_id, contacts: [ids] }` or `{ label_id, all: true, filters }`. */
const BulkLabelSchema = z.intersection(
  z.object({ label_id: reference('label') }),
  z.union([
    z.object({ contacts: ids.min(1, 'Choose at least one contact.').max(10_000) }),
    z.object({ all: z.literal(true), filters: ContactFiltersSchema.default({}) }),
  ]),
);

const AffectedSchema = z.object({ affected: z.number().int() });

export const GROUP_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/groups',
    summary: 'A company’s contact groups with their counts.',
    query: companyQuery.extend({ search: z.string().trim().max(100).optional() }),
    response: z.array(ContactGroupSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/groups',
    status: 201,
    summary: 'Creates a group (virtual when it has filters).',
    query: companyQuery,
    body: GroupInputSchema,
    response: ContactGroupSchema,
    replay: { record: 'group' },
  }),
  get: endpoint({
    method: 'GET',
    path: '/groups/{id}',
    summary: 'One group with its counts.',
    params: z.object({ id }),
    response: ContactGroupSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/groups/{id}',
    summary: 'Renames a group or changes a virtual group’s filters.',
    params: z.object({ id }),
    body: GroupInputSchema.partial(),
    response: ContactGroupSchema,
    replay: { record: 'group' },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/groups/{id}',
    summary: 'Deletes a group; its contacts stay.',
    params: z.object({ id }),
    response: null,
    replay: { record: 'group' },
  }),
  addAllContacts: endpoint({
    method: 'POST',
    path: '/groups/{companyId}/{groupId}/all-contacts',
    summary: 'Adds every contact matching the filters to a group.',
    params: z.object({ companyId: id, groupId: id }),
    body: z.strictObject({ filters: ContactFiltersSchema.default({}) }),
    response: AffectedSchema,
  }),
  addContacts: endpoint({
    method: 'POST',
    path: '/groups/{id}/contacts',
    summary: 'Adds contacts to a group.',
    params: z.object({ id }),
    body: z.strictObject({ contacts: ids.min(1, 'Choose at least one contact.').max(10_000) }),
    response: AffectedSchema,
  }),
  removeContacts: endpoint({
    method: 'DELETE',
    path: '/groups/{id}/contacts',
    summary: 'Removes contacts from a group (they stay in the company).',
    params: z.object({ id }),
    body: ContactSelectionSchema,
    response: AffectedSchema,
  }),
} as const;

export const LABEL_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/contactLabels',
    summary: 'A company’s contact labels with how many contacts carry each.',
    params: z.object({ companyId: id }),
    response: z.array(CompanyLabelSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/contactLabels',
    status: 201,
    summary: 'Creates a label; one the company already has (any letter case) is refused.',
    params: z.object({ companyId: id }),
    body: LabelInputSchema,
    response: CompanyLabelSchema,
    replay: { record: 'label' },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/companies/{companyId}/contactLabels/{labelId}',
    summary: 'Renames a label.',
    params: z.object({ companyId: id, labelId: id }),
    body: LabelInputSchema,
    response: CompanyLabelSchema,
    replay: { record: 'label', param: 'labelId' },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/companies/{companyId}/contactLabels/{labelId}',
    summary: 'Deletes a label and takes it off every contact.',
    params: z.object({ companyId: id, labelId: id }),
    response: null,
    replay: { record: 'label', param: 'labelId' },
  }),
  bulkAdd: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/contactLabels/bulkAddLabel',
    summary: 'Puts a label on the chosen contacts, or on every contact matching the filters.',
    params: z.object({ companyId: id }),
    body: BulkLabelSchema,
    response: AffectedSchema,
  }),
  bulkRemove: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/contactLabels/bulkRemoveLabel',
    summary: 'Takes a label off the chosen contacts, or off every contact matching the filters.',
    params: z.object({ companyId: id }),
    body: BulkLabelSchema,
    response: AffectedSchema,
  }),
} as const;
