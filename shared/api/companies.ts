/** §7 Company and Business units: the calls of this area. */
import { z } from 'zod';
import { valuesOf } from '../domain/codes';
import { ACCOUNT_STATUSES, IN_APP_CALLING_STATUSES } from '../domain/users';
import { RoleSchema } from './auth';
import { endpoint, enumOf, IdParamSchema, idNumber, PageNumberSchema } from './contract';
import { pagedSchema } from './paged';
import { TimeZoneSchema } from './timeZone';

const id = IdParamSchema;
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_id: z.number().int().nullable(),
  account_status: z.union(
    valuesOf(ACCOUNT_STATUSES).map((value) => z.literal(value)) as [
      z.ZodLiteral<0>,
      z.ZodLiteral<1>,
      z.ZodLiteral<2>,
    ],
  ),
  timezone: z.string(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  links_enabled: z.boolean(),
  /** The caller's role and presence in this company. */
  role: RoleSchema,
  in_app_calling_status: enumOf(IN_APP_CALLING_STATUSES),
  created_at: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanySlimSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_id: z.number().int().nullable(),
});

export const CompanyUpdateSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the company name.').max(120).optional(),
  timezone: TimeZoneSchema.optional(),
  website: optionalText(300),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  country: z.string().trim().length(2, 'Use the two-letter country code.').toUpperCase().optional(),
  phone: optionalText(40),
});

export const COMPANY_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: '/company/{id}',
    summary: 'One company, with the caller’s role and presence in it.',
    params: z.object({ id }),
    response: CompanySchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/company/{id}',
    summary: 'Changes the company’s settings.',
    params: z.object({ id }),
    body: CompanyUpdateSchema,
    response: CompanySchema,
  }),
  slim: endpoint({
    method: 'GET',
    path: '/companies/slim',
    summary: 'The companies the caller may use, by name, 100 to a page (§9).',
    query: z.object({
      page: PageNumberSchema,
      perPage: z.coerce.number().int().min(1).max(100).default(100),
      search: z.string().trim().max(100).optional(),
    }),
    response: pagedSchema(CompanySlimSchema),
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/companies/lookup',
    summary: 'Finds companies by name among those the caller may use (a platform admin: all).',
    query: z.object({ search: z.string().trim().min(1, 'Type part of a name.').max(100) }),
    response: z.array(CompanySlimSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/companies',
    status: 201,
    summary:
      'Creates a company; its creator becomes owner (§6). In an organization only its admins may add one.',
    body: z.strictObject({
      name: z.string().trim().min(1, 'Enter the company name.').max(120),
      timezone: TimeZoneSchema.optional(),
      organization_id: idNumber().nullable().optional(),
    }),
    response: CompanySchema,
  }),
  accountStatus: endpoint({
    method: 'PUT',
    path: '/company/{id}/account-status',
    summary:
      'Sets a company active, parked or deactivated (§4, §3 ACTIVE=0, PARKED=1, DEACTIVATED=2). Admins of its organization only.',
    params: z.object({ id }),
    body: z.strictObject({
      account_status: z.union([z.literal(0), z.literal(1), z.literal(2)], {
        message: 'Choose 0 (active), 1 (parked) or 2 (deactivated).',
      }),
    }),
    response: z.object({ id: z.number().int(), account_status: z.number().int() }),
  }),
} as const;
