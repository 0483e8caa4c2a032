/**
 * Forwarding numbers (§7 `forward-contacts`): the company's list of the phones calls are forwarded to. How a
 * forwarding number is read (§5 "checked with an international phone utility … retried with a +1- prefix"), when
 * it counts as international (§3 Forward entry `usingIntNumber`), and which routes forward to it.
 */
import { type CountryCode, isSupportedCountry } from 'libphonenumber-js/max';
import { DEFAULT_COUNTRY } from './limits';
import { normalizePhone } from './phone';

export const FORWARD_CONTACT_NAME_MAX = 100;
export const FORWARD_CONTACT_NOTE_MAX = 500;

export const FORWARD_CONTACT_MESSAGES = Object.freeze({
  nameRequired: 'Enter a name for this forwarding number.',
  nameTooLong: `The name can be at most ${FORWARD_CONTACT_NAME_MAX} characters.`,
  noteTooLong: `The note can be at most ${FORWARD_CONTACT_NOTE_MAX} characters.`,
  numberRequired: 'Enter the phone number calls are forwarded to.',
  numberInvalid: 'Enter a valid phone number, such as (312) 555-0100 or +44 20 7946 0958.',
  international:
    'This is an international number: tick “International number” to forward calls outside the +1 countries.',
  country: 'The country is its two-letter code, such as US or GB.',
});

/** What the list says of a number it has already: the name it is listed under. */
export function duplicateForwardNumberMessage(name: string): string {
  return `This number is already in the list as “${name}”.`;
}

/** Whether a two-letter code names a country the phone utility knows (`US`, `GB`…). */
export function isKnownCountry(code: unknown): boolean {
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) && isSupportedCountry(code as CountryCode);
}

/**
 * International means outside the North American Numbering Plan (+1: the US, Canada and the Caribbean), where a
 * forwarded call is billed as international. The routing editor reads a stored forward the same way.
 */
export function isInternationalNumber(e164: string): boolean {
  return e164.startsWith('+') && !e164.startsWith('+1');
}

export type ForwardNumberReading =
  | { ok: true; number: string; international: boolean }
  | { ok: false; message: string };

/**
 * Reads a forwarding number as typed. §5: checked with the phone utility in `country` (§9 "Default country US"),
 * retried with +1-; with `usingIntNumber` (§3 Forward entry) a number typed without its `+` is also read with one
 * (`44 20 7946 0958`), as the routing editor sends it. An international number (see `isInternationalNumber`) is
 * accepted only when `usingIntNumber` says it is meant: a +1 number is never international, whatever the flag.
 */
export function readForwardNumber(
  input: string,
  options: { usingIntNumber?: boolean; country?: string } = {},
): ForwardNumberReading {
  const typed = input.trim();
  if (!typed) return { ok: false, message: FORWARD_CONTACT_MESSAGES.numberRequired };
  const country = isKnownCountry(options.country) ? (options.country as string) : DEFAULT_COUNTRY;
  const allowed = options.usingIntNumber === true;
  let e164 = normalizePhone(typed, country);
  if (!e164 && allowed && !typed.startsWith('+')) {
    e164 = normalizePhone(`+${typed.replace(/^[\s0]+/, '')}`, country);
  }
  if (!e164) return { ok: false, message: FORWARD_CONTACT_MESSAGES.numberInvalid };
  const international = isInternationalNumber(e164);
  if (international && !allowed) {
    return { ok: false, message: FORWARD_CONTACT_MESSAGES.international };
  }
  return { ok: true, number: e164, international };
}

/** A tracked number's routes, as far as forwarding goes (`numbers.routes`, §3 Routing entry). */
export interface RoutedNumber {
  id: number;
  number: string;
  label: string;
  routes: readonly {
    extension: number;
    label: string;
    type: string;
    forwards: readonly { number: string }[];
  }[];
}

/** One route (a number's extension) that forwards to a forwarding number. */
export interface ForwardUsage {
  number_id: number;
  number: string;
  number_label: string;
  extension: number;
  label: string;
  type: string;
}

/**
 * The routes forwarding to `target` (E.164), in the order of the numbers given and their extensions. A route lists
 * a forward once however often it names it; extensions that ring no forwards (voicemail, in-app calling) never
 * count, even if forwards were left stored on them.
 */
export function forwardUsages(numbers: readonly RoutedNumber[], target: string): ForwardUsage[] {
  const found: ForwardUsage[] = [];
  for (const number of numbers) {
    for (const route of number.routes) {
      if (!ringsForwards(route.type)) continue;
      if (!route.forwards.some((forward) => forward.number === target)) continue;
      found.push({
        number_id: number.id,
        number: number.number,
        number_label: number.label,
        extension: route.extension,
        label: route.label,
        type: route.type,
      });
    }
  }
  return found;
}

/** How many routes forward to each forwarding number (E.164 → routes), counted as `forwardUsages` does. */
export function forwardUsageCounts(numbers: readonly RoutedNumber[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const number of numbers) {
    for (const route of number.routes) {
      if (!ringsForwards(route.type)) continue;
      for (const target of new Set(route.forwards.map((forward) => forward.number))) {
        counts.set(target, (counts.get(target) ?? 0) + 1);
      }
    }
  }
  return counts;
}

/** §3 Forward types that ring forwards: standard, simultaneous, sequential, geo. */
const FORWARDING_TYPES: readonly string[] = ['standard', 'simultaneous', 'sequential', 'geo'];

function ringsForwards(type: string): boolean {
  return FORWARDING_TYPES.includes(type);
}
