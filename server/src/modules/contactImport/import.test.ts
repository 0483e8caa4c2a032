/**
 * Contact import through the real path: multipart upload → staged batch → worker → contacts, with progress
 * events, the bad-rows report, and a worker killed mid-import resumed by another without duplicates.
 */
import type { ImportBatch, ImportPreview } from '@shared/api/contacts';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { channels, EVENTS } from '@shared/realtime';
import { parse } from 'csv-parse/sync';
import { and, count, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  batchErrors,
  batches,
  batchRows,
  contactGroupMembers,
  contactGroups,
  contactLabelLinks,
  contactLabels,
  contacts,
  eavAttributes,
  eavValues,
} from '../../db/schema';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';
import { multipart } from '../messaging/testing';
import { CONTACT_IMPORT_KIND } from './batches';
import { CHUNK_ROWS } from './chunk';
import { LEASE_MS, processBatch, runImportWorker } from './worker';

// Thousands of rows through a real database on a busy two-core machine take seconds, not milliseconds.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const t = sharedTestApp();
let companyId: number;
const events: { channel: string; event: string; payload: ImportBatch }[] = [];

beforeAll(() => {
  companyId = t.ids.companies.demoMotors;
  t.ctx.realtime.listen((channel, event, payload) => {
    if (event.startsWith('contact-import.')) events.push({ channel, event, payload: payload as ImportBatch });
  });
});

const ADMIN = 'admin@demo.test';
const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function upload(
  file: { data: Buffer | string; name: string; type?: string },
  fields: [string, string][] = [],
  options: { email?: string; companyId?: number } = {},
) {
  const body = await multipart([...fields, ['file', file.data, file.name, file.type ?? CSV_TYPE]]);
  return t.as(options.email ?? ADMIN, {
    method: 'PUT',
    url: `/api/companies/${options.companyId ?? companyId}/contacts`,
    ...body,
  });
}

const csvCell = (cell: string) => (/[",\n;]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const toCsv = (rows: string[][]) => `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

const COLUMNS = ['Name', 'Phone', 'Email', 'Gender', 'Age range', 'Unsubscribed', 'City'];

/** What is wrong with a bad row, and the reason the report must give. */
const BAD_KINDS: { change: (row: string[]) => string[]; reason: RegExp }[] = [
  {
    change: (row) => row.with(1, '12ab'),
    reason: /^number: “12ab” is not a valid phone number/,
  },
  { change: (row) => row.with(0, ''), reason: /^name: Enter a name/ },
  { change: (row) => row.with(2, 'bob@'), reason: /^email: “bob@” — Enter a valid email address/ },
  { change: (row) => row.with(3, 'Robot'), reason: /^gender: “Robot” is not one of Male, Female, Other/ },
  { change: (row) => row.with(4, '70'), reason: /^age_range: “70” — Choose one of 1-5/ },
  { change: (row) => row.with(5, 'maybe'), reason: /^is_unsubscribed: “maybe” is not yes or no/ },
  { change: (row) => row.with(1, ''), reason: /^number: Enter a phone number/ },
  { change: (row) => row.slice(0, 2), reason: /^row: it has 2 cells where the header has 7 columns/ },
];

/**
 * `count` data rows with distinct numbers `(area) 555-NNNN` (from `first`), every 50th (from the 8th) bad in
 * one of the ways above (the short row only where `ragged`).
 */
function contactTable(
  tag: string,
  area: string,
  count: number,
  options: { ragged?: boolean; first?: number } = {},
) {
  const kinds = options.ragged === false ? BAD_KINDS.slice(0, -1) : BAD_KINDS;
  const rows: string[][] = [];
  const bad: { row: number; reason: RegExp }[] = [];
  for (let i = 0; i < count; i++) {
    const n = (options.first ?? 0) + i;
    let row = [
      `${tag} Person ${n}`,
      `(${area}) 555-${String(n).padStart(4, '0')}`,
      `p${n}.${tag.toLowerCase()}@example.com`,
      ['Male', 'female', 'Other', ''][n % 4] ?? '',
      ['21-25', '', '65+'][n % 3] ?? '',
      n % 10 === 0 ? 'yes' : 'no',
      'Springfield',
    ];
    if (i % 50 === 7) {
      const kind = kinds[bad.length % kinds.length];
      if (!kind) throw new Error('no kind');
      row = kind.change(row);
      bad.push({ row: i + 2, reason: kind.reason });
    }
    rows.push(row);
  }
  return { rows, bad, good: count - bad.length };
}

async function countContacts(numberPrefix: string, company = companyId): Promise<number> {
  const [row] = await t.ctx.db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.company_id, company), like(contacts.number, `${numberPrefix}%`)));
  return row?.n ?? 0;
}

