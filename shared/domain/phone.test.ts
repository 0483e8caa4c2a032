import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isTollFree,
  isValidVanity,
  normalizeConversationSearch,
  normalizePhone,
  phoneSearchDigits,
  sanitizeVanityInput,
  TOLL_FREE_AREA_CODES,
  vanityToDigits,
} from './index';

describe('§5 "Toll-free area codes: 800, 833, 844, 855, 866, 877, 888"', () => {
  it('lists exactly those codes', () => {
    expect(TOLL_FREE_AREA_CODES).toEqual(['800', '833', '844', '855', '866', '877', '888']);
  });

  it.each(TOLL_FREE_AREA_CODES)('%s-555-0100 is toll-free', (code) => {
    expect(isTollFree(`${code}-555-0100`)).toBe(true);
  });
});

describe('isTollFree: §5 "parsed after removing dashes, parentheses and spaces, with optional leading +1 and 10 digits"', () => {
  it.each([
    ['8005551234', true],
    ['800-555-1234', true],
    ['(800) 555-1234', true],
    [' 800 555 1234 ', true],
    ['+18005551234', true],
    ['+1 (888) 555-1234', true],
    ['1-877-555-1234', true],
    ['18665551234', true],
    ['2015551234', false],
    ['+12015551234', false],
    ['801-555-1234', false],
    ['899-555-1234', false],
    ['800555123', false],
    ['80055512345', false],
    ['+28005551234', false],
    ['+8005551234', false],
    ['800.555.1234', false],
    ['1-800-FLOWERS', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isTollFree(input)).toBe(expected);
  });
});

describe('sanitizeVanityInput: §5 "Only digits, +, -, (, ), space and letters are kept"', () => {
  it.each([
    ['1-800-FLOWERS', '1-800-FLOWERS'],
    ['+1 (800) flowers', '+1 (800) flowers'],
    ['800.FLOW#ERS!*', '800FLOWERS'],
    ['800_555/1234', '8005551234'],
    ['800 café', '800 caf'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeVanityInput(input)).toBe(expected);
  });
});

describe('isValidVanity: §5 "optional +1, an area code, then 3 to 11 letters or digits; valid only if the last 7 characters contain a letter"', () => {
  it.each([
    ['800-FLOWERS', true],
    ['1-800-FLOWERS', true],
    ['+1 (800) FLOWERS', true],
    ['800flowers', true],
    ['800-ABC', true],
    ['800-AB', false],
    ['800-555-ABC1', true],
    ['800-ABC-1234', true],
    ['800-A12-34567', false],
    ['800ABCDEFGHIJK', true],
    ['800ABCDEFGHIJKL', false],
    ['1800ABCDEFGHIJK', true],
    ['8005551234', false],
    ['FLOWERS', false],
    ['80-FLOWERS', false],
    ['', false],
  ])('%j → %s', (input, expected) => {
    expect(isValidVanity(input)).toBe(expected);
  });
});

describe('vanityToDigits: §5 "abc=2, def=3, ghi=4, jkl=5, mno=6, pqrs=7, tuv=8, wxyz=9"', () => {
  it.each([
    ['abc', '222'],
    ['def', '333'],
    ['ghi', '444'],
    ['jkl', '555'],
    ['mno', '666'],
    ['pqrs', '7777'],
    ['tuv', '888'],
    ['wxyz', '9999'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZ', '22233344455566677778889999'],
    ['1-800-FLOWERS', '1-800-3569377'],
    ['+1 (800) Go-Fed', '+1 (800) 46-333'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(vanityToDigits(input)).toBe(expected);
  });
});

describe('normalizePhone: §5 "An invalid number is retried with a +1- prefix; null is returned if that also fails"', () => {
  it.each<[string, string | undefined, string | null]>([
    ['2015550123', undefined, '+12015550123'],
    ['(201) 555-0123', undefined, '+12015550123'],
    ['201-555-0123', undefined, '+12015550123'],
    ['+1 201 555 0123', undefined, '+12015550123'],
    ['1 201 555 0123', undefined, '+12015550123'],
    ['  2015550123  ', undefined, '+12015550123'],
    ['+44 20 7946 0958', undefined, '+442079460958'],
    ['020 7946 0958', 'GB', '+442079460958'],
    // Not valid in GB, valid once retried as +1-…
    ['6175551234', 'GB', '+16175551234'],
    ['4165550199', undefined, '+14165550199'],
    ['5551234', undefined, null],
    ['123', undefined, null],
    ['not a number', undefined, null],
    ['', undefined, null],
    ['   ', undefined, null],
  ])('%j (region %s) → %s', (input, region, expected) => {
    expect(normalizePhone(input, region)).toBe(expected);
  });
});

describe('formatPhone: §5 "INTERNATIONAL, or AUTO (national for US and CA, international with dashes otherwise). Default region US. Invalid numbers returned unchanged."', () => {
  it.each<[string, 'INTERNATIONAL' | 'AUTO' | undefined, string | undefined, string]>([
    ['+12015550123', undefined, undefined, '(201) 555-0123'],
    ['2015550123', 'AUTO', undefined, '(201) 555-0123'],
    ['+14165550199', 'AUTO', undefined, '(416) 555-0199'],
    ['+442079460958', 'AUTO', undefined, '+44-20-7946-0958'],
    ['+61293744000', 'AUTO', undefined, '+61-2-9374-4000'],
    ['+12015550123', 'INTERNATIONAL', undefined, '+1 201 555 0123'],
    ['+442079460958', 'INTERNATIONAL', undefined, '+44 20 7946 0958'],
    ['020 7946 0958', 'AUTO', 'GB', '+44-20-7946-0958'],
    ['5551234', 'AUTO', undefined, '5551234'],
    ['hello', 'INTERNATIONAL', undefined, 'hello'],
    ['', undefined, undefined, ''],
  ])('%j %s %s → %j', (input, format, region, expected) => {
    expect(formatPhone(input, format, region)).toBe(expected);
  });
});

describe('normalizeConversationSearch: §5 "Phone-like conversation searches have spaces, dashes and parentheses stripped"', () => {
  it.each([
    ['(201) 555-0123', '2015550123'],
    ['+1 201-555-0123', '+12015550123'],
    ['555 01', '55501'],
    ['  201 555  ', '201555'],
    ['John Smith', 'John Smith'],
    ['  Jane  ', 'Jane'],
    ['Order #12-34', 'Order #12-34'],
    ['---', '---'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeConversationSearch(input)).toBe(expected);
  });
});

describe('phoneSearchDigits: the digits of a phone-like search (contacts, numbers, the dialer)', () => {
  it.each<[string, string | null]>([
    ['(312) 555-01', '31255501'],
    ['+1 312.555.0101', '13125550101'],
    ['555', '555'],
    ['Jane', null],
    ['312 Main', null],
    ['()-', null],
  ])('%s → %s', (search, digits) => {
    expect(phoneSearchDigits(search)).toBe(digits);
  });
});
