/**
 * §7 Numbers, finding and buying: `POST /numbers/locate` (by area code or state, or toll-free; a pattern read in
 * one of §5's search modes, letters as keypad digits), `POST /numbers` (buy one), a bulk purchase (run as a batch:
 * `bulk-purchase.progress` / `.finished` on the company's bulk-purchase channel, each number's failure named),
 * the company's number limit and a request to raise it (§8), and the area codes the company's numbers are in.
 */
import { z } from 'zod';
import { valuesOf } from '../domain/codes';
import { BULK_PURCHASE_MAX, NUMBER_SEARCH_MAX_RESULTS } from '../domain/numberSearch';
import { NUMBER_CATEGORIES, NUMBER_SEARCH_MODES, NUMBER_TYPES } from '../domain/numbers';
import { endpoint, enumOf, IdParamSchema, idNumber } from './contract';
import { TrackedNumberSchema } from './numbers';

const id = IdParamSchema;
const e164 = z
  .string()
  .trim()
  .regex(/^\+1\d{10}$/, 'Choose a number from the search results (+1 and ten digits).');

export const NUMBER_PURCHASE_MESSAGES = {
  areaCode: 'Enter a three-digit area code.',
  region: 'Enter a two-letter state or province code.',
  where: 'Search by area code, by state, near a city, or toll-free.',
  city: 'Enter a city name (2 to 60 letters).',
  pattern: 'Use at most 10 letters or digits.',
} as const;

