/**
 * From a file's row to a contact: the column mapping (checked against the company's custom fields and the file's
 * columns), one row read into the fields of §3 and checked with the contract's `ContactInputSchema` and the
 * phone rules, and rows of the same number merged (later non-empty values win). A row that cannot be imported
 * gets a reason that names the field and the value, for the report.
 */
import { type ContactInput, ContactInputSchema, contactNameOf } from '@shared/api/contacts';
import { valuesOf } from '@shared/domain/codes';
import {
  CONTACT_CODE_FIELDS,
  CONTACT_FREE_TEXT_FIELDS,
  CONTACT_IMPORT_FIELDS,
  CONTACT_TYPES,
  type ContactColumnMapping,
  contactDisplayName,
  GENDERS,
  splitListCell,
} from '@shared/domain/contacts';
import type { CustomValue } from '@shared/domain/customFields';
import { normalizePhone } from '@shared/domain/phone';
import { SMS_OPTIN_TYPES } from '@shared/domain/registration';
import { checkValues, type FieldRule } from '../customFields/values';

const FIELD_NAMES: ReadonlySet<string> = new Set(CONTACT_IMPORT_FIELDS.map((field) => field.field));
const EAV_KEY = /^eav:(\d+)$/;

/** What an import batch keeps in `options`: how its columns map, and the groups and labels it adds. */
export interface ImportOptions {
  mapping: ContactColumnMapping;
  groups: number[];
  labels: number[];
  /** Chunks that failed in a row (the worker gives up at 3); absent when the last chunk went through. */
  failures?: number;
}

/**
 * Reads the `mapping` field of the upload: a JSON object of contact field (or `eav:<id>` of one of the company's
 * contact custom fields) → column name. Answers the mapping (null when absent or empty), or the problem.
 */
export function parseMapping(
  raw: unknown,
  customFields: ReadonlyMap<number, { id: number }>,
): { mapping: ContactColumnMapping | null } | { error: string } {
  if (raw === undefined || raw === null || raw === '') return { mapping: null };
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { error: 'The mapping must be JSON: an object of contact field → column name.' };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'The mapping must be an object of contact field → column name.' };
  }
  const mapping: Record<string, string> = {};
  for (const [field, column] of Object.entries(value)) {
    const eav = EAV_KEY.exec(field);
    if (eav ? !customFields.has(Number(eav[1])) : !FIELD_NAMES.has(field)) {
      return {
        error: eav
          ? `“${field}” is not one of this company’s contact custom fields.`
          : `“${field}” is not a contact field.`,
      };
    }
    if (column === null || column === undefined || column === '') continue;
    if (typeof column !== 'string') return { error: `The column for ${field} must be a column name.` };
    mapping[field] = column;
  }
  return { mapping: Object.keys(mapping).length ? (mapping as ContactColumnMapping) : null };
}

/** The mapping's columns the file does not have, as messages (`The file has no column “Phone” (for number).`). */
export function missingColumns(mapping: ContactColumnMapping, columns: readonly string[]): string[] {
  return Object.entries(mapping)
    .filter(([, column]) => column !== undefined && !columns.includes(column))
    .map(([field, column]) => `The file has no column “${column}” (for ${field}).`);
}

/** A row read into contact fields, ready to be written (every field empty when the file left it so). */
export interface ImportedContact {
  name: string;
  /** E.164. */
  number: string;
  text: Partial<Record<TextField, string>>;
  alternative_names: string[];
  secondary_emails: string[];
  /** Only ever true from an import: an import marks contacts unsubscribed, it never re-subscribes one. */
  is_unsubscribed: boolean;
  custom: Map<number, CustomValue>;
}

