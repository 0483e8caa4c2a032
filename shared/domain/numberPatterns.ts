/**
 * What makes a number memorable, for the numbers table's pattern filter, its badges and `GET /patterns`: a run
 * of one digit, a counting sequence, a round ending, a mirrored ending. Read in the subscriber part — the seven
 * digits after the area code — since that is what people remember; the area code is chosen by place.
 */
import { codes } from './codes';
import { nationalDigits } from './numberSearch';

export const NUMBER_PATTERNS = codes([
  { value: 'repeating', label: 'Repeating digits' },
  { value: 'sequence', label: 'Sequence' },
  { value: 'round', label: 'Round ending' },
  { value: 'mirror', label: 'Mirror or pair ending' },
]);
export type NumberPattern = (typeof NUMBER_PATTERNS)[number]['value'];

/** A run of one digit this long ("555-7777" has four). */
const REPEAT_RUN = 4;
/** Digits counting up or down by one this long ("…1234", "…9876"). */
const SEQUENCE_RUN = 4;

function longestRun(digits: string, step: (previous: number, next: number) => boolean): number {
  let longest = digits.length ? 1 : 0;
  let run = 1;
  for (let index = 1; index < digits.length; index++) {
    run = step(Number(digits[index - 1]), Number(digits[index])) ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * The patterns a number has (none for numbers outside +1 and ten digits):
 * - repeating: four or more of one digit in a row in the last seven ("+1 312 777-7012");
 * - sequence: four or more digits counting up or down by one in the last seven ("+1 312 555-1234");
 * - round: ending in 00 ("+1 312 555-0100");
 * - mirror: the last four read the same backwards ("…-1221"), or repeat a pair ("…-1212").
 */
export function numberPatterns(e164: string): NumberPattern[] {
  const national = nationalDigits(e164);
  if (!national) return [];
  const subscriber = national.slice(3);
  const last4 = subscriber.slice(-4);
  const found: NumberPattern[] = [];
  if (longestRun(subscriber, (a, b) => a === b) >= REPEAT_RUN) found.push('repeating');
  if (
    longestRun(subscriber, (a, b) => b === a + 1) >= SEQUENCE_RUN ||
    longestRun(subscriber, (a, b) => b === a - 1) >= SEQUENCE_RUN
  )
    found.push('sequence');
  if (subscriber.endsWith('00')) found.push('round');
  const [a, b, c, d] = last4;
  if ((a === d && b === c && a !== b) || (a === c && b === d && a !== b)) found.push('mirror');
  return found;
}