/** What to look for: a place (area code or state) or toll-free, and optionally a pattern in a mode. */
export const LocateBodySchema = z
  .object({
    company_id: idNumber(),
    /** §3 number-type code of what is wanted: 2 local (default), 1 toll-free. */
    type: z.union([z.literal(1), z.literal(2)]).default(2),
    /** §5 "US area code length 3"; for toll-free, one of 800 … 888 (or none: any). */
    area_code: z
      .string()
      .trim()
      .regex(/^\d{3}$/, NUMBER_PURCHASE_MESSAGES.areaCode)
      .optional(),
    /** A state or province (two letters), instead of an area code. */
    region: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, NUMBER_PURCHASE_MESSAGES.region)
      .transform((value) => value.toUpperCase())
      .optional(),
    /** Near a city ("Chicago"), with `region` to tell apart cities of one name; instead of an area code. */
    city: z
      .string()
      .trim()
      .min(2, NUMBER_PURCHASE_MESSAGES.city)
      .max(60, NUMBER_PURCHASE_MESSAGES.city)
      .regex(/^[\p{L} .'-]+$/u, NUMBER_PURCHASE_MESSAGES.city)
      .optional(),
    /** Digits and/or letters (vanity: "CARS", "FLOWERS"); letters are read as keypad digits. */
    pattern: z
      .string()
      .trim()
      .max(20)
      .refine((value) => value.replace(/[^0-9A-Za-z]/g, '').length <= 10, NUMBER_PURCHASE_MESSAGES.pattern)
      .default(''),
    mode: enumOf(NUMBER_SEARCH_MODES).default('contains'),
    limit: z.coerce.number().int().min(1).max(NUMBER_SEARCH_MAX_RESULTS).default(20),
  })
  .refine((body) => body.type === 1 || body.area_code || body.region || body.city, {
    message: NUMBER_PURCHASE_MESSAGES.where,
    path: ['area_code'],
  });
export type LocateBody = z.input<typeof LocateBodySchema>;

/** A number the carrier offers. */
export const AvailableNumberSchema = z.object({
  /** E.164. */
  number: z.string(),
  /** As people write it: "(312) 555-0142". */
  formatted: z.string(),
  /** With the search's letters where its digits are ("+1 (800) FLOWERS"), for a vanity search; else null. */
  vanity: z.string().nullable(),
  type: z.union([z.literal(1), z.literal(2)]),
  /** Where it rings (city, state), as the carrier says; empty when it does not. */
  locality: z.string(),
  region: z.string(),
  capabilities: z.object({ voice: z.boolean(), sms: z.boolean(), mms: z.boolean() }),
});
export type AvailableNumber = z.infer<typeof AvailableNumberSchema>;

export const BuyNumberBodySchema = z.object({
  company_id: idNumber(),
  number: e164,
  /** §3 number-type code. */
  type: z.literal(valuesOf(NUMBER_TYPES)).default(2),
  /** §3 number category. */
  category: z.literal(valuesOf(NUMBER_CATEGORIES)).default(1),
  label: z.string().trim().max(100).optional(),
});

/** A bulk purchase as a batch: how far it got, and each number it could not buy with the reason. */
export const BulkPurchaseSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  state: z.enum(['queued', 'running', 'finished', 'failed']),
  total: z.number().int(),
  purchased: z.number().int(),
  failed: z.array(z.object({ number: z.string(), reason: z.string() })),
  /** 0–100. */
  progress: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BulkPurchase = z.infer<typeof BulkPurchaseSchema>;

export const NumberLimitSchema = z.object({
  /** How many numbers the company may have. */
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** A request to raise it is waiting for an answer. */
  increase_requested: z.boolean(),
});
export type NumberLimit = z.infer<typeof NumberLimitSchema>;

const MessageSchema = z.object({ message: z.string() });
const companyQuery = z.object({ company_id: id });

export const NUMBER_PURCHASE_ENDPOINTS = {
  locate: endpoint({
    method: 'POST',
    path: '/numbers/locate',
    summary: `Numbers the carrier offers: local by area code, state or near a city, or toll-free; \`pattern\` in a §5 search mode, letters as keypad digits (vanity). At most ${NUMBER_SEARCH_MAX_RESULTS}.`,
    body: LocateBodySchema,
    response: z.object({ data: z.array(AvailableNumberSchema) }),
  }),
  buy: endpoint({
    method: 'POST',
    path: '/numbers',
    status: 201,
    summary:
      'Buys a number the search offered and adds it to the company, with the §3 default extension config (audit-logged). 409 at the number limit; 422 when the carrier no longer has it.',
    body: BuyNumberBodySchema,
    response: TrackedNumberSchema,
  }),
  bulkPurchase: endpoint({
    method: 'POST',
    path: '/numbers/bulk-purchase',
    status: 202,
    summary: `Buys up to ${BULK_PURCHASE_MAX} numbers in the background; its progress is published on the company's bulk-purchase channel, and a number that cannot be bought is named with the reason while the rest are bought.`,
    body: z.object({
      company_id: idNumber(),
      numbers: z.array(e164).min(1, 'Choose at least one number.').max(BULK_PURCHASE_MAX),
      type: z.literal(valuesOf(NUMBER_TYPES)).default(2),
      category: z.literal(valuesOf(NUMBER_CATEGORIES)).default(1),
    }),
    response: BulkPurchaseSchema,
  }),
  bulkPurchaseStatus: endpoint({
    method: 'GET',
    path: '/numbers/bulk-purchase/{id}',
    summary: 'A bulk purchase as it stands.',
    params: z.object({ id }),
    response: BulkPurchaseSchema,
  }),
  limit: endpoint({
    method: 'GET',
    path: '/number-limit',
    summary: 'The company’s number limit, how many it uses, and whether a raise was asked for.',
    query: companyQuery,
    response: NumberLimitSchema,
  }),
  requestIncrease: endpoint({
    method: 'POST',
    path: '/number-limit-increase',
    summary: 'Asks for a higher number limit (support is told); answers §8’s message.',
    body: z.object({
      company_id: idNumber(),
      requested: z.coerce.number().int().min(1).max(10_000),
      reason: z.string().trim().max(1000).optional(),
    }),
    response: MessageSchema,
  }),
  areaCodes: endpoint({
    method: 'GET',
    path: '/company/{companyId}/area-codes',
    summary: 'The area codes of the company’s numbers, with how many numbers each.',
    params: z.object({ companyId: id }),
    response: z.object({ data: z.array(z.object({ area_code: z.string(), count: z.number().int() })) }),
  }),
} as const;
