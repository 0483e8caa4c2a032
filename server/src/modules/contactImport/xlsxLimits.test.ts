/**
 * How far an XLSX contact file may expand when opened (xlsxLimits.ts; the outside probe's finding 2: a 67 KB
 * workbook whose one shared string expands to 64 MB answered 200 with 201 MB, six at once took the server to
 * 7 GB). Through the real upload path, the preview and the import alike refuse such a file with a 422 on `file`
 * that says why, and leave nothing behind; each limit is then held at the reader, on workbooks built here byte by
 * byte (testing/zipFile.ts) as real writers store them and as bombs do.
 */
import { Readable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { batches } from '../../db/schema';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';
import { workbookFile, type ZipContent } from '../../testing/zipFile';
import { multipart } from '../messaging/testing';
import { readSheet, type SheetRow } from './readers';
import { XLSX_LIMIT_MESSAGES, XLSX_LIMITS } from './xlsxLimits';

// Workbooks of tens of megabytes are built and read on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const t = sharedTestApp();
let company: number;
beforeAll(() => {
  company = t.ids.companies.demoMotors;
});

const AGENT = 'agent@demo.test';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell of inline text, and a row of them. */
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER = `<row r="1">${inline('A1', 'name')}${inline('B1', 'number')}</row>`;
const CONTACT = `<row r="2">${inline('A2', 'Ada Lovelace')}<c r="B2"><v>14155552671</v></c></row>`;

/** Column letters of the 1-based column `n` (A, …, Z, AA, …). */
function columnName(n: number): string {
  let name = '';
  for (let left = n; left > 0; left = Math.floor((left - 1) / 26))
    name = String.fromCharCode(65 + ((left - 1) % 26)) + name;
  return name;
}

/** A row (numbered 2) of `cells` cells naming shared string 0. */
const sharedRow = (cells: number) =>
  `<row r="2">${Array.from({ length: cells }, (_, i) => `<c r="${columnName(i + 1)}2" t="s"><v>0</v></c>`).join('')}</row>`;

/** The probe's file: one shared string of 64 MB, in a workbook of well under 100 KB. */
const probeBomb = () =>
  workbookFile({
    sheetData: `${HEADER}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>14155552671</v></c></row>`,
    sharedStrings: { before: '<si><t>', repeat: 'x', times: 64 * 1024 * 1024, after: '</t></si>' },
  });

async function send(kind: 'preview' | 'import', file: Buffer) {
  const body = await multipart([['file', file, 'contacts.xlsx', XLSX_TYPE]]);
  return t.as(AGENT, {
    method: kind === 'preview' ? 'POST' : 'PUT',
    url: `/api/companies/${company}/contacts${kind === 'preview' ? '/preview' : ''}`,
    ...body,
  });
}

const batchCount = async () =>
  (
    await t.ctx.db
      .select({ n: count() })
      .from(batches)
      .where(and(eq(batches.company_id, company)))
  )[0]?.n ?? 0;

describe('a workbook that expands too far, through the API', () => {
  it('the probe’s 64 MB shared string: the preview and the import refuse it on file, and no batch is left', async () => {
    const file = await probeBomb();
    expect(file.length).toBeLessThan(100 * 1024);
    const before = await batchCount();
    for (const kind of ['preview', 'import'] as const) {
      const response = await send(kind, file);
      expect(response.statusCode, `${kind}: ${response.body.slice(0, 200)}`).toBe(422);
      expect(fieldErrors(response)).toEqual({ file: [XLSX_LIMIT_MESSAGES.cell] });
    }
    expect(await batchCount()).toBe(before);
  });

  it('a part that declares 1 KB and inflates past 256 MB is refused as it inflates', async () => {
    const file = await workbookFile({
      sheetData: `${HEADER}${CONTACT}`,
      extra: [
        {
          name: 'xl/media/image1.png',
          content: { repeat: '\0', times: XLSX_LIMITS.expandedBytes + 1 },
          declaredSize: 1024,
        },
      ],
    });
    expect(file.length).toBeLessThan(1024 * 1024);
    for (const kind of ['preview', 'import'] as const) {
      const response = await send(kind, file);
      expect(response.statusCode, kind).toBe(422);
      expect(fieldErrors(response)).toEqual({ file: [XLSX_LIMIT_MESSAGES.expanded] });
      expect(XLSX_LIMIT_MESSAGES.expanded).toMatch(/^The file expands to more than 256 MB when opened; /);
    }
  });

  it('more cells than a contact file has (rows of 10,000 empty cells) are refused', async () => {
    const rows = Math.floor(XLSX_LIMITS.cells / 10_000) + 1;
    const file = await workbookFile({
      sheetData: { before: HEADER, repeat: `<row r="2">${'<c r="A2"/>'.repeat(10_000)}</row>`, times: rows },
    });
    const response = await send('import', file);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual({ file: [XLSX_LIMIT_MESSAGES.cells] });
  });

  it('a workbook within the limits still previews', async () => {
    const response = await send('preview', await workbookFile({ sheetData: `${HEADER}${CONTACT}` }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      columns: ['name', 'number'],
      rows: [['Ada Lovelace', '14155552671']],
    });
  });
});

/** Every row of the workbook, read as an upload arrives (64 KB at a time). */
async function rowsOf(file: Buffer): Promise<SheetRow[]> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < file.length; at += 64 * 1024) chunks.push(file.subarray(at, at + 64 * 1024));
  const rows: SheetRow[] = [];
  for await (const row of readSheet(Readable.from(chunks), 'xlsx')) rows.push(row);
  return rows;
}

