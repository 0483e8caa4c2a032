import { describe, expect, it } from 'vitest';
import { toFormData } from '../../../api/contractCall';
import {
  canImport,
  cleanMapping,
  importFields,
  importSummary,
  initialChoice,
  isImportableFileName,
  mappableFields,
  parseCsv,
  progressOf,
  readReport,
  repeatedColumns,
  reportFileName,
  SAMPLE_CSV,
} from './importModel';
import { sampleBatch } from './sampleBatch';

describe('mapping', () => {
  it('lists the contact fields, then custom fields as eav:<id>', () => {
    const fields = mappableFields([{ id: 9, name: 'Lead score' }]);
    expect(fields[0]).toEqual({ key: 'name', label: 'Name', required: true });
    expect(fields.find((field) => field.key === 'number')?.required).toBe(true);
    expect(fields.find((field) => field.key === 'email')?.required).toBe(false);
    expect(fields.at(-1)).toEqual({ key: 'eav:9', label: 'Lead score', required: false, custom: true });
  });

  it('takes the suggestion only for shown fields and existing columns', () => {
    const fields = mappableFields([]);
    const choice = initialChoice(
      { name: 'Full name', number: 'Phone', 'eav:3': 'Score', email: 'Gone' },
      fields,
      ['Full name', 'Phone'],
    );
    expect(choice.name).toBe('Full name');
    expect(choice.number).toBe('Phone');
    expect(choice.email).toBeNull();
    expect('eav:3' in choice).toBe(false);
  });

  it('sends only chosen fields, and needs a number and a name (or first/last name)', () => {
    const columns = ['First', 'Last', 'Phone'];
    expect(cleanMapping({ name: null, number: 'Phone', email: 'Nope' }, columns)).toEqual({
      number: 'Phone',
    });
    expect(canImport({ number: 'Phone' }, columns)).toBe(false);
    expect(canImport({ number: 'Phone', first_name: 'First' }, columns)).toBe(true);
    expect(canImport({ name: 'First', number: null }, columns)).toBe(false);
  });

  it('names columns chosen twice', () => {
    expect(repeatedColumns({ name: 'A', email: 'A', number: 'B', city: null })).toEqual(['A']);
  });
});

describe('the multipart body', () => {
  it('puts mapping and groups[] before the file', () => {
    const file = new File(['name,number\n'], 'people.csv', { type: 'text/csv' });
    const form = toFormData(importFields(file, { name: 'name', number: 'number' }, [4, 7]));
    const entries = [...form.entries()];
    expect(entries.map(([key]) => key)).toEqual(['mapping', 'groups[]', 'groups[]', 'file']);
    expect(JSON.parse(String(entries[0]?.[1]))).toEqual({ name: 'name', number: 'number' });
    expect(entries.slice(1, 3).map(([, value]) => value)).toEqual(['4', '7']);
    const sent = entries[3]?.[1];
    expect(sent instanceof File ? sent.name : sent).toBe('people.csv');
  });

  it('accepts .csv and .xlsx only', () => {
    expect(isImportableFileName('a.CSV')).toBe(true);
    expect(isImportableFileName('a.xlsx')).toBe(true);
    expect(isImportableFileName('a.xls')).toBe(false);
    expect(isImportableFileName('csv')).toBe(false);
  });
});

describe('texts', () => {
  it('summarises an import', () => {
    expect(importSummary(sampleBatch({ created: 1295, updated: 0, failed: 5 }))).toBe(
      '1,295 contacts imported, 0 updated, 5 rows could not be imported',
    );
    expect(importSummary(sampleBatch({ created: 1, updated: 2, failed: 1 }))).toBe(
      '1 contact imported, 2 updated, 1 row could not be imported',
    );
  });

  it('shows 100% once finished, and clamps', () => {
    expect(progressOf(sampleBatch({ state: 'finished', progress: 97 }))).toBe(100);
    expect(progressOf(sampleBatch({ state: 'running', progress: 45.4 }))).toBe(45);
    expect(progressOf(sampleBatch({ state: 'running', progress: 140 }))).toBe(100);
  });

  it('names the report after the file', () => {
    expect(reportFileName('people.2024.csv')).toBe('people.2024-errors.csv');
    expect(reportFileName('.csv')).toBe('contacts-errors.csv');
  });

  it('offers a sample file that the rules accept', () => {
    const [header] = parseCsv(SAMPLE_CSV);
    expect(header?.slice(0, 2)).toEqual(['name', 'number']);
  });
});

describe('the report', () => {
  it('parses quoted cells, doubled quotes, line breaks and a BOM', () => {
    expect(parseCsv('\ufeffa,"b, c","say ""hi"""\r\n1,"two\nlines",3\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', 'two\nlines', '3'],
    ]);
    expect(parseCsv('x,y')).toEqual([['x', 'y']]);
  });

  it('reads the row number and reason of the first bad rows', () => {
    const csv = [
      'row,reason,name,number',
      '4,"Invalid phone number ""12""",Bad One,12',
      '9,Missing name,,4155550100',
      '12,Duplicate,X,1',
      '',
    ].join('\n');
    expect(readReport(csv, 2)).toEqual({
      total: 3,
      rows: [
        { row: '4', reason: 'Invalid phone number "12"' },
        { row: '9', reason: 'Missing name' },
      ],
    });
  });

  it('falls back to the first two columns', () => {
    expect(readReport('a,b\n3,Bad').rows).toEqual([{ row: '3', reason: 'Bad' }]);
  });
});
