/**
 * XLSX parts in any order, arriving in one chunk or many (xlsxWorkbook.ts). Excel writes a workbook's sheet before
 * its styles and shared strings, and so does exceljs's own writer; the streaming reader keeps such a sheet in a
 * temporary file until the shared strings are read. exceljs's reader lost the parts that came after it when a small
 * file arrived in one chunk, and every text cell (the names) came out as `[object Object]`. Through the preview and
 * the import, and at the reader: both orders × (one chunk, many small chunks) give the same text; a cell whose value
 * is not text is a bad row, never garbage; the temporary file is gone once reading stops.
 */
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ImportBatch, ImportPreview } from '@shared/api/contacts';
import { EVENTS } from '@shared/realtime';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts } from '../../db/schema';
import { sharedTestApp } from '../../testing/testApp';
import { type ZipEntry, zipFile } from '../../testing/zipFile';
import { multipart } from '../messaging/testing';
import { readSheet, type SheetRow } from './readers';
import { WorkbookReader } from './xlsxWorkbook';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const t = sharedTestApp();
let companyId: number;
const completed = new Map<number, ImportBatch>();
beforeAll(() => {
  companyId = t.ids.companies.demoMotors;
  t.ctx.realtime.listen((_channel, event, payload) => {
    if (event === EVENTS.contactImportCompleted)
      completed.set((payload as ImportBatch).id, payload as ImportBatch);
  });
});

const ADMIN = 'admin@demo.test';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE = 'http://schemas.openxmlformats.org/package/2006/relationships';

type Order = 'Excel’s (sheet, styles, shared strings)' | 'shared strings first';
const ORDERS: Order[] = ['Excel’s (sheet, styles, shared strings)', 'shared strings first'];
type Chunking = 'one chunk' | 'small chunks';
const CHUNKINGS: Chunking[] = ['one chunk', 'small chunks'];

/** A cell naming shared string `index`, a number (style 1: a date), inline text. */
const shared = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
const number = (ref: string, value: number, style = 0) => `<c r="${ref}" s="${style}"><v>${value}</v></c>`;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * A small workbook with the parts a spreadsheet program writes, in `order`: names as shared strings (Bo's in rich
 * text), a number typed as text and as a number, a date, an inline string. `area`: the numbers' area code. Its parts
 * are stored, not deflated (as some writers store small parts): with no inflating to wait for, unzipper reaches the
 * end of the archive while exceljs still copies the sheet to its temporary file, which lost the parts after the
 * sheet every time (deflated, as Excel writes them, it lost them often: a race with the file system).
 */
function contactWorkbook(order: Order, area: string): Promise<Buffer> {
  const strings = [
    '<si><t>Name</t></si>',
    '<si><t>Phone</t></si>',
    '<si><t>Joined</t></si>',
    '<si><t>Ada Lovelace</t></si>',
    `<si><t>+1 ${area} 555 2671</t></si>`,
    '<si><r><rPr><b/></rPr><t>Bo</t></r><r><t xml:space="preserve"> Diddley</t></r></si>',
  ];
  const rows = [
    `<row r="1">${shared('A1', 0)}${shared('B1', 1)}${shared('C1', 2)}</row>`,
    `<row r="2">${shared('A2', 3)}${shared('B2', 4)}${number('C2', 45352, 1)}</row>`,
    `<row r="3">${shared('A3', 5)}${number('B3', Number(`1${area}5552672`))}</row>`,
    `<row r="4">${inline('A4', 'Cy Young')}${number('B4', Number(`1${area}5552673`))}</row>`,
  ];
  const part = (name: string, content: string): ZipEntry => ({ name, content });
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const sheet = part(
    'xl/worksheets/sheet1.xml',
    `${xml}<worksheet xmlns="${MAIN}"><dimension ref="A1:C4"/><sheetData>${rows.join('')}</sheetData></worksheet>`,
  );
  const theme = part('xl/theme/theme1.xml', `${xml}<a:theme xmlns:a="http://x" name="Office Theme"/>`);
  const styles = part(
    'xl/styles.xml',
    `${xml}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
      '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>' +
      '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" xfId="0"/><xf numFmtId="14" xfId="0" applyNumberFormat="1"/></cellXfs>' +
      '</styleSheet>',
  );
  const sharedStrings = part(
    'xl/sharedStrings.xml',
    `${xml}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.join('')}</sst>`,
  );
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${RELATIONSHIPS}/${type}" Target="${target}"/>`;
  const head = [
    part(
      '[Content_Types].xml',
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    ),
    part(
      '_rels/.rels',
      `${xml}<Relationships xmlns="${PACKAGE}">${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `${xml}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Contacts" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `${xml}<Relationships xmlns="${PACKAGE}">${rel('rId1', 'worksheet', 'worksheets/sheet1.xml')}${rel('rId2', 'theme', 'theme/theme1.xml')}${rel('rId3', 'styles', 'styles.xml')}${rel('rId4', 'sharedStrings', 'sharedStrings.xml')}</Relationships>`,
    ),
  ];
  const middle =
    order === 'shared strings first'
      ? [sharedStrings, styles, theme, sheet]
      : [sheet, theme, styles, sharedStrings];
  return zipFile([...head, ...middle].map((entry) => ({ ...entry, stored: true })));
}