async function waitFor<T>(find: () => T | undefined | Promise<T | undefined>, what: string, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const completedEvent = (batchId: number) =>
  waitFor(
    () => events.find((e) => e.event === EVENTS.contactImportCompleted && e.payload.id === batchId)?.payload,
    `batch ${batchId} to complete`,
  );

async function batchRow(id: number) {
  const [row] = await t.ctx.db.select().from(batches).where(eq(batches.id, id));
  if (!row) throw new Error(`no batch ${id}`);
  return row;
}

async function progress(batchId: number, email = ADMIN) {
  return t.as(email, { method: 'GET', url: `/api/companies/${companyId}/contacts/progress/${batchId}` });
}

async function report(batchId: number) {
  const response = await t.as(ADMIN, {
    method: 'GET',
    url: `/api/companies/${companyId}/contacts/progress/${batchId}/report`,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="import-${batchId}-errors.csv"`);
  return parse(response.body, { bom: true, relax_column_count: true }) as string[][];
}

function expectReport(lines: string[][], bad: { row: number; reason: RegExp }[], columns = COLUMNS) {
  const [header, ...rows] = lines;
  expect(header).toEqual(['row', 'reason', ...columns]);
  expect(rows.map((row) => Number(row[0]))).toEqual(bad.map((b) => b.row));
  rows.forEach((row, index) => {
    expect(row[1], `row ${row[0]}`).toMatch(bad[index]?.reason ?? /never/);
  });
}

describe('importing a CSV file (the app’s own worker)', () => {
  it('1,000 rows with 20 bad ones: 980 contacts, 20 reported with row number and reason', async () => {
    const table = contactTable('Csvimp', '415', 1000);
    expect(table.bad).toHaveLength(20);
    const response = await upload({ data: toCsv([COLUMNS, ...table.rows]), name: 'contacts.csv' });
    expect(response.statusCode, response.body).toBe(202);
    const queued = response.json<ImportBatch>();
    expect(queued).toMatchObject({
      state: 'queued',
      total_rows: 1000,
      file_name: 'contacts.csv',
      progress: 0,
    });

    const done = await completedEvent(queued.id);
    expect(done).toMatchObject({
      state: 'finished',
      progress: 100,
      processed_rows: 1000,
      total_rows: 1000,
      created: 980,
      updated: 0,
      failed: 20,
      message: null,
    });
    expect(done.finishedAt).toEqual(expect.any(String));
    const mine = events.filter((e) => e.payload.id === queued.id);
    expect(mine.every((e) => e.channel === channels.companies(companyId))).toBe(true);
    expect(mine.map((e) => [e.event, e.payload.processed_rows])).toEqual([
      [EVENTS.contactImportProgress, 500],
      [EVENTS.contactImportProgress, 1000],
      [EVENTS.contactImportCompleted, 1000],
    ]);

    expect(await countContacts('+1415555')).toBe(980);
    const [ada] = await t.ctx.db.select().from(contacts).where(eq(contacts.number, '+14155550010'));
    const [bo] = await t.ctx.db.select().from(contacts).where(eq(contacts.number, '+14155550001'));
    expect(bo).toMatchObject({ gender: 'Female', age_range: null, is_unsubscribed: false });
    const [cy] = await t.ctx.db.select().from(contacts).where(eq(contacts.number, '+14155550012'));
    expect(cy).toMatchObject({ gender: 'Male', age_range: '21-25' });
    expect(ada).toMatchObject({
      name: 'Csvimp Person 10',
      email: 'p10.csvimp@example.com',
      gender: 'Other',
      age_range: null,
      is_unsubscribed: true,
      city: 'Springfield',
      source: 'Import',
      import_batch_id: queued.id,
      created_by: t.ids.users[ADMIN],
    });

    const answer = await progress(queued.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(done);
    expectReport(await report(queued.id), table.bad);
    const [line] = (await report(queued.id)).slice(1);
    expect(line?.slice(2)).toEqual(table.rows[7]);
    // The staged rows of a finished batch are gone; the batch and its report stay.
    const [staged] = await t.ctx.db
      .select({ n: count() })
      .from(batchRows)
      .where(eq(batchRows.batch_id, queued.id));
    expect(staged?.n).toBe(0);
  });

  it('the same as XLSX: 980 imported, 20 reported', async () => {
    const table = contactTable('Xlsimp', '646', 1000, { ragged: false });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Contacts');
    sheet.addRow(COLUMNS);
    table.rows.forEach((row, index) => {
      // Some numbers typed as numbers, as spreadsheets keep them.
      const phone = /^\(646\) 555-(\d{4})$/.exec(row[1] ?? '');
      sheet.addRow(index % 2 && phone ? row.with(1, Number(`1646555${phone[1]}`) as unknown as string) : row);
    });
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const response = await upload({ data, name: 'contacts.xlsx', type: XLSX_TYPE });
    expect(response.statusCode, response.body).toBe(202);
    const done = await completedEvent(response.json<ImportBatch>().id);
    expect(done).toMatchObject({
      state: 'finished',
      created: 980,
      updated: 0,
      failed: 20,
      processed_rows: 1000,
    });
    expect(await countContacts('+1646555')).toBe(980);
    expectReport(await report(done.id), table.bad);
  });

  it('refuses a file without name and number columns with the §8 message, and a file that is not CSV or XLSX', async () => {
    const before = await t.ctx.db.select({ n: count() }).from(batches);
    const noColumns = await upload({ data: 'Nombre,Teléfono\nAna,415 555 9000\n', name: 'nombres.csv' });
    expect(noColumns.statusCode).toBe(422);
    expect(fieldErrors(noColumns)).toEqual({ file: [ERROR_MESSAGES.importInvalidFile] });
    const onlyName = await upload({ data: 'name,email\nAna,a@x.test\n', name: 'a.csv' });
    expect(fieldErrors(onlyName)).toEqual({ file: [ERROR_MESSAGES.importInvalidFile] });
    const empty = await upload({ data: '', name: 'empty.csv' });
    expect(fieldErrors(empty)).toEqual({ file: [ERROR_MESSAGES.importInvalidFile] });
    const text = await upload({ data: 'name,number\nA,4155559001\n', name: 'a.txt', type: 'text/plain' });
    expect(fieldErrors(text)).toEqual({ file: [ERROR_MESSAGES.importInvalidFile] });
    const xls = await upload({ data: 'junk', name: 'old.xls', type: 'application/vnd.ms-excel' });
    expect(fieldErrors(xls)).toEqual({ file: [ERROR_MESSAGES.importInvalidFile] });
    const broken = await upload({ data: 'name,number\n', name: 'fake.xlsx', type: XLSX_TYPE });
    expect(broken.statusCode).toBe(422);
    expect(fieldErrors(broken).file?.[0]).toMatch(/could not be read as an XLSX workbook/);
    const json = await t.as(ADMIN, {
      method: 'PUT',
      url: `/api/companies/${companyId}/contacts`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    expect(fieldErrors(json).file?.[0]).toMatch(/multipart/);
    const noFile = await t.as(ADMIN, {
      method: 'PUT',
      url: `/api/companies/${companyId}/contacts`,
      ...(await multipart([['mapping', '{}']])),
    });
    expect(fieldErrors(noFile)).toEqual({ file: ['Choose a CSV or XLSX file to import.'] });
    // None of these left a batch behind.
    expect(await t.ctx.db.select({ n: count() }).from(batches)).toEqual(before);
  });

  it('imports with a mapping the person chose, and refuses one naming a column the file lacks', async () => {
    const csv = 'Nombre;Apellido;Teléfono;Ciudad\nAna;Ruiz;206 555 0001;Seattle\n;Soto;206 555 0002;\n';
    const missing = await upload({ data: csv, name: 'es.csv' }, [
      ['mapping', JSON.stringify({ first_name: 'Nombre', number: 'Telefono' })],
    ]);
    expect(missing.statusCode).toBe(422);
    expect(fieldErrors(missing)).toEqual({ mapping: ['The file has no column “Telefono” (for number).'] });
    const noNumber = await upload({ data: csv, name: 'es.csv' }, [
      ['mapping', JSON.stringify({ first_name: 'Nombre' })],
    ]);
    expect(fieldErrors(noNumber).mapping?.[0]).toMatch(/column for number/);
    const unknown = await upload({ data: csv, name: 'es.csv' }, [
      ['mapping', JSON.stringify({ shoe: 'Nombre' })],
    ]);
    expect(fieldErrors(unknown)).toEqual({ mapping: ['“shoe” is not a contact field.'] });
    const notJson = await upload({ data: csv, name: 'es.csv' }, [['mapping', '{nope']]);
    expect(fieldErrors(notJson).mapping?.[0]).toMatch(/JSON/);

    const response = await upload({ data: csv, name: 'es.csv' }, [
      [
        'mapping',
        JSON.stringify({ first_name: 'Nombre', last_name: 'Apellido', number: 'Teléfono', city: 'Ciudad' }),
      ],
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const done = await completedEvent(response.json<ImportBatch>().id);
    expect(done).toMatchObject({ created: 2, failed: 0 });
    const rows = await t.ctx.db
      .select({ name: contacts.name, city: contacts.city })
      .from(contacts)
      .where(like(contacts.number, '+120655500%'))
      .orderBy(contacts.number);
    expect(rows).toEqual([
      { name: 'Ana Ruiz', city: 'Seattle' },
      { name: 'Soto', city: null },
    ]);
  });

  it('reads ; separated files with a BOM and header spellings it knows', async () => {
    const csv =
      '\uFEFFFirst Name;Last Name;Mobile;E-mail Address;Job Title\nLi;Wei;617 555 0601;LI@Example.com;CTO\n';
    const response = await upload({ data: csv, name: 'semi.csv' });
    expect(response.statusCode, response.body).toBe(202);
    await completedEvent(response.json<ImportBatch>().id);
    const [li] = await t.ctx.db.select().from(contacts).where(eq(contacts.number, '+16175550601'));
    expect(li).toMatchObject({ name: 'Li Wei', email: 'li@example.com', custom_title: 'CTO' });
  });

  it('refuses fields sent after the file, leaving a failed batch without rows', async () => {
    const body = await multipart([
      ['file', 'name,number\nLate,617 555 0001\n', 'late.csv', CSV_TYPE],
      ['groups[]', '1'],
    ]);
    const response = await t.as(ADMIN, {
      method: 'PUT',
      url: `/api/companies/${companyId}/contacts`,
      ...body,
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).file?.[0]).toMatch(/before the file/);
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.file_name, 'late.csv'));
    expect(batch).toMatchObject({ state: 'failed', message: ERROR_MESSAGES.importFailure });
    const [staged] = await t.ctx.db
      .select({ n: count() })
      .from(batchRows)
      .where(eq(batchRows.batch_id, batch?.id ?? 0));
    expect(staged?.n).toBe(0);
    expect(await countContacts('+1617555000')).toBe(0);
  });

  it('an upload that breaks half-way fails its batch with the §8 message and keeps none of its rows', async () => {
    const rows = Array.from(
      { length: 2500 },
      (_, i) => `Half ${i},617 555 ${String(1000 + i).padStart(4, '0')}`,
    );
    const csv = `name,number\n${rows.join('\n')}\n"Unclosed,617 555 9999\n`;
    const response = await upload({ data: csv, name: 'half.csv' });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).file?.[0]).toMatch(/quoted cell is never closed/);
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.file_name, 'half.csv'));
    expect(batch).toMatchObject({ state: 'failed', message: ERROR_MESSAGES.importFailure, total_rows: null });
    const [staged] = await t.ctx.db
      .select({ n: count() })
      .from(batchRows)
      .where(eq(batchRows.batch_id, batch?.id ?? 0));
    expect(staged?.n).toBe(0);
    expect(events.find((e) => e.payload.id === batch?.id)).toBeUndefined();
  });
});

