/**
 * Reading a fetched web page the way the tracking script will see it, for the verifier: whether the snippet's
 * script tag is there (and with which key), and the phone numbers the page shows — in its text and its `tel:`
 * links — found with the script's own rule (shared/domain/dniSwap.ts). What the script never touches is left out:
 * scripts, styles, templates, form fields' text, comments.
 *
 * A tolerant reading with regular expressions, not a DOM: the page is at most 2 MB and only these few things are
 * asked of it, and a broken page must still give an answer.
 */
import { findPhoneNumbers, telNumber } from '@shared/domain/dniSwap';

/** The snippet's script: its address ends with /dni/script.js (any host: a customer may proxy it). */
const TRACKER_SRC = /\/dni\/script\.js(?:[?#][\s\S]*)?$/i;

export interface PageReading {
  /** The tracking scripts on the page, each with its `data-key` (null when it has none). */
  trackers: { src: string; key: string | null }[];
  /** The numbers shown — `tel:` links first, then the text, each in page order — each once per way it is written. */
  numbers: { text: string; number: string }[];
}

/** The page's numbers are listed up to this many (a directory page could list thousands). */
export const MAX_LISTED_NUMBERS = 100;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  hyphen: '\u2010',
  lpar: '(',
  rpar: ')',
  period: '.',
  plus: '+',
};

/** HTML character references, named (the few that matter for numbers and addresses) and numeric. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The attributes of a start tag's inside (`src="…" data-key=abc async`), names lower-cased, values decoded. */
export function attributesOf(inside: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  for (const match of inside.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

export function readPage(html: string): PageReading {
  // A commented-out snippet is not installed, and a commented-out number is not shown.
  const uncommented = html.replace(/<!--[\s\S]*?-->/g, ' ');
  const trackers: PageReading['trackers'] = [];
  for (const match of uncommented.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = attributesOf(match[1] ?? '');
    const src = attributes.get('src')?.trim();
    if (src && TRACKER_SRC.test(src)) trackers.push({ src, key: attributes.get('data-key')?.trim() || null });
  }

  const numbers: PageReading['numbers'] = [];
  const seen = new Set<string>();
  const add = (text: string, number: string) => {
    const id = `${number} ${text}`;
    if (seen.has(id) || numbers.length >= MAX_LISTED_NUMBERS) return;
    seen.add(id);
    numbers.push({ text, number });
  };
  // What the script never swaps, and what a visitor never sees, goes first; then the tags, keeping `tel:` links.
  const visible = uncommented.replace(
    /<(script|style|template|textarea|noscript|select)\b[^>]*>[\s\S]*?<\/\1\s*>/gi,
    ' ',
  );
  for (const match of visible.matchAll(/<a\b([^>]*)>/gi)) {
    const href =
      attributesOf(match[1] ?? '')
        .get('href')
        ?.trim() ?? '';
    const number = telNumber(href);
    if (number) add(href, number);
  }
  // Tags end a run of text, so "555-<b>0100</b>" is not read as one number (the script swaps text node by node).
  const text = decodeEntities(visible.replace(/<[^>]*>/g, '\u0000'));
  for (const found of findPhoneNumbers(text)) add(found.text, found.e164);
  return { trackers, numbers };
}
