/**
 * §7 "Tracking pools and DNI", the batch half: DNI call reports (`POST /dni/reports/calls`, `GET /dni/reports`) and
 * the bulk attribute update (`GET, POST /bulkAttributeUpdate/companies/{companyId} or /businessUnits/{id}`, a CSV
 * template download and its multipart upload, §8 "Bulk update has been successfully applied").
 *
 * A company's report and a business unit's are separate routes. §7 names one call "(company or businessUnit, …)",
 * but who may ask differs: a company's report needs `reports.view` in that company, a business unit's report
 * spans every company of the unit and so needs its organization admin (`organization.manage`, as every business
 * unit route does). A route declares one access and one place its scope comes from (server/src/http/route.ts),
 * so the unit's calls live under the unit's own path (`/business-units/{id}/…`, like its companies and admins),
 * and the authorization matrix checks each as it is.
 */
import { z } from 'zod';
import { endpoint, IdParamSchema, idNumber } from './contract';

const id = IdParamSchema;

/* ------------------------------------------------ reports ------------------------------------------------- */

/** A report covers at most this many days (two years: §7 leaves the bound to us). */
export const DNI_REPORT_MAX_DAYS = 731;
/** How many of a company's (or unit's) reports the list shows, newest first. */
export const DNI_REPORT_LIST_LIMIT = 100;

export const DNI_REPORT_STATES = ['queued', 'running', 'finished', 'failed'] as const;
export type DniReportState = (typeof DNI_REPORT_STATES)[number];

export const DNI_REPORT_MESSAGES = {
  endBeforeStart: 'The end date must be on or after the start date.',
  tooLong: 'A report covers at most two years: choose a later start date or an earlier end date.',
  date: 'Enter a date as YYYY-MM-DD.',
} as const;

/** Whole days from `start` to `end` (YYYY-MM-DD, both valid). */
function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

const DateSchema = z.iso.date({ error: DNI_REPORT_MESSAGES.date });

/** Checks a report's range: end not before start, at most two calendar years after it (per-field messages). */
function checkRange(range: { startDate: string; endDate: string }, check: z.RefinementCtx): void {
  // A date that is none has its own message already (zod runs this refinement even then).
  if (!DateSchema.safeParse(range.startDate).success || !DateSchema.safeParse(range.endDate).success) return;
  const days = daysBetween(range.startDate, range.endDate);
  if (days < 0)
    check.addIssue({ code: 'custom', path: ['endDate'], message: DNI_REPORT_MESSAGES.endBeforeStart });
  // Two calendar years: 2024-03-01 … 2026-03-01 is allowed, a day more is not.
  else if (days >= DNI_REPORT_MAX_DAYS || addYears(range.startDate, 2) < range.endDate)
    check.addIssue({ code: 'custom', path: ['endDate'], message: DNI_REPORT_MESSAGES.tooLong });
}

/** A business unit's report: its range (start and end days, both included). */
export const DniReportRangeSchema = z
  .strictObject({ startDate: DateSchema, endDate: DateSchema })
  .superRefine(checkRange);

/** A company's report: the company and its range. */
export const DniCompanyReportSchema = z
  .strictObject({ company_id: idNumber(), startDate: DateSchema, endDate: DateSchema })
  .superRefine(checkRange);

/** `YYYY-MM-DD` plus whole years (29 February lands on 1 March in a year without one). */
function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