const STYLES = (content: ZipContent) => ({
  name: 'xl/styles.xml',
  content:
    typeof content === 'string' || Buffer.isBuffer(content)
      ? `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${content}</styleSheet>`
      : { ...content, before: '<styleSheet><cellXfs>', after: '</cellXfs></styleSheet>' },
});

describe('each limit, at the reader', () => {
  it('reads workbooks as writers store them: data descriptors, ZIP64 sizes, parts not deflated', async () => {
    for (const as of [{ descriptor: true }, { zip64: true }, { stored: true }]) {
      const file = await workbookFile({
        sheetData: `${HEADER}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>14155552671</v></c></row>`,
        sharedStrings: '<si><r><t>Ada </t></r><r><t>Lovelace</t></r></si>',
        as,
      });
      expect(await rowsOf(file), JSON.stringify(as)).toEqual([
        { rowNumber: 1, cells: ['name', 'number'] },
        { rowNumber: 2, cells: ['Ada Lovelace', '14155552671'] },
      ]);
    }
  });

  const longest = XLSX_LIMITS.cellChars;
  const refusals: [string, () => Promise<Buffer>, string][] = [
    [
      'a cell of inline text longer than a cell holds',
      () => workbookFile({ sheetData: `${HEADER}<row r="2">${inline('A2', 'x'.repeat(longest + 1))}</row>` }),
      XLSX_LIMIT_MESSAGES.cell,
    ],
    [
      'a shared string of more rich-text pieces than a cell holds characters',
      () =>
        workbookFile({
          sheetData: HEADER,
          sharedStrings: { before: '<si>', repeat: '<r><t/></r>', times: longest + 1, after: '</si>' },
        }),
      XLSX_LIMIT_MESSAGES.cell,
    ],
    [
      'more shared strings than a file may have cells',
      () =>
        workbookFile({ sheetData: HEADER, sharedStrings: { repeat: '<si/>', times: XLSX_LIMITS.cells + 1 } }),
      XLSX_LIMIT_MESSAGES.cells,
    ],
    [
      'a row wider than a spreadsheet',
      () =>
        workbookFile({
          sheetData: {
            before: `${HEADER}<row r="2">`,
            repeat: '<c r="A2"/>',
            times: XLSX_LIMITS.columns + 1,
            after: '</row>',
          },
        }),
      XLSX_LIMIT_MESSAGES.columns,
    ],
    [
      'more column definitions than a spreadsheet has columns',
      () =>
        workbookFile({
          // <cols> stands before <sheetData>: the sheet's data here is empty, closed and opened around it.
          sheetData: {
            before: `${HEADER}</sheetData><cols>`,
            repeat: '<col min="1" max="1"/>',
            times: XLSX_LIMITS.columns + 1,
            after: '</cols><sheetData>',
          },
        }),
      XLSX_LIMIT_MESSAGES.columns,
    ],
    [
      'a row of inline text longer than a contact',
      () =>
        workbookFile({
          sheetData: `${HEADER}<row r="2">${Array.from({ length: 31 }, (_, i) => inline(`${columnName(i + 1)}2`, 'x'.repeat(longest))).join('')}</row>`,
        }),
      XLSX_LIMIT_MESSAGES.row,
    ],
    [
      'a row of one shared string named more times than a contact is long',
      () =>
        workbookFile({
          sheetData: `${HEADER}${sharedRow(Math.ceil(XLSX_LIMITS.rowChars / 30_000) + 1)}`,
          sharedStrings: `<si><t>${'x'.repeat(30_000)}</t></si>`,
        }),
      XLSX_LIMIT_MESSAGES.row,
    ],
    [
      'rows naming one shared string until their text outgrows a CSV’s',
      () =>
        workbookFile({
          sheetData: {
            before: HEADER,
            repeat: sharedRow(30),
            times: Math.ceil(XLSX_LIMITS.textChars / 900_000) + 1,
          },
          sharedStrings: `<si><t>${'x'.repeat(30_000)}</t></si>`,
        }),
      XLSX_LIMIT_MESSAGES.text,
    ],
    [
      'a style table of more elements than a spreadsheet program writes',
      () =>
        workbookFile({
          sheetData: `${HEADER}${CONTACT}`,
          extra: [STYLES({ repeat: '<xf numFmtId="0"/>', times: XLSX_LIMITS.partElements })],
        }),
      XLSX_LIMIT_MESSAGES.partElements('xl/styles.xml'),
    ],
    [
      'a run of text longer than any a workbook holds, outside any cell',
      () =>
        workbookFile({
          sheetData: `${HEADER}${CONTACT}`,
          extra: [STYLES(' '.repeat(XLSX_LIMITS.xmlRunBytes + 1))],
        }),
      XLSX_LIMIT_MESSAGES.xmlRun,
    ],
    [
      'a document type declaration (entities)',
      () =>
        workbookFile({
          sheetData: `${HEADER}${CONTACT}`,
          extra: [
            { name: 'xl/styles.xml', content: '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "b">]><s/>' },
          ],
        }),
      XLSX_LIMIT_MESSAGES.doctype,
    ],
    [
      'more parts than a workbook has',
      () =>
        workbookFile({
          sheetData: `${HEADER}${CONTACT}`,
          extra: Array.from({ length: XLSX_LIMITS.parts }, (_, i) => ({
            name: `xl/media/image${i}.png`,
            content: 'x',
            stored: true,
          })),
        }),
      XLSX_LIMIT_MESSAGES.parts,
    ],
    [
      'a part whose header declares more than the parts may expand to',
      () =>
        workbookFile({
          sheetData: `${HEADER}${CONTACT}`,
          extra: [{ name: 'xl/media/image1.png', content: 'x', declaredSize: XLSX_LIMITS.expandedBytes + 1 }],
        }),
      XLSX_LIMIT_MESSAGES.expanded,
    ],
  ];

  it.each(refusals)('refuses %s', async (_what, build, message) => {
    await expect(rowsOf(await build())).rejects.toThrow(message);
  });
});