/** The nullable text columns of `contacts` an import can fill, by their column name. */
export const TEXT_FIELDS = [
  ...CONTACT_FREE_TEXT_FIELDS,
  'email',
  ...CONTACT_CODE_FIELDS,
  'custom_country',
  'custom_title',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Per batch: the column index of each mapped field, and the custom fields by id. */
export interface RowReader {
  columns: readonly string[];
  index: Map<string, number>;
  customFields: ReadonlyMap<number, FieldRule>;
}

export function rowReader(
  columns: readonly string[],
  mapping: ContactColumnMapping,
  customFields: ReadonlyMap<number, FieldRule>,
): RowReader {
  const index = new Map<string, number>();
  for (const [field, column] of Object.entries(mapping)) {
    const at = column === undefined ? -1 : columns.indexOf(column);
    if (at >= 0) index.set(field, at);
  }
  return { columns, index, customFields };
}

const YES = ['yes', 'y', 'true', '1', 'x', 'unsubscribed'];
const NO = ['no', 'n', 'false', '0', 'subscribed'];

/** A code by its value or its label, in any letter case (`male`, `Text to join`, `text_to_join`). */
function codeOf(table: readonly { value: string; label: string }[], text: string): string | undefined {
  const wanted = text.toLowerCase();
  return table.find((code) => code.value.toLowerCase() === wanted || code.label.toLowerCase() === wanted)
    ?.value;
}

/** `“12ab”`, shortened when long, for reasons. */
function quoted(text: string): string {
  return `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;
}

/** Field names in reasons: the mapping's names (`country`, not `custom.country`; `alternative_names`, not `.0`). */
function issueField(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === 'custom' && typeof second === 'string') return second;
  return String(first ?? 'row');
}

/**
 * Reads one row: `{ contact }` or `{ reason }` naming every field at fault, e.g.
 * `number: “12ab” is not a valid phone number; email: “bob@” — Enter a valid email address.`
 */
export function readContactRow(
  reader: RowReader,
  cells: readonly string[],
): { contact: ImportedContact } | { reason: string } {
  const { columns, index } = reader;
  if (cells.length < columns.length) {
    return {
      reason: `row: it has ${cells.length} ${cells.length === 1 ? 'cell' : 'cells'} where the header has ${columns.length} columns.`,
    };
  }
  if (cells.slice(columns.length).some((cell) => cell.trim() !== '')) {
    return {
      reason: `row: it has ${cells.length} cells where the header has ${columns.length} columns.`,
    };
  }
  const cell = (field: string) => {
    const at = index.get(field);
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const reasons: string[] = [];
  const input: Record<string, unknown> = {
    name: contactDisplayName({
      name: cell('name'),
      first_name: cell('first_name'),
      last_name: cell('last_name'),
    }),
    number: cell('number'),
  };
  const put = (field: string, value: unknown) => {
    if (value !== '' && value !== undefined) input[field] = value;
  };
  for (const field of [...CONTACT_FREE_TEXT_FIELDS, 'email', 'age_range']) {
    put(field, cell(field));
  }
  const codes: [string, readonly { value: string; label: string }[]][] = [
    ['gender', GENDERS],
    ['type', CONTACT_TYPES],
    ['optin_type', SMS_OPTIN_TYPES],
  ];
  for (const [field, table] of codes) {
    const text = cell(field);
    if (!text) continue;
    const code = codeOf(table, text);
    if (code) input[field] = code;
    else reasons.push(`${field}: ${quoted(text)} is not one of ${valuesOf(table).join(', ')}.`);
  }
  for (const field of ['alternative_names', 'secondary_emails']) {
    const items = splitListCell(cell(field));
    if (items.length) input[field] = items;
  }
  const unsubscribed = cell('is_unsubscribed').toLowerCase();
  if (unsubscribed) {
    if (YES.includes(unsubscribed)) input.is_unsubscribed = true;
    else if (NO.includes(unsubscribed)) input.is_unsubscribed = false;
    else reasons.push(`is_unsubscribed: ${quoted(cell('is_unsubscribed'))} is not yes or no.`);
  }
  const country = cell('country');
  const title = cell('title');
  if (country || title) input.custom = { country: country || null, title: title || null };

  const parsed = ContactInputSchema.safeParse(input as ContactInput);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issueField(issue.path);
      const shown = field === 'name' ? String(input.name ?? '') : cell(field);
      reasons.push(shown ? `${field}: ${quoted(shown)} — ${issue.message}` : `${field}: ${issue.message}`);
    }
  }
  const numberText = cell('number');
  const number = numberText ? normalizePhone(numberText) : null;
  const numberFlagged = !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'number');
  if (numberText && !number && !numberFlagged)
    reasons.push(`number: ${quoted(numberText)} is not a valid phone number.`);

  const custom = new Map<number, CustomValue>();
  for (const [field, at] of index) {
    const eav = EAV_KEY.exec(field);
    if (!eav) continue;
    const rule = reader.customFields.get(Number(eav[1]));
    const text = (cells[at] ?? '').trim();
    // A field deleted since the upload takes nothing; an empty cell changes nothing.
    if (!rule || !text) continue;
    const checked = checkValues(reader.customFields as Map<number, FieldRule>, [
      { attribute_id: rule.id, value: text },
    ]);
    const message = Object.values(checked.errors)[0]?.[0];
    if (message) reasons.push(`${message.replace(/\.$/, '')} (${quoted(text)}).`);
    else if (checked.values[0]?.value !== null && checked.values[0]?.value !== undefined) {
      custom.set(rule.id, checked.values[0].value);
    }
  }

  if (reasons.length || !parsed.success || !number) {
    return { reason: reasons.join(' ') || 'number: Enter a phone number.' };
  }
  const data = parsed.data;
  const text: Partial<Record<TextField, string>> = {};
  const setText = (field: TextField, value: string | null | undefined) => {
    if (value) text[field] = value;
  };
  for (const field of TEXT_FIELDS) {
    if (field === 'custom_country' || field === 'custom_title') continue;
    setText(field, data[field] as string | null | undefined);
  }
  setText('custom_country', data.custom?.country);
  setText('custom_title', data.custom?.title);
  return {
    contact: {
      name: contactNameOf(data) ?? '',
      number,
      text,
      alternative_names: data.alternative_names ?? [],
      secondary_emails: data.secondary_emails ?? [],
      is_unsubscribed: data.is_unsubscribed === true,
      custom,
    },
  };
}

/** Merges a later row of the same number into an earlier one: the later row's non-empty values win. */
export function mergeContacts(earlier: ImportedContact, later: ImportedContact): ImportedContact {
  return {
    name: later.name || earlier.name,
    number: earlier.number,
    text: { ...earlier.text, ...later.text },
    alternative_names: later.alternative_names.length ? later.alternative_names : earlier.alternative_names,
    secondary_emails: later.secondary_emails.length ? later.secondary_emails : earlier.secondary_emails,
    is_unsubscribed: earlier.is_unsubscribed || later.is_unsubscribed,
    custom: new Map([...earlier.custom, ...later.custom]),
  };
}