export const DniReportSchema = z.object({
  id: z.number().int(),
  /** A company's report, or (company_id null) a business unit's. */
  company_id: z.number().int().nullable(),
  business_unit_id: z.number().int().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  state: z.enum(DNI_REPORT_STATES),
  /** Calls written (0 until finished). */
  rows: z.number().int(),
  /** Why it failed. */
  message: z.string().nullable(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** A short-lived signed link to the CSV once finished (opened without signing in; ask the list again later). */
  download_url: z.string().nullable(),
});
export type DniReport = z.infer<typeof DniReportSchema>;

/** The report's CSV columns, in order (one row per call; times in each company's time zone). */
export const DNI_REPORT_COLUMNS = [
  'Company',
  'Call ID',
  'Date/time',
  'Time zone',
  'Caller',
  'Tracking number',
  'Number label',
  'Source',
  'Medium',
  'Campaign',
  'Keyword',
  'Landing page',
  'Referrer',
  'GCLID',
  'FBCLID',
  'MSCLKID',
  'First-time caller',
  'Outcome',
  'Duration (seconds)',
  'Session ID',
  'Pages before call',
] as const;

export const DNI_REPORT_ENDPOINTS = {
  requestCalls: endpoint({
    method: 'POST',
    path: '/dni/reports/calls',
    status: 202,
    summary:
      'Asks for a company’s DNI call report (one CSV row per call started in the range, in the company’s time zone); it is made in the background.',
    body: DniCompanyReportSchema,
    response: DniReportSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/dni/reports',
    summary: `A company’s DNI call reports, newest first (the last ${DNI_REPORT_LIST_LIMIT}), with a download link once finished.`,
    query: z.object({ companyId: id }),
    response: z.array(DniReportSchema),
  }),
  requestUnitCalls: endpoint({
    method: 'POST',
    path: '/business-units/{id}/dni/reports/calls',
    status: 202,
    summary:
      'Asks for a business unit’s DNI call report: the calls of every company of the unit, each in its company’s time zone.',
    params: z.object({ id }),
    body: DniReportRangeSchema,
    response: DniReportSchema,
  }),
  unitList: endpoint({
    method: 'GET',
    path: '/business-units/{id}/dni/reports',
    summary: `A business unit’s DNI call reports, newest first (the last ${DNI_REPORT_LIST_LIMIT}).`,
    params: z.object({ id }),
    response: z.array(DniReportSchema),
  }),
  download: endpoint({
    method: 'GET',
    path: '/dni/reports/{id}/download',
    summary: 'A finished report’s CSV, by the signed link the list gives (no sign-in).',
    params: z.object({ id }),
    query: z.object({ expires: z.coerce.number().int(), sig: z.string().max(128) }),
    response: z.string(),
  }),
} as const;

/* --------------------------------------------- bulk attributes -------------------------------------------- */

export const BULK_ATTRIBUTE_MESSAGES = {
  noFile: 'Choose the filled-in CSV template to upload.',
  notCsv: 'Upload the template as a CSV file.',
  tooLarge: 'The file is larger than 5 MB. Split it and upload the parts one after another.',
  unreadable: 'The file could not be read as CSV.',
  noNumberColumn: 'The first row must be the template’s header, with a "number" column.',
  noCompanyColumn: 'The first row must be the template’s header, with a "company_id" column.',
  unknownColumn: (name: string) =>
    `"${name}" is not a number custom field of this company; the column is ignored.`,
  noRows: 'The file has no rows below its header.',
  tooManyRows: (max: number) =>
    `The file has more than ${max} rows. Split it and upload the parts one after another.`,
  badNumber: 'Write the number in the template’s form, like +13125550100.',
  unknownNumber: 'This is not a number of this company.',
  otherCompany:
    'This number is another company’s of this business unit: put that company’s id in company_id.',
  badCompany: 'This is not a company of this business unit.',
  duplicate: (row: number) => `The same number is already on row ${row}; each number appears once.`,
} as const;

/** Rows one upload may hold. */
export const BULK_ATTRIBUTE_MAX_ROWS = 5000;

export const BulkAttributeErrorSchema = z.object({
  /** The row of the file (the header is row 1, the first number row 2). */
  row: z.number().int(),
  /** The column's header (`number`, `company_id`, or a custom field's name); null for the whole row or file. */
  column: z.string().nullable(),
  message: z.string(),
});
export type BulkAttributeError = z.infer<typeof BulkAttributeErrorSchema>;

export const BulkAttributeResultSchema = z.object({
  /** §8 "Bulk update has been successfully applied" when every row applied; else how many did and did not. */
  message: z.string(),
  /** Numbers whose values were written. */
  updated: z.number().int(),
  errors: z.array(BulkAttributeErrorSchema),
});
export type BulkAttributeResult = z.infer<typeof BulkAttributeResultSchema>;

const TEMPLATE_SUMMARY =
  'numbers: a header `number` then one column per number custom field (by name), one row per number with its current values. Empty cells in an upload leave the value as it is.';

export const BULK_ATTRIBUTE_ENDPOINTS = {
  companyTemplate: endpoint({
    method: 'GET',
    path: '/bulkAttributeUpdate/companies/{companyId}',
    summary: `The CSV template of the company’s ${TEMPLATE_SUMMARY}`,
    params: z.object({ companyId: id }),
    response: z.string(),
  }),
  companyUpload: endpoint({
    method: 'POST',
    path: '/bulkAttributeUpdate/companies/{companyId}',
    summary:
      'Applies a filled-in template (multipart `file`): every row checked, the good ones written in one transaction, each refused cell named.',
    params: z.object({ companyId: id }),
    multipart: true,
    response: BulkAttributeResultSchema,
  }),
  unitTemplate: endpoint({
    method: 'GET',
    path: '/bulkAttributeUpdate/businessUnits/{id}',
    summary: `The CSV template of every company of the business unit (a \`company_id\` column first): ${TEMPLATE_SUMMARY}`,
    params: z.object({ id }),
    response: z.string(),
  }),
  unitUpload: endpoint({
    method: 'POST',
    path: '/bulkAttributeUpdate/businessUnits/{id}',
    summary: 'Applies a filled-in business unit template (multipart `file`), as for one company.',
    params: z.object({ id }),
    multipart: true,
    response: BulkAttributeResultSchema,
  }),
} as const;
