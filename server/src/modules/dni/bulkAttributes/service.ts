/**
 * The bulk attribute update (§7 `GET, POST /bulkAttributeUpdate/companies/{companyId} or /businessUnits/{id}`):
 * custom-field values (entity type 1, number) on many numbers at once, through a CSV template.
 *
 * The template: a header `number` (a business unit's: `company_id`, `number`) then one column per number custom
 * field, by name (a unit's: every name any of its companies has), and one row per live number with its current
 * values. The upload is read the same way, and each row checked as `PUT /numbers/{id}` checks a value
 * (customFields/values.ts, by the field's data type): the number must be one of the scope's (a unit's row must also
 * name the number's own company), each filled cell must fit its field. A row with any refused cell is refused
 * whole; the good rows are written in one transaction.
 *
 * Empty cells leave the value as it is: a template filled in for one column changes only that column, and the
 * numbers nobody touched keep theirs. (To clear a value, use the number's own page.) A cell the template wrote
 * neutralised against spreadsheet formulas (`'=…`) is read back without the added quote.
 */
import type { BulkAttributeError, BulkAttributeResult } from '@shared/api/dniReports';
import { BULK_ATTRIBUTE_MAX_ROWS, BULK_ATTRIBUTE_MESSAGES as M } from '@shared/api/dniReports';
import { type CustomValue, checkCustomValue, ENTITY_TYPES } from '@shared/domain/customFields';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { normalizePhone } from '@shared/domain/phone';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { companies, liveNumber, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { csvText } from '../../../lib/csv';
import { invalid } from '../../../lib/errors';
import { type FieldRule, loadFieldRules, readValues, writeValues } from '../../customFields/values';

/** Whose numbers: one company's, or every company's of a business unit. */
export type BulkScope = { companyId: number } | { organizationId: number };

interface ScopeData {
  unit: boolean;
  companyIds: number[];
  /** Each company's number fields, by lower-cased name. */
  fields: Map<number, Map<string, FieldRule>>;
  /** The column names, in order (first spelling and order seen). */
  columns: string[];
}

async function companiesOf(ctx: AppContext, scope: BulkScope): Promise<number[]> {
  if ('companyId' in scope) return [scope.companyId];
  const rows = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.organization_id, scope.organizationId))
    .orderBy(asc(companies.id));
  return rows.map((row) => row.id);
}

async function scopeData(ctx: AppContext, scope: BulkScope): Promise<ScopeData> {
  const companyIds = await companiesOf(ctx, scope);
  const fields = new Map<number, Map<string, FieldRule>>();
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const companyId of companyIds) {
    const rules = await loadFieldRules(ctx.db, companyId, ENTITY_TYPES.number);
    const byName = new Map<string, FieldRule>();
    for (const rule of rules.values()) {
      const key = rule.name.trim().toLowerCase();
      byName.set(key, rule);
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(rule.name.trim());
      }
    }
    fields.set(companyId, byName);
  }
  return { unit: !('companyId' in scope), companyIds, fields, columns };
}

/** A stored value as a template cell (booleans as yes/no, which an upload reads back). */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** The template's CSV (with a byte order mark, so spreadsheets read it as UTF-8). */
export async function templateCsv(ctx: AppContext, scope: BulkScope): Promise<string> {
  const data = await scopeData(ctx, scope);
  const rows = data.companyIds.length
    ? await ctx.db
        .select({ id: numbers.id, company_id: numbers.company_id, number: numbers.number })
        .from(numbers)
        .where(and(inArray(numbers.company_id, data.companyIds), liveNumber))
        .orderBy(asc(numbers.company_id), asc(numbers.number))
    : [];
  const values = await readValues(
    ctx.db,
    ENTITY_TYPES.number,
    rows.map((row) => row.id),
  );
  const header = [...(data.unit ? ['company_id'] : []), 'number', ...data.columns];
  const records = rows.map((row) => {
    const own = data.fields.get(row.company_id) ?? new Map<string, FieldRule>();
    const stored = new Map((values.get(row.id) ?? []).map((value) => [value.attribute_id, value.value]));
    const cells = data.columns.map((column) => {
      const rule = own.get(column.toLowerCase());
      return rule ? cellOf(stored.get(rule.id)) : '';
    });
    return [...(data.unit ? [String(row.company_id)] : []), row.number, ...cells];
  });
  return csvText([header, ...records], { bom: true });
}

