/**
 * Receiving a contact file (multipart, streamed): the preview of its first rows for the mapping step, and the
 * import itself, which stages every row in `batch_rows` as the upload arrives (1,000 rows per insert, never the
 * whole file in memory) and then queues the batch and its job (`worker.ts`).
 *
 * The parts are read in order, so the fields (`mapping`, `groups[]`, `labels[]`) must come before `file`: the
 * mapping has to be known when the file's rows start streaming. A field after the file is refused (422).
 */

import type { ImportPreview } from '@shared/api/contacts';
import { type ContactColumnMapping, hasRequiredColumns, suggestColumnMapping } from '@shared/domain/contacts';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { ERROR_MESSAGES } from '@shared/domain/messages';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { batches, contactGroups, contactLabels } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { hostileInputErrors } from '../../http/hostileInput';
import { idOrNull } from '../../http/route';
import { wakeJobRunners } from '../../jobs/queue';
import { HttpError, invalid } from '../../lib/errors';
import { type FilePart, type MultipartPart, multipartParts, uploadError } from '../../lib/multipart';
import { type FieldRule, loadFieldRules } from '../customFields/values';
import { type BatchRow, CONTACT_IMPORT_KIND, failBatch } from './batches';
import { type ImportOptions, missingColumns, parseMapping } from './mapping';
import {
  drain,
  headerColumns,
  isBlankRow,
  readSheet,
  type SheetKind,
  type SheetRow,
  sheetKind,
  UnreadableFileError,
} from './readers';
import { enqueueImport } from './worker';

/** Rows per insert while staging. */
export const STAGE_CHUNK_ROWS = 1000;
/** A batch still staging holds this lease, renewed with every insert; an upload silent for longer is dead. */
export const STAGING_LEASE_MS = 10 * 60 * 1000;
/** Rows a preview shows. */
export const PREVIEW_ROWS = 5;

const MESSAGES = {
  notMultipart: 'Send the file as multipart/form-data, in a part named file.',
  noFile: 'Choose a CSV or XLSX file to import.',
  fieldsAfterFile:
    'Send the fields (mapping, groups[], labels[]) before the file: the file is read as it arrives.',
  tooLarge: 'The file is larger than 50 MB. Split it and import the parts one after another.',
  chooseColumns: 'Choose the column for number and the column for name (or first and last name).',
} as const;

function parts(request: FastifyRequest): AsyncIterable<MultipartPart> {
  if (!request.isMultipart()) throw invalid({ file: [MESSAGES.notMultipart] });
  return multipartParts(request);
}

/** The file's first non-blank row (its header), reading on from there; null for an empty file. */
async function header(rows: AsyncGenerator<SheetRow>): Promise<SheetRow | null> {
  for (let next = await rows.next(); !next.done; next = await rows.next()) {
    if (!isBlankRow(next.value.cells)) return next.value;
  }
  return null;
}

function kindOf(part: FilePart): SheetKind {
  const kind = sheetKind(part.filename ?? '', part.mimetype);
  if (!kind) throw invalid({ file: [ERROR_MESSAGES.importInvalidFile] });
  return kind;
}

function unreadable(error: unknown): never {
  if (error instanceof UnreadableFileError) throw invalid({ file: [error.message] });
  throw uploadError(error);
}

/** The company's contact custom fields, for the mapping (`eav:<id>`) and its suggestion (by name). */
function customFieldsOf(ctx: AppContext, companyId: number): Promise<Map<number, FieldRule>> {
  return loadFieldRules(ctx.db, companyId, CONTACT_ENTITY_TYPE);
}

/** `POST …/contacts/preview`: the columns, the first rows and the suggested mapping. */
export async function previewUpload(
  ctx: AppContext,
  companyId: number,
  request: FastifyRequest,
): Promise<ImportPreview> {
  const customFields = await customFieldsOf(ctx, companyId);
  for await (const part of parts(request)) {
    if (part.type !== 'file') continue;
    try {
      const rows = readSheet(part.file, kindOf(part));
      const first = await header(rows).catch(unreadable);
      if (!first) throw invalid({ file: [ERROR_MESSAGES.importInvalidFile] });
      const columns = headerColumns(first.cells);
      const sample: string[][] = [];
      try {
        while (sample.length < PREVIEW_ROWS) {
          const next = await rows.next();
          if (next.done) break;
          if (isBlankRow(next.value.cells)) continue;
          sample.push(columns.map((_, index) => next.value.cells[index] ?? ''));
        }
      } catch (error) {
        unreadable(error);
      } finally {
        await rows.return(undefined);
      }
      return {
        columns,
        rows: sample,
        suggested_mapping: suggestColumnMapping(columns, [...customFields.values()]) as Record<
          string,
          string
        >,
      };
    } finally {
      await drain(part.file);
    }
  }
  throw invalid({ file: [MESSAGES.noFile] });
}

