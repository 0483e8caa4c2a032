/**
 * The tracking script's own rule (§7 "Tracking pools and DNI"; issue 21: "swaps every displayed occurrence of the
 * company's target numbers — text and `tel:` links, formatted any common way"): finding US/NANP phone numbers
 * as people write them on web pages, and putting a pool number in their place in the same format. The script
 * (tracker/) swaps with it; the verifier (`POST /trackingNumbers/verifyScript`) lists a page's numbers with it.
 *
 * Pure and small on purpose: it is bundled into the script every customer page loads, so it uses no phone library
 * (libphonenumber would be most of the script) and no lookbehind (older Safari would not even parse the script).
 *
 * Formats found: (312) 555-0100, 312-555-0100, 312.555.0100, 312 555 0100, +1 312 555 0100, 1-312-555-0100,
 * +1 (312) 555-0100, +13125550100, 3125550100 — each with no digit right before or after it. A swap keeps the
 * original's look: its separators, parentheses and any leading 1 or +1 stay, and only the ten national digits
 * change, one for one.
 */

/** One separator between groups: space, no-break space, dot, hyphen or a typographic dash. */
const SEP = '[ \\u00a0.\\-\\u2010-\\u2013]';

/**
 * A displayed NANP number: an optional country code (`+1`, `1`), the area code (plain or in parentheses), the
 * exchange and the line. NANP area codes and exchanges never start with 0 or 1, which keeps order numbers, dates
 * and prices from passing for phone numbers. The digit boundaries are checked in code (see `findPhoneNumbers`).
 */
const NUMBER_SOURCE = `(?:\\+?1${SEP}?)?(?:\\(([2-9]\\d\\d)\\)${SEP}?|([2-9]\\d\\d)${SEP}?)([2-9]\\d\\d)${SEP}?(\\d{4})(?!\\d)`;

export interface FoundNumber {
  /** The number as the page shows it. */
  text: string;
  /** Where it starts in the text searched. */
  index: number;
  /** Its E.164 form, +1 and the ten national digits. */
  e164: string;
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** Every displayed NANP number in `text`, in order. */
export function findPhoneNumbers(text: string): FoundNumber[] {
  const found: FoundNumber[] = [];
  const pattern = new RegExp(NUMBER_SOURCE, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const index = match.index;
    const before = text.slice(Math.max(0, index - 5), index);
    // A digit right before means it is part of a longer number; "+44 " before a bare ten digits means another
    // country's number. Either way, look again one character further on.
    if (isDigit(before[before.length - 1]) || (!/^\+?1/.test(match[0]) && /\+\d{1,3}[ .-]?$/.test(before))) {
      pattern.lastIndex = index + 1;
      continue;
    }
    found.push({ text: match[0], index, e164: `+1${match[1] ?? match[2]}${match[3]}${match[4]}` });
  }
  return found;
}

/** A number's E.164 form when it is a NANP one however written (`(312) 555-0100`, `+13125550100`); else null. */
export function nanpE164(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  const national = digits.length === 11 && digits[0] === '1' ? digits.slice(1) : digits;
  return /^[2-9]\d\d[2-9]\d{6}$/.test(national) ? `+1${national}` : null;
}

/**
 * `number` (E.164) written the way `displayed` is: the displayed number's last ten digits are replaced, one for
 * one, by the new number's national digits; everything else (separators, parentheses, a leading 1 or +1) stays.
 * A replacement that is not a NANP number cannot take that shape and is shown as given.
 */
export function formatLike(displayed: string, number: string): string {
  const replacement = nanpE164(number);
  if (!replacement) return number;
  const national = replacement.slice(2);
  const digits = displayed.replace(/\D/g, '').length;
  // The first digit of an 11-digit display is its country code, which stays.
  let skip = digits - 10;
  let next = 0;
  let out = '';
  for (const char of displayed) {
    if (!isDigit(char)) out += char;
    else if (skip > 0) {
      skip--;
      out += char;
    } else out += national[next++] ?? char;
  }
  return out;
}

/** Target numbers as a set of E.164 strings (anything not a NANP number is left out: it is never displayed as one). */
export function targetSet(targets: Iterable<string>): Set<string> {
  const set = new Set<string>();
  for (const target of targets) {
    const e164 = nanpE164(target);
    if (e164) set.add(e164);
  }
  return set;
}

/**
 * `text` with every displayed number equal to one of `targets` written as `replacement` in its format; the same
 * string (identical) when nothing matched, so a caller can tell cheaply that nothing changed.
 */
export function swapPhoneNumbers(text: string, targets: ReadonlySet<string>, replacement: string): string {
  // Most text has no run of ten digits at all: skip the pattern for it.
  if (targets.size === 0 || !/\d{3}/.test(text)) return text;
  let out = '';
  let from = 0;
  for (const found of findPhoneNumbers(text)) {
    if (!targets.has(found.e164)) continue;
    out += text.slice(from, found.index) + formatLike(found.text, replacement);
    from = found.index + found.text.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The number a `tel:` link dials (E.164), when it is a NANP one; null for anything else. */
export function telNumber(href: string): string | null {
  const match = /^\s*tel:([^;?#]*)/i.exec(href);
  if (!match) return null;
  return nanpE164(decodeSafely(match[1] ?? ''));
}

/**
 * A `tel:` link with its number swapped when it dials one of `targets`: the number keeps its written form
 * (`tel:+1-312-555-0100` → `tel:+1-773-555-0199`), parameters after it (`;ext=12`) stay. The same string when it
 * dials none of them.
 */
export function swapTelHref(href: string, targets: ReadonlySet<string>, replacement: string): string {
  const match = /^(\s*tel:)([^;?#]*)(.*)$/is.exec(href);
  if (!match) return href;
  const [, scheme = '', encoded = '', rest = ''] = match;
  const dialled = decodeSafely(encoded);
  const e164 = nanpE164(dialled);
  if (!e164 || !targets.has(e164)) return href;
  const swapped = formatLike(dialled.trim(), replacement);
  // Written back encoded only when it came encoded (`tel:(312)%20555-0100`).
  return scheme + (dialled === encoded ? swapped : encodeURI(swapped)) + rest;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
