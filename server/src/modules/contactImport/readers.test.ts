/** Reading contact files as streams: CSV (delimiters, BOM, quotes, ragged rows) and XLSX (cell values as text). */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  detectDelimiter,
  drain,
  headerColumns,
  numberText,
  readSheet,
  type SheetRow,
  sheetKind,
  UnreadableFileError,
} from './readers';

/** A stream that hands the bytes over in small pieces, as an upload arrives. */
function trickle(data: Buffer | string, size = 7): Readable {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks, { objectMode: false });
}

async function all(rows: AsyncIterable<SheetRow>): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('sheetKind', () => {
  it('goes by the extension, else by the content type', () => {
    expect(sheetKind('contacts.csv', 'application/vnd.ms-excel')).toBe('csv');
    expect(sheetKind('Contacts.XLSX', 'application/octet-stream')).toBe('xlsx');
    expect(sheetKind('blob', 'text/csv; charset=utf-8')).toBe('csv');
    expect(sheetKind('', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('xlsx');
    expect(sheetKind('old.xls', 'application/vnd.ms-excel')).toBeNull();
    expect(sheetKind('notes.txt', 'text/csv')).toBeNull();
    expect(sheetKind('photo', 'image/png')).toBeNull();
  });
});

describe('headerColumns', () => {
  it('trims, names empty headers, numbers repeats and drops trailing empty cells', () => {
    expect(headerColumns([' Name ', 'Phone', '', 'phone', 'Phone', '', ''])).toEqual([
      'Name',
      'Phone',
      'Column 3',
      'phone (2)',
      'Phone (3)',
    ]);
  });
});

describe('CSV', () => {
  it('tells ; from , by the header line, quotes aside', () => {
    expect(detectDelimiter('name;number;email\n')).toBe(';');
    expect(detectDelimiter('\uFEFF"Smith; John",number\n')).toBe(',');
    expect(detectDelimiter('name,number;x\n')).toBe(',');
  });

  it('streams rows with the BOM stripped, quoted cells kept whole and record numbers as row numbers', async () => {
    const csv =
      '\uFEFFname;number;notes\r\nAda;+1 415 555 2671;"line one\nline two"\r\n\r\n"Bo ""B""";646-555-0143;x;extra\r\nCy\r\n';
    const rows = await all(readSheet(trickle(csv), 'csv'));
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['name', 'number', 'notes'] },
      { rowNumber: 2, cells: ['Ada', '+1 415 555 2671', 'line one\nline two'] },
      { rowNumber: 3, cells: [''] },
      { rowNumber: 4, cells: ['Bo "B"', '646-555-0143', 'x', 'extra'] },
      { rowNumber: 5, cells: ['Cy'] },
    ]);
  });

  it('reads a file that is only a header line without a line break', async () => {
    expect(await all(readSheet(trickle('name,number'), 'csv'))).toEqual([
      { rowNumber: 1, cells: ['name', 'number'] },
    ]);
  });

  it('refuses a file whose quote never closes, saying so', async () => {
    await expect(all(readSheet(trickle('name,number\n"Ada,1\n'), 'csv'))).rejects.toThrow(
      /quoted cell is never closed/,
    );
  });

  it('can stop after the first rows and leave the rest of the upload to be drained', async () => {
    const source = new PassThrough();
    source.write('name,number\nA,1\nB,2\n');
    const rows = readSheet(source, 'csv');
    expect((await rows.next()).value).toEqual({ rowNumber: 1, cells: ['name', 'number'] });
    await rows.return(undefined);
    source.end('C,3\n'.repeat(10_000));
    await drain(source);
    expect(source.readableEnded).toBe(true);
  });
});

describe('XLSX', () => {
  async function workbook(fill: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    fill(book);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('reads the first worksheet, every cell as the text a person sees', async () => {
    const file = await workbook((book) => {
      const sheet = book.addWorksheet('Contacts');
      sheet.addRow(['Name', 'Phone', 'Joined', 'Score', 'VIP', 'Site', 'Total', 'Notes']);
      sheet.addRow([
        { richText: [{ text: 'Ada ' }, { font: { bold: true }, text: 'Lovelace' }] },
        14155552671,
        new Date(Date.UTC(2024, 2, 1)),
        0.0000001,
        true,
        { text: 'example.com', hyperlink: 'https://example.com' },
        { formula: '1+1', result: 2 },
      ]);
      sheet.getCell('C2').numFmt = 'yyyy-mm-dd';
      sheet.addRow([]);
      sheet.addRow(['Bo', '646 555 0143']);
      book.addWorksheet('Other').addRow(['ignored']);
    });
    const rows = await all(readSheet(trickle(file, 4096), 'xlsx'));
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['Name', 'Phone', 'Joined', 'Score', 'VIP', 'Site', 'Total', 'Notes'] },
      {
        rowNumber: 2,
        cells: ['Ada Lovelace', '14155552671', '2024-03-01', '0.0000001', 'true', 'example.com', '2', ''],
      },
      { rowNumber: 4, cells: ['Bo', '646 555 0143', '', '', '', '', '', ''] },
    ]);
  });

  it('refuses bytes that are not a workbook', async () => {
    await expect(all(readSheet(trickle('name,number\nA,1\n'), 'xlsx'))).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
  });

  it('turns cell values into text', () => {
    expect(numberText(1.5e22)).toBe('15000000000000000000000');
    expect(numberText(12.5)).toBe('12.5');
    expect(cellText(45352, 'dd/mm/yyyy')).toBe('2024-03-01');
    expect(cellText({ formula: 'A1', result: 45352 }, 'yyyy-mm-dd')).toBe('2024-03-01');
    expect(cellText({ formula: 'A1', result: 'x' })).toBe('x');
    expect(cellText({ error: '#N/A' })).toBe('#N/A');
    expect(cellText({ text: { richText: [{ text: 'a' }, { text: 'b' }] }, hyperlink: 'x' })).toBe('ab');
    expect(cellText(null)).toBe('');
    // Not text (exceljs's stand-in for a shared string it does not have): no `[object Object]`.
    expect(cellText({ sharedString: 3 })).toBeNull();
    expect(cellText({ richText: [{ text: 'a' }, { text: { sharedString: 3 } }] })).toBeNull();
  });
});
