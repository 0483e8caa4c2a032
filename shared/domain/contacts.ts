/** Contacts and groups: the name a contact goes by, and the code lists of its fields (§3, §5). */
import { codes } from './codes';

/** Lowercases a column or field name and drops spaces, underscores and dashes: `First Name` → `firstname`. */
function fieldKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * The spellings `contactDisplayName` reads, compared after `fieldKey`: so `full_name`, `fullName`, `Full Name`,
 * `FULLNAME` are one spelling. In order of preference.
 */
export const CONTACT_NAME_FIELDS = Object.freeze({
  /** `name`, `Name`, `full_name`, `fullName`, `Full Name`, `contact_name`, `contactName`, `display_name`, … */
  name: ['name', 'fullname', 'contactname', 'displayname'],
  /** `first_name`, `firstName`, `First Name`, `firstname`, `first`, `given_name`, `givenName`, … */
  first: ['firstname', 'first', 'givenname'],
  /** `last_name`, `lastName`, `Last Name`, `lastname`, `last`, `surname`, `family_name`, `familyName`, … */
  last: ['lastname', 'last', 'surname', 'familyname'],
} as const);

function pick(raw: Record<string, unknown>, spellings: readonly string[]): string {
  const byKey = new Map<string, string>();
  for (const [key, value] of Object.entries(raw)) {
    const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    const normalised = fieldKey(key);
    if (text && !byKey.has(normalised)) byKey.set(normalised, text);
  }
  for (const spelling of spellings) {
    const found = byKey.get(spelling);
    if (found) return found;
  }
  return '';
}

/**
 * §3 "name (derived from many name-field spellings or first/last)": a non-empty name in any of its spellings
 * wins; otherwise first and last name joined by a space, trimmed. Empty when the record has neither.
 */
export function contactDisplayName(raw: Record<string, unknown>): string {
  const name = pick(raw, CONTACT_NAME_FIELDS.name);
  if (name) return name;
  return [pick(raw, CONTACT_NAME_FIELDS.first), pick(raw, CONTACT_NAME_FIELDS.last)]
    .filter(Boolean)
    .join(' ');
}

/** §3 "gender (Male, Female, Other)". */
export const GENDERS = codes([
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
  { value: 'Other', label: 'Other' },
]);

/** §3 "age_range (5-year bands from 1-5 to 61-65, then 65+)". */
export const AGE_RANGES: readonly string[] = Object.freeze([
  ...Array.from({ length: 13 }, (_, band) => `${band * 5 + 1}-${band * 5 + 5}`),
  '65+',
]);

/** §3 "type (Person, Business, Other)". */
export const CONTACT_TYPES = codes([
  { value: 'Person', label: 'Person' },
  { value: 'Business', label: 'Business' },
  { value: 'Other', label: 'Other' },
]);

/** §3 "Sources: Manual, Import, keyword, Migration." The server's values, spelled as the spec spells them. */
export const CONTACT_SOURCES = codes([
  { value: 'Manual', label: 'Manual' },
  { value: 'Import', label: 'Import' },
  { value: 'keyword', label: 'Keyword' },
  { value: 'Migration', label: 'Migration' },
]);

/**
 * §3 Contact's free-text fields: kept as typed (trimmed), a blank one means none. The editor, an import and the
 * renderer's optimistic copy all treat them alike; `email` is text too but is kept lower-cased, so it is apart.
 */
export const CONTACT_FREE_TEXT_FIELDS = [
  'company_name',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'notes',
  'optin_source',
  'carrier',
] as const;

/** §3 Contact's fields that hold a code of a table (GENDERS, AGE_RANGES, CONTACT_TYPES, SMS opt-in types). */
export const CONTACT_CODE_FIELDS = ['gender', 'age_range', 'type', 'optin_type'] as const;

