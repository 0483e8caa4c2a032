/**
 * The server's one CSV writer neutralises every text cell, whichever way an export writes; and it is the only one
 * (no other server file uses csv-stringify), so no export can write a cell without it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type CsvCell, csvStream, csvText } from './csv';

const SERVER_SRC = new URL('..', import.meta.url).pathname;

/** A cell as written, and as a spreadsheet must receive it (csv-stringify quotes what needs quoting). */
const CELLS: [CsvCell, string][] = [
  ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ['=1+1', `'=1+1`],
  ['+cmd|calc', `'+cmd|calc`],
  ['-2+3', `'-2+3`],
  ['@SUM(A1)', `'@SUM(A1)`],
  ['\tTAB', `'\tTAB`],
  ['\rCR', `"'\rCR"`],
  // A plain number cannot run anything, so phone numbers and amounts stay usable (neutraliseCsvCell's rule).
  ['+13125550123', '+13125550123'],
  ['-5', '-5'],
  ['-3.5', '-3.5'],
  [-5, '-5'],
  [12.5, '12.5'],
  ['Jane Doe', 'Jane Doe'],
  ['a=b', 'a=b'],
  ['', ''],
  [null, ''],
  [undefined, ''],
];

describe('csvText', () => {
  it.each(CELLS)('%j → %s', (cell, written) => {
    expect(csvText([['x', cell]])).toBe(`x,${written}\n`);
  });

  it('neutralises the header row made from columns, and keeps the options an export chooses', () => {
    expect(
      csvText([['1', '=2']], {
        header: true,
        columns: ['id', '=label'],
        bom: true,
        record_delimiter: 'windows',
      }),
    ).toBe(`\uFEFFid,'=label\r\n1,'=2\r\n`);
  });
});

describe('csvStream', () => {
  it.each(CELLS)('%j → %s', async (cell, written) => {
    expect(await text(Readable.from([['x', cell]]).pipe(csvStream()))).toBe(`x,${written}\n`);
  });
});

describe('the only CSV writer', () => {
  it('is the one server file that uses csv-stringify', () => {
    const writers = readdirSync(SERVER_SRC, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /from 'csv-stringify(\/[a-z]+)?'/.test(readFileSync(join(SERVER_SRC, file), 'utf8')));
    expect(writers).toEqual([join('lib', 'csv.ts')]);
  });
});
