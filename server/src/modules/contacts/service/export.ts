/**
 * `bulkExport`: the chosen contacts as a CSV file, streamed a thousand contacts at a time so a large company
 * is never held in memory whole. A header row, then every §3 field; labels and groups joined by `; `; one column
 * per custom field, named by the field. Every cell (headers too: a custom field's name is user text) is neutralised
 * by the server's CSV writer (lib/csv.ts), so a spreadsheet never runs a formula a contact's data smuggled in.
 */
import { pipeline, Readable } from 'node:stream';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { and, asc, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contacts } from '../../../db/schema';
import { csvStream } from '../../../lib/csv';
import { loadFieldRules, readValues } from '../../customFields/values';
import type { ContactRow } from '../view';
import { contactSelectionCondition } from './filters';
import { groupsOf, labelsOf } from './read';

const CHUNK = 1000;

/** The fixed columns, by header, with how each is read from a contact row. */
const COLUMNS: [string, (row: ContactRow) => unknown][] = [
  ['id', (row) => row.id],
  ['name', (row) => row.name],
  ['number', (row) => row.number],
  ['company_name', (row) => row.company_name],
  ['email', (row) => row.email],
  ['address1', (row) => row.address1],
  ['address2', (row) => row.address2],
  ['city', (row) => row.city],
  ['state', (row) => row.state],
  ['zip', (row) => row.zip],
  ['notes', (row) => row.notes],
  ['optin_type', (row) => row.optin_type],
  ['optin_source', (row) => row.optin_source],
  ['alternative_names', (row) => (row.alternative_names ?? []).join('; ')],
  ['secondary_emails', (row) => (row.secondary_emails ?? []).join('; ')],
  ['carrier', (row) => row.carrier],
  ['gender', (row) => row.gender],
  ['age_range', (row) => row.age_range],
  ['type', (row) => row.type],
  ['is_invalid', (row) => row.is_invalid],
  ['is_unsubscribed', (row) => row.is_unsubscribed],
  ['source', (row) => row.source],
  ['country', (row) => row.custom_country],
  ['title', (row) => row.custom_title],
];

/** A value as its text: `true`, `42`, '' for none. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

async function* exportRows(db: Db, companyId: number, condition: SQL): AsyncGenerator<string[]> {
  const fields = [...(await loadFieldRules(db, companyId, CONTACT_ENTITY_TYPE)).values()];
  yield [
    ...COLUMNS.map(([header]) => header),
    'labels',
    'groups',
    ...fields.map((field) => field.name),
    'created_at',
    'updated_at',
  ].map(cell);
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(contacts)
      .where(and(condition, gt(contacts.id, after)))
      .orderBy(asc(contacts.id))
      .limit(CHUNK);
    if (!rows.length) return;
    const ids = rows.map((row) => row.id);
    const [labels, groups, values] = await Promise.all([
      labelsOf(db, ids),
      groupsOf(db, ids),
      readValues(db, CONTACT_ENTITY_TYPE, ids),
    ]);
    for (const row of rows) {
      const own = new Map((values.get(row.id) ?? []).map((value) => [value.attribute_id, value.value]));
      yield [
        ...COLUMNS.map(([, read]) => read(row)),
        (labels.get(row.id) ?? []).map((label) => label.label).join('; '),
        (groups.get(row.id) ?? []).map((group) => group.name).join('; '),
        ...fields.map((field) => own.get(field.id)),
        row.created_at.toISOString(),
        row.updated_at.toISOString(),
      ].map(cell);
    }
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < CHUNK) return;
  }
}

/** The CSV of the company's contacts matching `condition` (which narrows to the company), as a stream. */
export function contactsCsv(db: Db, companyId: number, condition: SQL): NodeJS.ReadableStream {
  return pipeline(Readable.from(exportRows(db, companyId, condition)), csvStream(), () => {
    // A failure mid-stream ends the download early; the client sees a cut-off file and the error is in the log.
  });
}

/** The CSV of the company's selected contacts (the listed ones that are its own, or those matching filters). */
export async function selectedContactsCsv(
  db: Db,
  companyId: number,
  selection: Parameters<typeof contactSelectionCondition>[2],
): Promise<NodeJS.ReadableStream> {
  return contactsCsv(db, companyId, await contactSelectionCondition(db, companyId, selection));
}

/** `contacts-2024-03-01.csv`. */
export function exportFileName(now: Date): string {
  return `contacts-${now.toISOString().slice(0, 10)}.csv`;
}
