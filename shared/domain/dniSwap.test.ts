import { describe, expect, it } from 'vitest';
import {
  findPhoneNumbers,
  formatLike,
  nanpE164,
  swapPhoneNumbers,
  swapTelHref,
  targetSet,
  telNumber,
} from './dniSwap';

const TARGET = '+13125550100';
const POOL = '+17735550199';
const targets = targetSet([TARGET]);

describe('findPhoneNumbers: issue 21 "displayed … formatted any common way"', () => {
  it.each([
    ['Call (312) 555-0100 today', '(312) 555-0100'],
    ['Call 312-555-0100 today', '312-555-0100'],
    ['Call 312.555.0100 today', '312.555.0100'],
    ['Call 312 555 0100 today', '312 555 0100'],
    ['Call +1 312 555 0100 today', '+1 312 555 0100'],
    ['Call 1-312-555-0100 today', '1-312-555-0100'],
    ['Call +1 (312) 555-0100 today', '+1 (312) 555-0100'],
    ['Call +13125550100 today', '+13125550100'],
    ['Call 3125550100 today', '3125550100'],
    ['Call 13125550100 today', '13125550100'],
    ['Call 312\u00a0555\u00a00100 today', '312\u00a0555\u00a00100'],
    ['Call 312–555–0100 today', '312–555–0100'],
    ['(312)555-0100', '(312)555-0100'],
    ['tel 312-555-0100.', '312-555-0100'],
  ])('%j shows %j', (text, shown) => {
    expect(findPhoneNumbers(text)).toEqual([{ text: shown, index: text.indexOf(shown), e164: TARGET }]);
  });

  it.each([
    ['a longer run of digits before', 'Order 93125550100'],
    ['a longer run of digits after', 'Order 31255501001'],
    ['part of an account number', 'ACCT 4403125550100'],
    ['an area code starting with 1', '112-555-0100'],
    ['an exchange starting with 0', '312-055-0100'],
    ['too few digits', '312-555-010'],
    ['another country’s number', 'London +44 312 555 0100'],
    ['a date', '2026-11-24'],
    ['a price', '$1,299.00'],
    ['no number at all', 'Open 9 a.m. to 5 p.m.'],
  ])('finds nothing in %s', (_why, text) => {
    expect(findPhoneNumbers(text)).toEqual([]);
  });

  it('finds every number of a text, in order', () => {
    const found = findPhoneNumbers('Sales (312) 555-0100, service 773.555.0142 or +1 800 555 0123.');
    expect(found.map((one) => one.e164)).toEqual(['+13125550100', '+17735550142', '+18005550123']);
  });
});

describe('formatLike: the swapped number keeps the original’s format', () => {
  it.each([
    ['(312) 555-0100', '(773) 555-0199'],
    ['312-555-0100', '773-555-0199'],
    ['312.555.0100', '773.555.0199'],
    ['312 555 0100', '773 555 0199'],
    ['+1 312 555 0100', '+1 773 555 0199'],
    ['1-312-555-0100', '1-773-555-0199'],
    ['+1 (312) 555-0100', '+1 (773) 555-0199'],
    ['+13125550100', '+17735550199'],
    ['3125550100', '7735550199'],
    ['13125550100', '17735550199'],
  ])('%j → %j', (shown, swapped) => {
    expect(formatLike(shown, POOL)).toBe(swapped);
  });

  it('shows a replacement that is no NANP number as given', () => {
    expect(formatLike('(312) 555-0100', '+442071838750')).toBe('+442071838750');
  });
});

describe('swapPhoneNumbers: only the targets are swapped', () => {
  it.each([
    ['Call (312) 555-0100 now', 'Call (773) 555-0199 now'],
    [
      'Sales 312-555-0100, service 312-555-0142, again +1 312 555 0100.',
      'Sales 773-555-0199, service 312-555-0142, again +1 773 555 0199.',
    ],
    ['3125550100/3125550100', '7735550199/7735550199'],
  ])('%j → %j', (text, swapped) => {
    expect(swapPhoneNumbers(text, targets, POOL)).toBe(swapped);
  });

  it('answers the very same string when nothing is swapped (the script’s cue that nothing changed)', () => {
    const text = 'Service 312-555-0142';
    expect(swapPhoneNumbers(text, targets, POOL)).toBe(text);
    expect(swapPhoneNumbers('Call (312) 555-0100', new Set(), POOL)).toBe('Call (312) 555-0100');
  });

  it('is idempotent: swapping the swapped text changes nothing (no loop with the MutationObserver)', () => {
    const once = swapPhoneNumbers('Call (312) 555-0100', targets, POOL);
    expect(swapPhoneNumbers(once, targets, POOL)).toBe(once);
  });

  it('reads targets written any way', () => {
    expect([...targetSet(['(312) 555-0100', '+1 773 555 0142', 'not a number', '+442071838750'])]).toEqual([
      '+13125550100',
      '+17735550142',
    ]);
  });
});

describe('tel: links', () => {
  it.each([
    ['tel:+13125550100', 'tel:+17735550199'],
    ['tel:312-555-0100', 'tel:773-555-0199'],
    ['tel:+1-312-555-0100', 'tel:+1-773-555-0199'],
    ['tel:(312)%20555-0100', 'tel:(773)%20555-0199'],
    ['TEL:3125550100', 'TEL:7735550199'],
    ['tel:+1.312.555.0100;ext=12', 'tel:+1.773.555.0199;ext=12'],
  ])('%j → %j', (href, swapped) => {
    expect(telNumber(href)).toBe(TARGET);
    expect(swapTelHref(href, targets, POOL)).toBe(swapped);
  });

  it.each([
    'tel:+13125550142',
    'tel:+442071838750',
    'mailto:sales@example.com',
    'https://example.com/3125550100',
  ])('leaves %j alone', (href) => {
    expect(swapTelHref(href, targets, POOL)).toBe(href);
  });

  it('reads no number from a link that is not tel:', () => {
    expect(telNumber('https://example.com/3125550100')).toBeNull();
  });
});

describe('nanpE164', () => {
  it.each([
    ['(312) 555-0100', '+13125550100'],
    ['1 312 555 0100', '+13125550100'],
    ['+13125550100', '+13125550100'],
    ['555-0100', null],
    ['+442071838750', null],
    ['0125550100', null],
  ])('%j → %j', (input, e164) => {
    expect(nanpE164(input)).toBe(e164);
  });
});
