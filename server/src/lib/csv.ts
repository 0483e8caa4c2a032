/**
 * The one way the server writes CSV (csv-stringify underneath): every text cell — headers too, a custom field's
 * name is user text — goes through `neutraliseCsvCell`, so no export can forget to and a spreadsheet never runs a
 * formula (`=HYPERLINK(…)`) that a label, a note or a contact's name smuggled in. Exports build records of text and
 * numbers and hand them here; they never call csv-stringify themselves.
 */
import { neutraliseCsvCell } from '@shared/domain/contacts';
import { type Options, type Stringifier, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/** A cell: text (neutralised), a number (written as it is: it cannot be a formula), or nothing (empty). */
export type CsvCell = string | number | null | undefined;
export type CsvRecord = readonly CsvCell[];

/**
 * What an export may choose: a byte-order mark and CRLF lines (`record_delimiter: 'windows'`) for spreadsheet
 * programs, a header row from `columns`. How cells are written is not the caller's to choose.
 */
export type CsvOptions = Pick<Options, 'bom' | 'record_delimiter' | 'header' | 'columns'>;

/** csv-stringify casts every field by its type; text is the only kind that can carry a formula. */
function withNeutralisedCells(options: CsvOptions): Options {
  return { ...options, cast: { string: (value: string) => neutraliseCsvCell(value) } };
}

/** The records as CSV text, for an export small enough to hold (a table, a report, a page of rows). */
export function csvText(records: readonly CsvRecord[], options: CsvOptions = {}): string {
  return stringifySync(records as CsvCell[][], withNeutralisedCells(options));
}

/** A stream that takes records and gives CSV text, for an export written as it is read (pipe records into it). */
export function csvStream(options: CsvOptions = {}): Stringifier {
  return stringify(withNeutralisedCells(options));
}