describe('what an import adds to contacts', () => {
  it('assigns the chosen groups and labels; refuses smart groups and another company’s groups', async () => {
    const [group, smart] = await t.ctx.db
      .insert(contactGroups)
      .values([
        { company_id: companyId, name: 'Imported VIPs' },
        { company_id: companyId, name: 'Smart', filters: { unsubscribed: false } },
      ])
      .returning();
    const [foreign] = await t.ctx.db
      .insert(contactGroups)
      .values({ company_id: t.ids.companies.otherCo, name: 'Theirs' })
      .returning();
    const [label] = await t.ctx.db
      .insert(contactLabels)
      .values({ company_id: companyId, label: 'From import test' })
      .returning();
    const csv = 'name,number\nGa,617 555 0101\nGb,617 555 0102\nbad,12\n';

    for (const id of [smart?.id, foreign?.id]) {
      const refused = await upload({ data: csv, name: 'g.csv' }, [['groups[]', String(id)]]);
      expect(refused.statusCode).toBe(422);
      expect(fieldErrors(refused).groups?.[0]).toMatch(/not smart groups/);
    }
    const badLabel = await upload({ data: csv, name: 'g.csv' }, [['labels[]', '999999']]);
    expect(fieldErrors(badLabel).labels?.[0]).toMatch(/labels of this company/);

    const response = await upload({ data: csv, name: 'g.csv' }, [
      ['groups[]', String(group?.id)],
      ['labels[]', String(label?.id)],
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const done = await completedEvent(response.json<ImportBatch>().id);
    expect(done).toMatchObject({ created: 2, failed: 1 });
    const members = await t.ctx.db
      .select({ number: contacts.number })
      .from(contactGroupMembers)
      .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contact_id))
      .where(eq(contactGroupMembers.group_id, group?.id ?? 0))
      .orderBy(contacts.number);
    expect(members.map((m) => m.number)).toEqual(['+16175550101', '+16175550102']);
    const labelled = await t.ctx.db
      .select({ n: count() })
      .from(contactLabelLinks)
      .where(eq(contactLabelLinks.label_id, label?.id ?? 0));
    expect(labelled[0]?.n).toBe(2);
  });

  it('merges a number the company has into that contact, and a number repeated in the file into one', async () => {
    const [existing] = await t.ctx.db
      .insert(contacts)
      .values({
        company_id: companyId,
        name: 'Old Name',
        number: '+16175550201',
        email: 'keep@example.com',
        city: 'Boston',
        is_unsubscribed: true,
        source: 'Manual',
      })
      .returning();
    const csv = toCsv([
      ['name', 'number', 'email', 'city', 'unsubscribed', 'company'],
      ['New Name', '617-555-0201', '', 'Cambridge', 'no', ''],
      ['Dup First', '617 555 0202', 'first@example.com', 'Quincy', '', 'Acme'],
      ['Dup Second', '+1 (617) 555-0202', '', 'Salem', '', ''],
    ]);
    const response = await upload({ data: csv, name: 'merge.csv' });
    const done = await completedEvent(response.json<ImportBatch>().id);
    expect(done).toMatchObject({ created: 1, updated: 2, failed: 0, processed_rows: 3 });
    const [merged] = await t.ctx.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, existing?.id ?? 0));
    expect(merged).toMatchObject({
      name: 'New Name',
      email: 'keep@example.com',
      city: 'Cambridge',
      // An import never re-subscribes someone who opted out.
      is_unsubscribed: true,
      source: 'Manual',
      import_batch_id: null,
    });
    const dup = await t.ctx.db.select().from(contacts).where(eq(contacts.number, '+16175550202'));
    expect(dup).toHaveLength(1);
    expect(dup[0]).toMatchObject({
      name: 'Dup Second',
      email: 'first@example.com',
      city: 'Salem',
      company_name: 'Acme',
    });
  });

  it('writes custom field columns, by mapping or by the field’s name, and reports bad values', async () => {
    const [budget] = await t.ctx.db
      .insert(eavAttributes)
      .values({
        company_id: companyId,
        entity_type: 7,
        name: 'Budget',
        key: 'import_budget',
        data_type: 'number',
      })
      .returning();
    const id = budget?.id ?? 0;
    const preview = await t.as(ADMIN, {
      method: 'POST',
      url: `/api/companies/${companyId}/contacts/preview`,
      ...(await multipart([['file', 'Name,Phone,Budget\nCf,617 555 0301,1200\n', 'cf.csv', CSV_TYPE]])),
    });
    expect(preview.json<ImportPreview>().suggested_mapping).toMatchObject({ [`eav:${id}`]: 'Budget' });
    const csv =
      'Name,Phone,Budget\nCf One,617 555 0301,"1,200.50"\nCf Two,617 555 0302,lots\nCf Three,617 555 0303,\n';
    const response = await upload({ data: csv, name: 'cf.csv' });
    const done = await completedEvent(response.json<ImportBatch>().id);
    expect(done).toMatchObject({ created: 2, failed: 1 });
    const values = await t.ctx.db
      .select({ value: eavValues.value })
      .from(eavValues)
      .where(eq(eavValues.attribute_id, id));
    expect(values).toEqual([{ value: 1200.5 }]);
    const lines = await report(done.id);
    expect(lines[1]?.slice(0, 2)).toEqual(['3', 'Budget: Enter a number (“lots”).']);

    const unknownField = await upload({ data: csv, name: 'cf.csv' }, [
      ['mapping', JSON.stringify({ name: 'Name', number: 'Phone', 'eav:999999': 'Budget' })],
    ]);
    expect(fieldErrors(unknownField).mapping?.[0]).toMatch(/custom fields/);
  });
});

