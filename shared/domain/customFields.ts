/** Custom fields (EAV attributes) (§3). */
import { codes } from './codes';

/** §3 "data types boolean, date, enum, number, phone, stringText, stringKeyword". */
export const CUSTOM_FIELD_DATA_TYPES = codes([
  { value: 'boolean', label: 'Yes / No' },
  { value: 'date', label: 'Date' },
  { value: 'enum', label: 'Choice list' },
  { value: 'number', label: 'Number' },
  { value: 'phone', label: 'Phone number' },
  { value: 'stringText', label: 'Text' },
  { value: 'stringKeyword', label: 'Keyword' },
]);
export type CustomFieldDataType = (typeof CUSTOM_FIELD_DATA_TYPES)[number]['value'];

/** §3 "Entity types: number 1, company 2, tracking pool 3, organization 4, user 5, call 6, contact 7." */
export const CUSTOM_FIELD_ENTITY_TYPES = codes([
  { value: 1, label: 'Number' },
  { value: 2, label: 'Company' },
  { value: 3, label: 'Tracking pool' },
  { value: 4, label: 'Organization' },
  { value: 5, label: 'User' },
  { value: 6, label: 'Call' },
  { value: 7, label: 'Contact' },
]);
export type CustomFieldEntityType = (typeof CUSTOM_FIELD_ENTITY_TYPES)[number]['value'];

/** The entity types by the records behind them (the one place their numbers are named). */
export const ENTITY_TYPES = Object.freeze({
  number: 1,
  company: 2,
  trackingPool: 3,
  organization: 4,
  user: 5,
  call: 6,
  contact: 7,
} as const satisfies Record<string, CustomFieldEntityType>);

/** §3 "contact 7": the entity type of contacts' custom values. */
export const CONTACT_ENTITY_TYPE = ENTITY_TYPES.contact;

/** One choice of an enum custom field (§3 "choices have id, value, sort_order, description"). */
export interface CustomFieldChoice {
  id: number;
  value: string;
  sort_order: number;
  description: string | null;
}

/** What value checking needs to know of a custom field. */
export interface CustomFieldRule {
  data_type: CustomFieldDataType;
  choices?: readonly Pick<CustomFieldChoice, 'id' | 'value'>[];
}

/** A stored custom value: booleans and numbers as themselves, dates as `YYYY-MM-DD`, enums by choice value. */
export type CustomValue = string | number | boolean;

/** Longest text a text custom field keeps; keywords are single short tokens. */
export const CUSTOM_TEXT_MAX = 1000;
export const CUSTOM_KEYWORD_MAX = 100;

const TRUE_WORDS = ['true', 'yes', 'y', '1', 'on'];
const FALSE_WORDS = ['false', 'no', 'n', '0', 'off'];

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * Checks and normalises one custom value by its field's data type ("values validated by type on every entity
 * that carries them"). Values may come from a form or from an imported spreadsheet cell, so text spellings are
 * accepted where unambiguous (`yes`/`no`, `12.5`, `2024-03-01`). `normalizePhoneValue` is passed in so this
 * module stays free of the phone library. Empty input (`null`, `''`) means "no value" and is always allowed.
 */
export function checkCustomValue(
  rule: CustomFieldRule,
  input: unknown,
  normalizePhoneValue: (text: string) => string | null,
): { ok: true; value: CustomValue | null } | { ok: false; message: string } {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) {
    return { ok: true, value: null };
  }
  const text = typeof input === 'string' ? input.trim() : String(input);
  switch (rule.data_type) {
    case 'boolean': {
      if (typeof input === 'boolean') return { ok: true, value: input };
      const word = text.toLowerCase();
      if (TRUE_WORDS.includes(word)) return { ok: true, value: true };
      if (FALSE_WORDS.includes(word)) return { ok: true, value: false };
      return { ok: false, message: 'Enter yes or no.' };
    }
    case 'number': {
      const value = typeof input === 'number' ? input : Number(text.replace(/,/g, ''));
      return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: 'Enter a number.' };
    }
    case 'date': {
      const day = input instanceof Date ? input.toISOString().slice(0, 10) : text.slice(0, 10);
      return isCalendarDate(day) && (input instanceof Date || text.length === 10 || text[10] === 'T')
        ? { ok: true, value: day }
        : { ok: false, message: 'Enter a date as YYYY-MM-DD.' };
    }
    case 'enum': {
      const choices = rule.choices ?? [];
      const choice =
        choices.find((option) => option.value === text) ??
        choices.find((option) => option.value.toLowerCase() === text.toLowerCase()) ??
        (typeof input === 'number' ? choices.find((option) => option.id === input) : undefined);
      return choice
        ? { ok: true, value: choice.value }
        : {
            ok: false,
            message: choices.length
              ? `Choose one of: ${choices.map((option) => option.value).join(', ')}.`
              : 'This field has no choices yet.',
          };
    }
    case 'phone': {
      const phone = normalizePhoneValue(text);
      return phone ? { ok: true, value: phone } : { ok: false, message: 'Enter a valid phone number.' };
    }
    case 'stringText':
      return text.length <= CUSTOM_TEXT_MAX
        ? { ok: true, value: text }
        : { ok: false, message: `Use at most ${CUSTOM_TEXT_MAX} characters.` };
    case 'stringKeyword':
      return text.length <= CUSTOM_KEYWORD_MAX && !/\s/.test(text)
        ? { ok: true, value: text }
        : { ok: false, message: `Use one word of at most ${CUSTOM_KEYWORD_MAX} characters, without spaces.` };
  }
}
