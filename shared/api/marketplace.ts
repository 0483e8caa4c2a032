/**
 * §7 Marketplace numbers: `GET /companies/{companyId}/marketplaceNumbers` (a page, by status and search), `/kpi`,
 * `/{id}`, `/{id}/listings`, `GET /report` (CSV, `marketplace_report.csv`) and `PUT /{id}` (§8 "Marketplace number
 * updated successfully."); and `POST` to put one of the company's numbers on the marketplace (our addition: the
 * spec lists no create, but a number has to get there). What the marketplace is: docs/spec-interpretations.md;
 * the rules: shared/domain/marketplace.ts. Prices are integer cents.
 */
import { z } from 'zod';
import {
  MARKETPLACE_CHANNELS,
  MARKETPLACE_MAX_PRICE_CENTS,
  MARKETPLACE_STATUSES,
} from '../domain/marketplace';
import { endpoint, enumOf, IdParamSchema, PageNumberSchema, reference } from './contract';
import { pagedSchema } from './paged';

const id = IdParamSchema;

export const MARKETPLACE_PER_PAGE = 25;

export const MARKETPLACE_MESSAGES = {
  price: 'Enter a price in whole cents from 0 up to $10,000,000.',
  vanity: 'Use letters and digits only (at most 10), as on a phone keypad.',
  description: 'Use at most 1000 characters.',
  soldPrice: 'A sale price is only given when the number is marked sold.',
  dateRange: 'The start of the range must be before its end.',
} as const;

const cents = z
  .number({ error: MARKETPLACE_MESSAGES.price })
  .int(MARKETPLACE_MESSAGES.price)
  .min(0, MARKETPLACE_MESSAGES.price)
  .max(MARKETPLACE_MAX_PRICE_CENTS, MARKETPLACE_MESSAGES.price);
const vanityWords = z
  .string()
  .trim()
  .max(20, MARKETPLACE_MESSAGES.vanity)
  .regex(/^[0-9A-Za-z -]*$/, MARKETPLACE_MESSAGES.vanity)
  .refine((value) => value.replace(/[^0-9A-Za-z]/g, '').length <= 10, MARKETPLACE_MESSAGES.vanity);
const description = z.string().trim().max(1000, MARKETPLACE_MESSAGES.description);

/** Buyer interest, counted from the stored interest rows. */
export const MarketplaceInterestSchema = z.object({
  views: z.number().int(),
  inquiries: z.number().int(),
  offers: z.number().int(),
});
export type MarketplaceInterest = z.infer<typeof MarketplaceInterestSchema>;

/** One of the company's numbers on the marketplace. */
export const MarketplaceNumberSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  number_id: z.number().int(),
  /** E.164. */
  number: z.string(),
  /** As people write it: "(800) 356-9377". */
  formatted: z.string(),
  /** The words it is offered under ("FLOWERS"), empty for none. */
  vanity: z.string(),
  /** The number spelled with them ("+1 (800) FLOWERS"); null when it has none or does not carry them. */
  vanity_form: z.string().nullable(),
  /** §3 number-type code (1 toll-free, 2 local…). */
  type: z.number().int(),
  status: enumOf(MARKETPLACE_STATUSES),
  asking_price_cents: z.number().int(),
  /** Per month; null: not for lease. */
  lease_price_cents: z.number().int().nullable(),
  description: z.string(),
  /** What it sold for, and when; null until sold. */
  sold_price_cents: z.number().int().nullable(),
  sold_at: z.string().nullable(),
  /** When its open listing started; null when it is not on offer. */
  listed_at: z.string().nullable(),
  /** Over all its listings. */
  interest: MarketplaceInterestSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type MarketplaceNumber = z.infer<typeof MarketplaceNumberSchema>;

/** One time the number was on offer: where, at what price, from when to when, and the interest it drew. */
export const MarketplaceListingSchema = z.object({
  id: z.number().int(),
  marketplace_number_id: z.number().int(),
  channel: enumOf(MARKETPLACE_CHANNELS),
  price_cents: z.number().int(),
  lease_price_cents: z.number().int().nullable(),
  listed_at: z.string(),
  /** Null while it is open. */
  ended_at: z.string().nullable(),
  /** How it ended: the status the number left the offer for (withdrawn, sold); null while open. */
  ended_as: z.string().nullable(),
  interest: MarketplaceInterestSchema,
});
export type MarketplaceListing = z.infer<typeof MarketplaceListingSchema>;

