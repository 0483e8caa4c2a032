import { describe, expect, it } from 'vitest';
import {
  duplicateForwardNumberMessage,
  forwardUsageCounts,
  forwardUsages,
  isInternationalNumber,
  isKnownCountry,
  FORWARD_CONTACT_MESSAGES as M,
  type RoutedNumber,
  readForwardNumber,
} from './forwardContacts';

describe('readForwardNumber: §5 "Numbers are checked with an international phone utility … An invalid number is retried with a +1- prefix"', () => {
  it.each([
    // typed, options, E.164, international
    ['(312) 555-0160', {}, '+13125550160', false],
    ['312-555-0160', {}, '+13125550160', false],
    ['+1 312 555 0160', {}, '+13125550160', false],
    ['13125550160', {}, '+13125550160', false],
    ['  3125550160  ', {}, '+13125550160', false],
    // Canada is a +1 country: not international, with the flag or without.
    ['(416) 555-0199', {}, '+14165550199', false],
    ['(416) 555-0199', { usingIntNumber: true }, '+14165550199', false],
    // An international number is saved when the flag says it is meant.
    ['+44 20 7946 0958', { usingIntNumber: true }, '+442079460958', true],
    ['44 20 7946 0958', { usingIntNumber: true }, '+442079460958', true],
    ['0044 20 7946 0958', { usingIntNumber: true }, '+442079460958', true],
    // §9 "Default country US"; another country reads a national number as its own.
    ['020 7946 0958', { usingIntNumber: true, country: 'GB' }, '+442079460958', true],
    // An unknown country falls back to the default.
    ['(312) 555-0160', { country: 'ZZ' }, '+13125550160', false],
  ] as const)('%s %o → %s', (typed, options, e164, international) => {
    expect(readForwardNumber(typed, options)).toEqual({ ok: true, number: e164, international });
  });

  it.each([
    ['', {}, M.numberRequired],
    ['   ', { usingIntNumber: true }, M.numberRequired],
    ['555', {}, M.numberInvalid],
    ['not a number', {}, M.numberInvalid],
    ['(312) 555-01', {}, M.numberInvalid],
    // §3 usingIntNumber: international only when allowed.
    ['+44 20 7946 0958', {}, M.international],
    ['+44 20 7946 0958', { usingIntNumber: false }, M.international],
    ['020 7946 0958', { country: 'GB' }, M.international],
  ] as const)('%j %o is refused: %s', (typed, options, message) => {
    expect(readForwardNumber(typed, options)).toEqual({ ok: false, message });
  });
});

describe('isInternationalNumber: outside the +1 plan', () => {
  it.each([
    ['+13125550160', false],
    ['+14165550199', false],
    ['+18765550123', false],
    ['+442079460958', true],
    ['+4930123456', true],
    ['3125550160', false],
  ])('%s → %s', (number, international) => {
    expect(isInternationalNumber(number)).toBe(international);
  });
});

describe('isKnownCountry', () => {
  it.each([
    ['US', true],
    ['GB', true],
    ['CA', true],
    ['ZZ', false],
    ['us', false],
  ])('%s → %s', (code, known) => {
    expect(isKnownCountry(code)).toBe(known);
  });
});

describe('duplicateForwardNumberMessage', () => {
  it('names the entry that has the number', () => {
    expect(duplicateForwardNumberMessage('Alex mobile')).toBe(
      'This number is already in the list as “Alex mobile”.',
    );
  });
});

const NUMBERS: RoutedNumber[] = [
  {
    id: 1,
    number: '+13125550100',
    label: 'Main line',
    routes: [
      {
        extension: 1,
        label: 'Sales',
        type: 'simultaneous',
        forwards: [{ number: '+13125550160' }, { number: '+13125550161' }],
      },
      { extension: 2, label: 'Parts', type: 'standard', forwards: [{ number: '+13125550164' }] },
      // Forwards left on a voicemail extension ring nobody.
      { extension: 3, label: 'After hours', type: 'voicemail', forwards: [{ number: '+13125550160' }] },
    ],
  },
  {
    id: 2,
    number: '+18885550103',
    label: 'Toll-free',
    routes: [
      {
        extension: 1,
        label: 'Nearest showroom',
        type: 'geo',
        // The same number twice (two states) is one route.
        forwards: [{ number: '+13125550160' }, { number: '+13125550160' }, { number: '+13175550167' }],
      },
      { extension: 2, label: 'Agents', type: 'in-app-calling', forwards: [] },
    ],
  },
];

describe('forwardUsages: which routes forward to a number', () => {
  it('lists each route once, with its number and extension', () => {
    expect(forwardUsages(NUMBERS, '+13125550160')).toEqual([
      {
        number_id: 1,
        number: '+13125550100',
        number_label: 'Main line',
        extension: 1,
        label: 'Sales',
        type: 'simultaneous',
      },
      {
        number_id: 2,
        number: '+18885550103',
        number_label: 'Toll-free',
        extension: 1,
        label: 'Nearest showroom',
        type: 'geo',
      },
    ]);
  });

  it('is empty for a number no route forwards to', () => {
    expect(forwardUsages(NUMBERS, '+13125550199')).toEqual([]);
    expect(forwardUsages([], '+13125550160')).toEqual([]);
  });
});

describe('forwardUsageCounts', () => {
  it('counts routes per forwarding number, as forwardUsages lists them', () => {
    const counts = forwardUsageCounts(NUMBERS);
    expect(Object.fromEntries(counts)).toEqual({
      '+13125550160': 2,
      '+13125550161': 1,
      '+13125550164': 1,
      '+13175550167': 1,
    });
    for (const [number, count] of counts) expect(forwardUsages(NUMBERS, number)).toHaveLength(count);
  });
});
