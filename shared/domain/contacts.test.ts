import { describe, expect, it } from 'vitest';
import { AGE_RANGES, CONTACT_SOURCES, CONTACT_TYPES, contactDisplayName, GENDERS, valuesOf } from './index';

describe('contactDisplayName: §3 "name (derived from many name-field spellings or first/last)"', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['name', { name: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['Name', { Name: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['full_name', { full_name: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['fullName', { fullName: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['Full Name', { 'Full Name': 'Ada Lovelace' }, 'Ada Lovelace'],
    ['contact_name', { contact_name: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['contactName', { contactName: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['display_name', { display_name: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['name is trimmed', { name: '  Ada  ' }, 'Ada'],
    ['name wins over first/last', { name: 'Countess', first_name: 'Ada', last_name: 'Lovelace' }, 'Countess'],
    [
      'empty name falls back to first/last',
      { name: '', first_name: 'Ada', last_name: 'Lovelace' },
      'Ada Lovelace',
    ],
    ['blank name falls back', { name: '   ', firstName: 'Ada', lastName: 'Lovelace' }, 'Ada Lovelace'],
    ['first_name + last_name', { first_name: 'Ada', last_name: 'Lovelace' }, 'Ada Lovelace'],
    ['firstName + lastName', { firstName: 'Ada', lastName: 'Lovelace' }, 'Ada Lovelace'],
    ['First Name + Last Name', { 'First Name': 'Ada', 'Last Name': 'Lovelace' }, 'Ada Lovelace'],
    ['firstname + surname', { firstname: 'Ada', surname: 'Lovelace' }, 'Ada Lovelace'],
    ['first + last', { first: 'Ada', last: 'Lovelace' }, 'Ada Lovelace'],
    ['only first', { first_name: 'Ada' }, 'Ada'],
    ['only last', { last_name: 'Lovelace' }, 'Lovelace'],
    ['parts are trimmed', { first_name: ' Ada ', last_name: ' Lovelace ' }, 'Ada Lovelace'],
    ['nothing', { number: '+12015550123' }, ''],
    ['empty record', {}, ''],
    ['non-text values ignored', { name: null, first_name: { x: 1 }, last_name: 'Lovelace' }, 'Lovelace'],
  ])('%s', (_name, raw, expected) => {
    expect(contactDisplayName(raw)).toBe(expected);
  });
});

describe('contact code lists (§3)', () => {
  it('"age_range (5-year bands from 1-5 to 61-65, then 65+)"', () => {
    expect(AGE_RANGES).toEqual([
      '1-5',
      '6-10',
      '11-15',
      '16-20',
      '21-25',
      '26-30',
      '31-35',
      '36-40',
      '41-45',
      '46-50',
      '51-55',
      '56-60',
      '61-65',
      '65+',
    ]);
  });

  it('"gender (Male, Female, Other)", "type (Person, Business, Other)", "Sources: Manual, Import, keyword, Migration"', () => {
    expect(valuesOf(GENDERS)).toEqual(['Male', 'Female', 'Other']);
    expect(valuesOf(CONTACT_TYPES)).toEqual(['Person', 'Business', 'Other']);
    expect(valuesOf(CONTACT_SOURCES)).toEqual(['Manual', 'Import', 'keyword', 'Migration']);
  });
});