/** A cell as typed: trimmed, and without the quote the template put before a formula-looking value. */
function readCell(value: string | undefined): string {
  const text = (value ?? '').trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** The summary line: §8's text when every row applied, else how many did and did not. */
export function resultMessage(applied: number, refused: number, ignoredColumns: string[]): string {
  if (!refused && !ignoredColumns.length) return SUCCESS_MESSAGES.bulkUpdateApplied;
  const rows = (count: number) => `${count} row${count === 1 ? '' : 's'}`;
  const parts = [`${rows(applied)} applied, ${rows(refused)} refused.`];
  if (ignoredColumns.length)
    parts.push(
      `Column${ignoredColumns.length === 1 ? '' : 's'} ignored: ${ignoredColumns.map((name) => `"${name}"`).join(', ')}.`,
    );
  return parts.join(' ');
}

/**
 * Applies the parsed file (its first record the header): checks every row, writes the good ones in one
 * transaction, and answers what happened with each refused cell named by row (the file's, header = 1) and column.
 */
export async function applyBulkUpdate(
  ctx: AppContext,
  scope: BulkScope,
  records: string[][],
): Promise<BulkAttributeResult> {
  const data = await scopeData(ctx, scope);
  const [rawHeader = [], ...body] = records;
  const header = rawHeader.map((name) => readCell(name));
  const lower = header.map((name) => name.toLowerCase());
  const numberColumn = lower.indexOf('number');
  const companyColumn = lower.indexOf('company_id');
  if (numberColumn < 0) throw invalid({ file: [M.noNumberColumn] });
  if (data.unit && companyColumn < 0) throw invalid({ file: [M.noCompanyColumn] });
  const rowsWithData = body.filter((record) => record.some((cell) => readCell(cell) !== ''));
  if (!rowsWithData.length) throw invalid({ file: [M.noRows] });
  if (rowsWithData.length > BULK_ATTRIBUTE_MAX_ROWS)
    throw invalid({ file: [M.tooManyRows(BULK_ATTRIBUTE_MAX_ROWS)] });

  const errors: BulkAttributeError[] = [];
  // The field columns: any name a company of the scope has; others are reported once and ignored.
  const known = new Set(data.columns.map((name) => name.toLowerCase()));
  const fieldColumns: { index: number; name: string }[] = [];
  const ignored: string[] = [];
  header.forEach((name, index) => {
    if (index === numberColumn || (data.unit && index === companyColumn) || name === '') return;
    if (known.has(name.toLowerCase())) fieldColumns.push({ index, name });
    else {
      ignored.push(name);
      errors.push({ row: 1, column: name, message: M.unknownColumn(name) });
    }
  });

  // Every number the file names, looked up at once among the scope's live numbers.
  const wanted = new Set<string>();
  for (const record of body) {
    const e164 = normalizePhone(readCell(record[numberColumn]));
    if (e164) wanted.add(e164);
  }
  const owned = wanted.size
    ? await ctx.db
        .select({ id: numbers.id, company_id: numbers.company_id, number: numbers.number })
        .from(numbers)
        .where(
          and(
            inArray(numbers.number, [...wanted]),
            inArray(numbers.company_id, data.companyIds.length ? data.companyIds : [0]),
            liveNumber,
          ),
        )
    : [];
  const byNumber = new Map(owned.map((row) => [row.number, row]));

  const good: {
    companyId: number;
    numberId: number;
    values: { attribute_id: number; value: CustomValue }[];
  }[] = [];
  const firstRowOf = new Map<string, number>();
  let refused = 0;
  body.forEach((record, index) => {
    const row = index + 2;
    if (!record.some((cell) => readCell(cell) !== '')) return;
    const rowErrors: BulkAttributeError[] = [];
    const refuse = (column: string | null, message: string) => rowErrors.push({ row, column, message });
    const numberHeader = header[numberColumn] ?? 'number';
    const e164 = normalizePhone(readCell(record[numberColumn]));
    const number = e164 ? byNumber.get(e164) : undefined;
    if (!e164) refuse(numberHeader, M.badNumber);
    else if (firstRowOf.has(e164)) refuse(numberHeader, M.duplicate(firstRowOf.get(e164) as number));
    else {
      firstRowOf.set(e164, row);
      if (!number) refuse(numberHeader, M.unknownNumber);
    }
    if (data.unit) {
      const companyHeader = header[companyColumn] ?? 'company_id';
      const text = readCell(record[companyColumn]);
      const companyId = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!data.companyIds.includes(companyId)) refuse(companyHeader, M.badCompany);
      else if (number && number.company_id !== companyId) refuse(numberHeader, M.otherCompany);
    }
    const values: { attribute_id: number; value: CustomValue }[] = [];
    if (number) {
      const own = data.fields.get(number.company_id) ?? new Map<string, FieldRule>();
      for (const column of fieldColumns) {
        const text = readCell(record[column.index]);
        // Empty: leave the value as it is.
        if (text === '') continue;
        const rule = own.get(column.name.toLowerCase());
        if (!rule) {
          refuse(column.name, `"${column.name}" is not a number custom field of this number’s company.`);
          continue;
        }
        const checked = checkCustomValue(rule, text, (value) => normalizePhone(value));
        if (!checked.ok) refuse(column.name, checked.message);
        else if (checked.value !== null) values.push({ attribute_id: rule.id, value: checked.value });
      }
    }
    if (rowErrors.length || !number) {
      refused++;
      errors.push(...rowErrors);
      return;
    }
    good.push({ companyId: number.company_id, numberId: number.id, values });
  });

  const changed = good.filter((row) => row.values.length);
  if (changed.length) {
    await ctx.db.transaction(async (tx) => {
      for (const companyId of new Set(changed.map((row) => row.companyId))) {
        await writeValues(
          tx,
          { companyId, entityType: ENTITY_TYPES.number },
          changed
            .filter((row) => row.companyId === companyId)
            .map((row) => ({ entityId: row.numberId, values: row.values })),
        );
      }
      // The numbers changed: a change replayed from offline onto one of them sees it (http/conflicts.ts).
      await tx
        .update(numbers)
        .set({ updated_at: ctx.now() })
        .where(
          inArray(
            numbers.id,
            changed.map((row) => row.numberId),
          ),
        );
    });
  }
  return { message: resultMessage(good.length, refused, ignored), updated: changed.length, errors };
}
