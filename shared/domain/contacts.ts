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

/** §5 "Contact import file: CSV or XLSX with valid columns name and number." */
export const CONTACT_IMPORT = Object.freeze({
  extensions: ['csv', 'xlsx'] as const,
  requiredColumns: ['name', 'number'] as const,
});
