/**
 * The contact editor's form values (what the inputs hold: text, string ids for the pickers) and how they become
 * the API's `ContactInput`: checked with the contract's schema, the number with `normalizePhone`, and for an
 * edit only the fields that changed are sent.
 */
import {
  type Contact,
  type ContactInput,
  ContactInputSchema,
  type CustomValueInput,
} from '@shared/api/contacts';
import { formatPhone, normalizePhone } from '@shared/domain/phone';

export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  company_name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  notes: string;
  gender: string | null;
  age_range: string | null;
  type: string | null;
  optin_type: string | null;
  optin_source: string;
  alternative_names: string[];
  secondary_emails: string[];
  carrier: string;
  is_unsubscribed: boolean;
  is_invalid: boolean;
  country: string;
  title: string;
  labels: string[];
  groups: string[];
  eavAttributeValues: CustomValueInput[];
}

export type ContactFormField = keyof ContactFormValues;

export const CONTACT_FORM_FIELDS: readonly ContactFormField[] = [
  'name',
  'number',
  'email',
  'company_name',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'notes',
  'gender',
  'age_range',
  'type',
  'optin_type',
  'optin_source',
  'alternative_names',
  'secondary_emails',
  'carrier',
  'is_unsubscribed',
  'is_invalid',
  'country',
  'title',
  'labels',
  'groups',
  'eavAttributeValues',
];

export const INVALID_NUMBER_MESSAGE = 'Enter a valid phone number, for example (415) 555-2671.';

export function toFormValues(contact: Contact | null | undefined): ContactFormValues {
  return {
    name: contact?.name ?? '',
    number: contact ? formatPhone(contact.number) : '',
    email: contact?.email ?? '',
    company_name: contact?.company_name ?? '',
    address1: contact?.address1 ?? '',
    address2: contact?.address2 ?? '',
    city: contact?.city ?? '',
    state: contact?.state ?? '',
    zip: contact?.zip ?? '',
    notes: contact?.notes ?? '',
    gender: contact?.gender ?? null,
    age_range: contact?.age_range ?? null,
    type: contact?.type ?? null,
    optin_type: contact?.optin_type ?? null,
    optin_source: contact?.optin_source ?? '',
    alternative_names: [...(contact?.alternative_names ?? [])],
    secondary_emails: [...(contact?.secondary_emails ?? [])],
    carrier: contact?.carrier ?? '',
    is_unsubscribed: contact?.is_unsubscribed ?? false,
    is_invalid: contact?.is_invalid ?? false,
    country: contact?.custom.country ?? '',
    title: contact?.custom.title ?? '',
    labels: (contact?.labels ?? []).map((label) => String(label.id)),
    groups: (contact?.groups ?? []).map((group) => String(group.id)),
    eavAttributeValues: (contact?.eavAttributeValues ?? []).map((value) => ({ ...value })),
  };
}

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The whole input the form describes; the number as E.164 when it parses, else as typed (the server says why). */
export function toInput(values: ContactFormValues): ContactInput {
  return {
    name: values.name.trim(),
    number: normalizePhone(values.number) ?? values.number.trim(),
    email: text(values.email),
    company_name: text(values.company_name),
    address1: text(values.address1),
    address2: text(values.address2),
    city: text(values.city),
    state: text(values.state),
    zip: text(values.zip),
    notes: text(values.notes),
    gender: (values.gender || null) as ContactInput['gender'],
    age_range: values.age_range || null,
    type: (values.type || null) as ContactInput['type'],
    optin_type: (values.optin_type || null) as ContactInput['optin_type'],
    optin_source: text(values.optin_source),
    alternative_names: values.alternative_names.map((name) => name.trim()).filter(Boolean),
    secondary_emails: values.secondary_emails.map((email) => email.trim().toLowerCase()).filter(Boolean),
    carrier: text(values.carrier),
    is_unsubscribed: values.is_unsubscribed,
    is_invalid: values.is_invalid,
    custom: { country: text(values.country), title: text(values.title) },
    labels: values.labels.map(Number),
    groups: values.groups.map(Number),
    eavAttributeValues: values.eavAttributeValues,
  };
}

/** Custom values compared by field, so order and `null` for "not set" do not count as changes. */
function sameCustomValues(a: readonly CustomValueInput[], b: readonly CustomValueInput[]): boolean {
  const set = (values: readonly CustomValueInput[]) =>
    new Map(values.filter((v) => v.value !== null && v.value !== '').map((v) => [v.attribute_id, v.value]));
  const left = set(a);
  const right = set(b);
  return left.size === right.size && [...left].every(([id, value]) => right.get(id) === value);
}

const sortedIds = (ids: readonly unknown[] | undefined) => (ids ?? []).map(Number).sort((x, y) => x - y);

/** Only what changed between two inputs (an edit sends just that, so it cannot undo someone else's change). */
export function changedFields(before: ContactInput, after: ContactInput): Partial<ContactInput> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ContactInput)[]) {
    const a = before[key];
    const b = after[key];
    const same =
      key === 'eavAttributeValues'
        ? sameCustomValues(before.eavAttributeValues ?? [], after.eavAttributeValues ?? [])
        : key === 'labels' || key === 'groups'
          ? JSON.stringify(sortedIds(before[key])) === JSON.stringify(sortedIds(after[key]))
          : JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
    if (!same) changes[key] = b;
  }
  return changes as Partial<ContactInput>;
}

/** The form field a server (or schema) error path belongs to: `custom.country` → `country`, `labels.0` → `labels`. */
export function formFieldOf(path: string): ContactFormField | 'eavAttributeValues' | null {
  const [head, second] = path.split('.');
  if (head === 'custom' && (second === 'country' || second === 'title')) return second;
  if (head && (CONTACT_FORM_FIELDS as readonly string[]).includes(head)) return head as ContactFormField;
  return null;
}

/** Checks the form with the contract's schema and the phone rules: messages by form field, none when valid. */
export function validateContactForm(values: ContactFormValues): Partial<Record<ContactFormField, string>> {
  const errors: Partial<Record<ContactFormField, string>> = {};
  const parsed = ContactInputSchema.safeParse({ ...toInput(values), eavAttributeValues: [] });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.map(String).join('.'));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.number && values.number.trim() && !normalizePhone(values.number))
    errors.number = INVALID_NUMBER_MESSAGE;
  return errors;
}
