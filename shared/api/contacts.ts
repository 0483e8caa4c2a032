/**
 * §7 Contacts: list with filters, one, create, update, delete, import (with its progress and report), bulk
 * delete and export. §3 Contact gives the fields; paged lists carry `current_page` and `total_pages`.
 */
import { z } from 'zod';
import {
  AGE_RANGES,
  CONTACT_SORTS,
  CONTACT_SOURCES,
  CONTACT_TYPES,
  contactDisplayName,
  GENDERS,
} from '../domain/contacts';
import { SMS_OPTIN_TYPES } from '../domain/registration';
import { endpoint, enumOf, IdParamSchema, idNumber, PageNumberSchema } from './contract';
import { contactsPageSchema } from './paged';

const id = IdParamSchema;
const ids = z.array(IdParamSchema);
const companyQuery = z.object({ companyId: id });
const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const optionalText = (max: number) => text(max).nullable().optional();

/** A custom (EAV) value on a record: which custom field, and its value by that field's data type. */
export const CustomValueSchema = z.object({
  attribute_id: idNumber(),
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export type CustomValueInput = z.infer<typeof CustomValueSchema>;

/** One filter on a custom field: records whose value equals `value` (text fields: contains it). */
const CustomFilterSchema = z.object({
  attribute_id: IdParamSchema,
  value: z.union([z.string(), z.number(), z.boolean()]),
});

/**
 * §7 `GET /contacts (companyId, filters)`: the filters, sent as one JSON-encoded query value (§7 "object values
 * are JSON-encoded") and in bulk bodies as an object. Every filter narrows; lists match any of their ids.
 */
export const ContactFiltersSchema = z.strictObject({
  /** Over name, number, email and company name; phone-like text is normalised (`(312) 555` → `312555`). */
  search: z.string().trim().max(200).optional(),
  labels: ids.optional(),
  groups: ids.optional(),
  /** true: contacts with an opt-in type; false: those without. */
  optin: z.boolean().optional(),
  unsubscribed: z.boolean().optional(),
  invalid: z.boolean().optional(),
  type: enumOf(CONTACT_TYPES).optional(),
  source: enumOf(CONTACT_SOURCES).optional(),
  custom: z.array(CustomFilterSchema).max(10).optional(),
});
export type ContactFilters = z.infer<typeof ContactFiltersSchema>;

/** A label as a contact carries it (§3 "labels (id, label)"). */
export const ContactLabelSchema = z.object({ id: z.number().int(), label: z.string() });
export type ContactLabel = z.infer<typeof ContactLabelSchema>;

export const ContactSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  /** E.164. */
  number: z.string(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  notes: z.string().nullable(),
  optin_type: enumOf(SMS_OPTIN_TYPES).nullable(),
  optin_source: z.string().nullable(),
  alternative_names: z.array(z.string()),
  secondary_emails: z.array(z.string()),
  carrier: z.string().nullable(),
  gender: enumOf(GENDERS).nullable(),
  age_range: z.string().nullable(),
  type: enumOf(CONTACT_TYPES).nullable(),
  is_invalid: z.boolean(),
  is_unsubscribed: z.boolean(),
  /** §3 "Sources: Manual, Import, keyword, Migration": how the contact came in. */
  source: enumOf(CONTACT_SOURCES),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  labels: z.array(ContactLabelSchema),
  /** §3 "custom (country, title)". */
  custom: z.object({ country: z.string().nullable(), title: z.string().nullable() }),
  eavAttributeValues: z.array(CustomValueSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof ContactSchema>;

/** A note on a record (§7 Notes), newest first where listed. */
export const NoteSchema = z.object({
  id: z.number().int(),
  model_type: z.string(),
  model_id: z.number().int(),
  body: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;

/** One contact with its notes (`GET /contacts/{id}`). */
export const ContactDetailSchema = ContactSchema.extend({ note_records: z.array(NoteSchema) });
export type ContactDetail = z.infer<typeof ContactDetailSchema>;

const emailText = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address.' }));

/** The longest name a contact may have, however it is spelled. */
const NAME_MAX = 200;
const nameText = text(NAME_MAX).min(1, 'Enter a name.');
/** §3 first/last name: another spelling of the name, which is derived from them. */
const namePart = text(NAME_MAX).nullable().optional();

/** A contact written without any spelling of its name. */
export const CONTACT_NAME_MISSING = 'Enter a name, or a first_name and last_name.';
/** A change sending one half of the name: the contact keeps one name, so both halves are needed to make it. */
export const CONTACT_NAME_HALF =
  'Send first_name and last_name together (null for none): the contact keeps one name, made from both.';
export const CONTACT_NAME_TOO_LONG = `A name made from first_name and last_name has at most ${NAME_MAX} characters.`;

/** The spellings of a contact's name a body may use (§3 Contact "name (derived from … first/last)"). */
interface ContactNameFields {
  name?: string | undefined;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
}

/**
 * The name a written contact gets: §3 "name (derived from many name-field spellings or first/last)", by the one
 * rule `contactDisplayName` — a non-empty `name` wins, else `first_name` and `last_name` joined by a space.
 * Undefined when the body sends none of the three (a change that leaves the name as it is); empty when what it
 * sends makes no name. The only place the body's name spellings become the stored `name`.
 */
export function contactNameOf(input: ContactNameFields): string | undefined {
  const { name, first_name, last_name } = input;
  if (name === undefined && first_name === undefined && last_name === undefined) return undefined;
  return contactDisplayName({ name, first_name, last_name });
}

/**
 * Checks the name a body makes (`whole`: a new contact, which must have one). A `name` sent is checked by its own
 * field; first/last alone must make a name of at most NAME_MAX characters, and a change must send both halves.
 */
function checkNameSpellings(whole: boolean) {
  return (input: ContactNameFields, context: z.RefinementCtx) => {
    if (input.name !== undefined) return;
    const sentFirst = input.first_name !== undefined;
    const sentLast = input.last_name !== undefined;
    if (!whole && sentFirst !== sentLast) {
      context.addIssue({
        code: 'custom',
        path: [sentFirst ? 'last_name' : 'first_name'],
        message: CONTACT_NAME_HALF,
      });
      return;
    }
    if (!whole && !sentFirst) return;
    // A half that is not text (or too long) is refused on its own field; say nothing more about it here.
    const halves = [input.first_name, input.last_name];
    if (halves.some((half) => half != null && (typeof half !== 'string' || half.length > NAME_MAX))) return;
    const name = contactNameOf(input) ?? '';
    if (!name) context.addIssue({ code: 'custom', path: ['name'], message: CONTACT_NAME_MISSING });
    else if (name.length > NAME_MAX)
      context.addIssue({ code: 'custom', path: ['name'], message: CONTACT_NAME_TOO_LONG });
  };
}

/**
 * What a person or an API client may write on a contact, each field its own schema (forms check one field at a
 * time). The number is checked and normalised by the server (§5, `normalizePhone`) so the message can name the
 * number; everything else is checked here. The name may be sent as `name` or as §3's `first_name`/`last_name`
 * (`contactNameOf`); they are not stored apart.
 */
const ContactFieldsSchema = z.strictObject({
  name: nameText.optional(),
  first_name: namePart,
  last_name: namePart,
  number: text(40).min(1, 'Enter a phone number.'),
  company_name: optionalText(200),
  email: z.union([emailText, z.literal('').transform(() => null), z.null()]).optional(),
  address1: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  notes: optionalText(5000),
  optin_type: enumOf(SMS_OPTIN_TYPES).nullable().optional(),
  optin_source: optionalText(200),
  alternative_names: z.array(text(200).min(1)).max(20).optional(),
  secondary_emails: z.array(emailText).max(20).optional(),
  carrier: optionalText(100),
  gender: enumOf(GENDERS).nullable().optional(),
  age_range: z
    .string()
    .refine((value) => AGE_RANGES.includes(value), { message: `Choose one of ${AGE_RANGES.join(', ')}.` })
    .nullable()
    .optional(),
  type: enumOf(CONTACT_TYPES).nullable().optional(),
  is_invalid: z.boolean().optional(),
  is_unsubscribed: z.boolean().optional(),
  custom: z.strictObject({ country: optionalText(100), title: optionalText(200) }).optional(),
  labels: ids.max(100).optional(),
  groups: ids.max(100).optional(),
  eavAttributeValues: z.array(CustomValueSchema).max(100).optional(),
});

/** A new contact: its fields, with a name in one of its spellings. */
export const ContactInputSchema = ContactFieldsSchema.superRefine(checkNameSpellings(true));
export type ContactInput = z.input<typeof ContactInputSchema>;

/** A change to a contact: any of its fields; first/last name, when sent without `name`, come together. */
export const ContactChangeSchema = ContactFieldsSchema.partial().superRefine(checkNameSpellings(false));
export type ContactChange = z.input<typeof ContactChangeSchema>;

/** The contacts a bulk action applies to: a list of ids, or every contact matching filters. */
export const ContactSelectionSchema = z.union([
  z.strictObject({ contacts: ids.min(1, 'Choose at least one contact.').max(10_000) }),
  z.strictObject({ all: z.literal(true), filters: ContactFiltersSchema.default({}) }),
]);
export type ContactSelection = z.input<typeof ContactSelectionSchema>;

/** §3 Batch "id, progress, finishedAt", with what an import needs to report. */
export const ImportBatchSchema = z.object({
  id: z.number().int(),
  /** 0–100. */
  progress: z.number().min(0).max(100),
  finishedAt: z.string().nullable(),
  state: z.enum(['queued', 'running', 'finished', 'failed']),
  file_name: z.string(),
  total_rows: z.number().int().nullable(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  /** §8 "Import failure. Please try to import contacts once again" when the batch failed as a whole. */
  message: z.string().nullable(),
});
export type ImportBatch = z.infer<typeof ImportBatchSchema>;

/** The first rows of a file, for the mapping step. */
export const ImportPreviewSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  /** Contact field (or `eav:<id>`) → column, suggested from the headers. */
  suggested_mapping: z.record(z.string(), z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** Realtime payloads on the company channel (`contact-import.progress` / `.completed`). */
export const ContactImportEventSchema = ImportBatchSchema;

const listQuery = companyQuery.extend({
  page: PageNumberSchema,
  perPage: z.coerce.number().int().min(1).max(500).default(25),
  filters: ContactFiltersSchema.default({}),
  sort: z.enum(CONTACT_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});

export const CONTACT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/contacts',
    summary: 'A page of a company’s contacts matching the filters.',
    query: listQuery,
    response: contactsPageSchema(ContactSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/contacts/{id}',
    summary: 'One contact with its labels, groups, custom values and notes.',
    params: z.object({ id }),
    query: z.object({ include: z.union([z.string(), z.array(z.string())]).optional() }),
    response: ContactDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/contacts',
    status: 201,
    summary:
      'Creates a contact; a number the company already has is refused, naming the contact that has it.',
    query: companyQuery,
    body: ContactInputSchema,
    response: ContactSchema,
    replay: { record: 'contact' },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/contacts/{id}',
    summary: 'Changes the fields sent; labels, groups and custom values sent replace the contact’s own.',
    params: z.object({ id }),
    body: ContactChangeSchema,
    response: ContactSchema,
    replay: { record: 'contact' },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/contacts/{id}',
    summary: 'Deletes a contact (its conversations stay, without the contact).',
    params: z.object({ id }),
    response: null,
    replay: { record: 'contact' },
  }),
  importPreview: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/contacts/preview',
    summary: 'Reads the header and first rows of a CSV or XLSX file (multipart `file`) for the mapping step.',
    params: z.object({ companyId: id }),
    multipart: true,
    response: ImportPreviewSchema,
  }),
  import: endpoint({
    method: 'PUT',
    path: '/companies/{companyId}/contacts',
    status: 202,
    summary:
      'Imports a CSV or XLSX file as a background batch. Multipart, read in order: optional `mapping` JSON, `groups[]` and `labels[]` first, then `file`.',
    params: z.object({ companyId: id }),
    multipart: true,
    response: ImportBatchSchema,
  }),
  importProgress: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/contacts/progress/{batchId}',
    summary: 'An import batch’s progress and counts.',
    params: z.object({ companyId: id, batchId: id }),
    response: ImportBatchSchema,
  }),
  importReport: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/contacts/progress/{batchId}/report',
    summary: 'The rows an import could not take, as CSV: row number, reason, then the row as it was.',
    params: z.object({ companyId: id, batchId: id }),
    response: z.string(),
  }),
  bulkDestroy: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/contacts/bulkDestroy',
    summary: 'Deletes the chosen contacts, or every contact matching the filters.',
    params: z.object({ companyId: id }),
    body: ContactSelectionSchema,
    response: z.object({ deleted: z.number().int() }),
  }),
  bulkExport: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/contacts/bulkExport',
    summary: 'The chosen contacts, or every contact matching the filters, as a CSV file.',
    params: z.object({ companyId: id }),
    body: ContactSelectionSchema,
    response: z.string(),
  }),
} as const;
