import { describe, expect, it } from 'vitest';
import { isTollFreeAreaCode, isVanitySearch, matchesSearch, searchDigits, vanityForm } from './numberSearch';

describe('§5 "Number search modes: Contains, Starts with, Ends with"', () => {
  it.each([
    // [number, pattern, mode, matches]
    ['+13125550142', '555', 'starts_with', true],
    ['+13125550142', '0142', 'ends_with', true],
    ['+13125550142', '0142', 'starts_with', false],
    ['+13125550142', '312', 'starts_with', false], // the area code is chosen apart
    ['+13125550142', '312555', 'contains', true], // contains reads all ten digits
    ['+13125550142', '5014', 'contains', true],
    ['+13125550142', '9999', 'contains', false],
    ['+13125550142', '', 'ends_with', true],
    // §5 "Keypad letters convert to digits": CARS is 2277.
    ['+13125552277', 'cars', 'ends_with', true],
    ['+18003569377', 'FLOWERS', 'ends_with', true],
    ['+18003569377', '356-9377', 'ends_with', true],
    ['+442079460000', '0000', 'ends_with', false], // not a NANP number
  ] as const)('%s, %s (%s): %s', (number, pattern, mode, matches) => {
    expect(matchesSearch(number, pattern, mode)).toBe(matches);
  });
});

describe('vanity searches', () => {
  it.each([
    ['CARS', '2277', true],
    ['1-800-FLOWERS', '18003569377', true],
    ['555', '555', false],
  ])('%s is %s in digits (vanity: %s)', (pattern, digits, vanity) => {
    expect(searchDigits(pattern)).toBe(digits);
    expect(isVanitySearch(pattern)).toBe(vanity);
  });

  it.each([
    ['+18003569377', 'FLOWERS', 'ends_with', '+1 (800) FLOWERS'],
    ['+13125552277', 'cars', 'ends_with', '+1 (312) 555CARS'],
    ['+13122277555', 'CARS', 'starts_with', '+1 (312) CARS555'],
    ['+13125227755', 'CARS', 'contains', '+1 (312) 5CARS55'],
    ['+13125550142', 'CARS', 'contains', null],
    ['+13125550142', '0142', 'ends_with', null],
  ] as const)('%s for %s (%s) reads %s', (number, pattern, mode, form) => {
    expect(vanityForm(number, pattern, mode)).toBe(form);
  });
});

describe('§5 "Toll-free area codes: 800, 833, 844, 855, 866, 877, 888"', () => {
  it.each([
    ['800', true],
    ['888', true],
    ['899', false],
    ['312', false],
  ])('%s: %s', (code, tollFree) => {
    expect(isTollFreeAreaCode(code)).toBe(tollFree);
  });
});
