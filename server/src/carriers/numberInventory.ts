/**
 * The sandbox carrier's number inventory: nothing is bought anywhere. Each area code has a made-up stock of a few
 * hundred numbers, the same every time (generated from the area code: the same search answers the same list),
 * with vanity-friendly ones among them — numbers ending in and starting with CARS 2277, AUTO 2886, HOME 4663,
 * SALE 7253, and for toll-free also FLOWERS 3569377 and CALLNOW 2255669 as the whole seven digits. A state's
 * search looks through the area codes the sandbox knows in it (the caller ID table); a toll-free search without
 * an area code through every 8** code. A number some company already has (the numbers table) is never offered.
 *
 * Failure scenario: each area code also stocks five numbers ending in 0000, and buying one fails with
 * SANDBOX_NUMBER_GONE ("The carrier no longer has this number"), so demos and tests can show a purchase failing.
 * A number the inventory never had cannot be bought either.
 */
import { randomBytes } from 'node:crypto';
import { matchesSearch, nationalDigits } from '@shared/domain/numberSearch';
import { TOLL_FREE_AREA_CODES } from '@shared/domain/phone';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { liveNumber, numbers } from '../db/schema';
import { AREA_CODES } from '../lib/sandboxAreaCodes';
import { type NumberCarrier, type NumberQuery, NumberUnavailable, type OfferedNumber } from './numbers';

/** Numbers whose last four digits are these cannot be bought in the sandbox. */
export const SANDBOX_GONE_SUFFIX = '0000';
export const SANDBOX_NUMBER_GONE = 'The carrier no longer has this number.';
export const SANDBOX_NEVER_STOCKED =
  'The carrier does not offer this number; search again and choose one it offers.';
/** Ordinary numbers stocked per area code (besides the vanity and failing ones). */
export const SANDBOX_STOCK_PER_AREA_CODE = 400;

/** Keypad digits of the words the inventory stocks. */
const VANITY_WORDS = ['2277', '2886', '4663', '7253'];
const TOLL_FREE_WORDS = ['3569377', '2255669'];

/** A small deterministic generator (mulberry32) seeded from the area code. */
function generator(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** An exchange (NXX): 200–999, never an N11 service code. */
function exchange(next: () => number): string {
  for (;;) {
    const candidate = pad(200 + Math.floor(next() * 800), 3);
    if (candidate.slice(1) !== '11') return candidate;
  }
}

const stock = new Map<string, readonly string[]>();

/** The area code's whole stock (E.164), in a fixed order. */
export function inventoryOf(areaCode: string): readonly string[] {
  const known = stock.get(areaCode);
  if (known) return known;
  const next = generator(`sandbox-numbers-${areaCode}`);
  const found = new Set<string>();
  const add = (local: string) => found.add(`+1${areaCode}${local}`);
  for (const word of VANITY_WORDS) {
    for (let i = 0; i < 6; i++) add(`${exchange(next)}${word}`);
    for (let i = 0; i < 3; i++) add(`${word}${pad(Math.floor(next() * 1000), 3)}`);
  }
  if (TOLL_FREE_AREA_CODES.includes(areaCode)) for (const word of TOLL_FREE_WORDS) add(word);
  for (let i = 0; i < 5; i++) add(`${exchange(next)}${SANDBOX_GONE_SUFFIX}`);
  while (found.size < SANDBOX_STOCK_PER_AREA_CODE + 5 + VANITY_WORDS.length * 9) {
    add(`${exchange(next)}${pad(Math.floor(next() * 10_000), 4)}`);
  }
  const list = Object.freeze([...found]);
  stock.set(areaCode, list);
  return list;
}

/** The area codes a search looks through. */
function areaCodesFor(query: NumberQuery): string[] {
  const tollFree = query.type === 1;
  if (query.areaCode)
    return TOLL_FREE_AREA_CODES.includes(query.areaCode) === tollFree ? [query.areaCode] : [];
  if (tollFree) return [...TOLL_FREE_AREA_CODES];
  const city = query.locality?.trim().toLowerCase();
  if (!query.region && !city) return [];
  // Near a city: the codes the sandbox places in it (and in its state, when one is given).
  return Object.entries(AREA_CODES)
    .filter(
      ([, place]) =>
        (!query.region || place[1] === query.region) && (!city || place[0].toLowerCase() === city),
    )
    .map(([code]) => code);
}

function offered(number: string, type: 1 | 2): OfferedNumber {
  const place = type === 2 ? AREA_CODES[number.slice(2, 5)] : undefined;
  return {
    number,
    type,
    locality: place?.[0] ?? '',
    region: place?.[1] ?? '',
    capabilities: { voice: true, sms: true, mms: type === 2 },
  };
}

/** Which of these numbers some company already has. */
async function ownedAmong(db: Db, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ number: numbers.number })
    .from(numbers)
    .where(and(inArray(numbers.number, candidates), liveNumber));
  return new Set(rows.map((row) => row.number));
}

export function sandboxNumberCarrier(db: Db): NumberCarrier {
  return {
    name: 'sandbox',
    async search(query) {
      const matching = areaCodesFor(query)
        .flatMap((code) => inventoryOf(code))
        .filter((number) => matchesSearch(number, query.digits, query.mode));
      const answer: OfferedNumber[] = [];
      // Owned numbers are skipped a page at a time, so the answer is full whenever the stock allows.
      for (let at = 0; at < matching.length && answer.length < query.limit; at += 200) {
        const page = matching.slice(at, at + 200);
        const owned = await ownedAmong(db, page);
        for (const number of page) {
          if (answer.length >= query.limit) break;
          if (!owned.has(number)) answer.push(offered(number, query.type));
        }
      }
      return answer;
    },
    async purchase(number) {
      const national = nationalDigits(number);
      if (!national || !inventoryOf(national.slice(0, 3)).includes(number))
        throw new NumberUnavailable(SANDBOX_NEVER_STOCKED);
      if (national.endsWith(SANDBOX_GONE_SUFFIX)) throw new NumberUnavailable(SANDBOX_NUMBER_GONE);
      return { sid: `PN${randomBytes(16).toString('hex')}` };
    },
    async release() {},
  };
}