/** The orders the contacts list offers (§7 `GET /contacts` `sort`): the API accepts these and the list's headers sort by them. */
export const CONTACT_SORTS = ['name', 'number', 'email', 'created_at', 'updated_at'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** §5 "Contact import file: CSV or XLSX with valid columns name and number." */
export const CONTACT_IMPORT = Object.freeze({
  extensions: ['csv', 'xlsx'] as const,
  requiredColumns: ['name', 'number'] as const,
});

/**
 * The contact fields an import column can fill (§3 Contact), in the order the mapping step lists them, with the
 * header spellings recognised when suggesting a mapping (compared after `fieldKey`). `name` may instead come
 * from first and last name columns; custom fields are mapped as `eav:<attribute id>`.
 */
export const CONTACT_IMPORT_FIELDS = Object.freeze([
  { field: 'name', label: 'Name', spellings: CONTACT_NAME_FIELDS.name },
  { field: 'first_name', label: 'First name', spellings: CONTACT_NAME_FIELDS.first },
  { field: 'last_name', label: 'Last name', spellings: CONTACT_NAME_FIELDS.last },
  {
    field: 'number',
    label: 'Number',
    spellings: [
      'number',
      'phone',
      'phonenumber',
      'mobile',
      'cell',
      'mobilephone',
      'cellphone',
      'tel',
      'telephone',
    ],
  },
  { field: 'email', label: 'Email', spellings: ['email', 'emailaddress', 'mail'] },
  {
    field: 'company_name',
    label: 'Company',
    spellings: ['companyname', 'company', 'organization', 'business'],
  },
  { field: 'address1', label: 'Address', spellings: ['address1', 'address', 'street', 'streetaddress'] },
  { field: 'address2', label: 'Address line 2', spellings: ['address2', 'suite', 'apt'] },
  { field: 'city', label: 'City', spellings: ['city', 'town'] },
  { field: 'state', label: 'State', spellings: ['state', 'province', 'region'] },
  { field: 'zip', label: 'ZIP', spellings: ['zip', 'zipcode', 'postalcode', 'postcode'] },
  { field: 'notes', label: 'Notes', spellings: ['notes', 'note', 'comments'] },
  { field: 'gender', label: 'Gender', spellings: ['gender', 'sex'] },
  { field: 'age_range', label: 'Age range', spellings: ['agerange', 'age'] },
  { field: 'type', label: 'Type', spellings: ['type', 'contacttype'] },
  { field: 'optin_type', label: 'Opt-in type', spellings: ['optintype', 'optin'] },
  { field: 'optin_source', label: 'Opt-in source', spellings: ['optinsource'] },
  {
    field: 'alternative_names',
    label: 'Alternative names',
    spellings: ['alternativenames', 'aliases', 'aka'],
  },
  { field: 'secondary_emails', label: 'Secondary emails', spellings: ['secondaryemails', 'otheremails'] },
  { field: 'carrier', label: 'Carrier', spellings: ['carrier'] },
  {
    field: 'is_unsubscribed',
    label: 'Unsubscribed',
    spellings: ['isunsubscribed', 'unsubscribed', 'optedout'],
  },
  { field: 'country', label: 'Country', spellings: ['country'] },
  { field: 'title', label: 'Job title', spellings: ['title', 'jobtitle'] },
] as const);
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number]['field'];
/** A column mapping: contact field (or `eav:<id>`) → the file's column header. */
export type ContactColumnMapping = Partial<Record<ContactImportField | `eav:${number}`, string>>;

/**
 * Suggests which column fills which field from the file's headers: each field takes the first header spelled as
 * one of its spellings; a header is used once. Custom fields match their name the same way.
 */
export function suggestColumnMapping(
  headers: readonly string[],
  customFields: readonly { id: number; name: string }[] = [],
): ContactColumnMapping {
  const mapping: ContactColumnMapping = {};
  const used = new Set<string>();
  const take = (key: keyof ContactColumnMapping, spellings: readonly string[]) => {
    const header = headers.find(
      (candidate) => !used.has(candidate) && spellings.includes(fieldKey(candidate)),
    );
    if (header !== undefined) {
      mapping[key] = header;
      used.add(header);
    }
  };
  for (const { field, spellings } of CONTACT_IMPORT_FIELDS) take(field, spellings);
  for (const custom of customFields) take(`eav:${custom.id}`, [fieldKey(custom.name)]);
  return mapping;
}

/**
 * §5 "valid columns name and number": a mapping is importable when it has a number column and a name column
 * (or first/last name columns, which the name is derived from, §3).
 */
export function hasRequiredColumns(mapping: ContactColumnMapping): boolean {
  return Boolean(mapping.number && (mapping.name || mapping.first_name || mapping.last_name));
}

/** Splits a list cell (`a; b, c`) into trimmed, non-empty items, keeping their order and dropping repeats. */
export function splitListCell(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[;,\n]/)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Exports neutralise spreadsheet formula injection: a cell that starts with `=`, `+`, `-` or `@` (or a tab or
 * carriage return, which some spreadsheets strip first) is prefixed with `'` so it is read as text. A plain
 * number (`+15551234567`, `-3.5`) cannot run anything and is left as it is, so exported phone numbers stay usable.
 */
export function neutraliseCsvCell(value: string): string {
  if (/^[+-]?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
