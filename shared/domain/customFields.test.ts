/** §3 Custom field data types: every value is checked and normalised by its field's type. */
import { describe, expect, it } from 'vitest';
import { type CustomFieldRule, checkCustomValue } from './customFields';
import { normalizePhone } from './phone';

const check = (rule: CustomFieldRule, input: unknown) =>
  checkCustomValue(rule, input, (text) => normalizePhone(text));
const choices = [
  { id: 1, value: 'Sales' },
  { id: 2, value: 'Service' },
];

describe('checkCustomValue', () => {
  it.each<[string, CustomFieldRule, unknown, unknown]>([
    ['empty is no value', { data_type: 'number' }, '', null],
    ['null is no value', { data_type: 'boolean' }, null, null],
    ['boolean true', { data_type: 'boolean' }, true, true],
    ['boolean "yes"', { data_type: 'boolean' }, 'Yes', true],
    ['boolean "0"', { data_type: 'boolean' }, '0', false],
    ['number', { data_type: 'number' }, 12.5, 12.5],
    ['number from text with thousands', { data_type: 'number' }, '12,500', 12500],
    ['date', { data_type: 'date' }, '2027-03-01', '2027-03-01'],
    ['date from an ISO time', { data_type: 'date' }, '2027-03-01T10:00:00Z', '2027-03-01'],
    ['date object', { data_type: 'date' }, new Date('2027-03-01T00:00:00Z'), '2027-03-01'],
    ['enum exact', { data_type: 'enum', choices }, 'Sales', 'Sales'],
    ['enum any letter case', { data_type: 'enum', choices }, 'service', 'Service'],
    ['enum by choice id', { data_type: 'enum', choices }, 2, 'Service'],
    ['phone normalised', { data_type: 'phone' }, '(312) 555-0123', '+13125550123'],
    ['text', { data_type: 'stringText' }, ' two words ', 'two words'],
    ['keyword', { data_type: 'stringKeyword' }, 'STK-1', 'STK-1'],
  ])('accepts %s', (_case, rule, input, expected) => {
    expect(check(rule, input)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, CustomFieldRule, unknown, string]>([
    ['boolean "maybe"', { data_type: 'boolean' }, 'maybe', 'Enter yes or no.'],
    ['number "ten"', { data_type: 'number' }, 'ten', 'Enter a number.'],
    ['date in US order', { data_type: 'date' }, '03/01/2027', 'Enter a date as YYYY-MM-DD.'],
    ['impossible date', { data_type: 'date' }, '2027-02-30', 'Enter a date as YYYY-MM-DD.'],
    ['enum not a choice', { data_type: 'enum', choices }, 'Parts', 'Choose one of: Sales, Service.'],
    ['enum without choices', { data_type: 'enum' }, 'Parts', 'This field has no choices yet.'],
    ['phone', { data_type: 'phone' }, '12ab', 'Enter a valid phone number.'],
    ['text too long', { data_type: 'stringText' }, 'x'.repeat(1001), 'Use at most 1000 characters.'],
    [
      'keyword with a space',
      { data_type: 'stringKeyword' },
      'two words',
      'Use one word of at most 100 characters, without spaces.',
    ],
  ])('refuses %s', (_case, rule, input, message) => {
    expect(check(rule, input)).toEqual({ ok: false, message });
  });
});
