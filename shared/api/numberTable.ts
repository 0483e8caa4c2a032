/**
 * §7 Numbers, the administration table and what surrounds it: `GET /numbers/datatable` (paged, sortable,
 * filterable by type, status, tag, area code and pattern) and `POST /numbers/datatable/export` (the same rows as
 * CSV), `GET /numbers/stats`, `GET /numberPrefixes` and `GET /patterns` (the values the filters offer, with
 * counts), `GET /numbers/overlay/{areaCode}` (codes serving the same place) and `POST /numbers/locate-bulk`
 * (one search over several area codes, for bulk purchases).
 */
import { z } from 'zod';
import { valuesOf } from '../domain/codes';
import { NUMBER_PATTERNS } from '../domain/numberPatterns';
import { NUMBER_SEARCH_MAX_RESULTS } from '../domain/numberSearch';
import { NUMBER_CATEGORIES, NUMBER_SEARCH_MODES, NUMBER_STATUSES, NUMBER_TYPES } from '../domain/numbers';
import { endpoint, enumOf, IdParamSchema, idNumber, PageNumberSchema } from './contract';
import { AvailableNumberSchema } from './numberPurchase';
import { TrackedNumberSchema } from './numbers';
import { pagedSchema } from './paged';

const id = IdParamSchema;
const areaCode = z
  .string()
  .trim()
  .regex(/^\d{3}$/, 'Enter a three-digit area code.');

export const NUMBER_TABLE_PER_PAGE = 25;
export const NUMBER_TABLE_SORTS = ['number', 'label', 'type', 'status', 'created_at'] as const;
/** Area codes one bulk search takes at most, and numbers per code. */
export const LOCATE_BULK_MAX_CODES = 10;

/** What the table is narrowed to: the same filters for a page and for the export. */
export const NumberTableFiltersSchema = z.object({
  /** Over the number (digits) and the label, as the numbers list. */
  search: z.string().trim().max(100).optional(),
  type: z.coerce
    .number()
    .pipe(z.literal(valuesOf(NUMBER_TYPES)))
    .optional(),
  status: enumOf(NUMBER_STATUSES).optional(),
  tag: z.string().trim().min(1).max(50).optional(),
  area_code: areaCode.optional(),
  pattern: enumOf(NUMBER_PATTERNS).optional(),
  sort: z.enum(NUMBER_TABLE_SORTS).default('number'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type NumberTableFilters = z.input<typeof NumberTableFiltersSchema>;

export const NumberTableQuerySchema = NumberTableFiltersSchema.extend({
  company_id: id,
  page: PageNumberSchema,
  perPage: z.coerce.number().int().min(1).max(100).default(NUMBER_TABLE_PER_PAGE),
});

/** A row of the table: the list's number, and what an administrator sorts and filters by. */
export const NumberTableRowSchema = TrackedNumberSchema.extend({
  category: z.literal(valuesOf(NUMBER_CATEGORIES)),
  /** How many extensions its routing has. */
  extensions: z.number().int(),
  /** What makes it memorable (shared/domain/numberPatterns.ts). */
  patterns: z.array(enumOf(NUMBER_PATTERNS)),
  created_at: z.string(),
});
export type NumberTableRow = z.infer<typeof NumberTableRowSchema>;

export const NumberStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  by_type: z.array(z.object({ type: z.literal(valuesOf(NUMBER_TYPES)), count: z.number().int() })),
  sms_enabled: z.number().int(),
  transcription_enabled: z.number().int(),
  /** The company's number limit and what is left of it (inactive numbers count until they are removed). */
  limit: z.number().int(),
  remaining: z.number().int(),
});
export type NumberStats = z.infer<typeof NumberStatsSchema>;

const companyQuery = z.object({ company_id: id });
const counted = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, count: z.number().int() });

export const NUMBER_TABLE_ENDPOINTS = {
  datatable: endpoint({
    method: 'GET',
    path: '/numbers/datatable',
    summary:
      'A page of the company’s numbers for administration: sorted, and filtered by search, type, status, tag, area code and pattern.',
    query: NumberTableQuerySchema,
    response: pagedSchema(NumberTableRowSchema),
  }),
  export: endpoint({
    method: 'POST',
    path: '/numbers/datatable/export',
    summary: 'Every number the filters select, as a CSV file.',
    body: NumberTableFiltersSchema.extend({ company_id: idNumber() }),
    response: z.string(),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/numbers/stats',
    summary:
      'How many numbers the company has: active and inactive, by type, texting and transcribing, and its limit.',
    query: companyQuery,
    response: NumberStatsSchema,
  }),
  prefixes: endpoint({
    method: 'GET',
    path: '/numberPrefixes',
    summary: 'The area codes and exchanges (NPA-NXX) of the company’s numbers, with how many numbers each.',
    query: companyQuery,
    response: z.object({ data: z.array(counted({ prefix: z.string(), area_code: z.string() })) }),
  }),
  patterns: endpoint({
    method: 'GET',
    path: '/patterns',
    summary:
      'The memorable patterns (repeating, sequence, round, mirror) and how many of the company’s numbers have each.',
    query: companyQuery,
    response: z.object({ data: z.array(counted({ pattern: enumOf(NUMBER_PATTERNS), label: z.string() })) }),
  }),
  overlay: endpoint({
    method: 'GET',
    path: '/numbers/overlay/{areaCode}',
    summary:
      'The area codes that serve the same place as this one (an overlay), to search when it has no numbers.',
    params: z.object({ areaCode }),
    response: z.object({
      area_code: z.string(),
      place: z.string(),
      state: z.string(),
      overlays: z.array(z.string()),
    }),
  }),
  locateBulk: endpoint({
    method: 'POST',
    path: '/numbers/locate-bulk',
    summary: `Numbers the carrier offers in each of up to ${LOCATE_BULK_MAX_CODES} area codes (same pattern and mode for all), for a bulk purchase.`,
    body: z.object({
      company_id: idNumber(),
      area_codes: z
        .array(areaCode)
        .min(1, 'Enter at least one area code.')
        .max(LOCATE_BULK_MAX_CODES, `Search at most ${LOCATE_BULK_MAX_CODES} area codes at once.`),
      pattern: z
        .string()
        .trim()
        .max(20)
        .refine(
          (value) => value.replace(/[^0-9A-Za-z]/g, '').length <= 10,
          'Use at most 10 letters or digits.',
        )
        .default(''),
      mode: enumOf(NUMBER_SEARCH_MODES).default('contains'),
      per_area_code: z.coerce.number().int().min(1).max(NUMBER_SEARCH_MAX_RESULTS).default(10),
    }),
    response: z.object({
      data: z.array(z.object({ area_code: z.string(), numbers: z.array(AvailableNumberSchema) })),
    }),
  }),
} as const;
