/**
 * Finding numbers to buy (§5 "Number search modes: Contains, Starts with, Ends with. US area code length 3",
 * toll-free area codes, vanity numbers): what a search asks for, in digits, and whether an available number
 * answers it. The sandbox carrier's inventory and the buy screen both read these; Twilio applies the same
 * pattern itself (its `contains` takes digits and letters).
 */
import type { NumberSearchMode } from './numbers';
import { TOLL_FREE_AREA_CODES, vanityToDigits } from './phone';

/** At most this many numbers a search answers (one page of choices). */
export const NUMBER_SEARCH_MAX_RESULTS = 50;
/** At most this many numbers one bulk purchase buys. */
export const BULK_PURCHASE_MAX = 100;

/** A search's pattern as digits: letters become their keypad digits (§5), everything else but digits goes. */
export function searchDigits(pattern: string): string {
  return vanityToDigits(pattern.replace(/[^0-9A-Za-z]/g, ''));
}

/** Whether the search typed letters: the results then show the number in that vanity form. */
export function isVanitySearch(pattern: string): boolean {
  return /[A-Za-z]/.test(pattern);
}

/** The ten national digits of a NANP number in E.164 (+1 and ten digits); null otherwise. */
export function nationalDigits(e164: string): string | null {
  const match = /^\+1(\d{10})$/.exec(e164);
  return match?.[1] ?? null;
}

/**
 * Whether a number answers a search: `starts_with` and `ends_with` read the seven digits after the area code
 * (the part a person chooses; the area code is chosen apart), `contains` reads them all. An empty pattern
 * matches everything.
 */
export function matchesSearch(e164: string, pattern: string, mode: NumberSearchMode): boolean {
  const digits = searchDigits(pattern);
  const national = nationalDigits(e164);
  if (!national) return false;
  if (!digits) return true;
  const local = national.slice(3);
  switch (mode) {
    case 'starts_with':
      return local.startsWith(digits);
    case 'ends_with':
      return local.endsWith(digits);
    case 'contains':
      return national.includes(digits);
  }
}

/**
 * The number written with the search's letters where its digits are ("+1 (800) FLOWERS"), for a vanity search;
 * null when the search had no letters or the number does not carry them.
 */
export function vanityForm(e164: string, pattern: string, mode: NumberSearchMode): string | null {
  const national = nationalDigits(e164);
  const letters = pattern.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (!national || !isVanitySearch(letters)) return null;
  const digits = vanityToDigits(letters);
  const local = national.slice(3);
  const at =
    mode === 'starts_with' ? 0 : mode === 'ends_with' ? local.length - digits.length : local.indexOf(digits);
  if (at < 0 || local.slice(at, at + digits.length) !== digits) return null;
  const spelled = `${local.slice(0, at)}${letters}${local.slice(at + digits.length)}`;
  return `+1 (${national.slice(0, 3)}) ${spelled}`;
}

/** §5 toll-free area codes (800, 833 … 888), "also written 8**". */
export function isTollFreeAreaCode(areaCode: string): boolean {
  return TOLL_FREE_AREA_CODES.includes(areaCode);
}
