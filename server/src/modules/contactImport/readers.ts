/**
 * Reads an uploaded contact file (§5 "CSV or XLSX") row by row from its stream, never holding the whole file:
 * CSV with csv-parse (BOM stripped, `,` or `;` told from the header line, rows of any length kept so the worker
 * can report a short or long row instead of the parser failing the file), XLSX with exceljs's streaming
 * WorkbookReader (first worksheet; every cell as the text a person sees), held to how far a workbook may expand
 * as it streams (xlsxLimits.ts). Both yield `{ rowNumber, cells }`, the header first; row numbers are those of the
 * file (CSV: records counted from 1; XLSX: the sheet's rows).
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { watchZipStream } from '../../lib/zipStream';
import { SheetText, SpreadsheetLimitError, XlsxLimits } from './xlsxLimits';
import { WorkbookReader } from './xlsxWorkbook';

export type SheetKind = 'csv' | 'xlsx';

export interface SheetRow {
  rowNumber: number;
  cells: string[];
  /**
   * Why the row can't be imported as read (XLSX: a cell whose value is not text, e.g. one naming a shared string
   * the file does not have; such cells are left empty). The row is reported with this reason, never imported.
   */
  problem?: string;
}

/** A file that cannot be read as what it says it is; the message says why, for the person who sent it. */
export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPES = ['text/csv', 'application/csv', 'text/x-csv', 'application/x-csv'];

/**
 * The kind of file by its name's extension, else by its content type (a browser may send a file without a
 * name); anything else is not importable (an old `.xls`, a `.txt`, a PDF).
 */
export function sheetKind(fileName: string, contentType: string | undefined): SheetKind | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'xlsx') return 'xlsx';
  if (extension) return null;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (CSV_TYPES.includes(type)) return 'csv';
  if (type === XLSX_TYPE) return 'xlsx';
  return null;
}

/**
 * The header row as column names: trimmed, trailing empty cells dropped, an empty name called `Column N`, a
 * repeated name numbered (`Phone`, `Phone (2)`), so every column can be named in a mapping.
 */