describe('preview', () => {
  it('answers the columns, the first rows and a suggested mapping, for any readable file', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => `P ${i};617 555 04${String(i).padStart(2, '0')};`);
    const csv = `Full Name;Cell;Notes\n\n${rows.join('\n')}\n`;
    const response = await t.as(ADMIN, {
      method: 'POST',
      url: `/api/companies/${companyId}/contacts/preview`,
      ...(await multipart([['file', csv, 'p.csv', CSV_TYPE]])),
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<ImportPreview>();
    expect(preview.columns).toEqual(['Full Name', 'Cell', 'Notes']);
    expect(preview.rows).toHaveLength(5);
    expect(preview.rows[0]).toEqual(['P 0', '617 555 0400', '']);
    expect(preview.suggested_mapping).toEqual({ name: 'Full Name', number: 'Cell', notes: 'Notes' });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('People');
    sheet.addRow(['Name', 'Phone']);
    for (let i = 0; i < 3000; i++) sheet.addRow([`X ${i}`, 16175550700 + i]);
    const xlsx = await t.as(ADMIN, {
      method: 'POST',
      url: `/api/companies/${companyId}/contacts/preview`,
      ...(await multipart([['file', Buffer.from(await book.xlsx.writeBuffer()), 'p.xlsx', XLSX_TYPE]])),
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.json<ImportPreview>()).toEqual({
      columns: ['Name', 'Phone'],
      rows: [0, 1, 2, 3, 4].map((i) => [`X ${i}`, String(16175550700 + i)]),
      suggested_mapping: { name: 'Name', number: 'Phone' },
    });
    const foreign = await t.as(ADMIN, {
      method: 'POST',
      url: `/api/companies/${companyId}/contacts/preview`,
      ...(await multipart([['file', 'x', 'p.pdf', 'application/pdf']])),
    });
    expect(fieldErrors(foreign)).toEqual({ file: [ERROR_MESSAGES.importInvalidFile] });
  });
});

describe('access', () => {
  let foreignBatch: number;
  let ownBatch: number;
  beforeAll(async () => {
    const [own, foreign] = await t.ctx.db
      .insert(batches)
      .values([
        {
          company_id: companyId,
          kind: CONTACT_IMPORT_KIND,
          state: 'finished',
          file_name: 'own.csv',
          total_rows: 0,
        },
        {
          company_id: t.ids.companies.otherCo,
          kind: CONTACT_IMPORT_KIND,
          state: 'finished',
          file_name: 'x.csv',
        },
      ])
      .returning();
    ownBatch = own?.id ?? 0;
    foreignBatch = foreign?.id ?? 0;
  });

  it('another company’s batch is not found, through this company or that one', async () => {
    expect((await progress(foreignBatch)).statusCode).toBe(404);
    const reportOther = await t.as(ADMIN, {
      method: 'GET',
      url: `/api/companies/${companyId}/contacts/progress/${foreignBatch}/report`,
    });
    expect(reportOther.statusCode).toBe(404);
    const theirs = await t.as(ADMIN, {
      method: 'GET',
      url: `/api/companies/${t.ids.companies.otherCo}/contacts/progress/${foreignBatch}`,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('reporting follows imports but cannot import; billing does neither; an agent imports', async () => {
    expect((await progress(ownBatch, 'reporting@demo.test')).statusCode).toBe(200);
    expect((await progress(ownBatch, 'billing@demo.test')).statusCode).toBe(403);
    const csv = 'name,number\nAgent Made,617 555 0501\n';
    expect(
      (await upload({ data: csv, name: 'r.csv' }, [], { email: 'reporting@demo.test' })).statusCode,
    ).toBe(403);
    const agent = await upload({ data: csv, name: 'a.csv' }, [], { email: 'agent@demo.test' });
    expect(agent.statusCode).toBe(202);
    await completedEvent(agent.json<ImportBatch>().id);
    expect(await countContacts('+16175550501')).toBe(1);
    const other = await upload({ data: csv, name: 'o.csv' }, [], { companyId: t.ids.companies.otherCo });
    expect(other.statusCode).toBe(404);
  });
});

describe('a worker that dies mid-import', () => {
  beforeAll(async () => {
    // These tests drive the import jobs themselves: the app’s job runner stands still.
    await t.app.jobs.stop();
  });
  afterAll(() => t.app.jobs.start());

  async function queue(tag: string, area: string, rows: number, first = 0) {
    const table = contactTable(tag, area, rows, { first });
    const response = await upload({ data: toCsv([COLUMNS, ...table.rows]), name: `${tag}.csv` });
    expect(response.statusCode, response.body).toBe(202);
    return { table, batch: response.json<ImportBatch>() };
  }

  const later = (ms: number) => t.setNow(new Date(t.ctx.now().getTime() + ms));

  it('is resumed by another after its lease expires, exactly after the last committed chunk, without duplicates', async () => {
    const { table, batch } = await queue('Crash', '503', 1600, 1000);
    expect(batch.total_rows).toBe(1600);

    // Killed after its first chunk committed (the process vanished: its lease is still held).
    expect(await runImportWorker(t.ctx, { maxChunks: 1 })).toEqual({ chunks: 1 });
    expect(await batchRow(batch.id)).toMatchObject({ state: 'running', processed_rows: CHUNK_ROWS });
    // Nobody takes a batch whose lease is live.
    expect(await runImportWorker(t.ctx)).toEqual({ chunks: 0 });

    // Killed inside its second chunk, after writing contacts but before the commit.
    later(LEASE_MS + 1000);
    const kill = new AbortController();
    const killed = await runImportWorker(t.ctx, {
      signal: kill.signal,
      beforeCommit: ({ index }) => {
        if (index === 1) {
          kill.abort();
          throw new Error('SIGKILL');
        }
      },
    });
    expect(killed).toEqual({ chunks: 1 });
    const afterKill = await batchRow(batch.id);
    expect(afterKill).toMatchObject({ state: 'running', processed_rows: 2 * CHUNK_ROWS });
    const importedSoFar = await countContacts('+1503555');
    expect(importedSoFar).toBe(afterKill.created);

    later(LEASE_MS + 1000);
    expect(await runImportWorker(t.ctx)).toEqual({ chunks: 2 });
    const done = await batchRow(batch.id);
    expect(done).toMatchObject({
      state: 'finished',
      processed_rows: 1600,
      total_rows: 1600,
      created: table.good,
      // A chunk imported twice would show here as updates.
      updated: 0,
      failed: table.bad.length,
    });
    expect(await countContacts('+1503555')).toBe(table.good);
    expectReport(await report(batch.id), table.bad);
    const completed = events.filter(
      (e) => e.event === EVENTS.contactImportCompleted && e.payload.id === batch.id,
    );
    expect(completed).toHaveLength(1);
  });

  it('a chunk that throws is tried again; three failures in a row fail the batch with the §8 message', async () => {
    const flaky = await queue('Flaky', '415', 600, 5000);
    let throws = 0;
    const result = await processBatch(t.ctx, flaky.batch.id, {
      retryDelayMs: 1,
      beforeCommit: ({ index }) => {
        if (index === 0 && throws++ < 2) throw new Error('deadlock detected');
      },
    });
    expect(result).toEqual({ chunks: 2, state: 'finished' });
    expect(await batchRow(flaky.batch.id)).toMatchObject({
      state: 'finished',
      created: flaky.table.good,
      updated: 0,
      options: expect.not.objectContaining({ failures: expect.anything() }),
    });

    const doomed = await queue('Doomed', '415', 600, 6000);
    const failed = await processBatch(t.ctx, doomed.batch.id, {
      retryDelayMs: 1,
      beforeCommit: ({ index }) => {
        if (index === 1) throw new Error('disk full');
      },
    });
    expect(failed).toEqual({ chunks: 1, state: 'failed' });
    const row = await batchRow(doomed.batch.id);
    expect(row).toMatchObject({
      state: 'failed',
      message: ERROR_MESSAGES.importFailure,
      processed_rows: 500,
    });
    expect(row.finished_at).toBeInstanceOf(Date);
    const [staged] = await t.ctx.db
      .select({ n: count() })
      .from(batchRows)
      .where(eq(batchRows.batch_id, row.id));
    expect(staged?.n).toBe(0);
    const event = await completedEvent(row.id);
    expect(event).toMatchObject({ state: 'failed', message: ERROR_MESSAGES.importFailure });
    const answer = await progress(row.id);
    expect(answer.json()).toMatchObject({ state: 'failed', message: ERROR_MESSAGES.importFailure });
  });

  it('a batch whose worker dies on the same chunk three times fails instead of killing servers for ever', async () => {
    const { batch } = await queue('Poison', '415', 100, 7000);
    // Each holder dies right after taking the batch: nothing committed, the lease left to expire.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await processBatch(t.ctx, batch.id, { maxChunks: 0 })).toEqual({ chunks: 0, state: 'running' });
      later(LEASE_MS + 1000);
    }
    expect(await processBatch(t.ctx, batch.id)).toEqual({ chunks: 0, state: 'failed' });
    expect(await batchRow(batch.id)).toMatchObject({
      state: 'failed',
      message: ERROR_MESSAGES.importFailure,
    });
  });

  it('the app’s worker resumes a batch left queued when it starts', async () => {
    const { table, batch } = await queue('Resume', '206', 700, 2000);
    await t.app.jobs.start();
    const done = await completedEvent(batch.id);
    expect(done).toMatchObject({ state: 'finished', created: table.good, failed: table.bad.length });
    await t.app.jobs.stop();
    const [errorsKept] = await t.ctx.db
      .select({ n: count() })
      .from(batchErrors)
      .where(eq(batchErrors.batch_id, batch.id));
    expect(errorsKept?.n).toBe(table.bad.length);
  });
});