export const MarketplaceKpiSchema = z.object({
  /** On offer now (listed or under offer). */
  listed: z.number().int(),
  /** The asking prices of those on offer now, in cents. */
  total_asking_cents: z.number().int(),
  /** Interest in the range (all time without one). */
  views: z.number().int(),
  inquiries: z.number().int(),
  offers: z.number().int(),
  /** Sold in the range, and what they brought in, in cents. */
  sold: z.number().int(),
  revenue_cents: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type MarketplaceKpi = z.infer<typeof MarketplaceKpiSchema>;

const date = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time.' });

export const MarketplaceListQuerySchema = z.object({
  page: PageNumberSchema,
  perPage: z.coerce.number().int().min(1).max(1000).default(MARKETPLACE_PER_PAGE),
  status: enumOf(MARKETPLACE_STATUSES).optional(),
  /** Over the number's digits, its vanity words and description. */
  search: z.string().trim().max(100).optional(),
});
export type MarketplaceListQuery = z.input<typeof MarketplaceListQuerySchema>;

export const MarketplaceKpiQuerySchema = z
  .object({ from: date.optional(), to: date.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: MARKETPLACE_MESSAGES.dateRange,
    path: ['from'],
  });

export const MarketplaceReportQuerySchema = z.object({
  status: enumOf(MARKETPLACE_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});

export const OfferNumberBodySchema = z.object({
  /** One of the company's own numbers, not already on the marketplace. */
  number_id: reference('number'),
  asking_price_cents: cents,
  lease_price_cents: cents.nullable().default(null),
  description: description.default(''),
  vanity: vanityWords.default(''),
  /** Put it on offer at once (a listing opens), or keep it unlisted for now. */
  list: z.boolean().default(false),
});
export type OfferNumberBody = z.input<typeof OfferNumberBodySchema>;

export const UpdateMarketplaceNumberBodySchema = z.object({
  asking_price_cents: cents.optional(),
  lease_price_cents: cents.nullable().optional(),
  description: description.optional(),
  vanity: vanityWords.optional(),
  /** A move by `MARKETPLACE_TRANSITIONS`: listing opens a listing, withdrawing or selling closes it. */
  status: enumOf(MARKETPLACE_STATUSES).optional(),
  /** With `status: 'sold'`: what it sold for (the asking price when left out). */
  sold_price_cents: cents.optional(),
});
export type UpdateMarketplaceNumberBody = z.input<typeof UpdateMarketplaceNumberBodySchema>;

const companyParams = z.object({ companyId: id });
const recordParams = z.object({ companyId: id, id });

export const MARKETPLACE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/marketplaceNumbers',
    summary:
      'A page of the company’s marketplace numbers, by status and a search over the number, its words and description.',
    params: companyParams,
    query: MarketplaceListQuerySchema,
    response: pagedSchema(MarketplaceNumberSchema),
  }),
  kpi: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/marketplaceNumbers/kpi',
    summary:
      'On offer now and their asking value; views, inquiries, offers, numbers sold and revenue in the range (all time without one).',
    params: companyParams,
    query: MarketplaceKpiQuerySchema,
    response: MarketplaceKpiSchema,
  }),
  report: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/marketplaceNumbers/report',
    summary:
      'The marketplace numbers (by status and search) with prices and interest, as a CSV download named marketplace_report.csv.',
    params: companyParams,
    query: MarketplaceReportQuerySchema,
    response: z.string(),
  }),
  one: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/marketplaceNumbers/{id}',
    summary: 'One marketplace number of the company.',
    params: recordParams,
    response: MarketplaceNumberSchema,
  }),
  listings: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/marketplaceNumbers/{id}/listings',
    summary: 'Each time the number was on offer, newest first, with the interest it drew.',
    params: recordParams,
    response: z.object({ data: z.array(MarketplaceListingSchema) }),
  }),
  offer: endpoint({
    method: 'POST',
    path: '/companies/{companyId}/marketplaceNumbers',
    status: 201,
    summary:
      'Puts one of the company’s numbers on the marketplace (unlisted, or listed at once). 409 when it is there already.',
    params: companyParams,
    body: OfferNumberBodySchema,
    response: MarketplaceNumberSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/companies/{companyId}/marketplaceNumbers/{id}',
    summary:
      'Changes price, lease, description, words or status (forward only: 409 naming the move otherwise; selling and withdrawing are audit-logged); answers §8’s message.',
    params: recordParams,
    body: UpdateMarketplaceNumberBodySchema,
    response: z.object({ message: z.string(), data: MarketplaceNumberSchema }),
  }),
} as const;
