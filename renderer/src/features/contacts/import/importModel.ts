/**
 * The import wizard's rules, without React: which fields a column can fill (the contact fields of §3 and the
 * company's contact custom fields), the mapping sent to the server, the multipart body (fields before the file,
 * as the server reads them in order), the summary texts, and reading the bad-rows report.
 */
import type { ImportBatch } from '@shared/api/contacts';
import { batchPercent, isBatchEnded } from '@shared/domain/batches';
import {
  CONTACT_IMPORT,
  CONTACT_IMPORT_FIELDS,
  type ContactColumnMapping,
  hasRequiredColumns,
} from '@shared/domain/contacts';
import type { MultipartFields } from '../../../api/contractCall';

/** One row of the mapping step: a contact field (or `eav:<id>`), its label, and whether §5 requires it. */
export interface MappableField {
  key: string;
  label: string;
  required: boolean;
  /** Set on custom fields. */
  custom?: boolean;
}

/** The contact fields, then the custom fields, in the order the mapping step lists them. */
export function mappableFields(customFields: readonly { id: number; name: string }[]): MappableField[] {
  return [
    ...CONTACT_IMPORT_FIELDS.map((field) => ({
      key: field.field,
      label: field.label,
      required: field.field === 'name' || field.field === 'number',
    })),
    ...customFields.map((field) => ({
      key: `eav:${field.id}`,
      label: field.name,
      required: false,
      custom: true,
    })),
  ];
}

/** Field → column, where a cleared choice is `null`. */
export type MappingChoice = Record<string, string | null>;

/** The mapping as the server takes it: only chosen fields, and only columns the file has. */
export function cleanMapping(choice: MappingChoice, columns: readonly string[]): ContactColumnMapping {
  const mapping: Record<string, string> = {};
  for (const [field, column] of Object.entries(choice)) {
    if (column && columns.includes(column)) mapping[field] = column;
  }
  return mapping as ContactColumnMapping;
}

/** The suggestion, limited to the fields the step shows (a custom field deleted meanwhile is dropped). */
export function initialChoice(
  suggested: Record<string, string>,
  fields: readonly MappableField[],
  columns: readonly string[],
): MappingChoice {
  const choice: MappingChoice = {};
  for (const field of fields) {
    const column = suggested[field.key];
    choice[field.key] = column && columns.includes(column) ? column : null;
  }
  return choice;
}

export function canImport(choice: MappingChoice, columns: readonly string[]): boolean {
  return hasRequiredColumns(cleanMapping(choice, columns));
}

/** Columns chosen for more than one field: each column should fill one field. */
export function repeatedColumns(choice: MappingChoice): string[] {
  const seen = new Map<string, number>();
  for (const column of Object.values(choice)) if (column) seen.set(column, (seen.get(column) ?? 0) + 1);
  return [...seen].filter(([, count]) => count > 1).map(([column]) => column);
}

/**
 * `PUT /companies/{companyId}/contacts`: `mapping` (JSON) and `groups[]` first, the file last — the server reads
 * the parts in order and streams the file, so it must already know the mapping when the file arrives. The API
 * client sends the fields as multipart parts in this order.
 */
export function importFields(
  file: File,
  mapping: ContactColumnMapping,
  groups: readonly number[],
): MultipartFields {
  return { mapping, groups, file };
}

export function previewFields(file: File): MultipartFields {
  return { file };
}

/** §5 "CSV or XLSX": checked by name before sending, so a wrong file is refused at once. */
export function isImportableFileName(name: string): boolean {
  const match = /\.([a-z0-9]+)$/i.exec(name);
  const extension = match?.[1]?.toLowerCase() ?? '';
  return (CONTACT_IMPORT.extensions as readonly string[]).includes(extension);
}

/** What the drop zone and the file picker accept. */
export const IMPORT_ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** A small file to start from: the two required columns, and a few optional ones. */
export const SAMPLE_CSV = [
  'name,number,email,company_name,city,state',
  'Jane Cooper,+1 415 555 2671,jane.cooper@example.com,Cooper Plumbing,San Francisco,CA',
  'Wade Warren,(646) 555-0143,wade@example.com,,New York,NY',
  'Esther Howard,206-555-0188,,Howard & Sons,Seattle,WA',
  '',
].join('\r\n');

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "N contacts imported, M updated, K rows could not be imported". */
export function importSummary(batch: Pick<ImportBatch, 'created' | 'updated' | 'failed'>): string {
  return [
    `${plural(batch.created, 'contact', 'contacts')} imported`,
    `${batch.updated.toLocaleString('en-US')} updated`,
    `${plural(batch.failed, 'row', 'rows')} could not be imported`,
  ].join(', ');
}

export function isFinished(batch: Pick<ImportBatch, 'state'>): boolean {
  return isBatchEnded(batch);
}

/** The progress to show (shared/domain/batches: the same rule as an export's). */
export function progressOf(batch: Pick<ImportBatch, 'state' | 'progress'>): number {
  return batchPercent(batch);
}

/** RFC 4180 CSV: quoted cells, doubled quotes, commas and line breaks inside quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export interface BadRow {
  row: string;
  reason: string;
}

/**
 * The first bad rows of a report ("row number, reason, then the row as it was"). The header names the row and
 * reason columns; without recognisable names the first two columns are taken.
 */
export function readReport(csv: string, limit = 5): { rows: BadRow[]; total: number } {
  const [header = [], ...lines] = parseCsv(csv).filter((line) => line.some((cell) => cell.trim() !== ''));
  const find = (pattern: RegExp, fallback: number) => {
    const index = header.findIndex((name) => pattern.test(name));
    return index >= 0 ? index : fallback;
  };
  const rowAt = find(/^\s*(row|line)/i, 0);
  const reasonAt = find(/reason|error|problem/i, 1);
  return {
    total: lines.length,
    rows: lines.slice(0, limit).map((line) => ({ row: line[rowAt] ?? '', reason: line[reasonAt] ?? '' })),
  };
}

/** The report's file name: the imported file's name with "-errors.csv". */
export function reportFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '') || 'contacts';
  return `${base}-errors.csv`;
}