export function headerColumns(cells: readonly string[]): string[] {
  const trimmed = cells.map((cell) => cell.trim());
  while (trimmed.length && trimmed[trimmed.length - 1] === '') trimmed.pop();
  const seen = new Map<string, number>();
  return trimmed.map((cell, index) => {
    const base = cell || `Column ${index + 1}`;
    const key = base.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** Whether a row has nothing in it (a blank line, a row of empty cells): not a contact, not an error. */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** The rows of a CSV or XLSX file, header first. Throws `UnreadableFileError` for a file that is not one. */
export function readSheet(source: Readable, kind: SheetKind): AsyncGenerator<SheetRow> {
  return kind === 'csv' ? readCsv(source) : readXlsx(source);
}

/**
 * The stream's chunks, pulled with `read()`. Unlike the stream's own async iterator, stopping early does not
 * destroy the stream: an upload the reader stopped (a preview, a refused file) can still be read to its end.
 */
export async function* chunksOf(source: Readable): AsyncGenerator<Buffer> {
  for (;;) {
    if (source.errored) throw source.errored;
    const chunk: unknown = source.read();
    if (chunk !== null) {
      yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      continue;
    }
    if (source.readableEnded) return;
    const ended = await new Promise<boolean>((resolve, reject) => {
      const cleanup = () => {
        source.off('readable', onReadable);
        source.off('end', onEnd);
        source.off('error', onError);
        source.off('close', onClose);
      };
      const onReadable = () => {
        cleanup();
        resolve(false);
      };
      const onEnd = () => {
        cleanup();
        resolve(true);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onClose = () => {
        cleanup();
        if (source.readableEnded) resolve(true);
        else reject(source.errored ?? new Error('The upload was cut off.'));
      };
      source.on('readable', onReadable);
      source.once('end', onEnd);
      source.once('error', onError);
      source.once('close', onClose);
    });
    if (ended) return;
  }
}

/**
 * Reads and drops what is left of a stream, so an upload the reader stopped early (a preview, a refused file)
 * still ends cleanly for the client; an error on the way is of no interest any more.
 */
export async function drain(source: Readable): Promise<void> {
  if (source.readableEnded || source.destroyed) return;
  try {
    for await (const _chunk of chunksOf(source)) {
      // dropped
    }
  } catch {
    // A cut-off upload has nothing more to drain.
  }
}

/** Resolves when a writable can take more, or is gone. */
function writable(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

/**
 * Feeds a stream's chunks into a writable (with back-pressure), starting with `head`, until the source ends
 * (then ends the writable) or `stopped()` says to stop. A source error destroys the writable with it.
 */
function feed(
  chunks: AsyncGenerator<Buffer>,
  head: Buffer | null,
  target: Writable,
  stopped: () => boolean,
): void {
  void (async () => {
    if (head && !target.write(head)) await writable(target);
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      if (stopped() || target.destroyed) return;
      if (!target.write(next.value)) await writable(target);
    }
    if (!stopped() && !target.destroyed) target.end();
  })().catch((error: unknown) => target.destroy(error instanceof Error ? error : new Error(String(error))));
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

/** Up to this many bytes are looked at to find the header line (and with it the delimiter). */
const HEAD_LIMIT = 64 * 1024;
/**
 * A record longer than this is a broken file (an unclosed quote swallowing the rest), not a contact. (A CSV is
 * what it weighs, within the upload's 50 MB; how far an XLSX may expand when opened is xlsxLimits.ts's.)
 */
const MAX_RECORD_BYTES = 1024 * 1024;

/** `;` when the header line has more semicolons than commas (outside quotes), else `,`. */
export function detectDelimiter(head: string): ',' | ';' {
  const line = head.replace(/^\uFEFF/, '').split(/\r?\n|\r/)[0] ?? '';
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

function csvProblem(error: unknown): UnreadableFileError {
  if (error instanceof CsvError) {
    const line = (error as CsvError & { lines?: number }).lines;
    const where = line ? ` (near line ${line})` : '';
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      return new UnreadableFileError(`The file could not be read: a quoted cell is never closed${where}.`);
    }
    if (error.code === 'CSV_MAX_RECORD_SIZE') {
      return new UnreadableFileError(`The file could not be read: a row is longer than 1 MB${where}.`);
    }
    return new UnreadableFileError(`The file could not be read as CSV${where}: ${error.message}`);
  }
  if (error instanceof UnreadableFileError) return error;
  throw error;
}

async function* readCsv(source: Readable): AsyncGenerator<SheetRow> {
  const chunks = chunksOf(source);
  // The header line tells the delimiter: read up to its end before parsing.
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  for (;;) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
    if (next.value.includes(0x0a) || next.value.includes(0x0d) || size >= HEAD_LIMIT) break;
  }
  const first = Buffer.concat(head);
  const parser = parse({
    delimiter: detectDelimiter(first.toString('utf8')),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_BYTES,
  });
  let stopped = false;
  if (ended) parser.end(first);
  else feed(chunks, first, parser, () => stopped);
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      yield { rowNumber, cells: record };
    }
  } catch (error) {
    throw csvProblem(error);
  } finally {
    // Stopped early (a preview has its rows) or failed: the rest of the upload is left to be drained.
    stopped = true;
    parser.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// XLSX

const NUMBER_TEXT = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/** A number as a person would type it: never with an exponent (`14155552671`, not `1.4155552671e10`). */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  return NUMBER_TEXT.format(value);
}

/** A spreadsheet date (exceljs reads them as UTC midnight) as `YYYY-MM-DD`. */
function dateText(value: Date): string {
  return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
}

/** The date test exceljs itself uses on a number format: date letters outside quotes and brackets. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Excel's serial day number (1900 system) as a date. */
function excelSerialDate(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 24 * 3600 * 1000));
}

/**
 * A cell's value as text: strings as they are, numbers without exponent, dates as YYYY-MM-DD, booleans as
 * true/false, rich text joined, formulas by their result, hyperlinks by their text, errors as shown (`#N/A`).
 * Null for a value that is none of those (exceljs's `{ sharedString: n }` for a string the file does not have):
 * its `String()` would be `[object Object]`.
 */
export function cellText(value: unknown, numberFormat?: string): string | null {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    return isDateFormat(numberFormat) ? dateText(excelSerialDate(value)) : numberText(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.richText)) {
      const runs = (object.richText as { text?: unknown }[]).map((run) => cellText(run.text));
      return runs.includes(null) ? null : runs.join('');
    }
    if ('formula' in object || 'sharedFormula' in object) return cellText(object.result, numberFormat);
    if ('text' in object) return cellText(object.text, numberFormat);
    if ('error' in object && typeof object.error === 'string') return object.error;
  }
  return null;
}

/** A column's letters (1 → A, 28 → AB), to name a cell as a spreadsheet does. */
function columnLetters(column: number): string {
  let letters = '';
  for (let left = column; left > 0; left = Math.floor((left - 1) / 26)) {
    letters = String.fromCharCode(65 + ((left - 1) % 26)) + letters;
  }
  return letters;
}

