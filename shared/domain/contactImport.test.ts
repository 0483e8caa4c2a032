/** §5 "Contact import file: CSV or XLSX with valid columns name and number", and what exports must neutralise. */
import { describe, expect, it } from 'vitest';
import { hasRequiredColumns, neutraliseCsvCell, splitListCell, suggestColumnMapping } from './contacts';

describe('suggestColumnMapping: which column fills which contact field', () => {
  it.each<[string, string[], Record<string, string>]>([
    ['plain names', ['name', 'number'], { name: 'name', number: 'number' }],
    [
      'spreadsheet headings',
      ['Full Name', 'Phone Number', 'E-mail'],
      { name: 'Full Name', number: 'Phone Number' },
    ],
    [
      'first and last',
      ['First Name', 'Last Name', 'Mobile'],
      { first_name: 'First Name', last_name: 'Last Name', number: 'Mobile' },
    ],
    [
      'email and company',
      ['name', 'cell', 'Email Address', 'Company'],
      { name: 'name', number: 'cell', email: 'Email Address', company_name: 'Company' },
    ],
    [
      'address columns',
      ['name', 'tel', 'Street Address', 'City', 'State', 'Zip Code'],
      {
        name: 'name',
        number: 'tel',
        address1: 'Street Address',
        city: 'City',
        state: 'State',
        zip: 'Zip Code',
      },
    ],
    ['a column is used once', ['phone', 'phone'], { number: 'phone' }],
    ['unknown headings are left out', ['foo', 'bar'], {}],
  ])('%s', (_case, headers, expected) => {
    expect(suggestColumnMapping(headers)).toMatchObject(expected);
    for (const [field, column] of Object.entries(suggestColumnMapping(headers))) {
      if (!(field in expected)) expect(headers, `${field} → ${column}`).toContain(column);
    }
  });

  it('maps custom fields by their name', () => {
    expect(
      suggestColumnMapping(['name', 'number', 'Lease End'], [{ id: 9, name: 'Lease end' }]),
    ).toMatchObject({
      'eav:9': 'Lease End',
    });
  });
});

describe('hasRequiredColumns: §5 "valid columns name and number"', () => {
  it.each<[string, Record<string, string>, boolean]>([
    ['name and number', { name: 'a', number: 'b' }, true],
    ['first name and number', { first_name: 'a', number: 'b' }, true],
    ['last name and number', { last_name: 'a', number: 'b' }, true],
    ['no number', { name: 'a', email: 'b' }, false],
    ['no name', { number: 'b' }, false],
    ['nothing', {}, false],
  ])('%s → %s', (_case, mapping, expected) => {
    expect(hasRequiredColumns(mapping)).toBe(expected);
  });
});

describe('splitListCell', () => {
  it.each<[string, string[]]>([
    ['a; b, c', ['a', 'b', 'c']],
    [' a ;; a ', ['a']],
    ['', []],
    ['one', ['one']],
  ])('%j', (cell, expected) => {
    expect(splitListCell(cell)).toEqual(expected);
  });
});

describe('neutraliseCsvCell: exports never carry a live formula', () => {
  it.each<[string, string]>([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+cmd|calc', `'+cmd|calc`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tTAB', `'\tTAB`],
    ['\rCR', `'\rCR`],
    ['+13125550123', '+13125550123'],
    ['-3.5', '-3.5'],
    ['Jane Doe', 'Jane Doe'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (cell, expected) => {
    expect(neutraliseCsvCell(cell)).toBe(expected);
  });
});