/** Ids sent as `name[]` or `name` fields (repeated, or one comma-separated or JSON list). */
function idsOf(values: unknown[], field: string): number[] {
  const ids: number[] = [];
  for (const value of values) {
    const items = Array.isArray(value)
      ? value
      : typeof value === 'string' && value.trim().startsWith('[')
        ? (() => {
            try {
              return JSON.parse(value) as unknown[];
            } catch {
              return [value];
            }
          })()
        : String(value ?? '').split(',');
    for (const item of items) {
      const text = String(item).trim();
      if (!text) continue;
      const id = idOrNull(text);
      if (id === null) throw invalid({ [field]: [`“${text}” is not an id.`] });
      ids.push(id);
    }
  }
  return [...new Set(ids)];
}

/** The fields sent before the file, checked against the company: groups must be its own non-smart groups. */
async function checkFields(
  ctx: AppContext,
  companyId: number,
  fields: Map<string, unknown[]>,
  customFields: Map<number, FieldRule>,
): Promise<{ mapping: ContactColumnMapping | null; groups: number[]; labels: number[] }> {
  const take = (name: string) => [...(fields.get(name) ?? []), ...(fields.get(`${name}[]`) ?? [])];
  // Multipart fields are read here, not by the route: held to the rules every body is (no NUL, no __proto__).
  const hostile = hostileInputErrors(Object.fromEntries(fields));
  if (Object.keys(hostile).length > 0) throw invalid(hostile);
  const errors: Record<string, string[]> = {};
  const mappingValues = take('mapping');
  const parsed = parseMapping(mappingValues[mappingValues.length - 1], customFields);
  if ('error' in parsed) errors.mapping = [parsed.error];
  const groups = idsOf(take('groups'), 'groups');
  const labels = idsOf(take('labels'), 'labels');
  if (groups.length) {
    const found = await ctx.db
      .select({ id: contactGroups.id })
      .from(contactGroups)
      .where(
        and(
          eq(contactGroups.company_id, companyId),
          inArray(contactGroups.id, groups),
          isNull(contactGroups.filters),
        ),
      );
    const missing = groups.filter((id) => !found.some((group) => group.id === id));
    if (missing.length) {
      errors.groups = [
        `Choose groups of this company that are not smart groups (${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not).`,
      ];
    }
  }
  if (labels.length) {
    const found = await ctx.db
      .select({ id: contactLabels.id })
      .from(contactLabels)
      .where(and(eq(contactLabels.company_id, companyId), inArray(contactLabels.id, labels)));
    const missing = labels.filter((id) => !found.some((label) => label.id === id));
    if (missing.length) {
      errors.labels = [
        `Choose labels of this company (${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not).`,
      ];
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { mapping: 'mapping' in parsed ? parsed.mapping : null, groups, labels };
}

/** The mapping to import with: the one sent (checked against the columns), else the one suggested. */
function mappingFor(
  sent: ContactColumnMapping | null,
  columns: string[],
  customFields: Map<number, FieldRule>,
): ContactColumnMapping {
  if (sent) {
    const missing = missingColumns(sent, columns);
    if (missing.length) throw invalid({ mapping: missing });
    if (!hasRequiredColumns(sent)) throw invalid({ mapping: [MESSAGES.chooseColumns] });
    return sent;
  }
  const suggested = suggestColumnMapping(columns, [...customFields.values()]);
  if (!hasRequiredColumns(suggested)) throw invalid({ file: [ERROR_MESSAGES.importInvalidFile] });
  return suggested;
}

/**
 * `PUT /companies/{companyId}/contacts`: stages the file's rows in a new batch and queues it. A file refused
 * before its rows arrive leaves no batch; an upload that fails half-way leaves a failed batch (§8 importFailure)
 * without its staged rows. Answers the queued batch.
 */
export async function stageUpload(
  ctx: AppContext,
  input: { companyId: number; userId: number; request: FastifyRequest },
): Promise<BatchRow> {
  const { companyId } = input;
  const customFields = await customFieldsOf(ctx, companyId);
  const fields = new Map<string, unknown[]>();
  let batch: BatchRow | undefined;
  let staged = { rows: 0, bad: 0 };
  let file: FilePart['file'] | undefined;
  let rows: AsyncGenerator<SheetRow> | undefined;
  try {
    for await (const part of parts(input.request)) {
      if (part.type === 'field') {
        if (file) throw invalid({ file: [MESSAGES.fieldsAfterFile] });
        fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), part.value]);
        continue;
      }
      file = part.file;
      if (part.fieldname !== 'file') {
        throw invalid({ [part.fieldname]: [`Send the file in a part named file, not ${part.fieldname}.`] });
      }
      const plan = await checkFields(ctx, companyId, fields, customFields);
      rows = readSheet(part.file, kindOf(part));
      const first = await header(rows).catch(unreadable);
      if (!first) throw invalid({ file: [ERROR_MESSAGES.importInvalidFile] });
      const columns = headerColumns(first.cells);
      const options: ImportOptions = {
        mapping: mappingFor(plan.mapping, columns, customFields),
        groups: plan.groups,
        labels: plan.labels,
      };
      [batch] = await ctx.db
        .insert(batches)
        .values({
          company_id: companyId,
          kind: CONTACT_IMPORT_KIND,
          state: 'staging',
          user_id: input.userId,
          file_name: (part.filename || 'contacts').slice(0, 255),
          columns,
          options: options as unknown as Record<string, unknown>,
          lease_until: new Date(ctx.now().getTime() + STAGING_LEASE_MS),
        })
        .returning();
      if (!batch) throw new Error('the batch was not created');
      staged = await stageRows(ctx, batch.id, rows);
      if (part.file.truncated) throw invalid({ file: [MESSAGES.tooLarge] });
    }
    if (!batch) throw invalid({ file: [MESSAGES.noFile] });
    const stagedBatch = batch;
    // Queued and its job enqueued together: a queued batch always has a job to run it.
    const queued = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(batches)
        // Rows reported bad as they were read count as done (and failed) before the worker takes the rest.
        .set({
          state: 'queued',
          total_rows: staged.rows + staged.bad,
          processed_rows: staged.bad,
          failed: staged.bad,
          lease_until: null,
        })
        .where(and(eq(batches.id, stagedBatch.id), eq(batches.state, 'staging')))
        .returning();
      if (row) await enqueueImport(ctx, row.id, tx as unknown as Db);
      return row;
    });
    if (!queued)
      throw new HttpError(409, ERROR_MESSAGES.importFailure, { file: [ERROR_MESSAGES.importFailure] });
    wakeJobRunners(ctx);
    return queued;
  } catch (error) {
    await rows?.return(undefined).catch(() => undefined);
    if (file) await drain(file);
    if (batch) await failBatch(ctx, batch.id);
    // A file cut at the size limit reads as a broken one: say what really happened.
    if (file?.truncated) throw invalid({ file: [MESSAGES.tooLarge] });
    if (error instanceof UnreadableFileError) throw invalid({ file: [error.message] });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalid({ file: [MESSAGES.tooLarge] });
    throw uploadError(error);
  }
}

