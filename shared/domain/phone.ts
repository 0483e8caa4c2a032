/** Phone numbers: toll-free and vanity rules, E.164 normalisation and display formats (§5). */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_COUNTRY } from './limits';

/** §5 "Toll-free area codes: 800, 833, 844, 855, 866, 877, 888". */
export const TOLL_FREE_AREA_CODES: readonly string[] = Object.freeze([
  '800',
  '833',
  '844',
  '855',
  '866',
  '877',
  '888',
]);

/** §5 "(prefixes also written 8**)": how number searches name every toll-free prefix at once. */
export const TOLL_FREE_PREFIX_PATTERN = '8**';

/**
 * §5 "A number is parsed after removing dashes, parentheses and spaces, with optional leading +1 and 10 digits."
 * Toll-free when those 10 digits start with a toll-free area code.
 */
export function isTollFree(input: string): boolean {
  const match = /^(?:\+?1)?(\d{10})$/.exec(input.replace(/[-() ]/g, ''));
  return match?.[1] !== undefined && TOLL_FREE_AREA_CODES.includes(match[1].slice(0, 3));
}

/** §5 "Only digits, +, -, (, ), space and letters are kept" in a vanity number field. */
export function sanitizeVanityInput(input: string): string {
  return input.replace(/[^0-9A-Za-z+\-() ]/g, '');
}

/**
 * §5 "Vanity number: after stripping non-alphanumerics, optional +1, an area code, then 3 to 11 letters or
 * digits; valid only if the last 7 characters contain a letter."
 */
export function isValidVanity(input: string): boolean {
  const stripped = input.replace(/[^0-9A-Za-z]/g, '');
  if (!/^1?\d{3}[0-9A-Za-z]{3,11}$/.test(stripped)) return false;
  return /[A-Za-z]/.test(stripped.slice(-7));
}

const KEYPAD: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    Object.entries({
      2: 'abc',
      3: 'def',
      4: 'ghi',
      5: 'jkl',
      6: 'mno',
      7: 'pqrs',
      8: 'tuv',
      9: 'wxyz',
    }).flatMap(([digit, letters]) => [...letters].map((letter) => [letter, digit])),
  ),
);

/** §5 "Keypad letters convert to digits (abc=2, def=3, ghi=4, jkl=5, mno=6, pqrs=7, tuv=8, wxyz=9)". */
export function vanityToDigits(input: string): string {
  return input.replace(/[A-Za-z]/g, (letter) => KEYPAD[letter.toLowerCase()] ?? letter);
}

function parseValid(input: string, region: string) {
  const parsed = parsePhoneNumberFromString(input, region as CountryCode);
  return parsed?.isValid() ? parsed : undefined;
}

/**
 * §5 "Numbers are checked with an international phone utility … An invalid number is retried with a +1-
 * prefix; null is returned if that also fails." Returns E.164 (`+12015550123`). Validity is checked fully
 * against libphonenumber's `max` metadata. Default region US.
 */
export function normalizePhone(input: string, region: string = DEFAULT_COUNTRY): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const parsed = parseValid(trimmed, region) ?? parseValid(`+1-${trimmed}`, region);
  return parsed ? parsed.number : null;
}

/** §5 "Display formats: INTERNATIONAL, or AUTO". */
export const PHONE_FORMATS = Object.freeze(['INTERNATIONAL', 'AUTO'] as const);
export type PhoneFormat = (typeof PHONE_FORMATS)[number];

const NATIONAL_FORMAT_COUNTRIES: readonly string[] = ['US', 'CA'];

/**
 * §5 "Display formats: INTERNATIONAL, or AUTO (national for US and CA, international with dashes otherwise).
 * Default region US. Invalid numbers returned unchanged."
 */
export function formatPhone(
  input: string,
  format: PhoneFormat = 'AUTO',
  region: string = DEFAULT_COUNTRY,
): string {
  const parsed = parseValid(input.trim(), region);
  if (!parsed) return input;
  if (format === 'INTERNATIONAL') return parsed.formatInternational();
  if (parsed.country && NATIONAL_FORMAT_COUNTRIES.includes(parsed.country)) return parsed.formatNational();
  return parsed.formatInternational().replace(/\s+/g, '-');
}

/** §5 "Phone-like conversation searches have spaces, dashes and parentheses stripped." Other queries are trimmed. */
export function normalizeConversationSearch(query: string): string {
  const trimmed = query.trim();
  const phoneLike = /^\+?[\d\s()-]+$/.test(trimmed) && /\d/.test(trimmed);
  return phoneLike ? trimmed.replace(/[\s()-]/g, '') : trimmed;
}

/**
 * The digits of a phone-like search (`(312) 555-01` → `31255501`): text made only of digits, spaces, dashes,
 * parentheses, dots and a plus, with at least one digit. Null for anything else.
 */
export function phoneSearchDigits(search: string): string | null {
  if (!/^[\d\s().+-]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  return digits ? digits : null;
}