interface StreamedCell {
  value: unknown;
  numFmt?: string;
}
interface StreamedRow {
  number: number;
  eachCell(options: { includeEmpty: boolean }, callback: (cell: StreamedCell, column: number) => void): void;
}

/**
 * Why an upload was refused while exceljs read it (a limit passed, a broken archive), told at once to whoever
 * waits on exceljs: it would wait for ever for the input a refused upload no longer gives it.
 */
class Refusal {
  private reason: { error: unknown } | null = null;
  private readonly waiting = new Set<(error: unknown) => void>();

  refuse(error: unknown): void {
    this.reason ??= { error };
    for (const reject of this.waiting) reject(error);
    this.waiting.clear();
  }

  /**
   * `pending`, unless the refusal comes first. (Not `Promise.race` with one long-lived promise: every race would
   * leave it a reaction holding the row it answered, for as long as the file is read.)
   */
  race<T>(pending: Promise<T>): Promise<T> {
    if (this.reason) return Promise.reject(this.reason.error);
    return new Promise<T>((resolve, reject) => {
      this.waiting.add(reject);
      pending.then(
        (value) => {
          this.waiting.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          this.waiting.delete(reject);
          reject(error);
        },
      );
    });
  }
}

/** The items of one of exceljs's iterables, failing as soon as the upload is refused. */
async function* untilRefused<T>(items: AsyncIterable<T>, refusal: Refusal): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]();
  let waiting = false;
  try {
    for (;;) {
      waiting = true;
      const next = await refusal.race(iterator.next());
      waiting = false;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Stopped by the reader (a preview has its rows): exceljs cleans up. Still waiting (refused): it never would.
    if (!waiting) await iterator.return?.();
  }
}

async function* readXlsx(source: Readable): AsyncGenerator<SheetRow> {
  // exceljs pipes what it is given; it gets a copy fed from the upload, so stopping never destroys the upload — and
  // each chunk only once the limits have seen what it expands to, so a bomb is refused before exceljs inflates it.
  const input = new PassThrough();
  let stopped = false;
  const refusal = new Refusal();
  // exceljs reads a chunk while the next is watched; the one after waits until it has taken that one in.
  let taking: Promise<void> | null = null;
  void watchZipStream(chunksOf(source), new XlsxLimits(), async (chunk) => {
    await taking;
    if (stopped || input.destroyed) return false;
    taking = input.write(chunk) ? null : writable(input);
    return true;
  }).then(
    async () => {
      await taking;
      if (!stopped && !input.destroyed) input.end();
    },
    (error: unknown) => refusal.refuse(error),
  );
  const text = new SheetText();
  const reader = new WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Cell styles carry the number formats that tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let width = 0;
  let first = true;
  try {
    for await (const worksheet of untilRefused(reader, refusal)) {
      for await (const row of untilRefused(worksheet as unknown as AsyncIterable<StreamedRow>, refusal)) {
        const cells: string[] = [];
        const unreadable: string[] = [];
        // exceljs refuses a cell past the last column (XFD, 16,384): a row spreads out that far at most.
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          while (cells.length < column - 1) cells.push('');
          const text = cellText(cell.value, cell.numFmt);
          if (text === null) unreadable.push(`${columnLetters(column)}${row.number}`);
          cells[column - 1] = text ?? '';
        });
        if (unreadable.length && first) {
          throw new UnreadableFileError(
            `The file could not be read: the header's cell ${unreadable[0]} could not be read as text (the file is damaged).`,
          );
        }
        text.row(cells);
        if (first) {
          // The header: its width is every row's (a row's trailing empty cells are not written in XLSX).
          if (isBlankRow(cells)) continue;
          first = false;
          width = cells.length;
        }
        while (cells.length < width) cells.push('');
        if (unreadable.length) {
          const which = unreadable.length === 1 ? 'cell' : 'cells';
          yield {
            rowNumber: row.number,
            cells,
            problem: `row: ${which} ${unreadable.join(', ')} could not be read as text (the file is damaged).`,
          };
        } else yield { rowNumber: row.number, cells };
      }
      break; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    if (error instanceof SpreadsheetLimitError) throw new UnreadableFileError(error.message);
    throw new UnreadableFileError('The file could not be read as an XLSX workbook.');
  } finally {
    stopped = true;
    input.destroy();
    await reader.discard();
  }
}