/** What every such workbook reads as. */
const contactRows = (area: string) => [
  ['Ada Lovelace', `+1 ${area} 555 2671`, '2024-03-01'],
  ['Bo Diddley', `1${area}5552672`, ''],
  ['Cy Young', `1${area}5552673`, ''],
];

/** The same contacts written by exceljs's own writer (it, too, writes the sheet before the shared strings). */
async function exceljsWorkbook(area: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contacts');
  sheet.addRow(['Name', 'Phone', 'Joined']);
  sheet.addRow(['Ada Lovelace', `+1 ${area} 555 2671`, new Date(Date.UTC(2024, 2, 1))]);
  sheet.getCell('C2').numFmt = 'yyyy-mm-dd';
  sheet.addRow([
    { richText: [{ text: 'Bo', font: { bold: true } }, { text: ' Diddley' }] },
    Number(`1${area}5552672`),
  ]);
  sheet.addRow(['Cy Young', Number(`1${area}5552673`)]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The bytes in pieces of `size`, as a slow upload delivers them. */
function pieces(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

/** A request body whole, or streamed in pieces of 7 bytes (the file's chunks come as they do). */
async function body(file: Buffer, chunking: Chunking) {
  const { payload, headers } = await multipart([['file', file, 'contacts.xlsx', XLSX_TYPE]]);
  return {
    headers,
    payload: chunking === 'one chunk' ? payload : Readable.from(pieces(payload, 7), { objectMode: false }),
  };
}

async function preview(file: Buffer, chunking: Chunking) {
  const response = await t.as(ADMIN, {
    method: 'POST',
    url: `/api/companies/${companyId}/contacts/preview`,
    ...(await body(file, chunking)),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreview>();
}

async function imported(file: Buffer, chunking: Chunking): Promise<ImportBatch> {
  const response = await t.as(ADMIN, {
    method: 'PUT',
    url: `/api/companies/${companyId}/contacts`,
    ...(await body(file, chunking)),
  });
  expect(response.statusCode, response.body).toBe(202);
  const id = response.json<ImportBatch>().id;
  const until = Date.now() + 50_000;
  while (!completed.has(id)) {
    if (Date.now() > until) throw new Error(`batch ${id} did not complete`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return completed.get(id) as ImportBatch;
}

const nameOf = async (phone: string) =>
  (await t.ctx.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.number, phone)))[0]?.name;

/** Distinct numbers for every case, so each import creates its contacts. */
let nextArea = 201;
const area = () => String(nextArea++);

describe('a small workbook, its parts in either order, through the preview and the import', () => {
  const cases = ORDERS.flatMap((order) => CHUNKINGS.map((chunking) => ({ order, chunking })));
  it.each(cases)('$order order, $chunking: the names and numbers as typed', async ({ order, chunking }) => {
    const code = area();
    const file = await contactWorkbook(order, code);
    expect(file.length).toBeLessThan(16 * 1024);
    expect(await preview(file, chunking)).toEqual({
      columns: ['Name', 'Phone', 'Joined'],
      rows: contactRows(code),
      suggested_mapping: { name: 'Name', number: 'Phone' },
    });
    const batch = await imported(file, chunking);
    expect(batch).toMatchObject({ state: 'finished', created: 3, failed: 0, total_rows: 3 });
    expect(await nameOf(`+1${code}5552671`)).toBe('Ada Lovelace');
    expect(await nameOf(`+1${code}5552672`)).toBe('Bo Diddley');
    expect(await nameOf(`+1${code}5552673`)).toBe('Cy Young');
  });

  it.each(CHUNKINGS)('written by exceljs, %s: the names and numbers as typed', async (chunking) => {
    const code = area();
    const file = await exceljsWorkbook(code);
    expect((await preview(file, chunking)).rows).toEqual(contactRows(code));
    const batch = await imported(file, chunking);
    expect(batch).toMatchObject({ state: 'finished', created: 3, failed: 0 });
    expect(await nameOf(`+1${code}5552672`)).toBe('Bo Diddley');
  });

  it('a cell naming a shared string the file does not have: its row is reported bad, the others imported', async () => {
    const code = area();
    // No shared-strings part at all, as a damaged or hand-made file may be.
    const file = await zipFile([
      {
        name: 'xl/workbook.xml',
        content: `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="C" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        content: `<Relationships xmlns="${PACKAGE}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        content: `<worksheet xmlns="${MAIN}"><sheetData><row r="1">${inline('A1', 'Name')}${inline('B1', 'Phone')}</row><row r="2">${shared('A2', 7)}${number('B2', Number(`1${code}5552671`))}</row><row r="3">${inline('A3', 'Cy Young')}${number('B3', Number(`1${code}5552673`))}</row></sheetData></worksheet>`,
      },
    ]);
    expect((await preview(file, 'one chunk')).rows).toEqual([
      ['', `1${code}5552671`],
      ['Cy Young', `1${code}5552673`],
    ]);
    const batch = await imported(file, 'one chunk');
    expect(batch).toMatchObject({
      state: 'finished',
      created: 1,
      failed: 1,
      total_rows: 2,
      processed_rows: 2,
    });
    expect(await nameOf(`+1${code}5552671`)).toBeUndefined();
    expect(await nameOf(`+1${code}5552673`)).toBe('Cy Young');
    const report = await t.as(ADMIN, {
      method: 'GET',
      url: `/api/companies/${companyId}/contacts/progress/${batch.id}/report`,
    });
    expect(report.statusCode).toBe(200);
    expect(parse(report.body, { bom: true, relax_column_count: true })).toEqual([
      ['row', 'reason', 'Name', 'Phone'],
      ['2', 'row: cell A2 could not be read as text (the file is damaged).', '', `1${code}5552671`],
    ]);
  });
});

describe('the reader, on every order and chunking', () => {
  async function rowsOf(file: Buffer, size: number): Promise<string[][]> {
    const out: string[][] = [];
    for await (const row of readSheet(Readable.from(pieces(file, size)), 'xlsx')) out.push(row.cells);
    return out;
  }
  const sizes: [Chunking, number][] = [
    ['one chunk', Number.MAX_SAFE_INTEGER],
    ['small chunks', 7],
  ];
  const cases = ORDERS.flatMap((order) => sizes.map(([chunking, size]) => ({ order, chunking, size })));
  it.each(cases)('$order order, $chunking', async ({ order, size }) => {
    const rows = await rowsOf(await contactWorkbook(order, '415'), size);
    expect(rows).toEqual([['Name', 'Phone', 'Joined'], ...contactRows('415')]);
  });
  it.each(sizes)('exceljs’s writer, %s', async (_chunking, size) => {
    expect(await rowsOf(await exceljsWorkbook('415'), size)).toEqual([
      ['Name', 'Phone', 'Joined'],
      ...contactRows('415'),
    ]);
  });

  it('removes the temporary file of a sheet read before the shared strings when reading stops early', async () => {
    const directory = vi.spyOn(
      WorkbookReader.prototype as unknown as { directory(): Promise<string> },
      'directory',
    );
    try {
      const rows = readSheet(Readable.from([await contactWorkbook(ORDERS[0] as Order, '415')]), 'xlsx');
      const first: SheetRow[] = [];
      for await (const row of rows) {
        first.push(row);
        if (first.length === 2) break;
      }
      expect(first.map((row) => row.cells[0])).toEqual(['Name', 'Ada Lovelace']);
      expect(directory).toHaveBeenCalled();
      const made = await (directory.mock.results[0]?.value as Promise<string>);
      expect(existsSync(made)).toBe(false);
    } finally {
      directory.mockRestore();
    }
  });
});
