/** The buy screen's rules: what a search sends and is told first, the buy button, and a bulk purchase followed. */
import type { BulkPurchase } from '@shared/api/numberPurchase';
import { NUMBER_PURCHASE_MESSAGES } from '@shared/api/numberPurchase';
import { describe, expect, it } from 'vitest';
import {
  bulkPercent,
  bulkStatusText,
  buyLabel,
  cleanPattern,
  EMPTY_SEARCH,
  isBulkNews,
  locateBody,
  type SearchForm,
  searchProblems,
} from './buyModel';

const form = (changes: Partial<SearchForm>): SearchForm => ({ ...EMPTY_SEARCH, ...changes });

describe('what a search sends to POST /numbers/locate', () => {
  it.each([
    [
      'local by area code, the pattern’s letters as typed (the server reads them as keypad digits, §5)',
      form({ area_code: '312', pattern: 'cars', mode: 'ends_with' }),
      { company_id: 7, type: 2, area_code: '312', pattern: 'CARS', mode: 'ends_with' },
    ],
    [
      'local by state, upper-cased',
      form({ region: 'il', pattern: '' }),
      { company_id: 7, type: 2, region: 'IL', pattern: '', mode: 'contains' },
    ],
    [
      'near a city, with its state when given',
      form({ city: ' San Francisco ', region: 'ca' }),
      { company_id: 7, type: 2, city: 'San Francisco', region: 'CA', pattern: '', mode: 'contains' },
    ],
    [
      'near a city alone',
      form({ city: 'Chicago' }),
      { company_id: 7, type: 2, city: 'Chicago', pattern: '', mode: 'contains' },
    ],
    [
      'local with both: the area code wins',
      form({ area_code: '312', region: 'IL' }),
      { company_id: 7, type: 2, area_code: '312', pattern: '', mode: 'contains' },
    ],
    [
      'a pattern’s dashes, brackets and spaces are for the eye only',
      form({ area_code: '312', pattern: '(555) 1-CAR', mode: 'starts_with' }),
      { company_id: 7, type: 2, area_code: '312', pattern: '5551CAR', mode: 'starts_with' },
    ],
    [
      'toll-free with a prefix',
      form({ kind: 'toll-free', area_code: '800', pattern: 'FLOWERS' }),
      { company_id: 7, type: 1, area_code: '800', pattern: 'FLOWERS', mode: 'contains' },
    ],
    [
      'toll-free with any prefix (the state is not sent)',
      form({ kind: 'toll-free', region: 'IL' }),
      { company_id: 7, type: 1, pattern: '', mode: 'contains' },
    ],
  ])('%s', (_case, input, body) => {
    expect(locateBody(7, input)).toEqual(body);
  });
});

describe('what a search is told before it is sent (§5 "US area code length 3")', () => {
  it.each([
    ['an area code', form({ area_code: '312' }), {}],
    ['a state', form({ region: 'IL' }), {}],
    ['a city', form({ city: 'Saint-Jérôme' }), {}],
    ['a city that is a number', form({ city: '312' }), { city: NUMBER_PURCHASE_MESSAGES.city }],
    ['neither, for a local number', form({}), { area_code: NUMBER_PURCHASE_MESSAGES.where }],
    ['a two-digit area code', form({ area_code: '31' }), { area_code: NUMBER_PURCHASE_MESSAGES.areaCode }],
    ['letters as an area code', form({ area_code: 'abc' }), { area_code: NUMBER_PURCHASE_MESSAGES.areaCode }],
    ['a three-letter state', form({ region: 'ILL' }), { region: NUMBER_PURCHASE_MESSAGES.region }],
    ['toll-free needs no place', form({ kind: 'toll-free' }), {}],
    ['ten letters or digits', form({ area_code: '312', pattern: '555-CARS-12' }), {}],
    [
      'eleven letters or digits',
      form({ area_code: '312', pattern: 'ABCDEFGHIJK' }),
      { pattern: NUMBER_PURCHASE_MESSAGES.pattern },
    ],
  ])('%s', (_case, input, problems) => {
    expect(searchProblems(input)).toEqual(problems);
  });

  it('keeps only §5’s vanity characters in the pattern box', () => {
    expect(cleanPattern('1-800-FLOWERS!*#')).toBe('1-800-FLOWERS');
    expect(cleanPattern('(312) 555_cars')).toBe('(312) 555cars');
  });
});

describe('the buy button', () => {
  it.each([
    [0, 'Buy'],
    [1, 'Buy'],
    [2, 'Buy 2 numbers'],
    [3, 'Buy 3 numbers'],
  ])('%i chosen → %s', (count, label) => {
    expect(buyLabel(count)).toBe(label);
  });
});

const purchase = (changes: Partial<BulkPurchase>): BulkPurchase => ({
  id: 4,
  company_id: 7,
  state: 'running',
  total: 3,
  purchased: 0,
  failed: [],
  progress: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
  ...changes,
});

describe('a bulk purchase followed through events and polls', () => {
  it.each([
    ['progress ahead', purchase({ purchased: 1 }), purchase({ purchased: 2 }), true],
    ['the same report again', purchase({ purchased: 1 }), purchase({ purchased: 1 }), true],
    ['an older report (a late poll)', purchase({ purchased: 2 }), purchase({ purchased: 1 }), false],
    [
      'a failure counts as dealt with',
      purchase({ purchased: 1 }),
      purchase({ purchased: 1, failed: [{ number: '+13125550100', reason: 'Gone' }] }),
      true,
    ],
    ['the end', purchase({ purchased: 2 }), purchase({ purchased: 3, state: 'finished' }), true],
    [
      'anything after the end',
      purchase({ purchased: 3, state: 'finished' }),
      purchase({ purchased: 3 }),
      false,
    ],
    ['another purchase', purchase({}), purchase({ id: 5, purchased: 1 }), false],
  ])('%s → %s', (_case, known, incoming, news) => {
    expect(isBulkNews(known, incoming)).toBe(news);
  });

  it.each([
    [purchase({ progress: 33.3 }), 33],
    [purchase({ progress: 99.9 }), 99],
    [purchase({ progress: 140 }), 100],
    [purchase({ progress: -1 }), 0],
    [purchase({ state: 'finished', progress: 66.6 }), 100],
  ])('shows %o as %i %', (batch, percent) => {
    expect(bulkPercent(batch)).toBe(percent);
  });

  it.each([
    [purchase({ state: 'queued' }), 'Waiting to buy 3 numbers…'],
    [purchase({ purchased: 1 }), 'Buying 1 of 3 numbers…'],
    [purchase({ total: 1, state: 'queued' }), 'Waiting to buy 1 number…'],
    [purchase({ purchased: 3, state: 'finished' }), '3 bought'],
    [
      purchase({ purchased: 2, state: 'finished', failed: [{ number: '+13125550100', reason: 'Gone' }] }),
      '2 bought, 1 failed',
    ],
    [purchase({ purchased: 0, state: 'failed' }), '0 bought'],
  ])('says %o as %s', (batch, text) => {
    expect(bulkStatusText(batch)).toBe(text);
  });
});