/**
 * Streams the rows after the header into `batch_rows`, 1,000 per insert, and a row that could not be read as it is
 * (`SheetRow.problem`) straight into `batch_errors` with its reason; answers how many of each.
 */
async function stageRows(
  ctx: AppContext,
  batchId: number,
  rows: AsyncGenerator<SheetRow>,
): Promise<{ rows: number; bad: number }> {
  let pending: [rowNumber: number, cells: string[]][] = [];
  let bad: { row_number: number; reason: string; cells: string[] }[] = [];
  const staged = { rows: 0, bad: 0 };
  const flush = async () => {
    if (bad.length) {
      await ctx.db.execute(sql`
        insert into batch_errors (batch_id, row_number, reason, cells)
        select ${batchId}, e.row_number, e.reason, e.cells
        from jsonb_to_recordset(${JSON.stringify(bad)}::jsonb) as e(row_number int, reason text, cells jsonb)`);
      staged.bad += bad.length;
      bad = [];
    }
    if (!pending.length) return;
    // One JSON parameter, not 3,000 bound values: building the statement would cost more than running it.
    await ctx.db.execute(sql`
      insert into batch_rows (batch_id, row_number, cells)
      select ${batchId}, (r->>0)::int, r->1 from jsonb_array_elements(${JSON.stringify(pending)}::jsonb) r`);
    staged.rows += pending.length;
    pending = [];
    await ctx.db
      .update(batches)
      .set({ lease_until: new Date(ctx.now().getTime() + STAGING_LEASE_MS) })
      .where(eq(batches.id, batchId));
  };
  for await (const row of rows) {
    if (row.problem) bad.push({ row_number: row.rowNumber, reason: row.problem, cells: row.cells });
    else if (isBlankRow(row.cells)) continue;
    else pending.push([row.rowNumber, row.cells]);
    if (pending.length + bad.length >= STAGE_CHUNK_ROWS) await flush();
  }
  await flush();
  return staged;
}
