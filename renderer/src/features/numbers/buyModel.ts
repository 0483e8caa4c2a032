/**
 * Finding and buying numbers (§5 search modes, area code length 3, toll-free area codes, vanity), the screen's
 * rules apart from the screen: what a search form sends to `POST /numbers/locate` and what it is told before
 * sending, how the buy button reads, and how a bulk purchase's reports (events and polls race) are followed and
 * summed up.
 */

import type { BulkPurchase } from '@shared/api/numberPurchase';
import { type LocateBody, NUMBER_PURCHASE_MESSAGES } from '@shared/api/numberPurchase';
import type { NumberSearchMode } from '@shared/domain/numbers';
import { sanitizeVanityInput } from '@shared/domain/phone';

export type BuyKind = 'local' | 'toll-free';

/** The search form as typed. `area_code` is the toll-free prefix for toll-free ('' = any). */
export interface SearchForm {
  kind: BuyKind;
  area_code: string;
  region: string;
  /** Near a city; with `region`, that state's city of the name. */
  city: string;
  pattern: string;
  mode: NumberSearchMode;
}

export const EMPTY_SEARCH: SearchForm = Object.freeze({
  kind: 'local',
  area_code: '',
  region: '',
  city: '',
  pattern: '',
  mode: 'contains',
});

/** The fields a refusal's messages are shown beside. */
export const SEARCH_FIELDS = ['area_code', 'region', 'city', 'pattern', 'mode'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** §3 number-type codes: 1 toll-free, 2 local. */
export const typeOfKind = (kind: BuyKind): 1 | 2 => (kind === 'toll-free' ? 1 : 2);

/** What the pattern box keeps of what is typed: §5's vanity field characters, at most 20 of them. */
export function cleanPattern(input: string): string {
  return sanitizeVanityInput(input).slice(0, 20);
}

/**
 * What is wrong with the form before it is sent, by field (the server says the same; this saves a round trip):
 * a local search needs an area code, a state or a city, each in its shape; a pattern has at most 10 letters or
 * digits.
 */
export function searchProblems(form: SearchForm): Partial<Record<SearchField, string>> {
  const problems: Partial<Record<SearchField, string>> = {};
  const areaCode = form.area_code.trim();
  const region = form.region.trim();
  const city = form.city.trim();
  if (form.kind === 'local') {
    if (areaCode && !/^\d{3}$/.test(areaCode)) problems.area_code = NUMBER_PURCHASE_MESSAGES.areaCode;
    if (region && !/^[A-Za-z]{2}$/.test(region)) problems.region = NUMBER_PURCHASE_MESSAGES.region;
    if (city && !/^[\p{L} .'-]{2,60}$/u.test(city)) problems.city = NUMBER_PURCHASE_MESSAGES.city;
    if (!areaCode && !region && !city) problems.area_code = NUMBER_PURCHASE_MESSAGES.where;
  }
  if (form.pattern.replace(/[^0-9A-Za-z]/g, '').length > 10)
    problems.pattern = NUMBER_PURCHASE_MESSAGES.pattern;
  return problems;
}

/**
 * The locate body of a form: local by its area code, else near its city (in its state, if given), else its state;
 * toll-free with its prefix, or any. Only
 * the pattern's letters and digits are sent (its dashes and brackets are for the eye).
 */
export function locateBody(companyId: number, form: SearchForm): LocateBody {
  const areaCode = form.area_code.trim();
  const region = form.region.trim().toUpperCase();
  const pattern = form.pattern.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const body: LocateBody = { company_id: companyId, type: typeOfKind(form.kind), pattern, mode: form.mode };
  if (form.kind === 'toll-free') return areaCode ? { ...body, area_code: areaCode } : body;
  if (areaCode) return { ...body, area_code: areaCode };
  const city = form.city.trim();
  return { ...body, ...(city ? { city } : {}), ...(region ? { region } : {}) };
}

/** The buy button: "Buy" for one number (or none chosen yet), "Buy 3 numbers" for several. */
export function buyLabel(selected: number): string {
  return selected > 1 ? `Buy ${selected} numbers` : 'Buy';
}

/** How many numbers a bulk purchase has dealt with, bought or not. */
export function bulkProcessed(batch: Pick<BulkPurchase, 'purchased' | 'failed'>): number {
  return batch.purchased + batch.failed.length;
}

export function isBulkEnded(batch: Pick<BulkPurchase, 'state'>): boolean {
  return batch.state === 'finished' || batch.state === 'failed';
}

/**
 * Whether `incoming` is news about the purchase followed as `known` (a late poll may bring an older report than
 * the last event): another purchase never is, nothing is after the end, an ending always is, progress only when
 * it is not behind.
 */
export function isBulkNews(known: BulkPurchase, incoming: BulkPurchase): boolean {
  if (incoming.id !== known.id || isBulkEnded(known)) return false;
  return isBulkEnded(incoming) || bulkProcessed(incoming) >= bulkProcessed(known);
}

/** The whole percentage the progress bar shows: 100 once ended, else the purchase's progress within 0–99… */
export function bulkPercent(batch: Pick<BulkPurchase, 'state' | 'progress'>): number {
  if (isBulkEnded(batch)) return 100;
  return Math.max(0, Math.min(100, Math.floor(batch.progress)));
}

const numbersWord = (count: number) => (count === 1 ? 'number' : 'numbers');

/** Where a purchase stands in words: "2 of 3 numbers…" while it runs, "3 bought" or "2 bought, 1 failed" after. */
export function bulkStatusText(batch: BulkPurchase): string {
  if (!isBulkEnded(batch)) {
    return batch.state === 'queued'
      ? `Waiting to buy ${batch.total} ${numbersWord(batch.total)}…`
      : `Buying ${bulkProcessed(batch)} of ${batch.total} ${numbersWord(batch.total)}…`;
  }
  const failed = batch.failed.length;
  return failed ? `${batch.purchased} bought, ${failed} failed` : `${batch.purchased} bought`;
}
