/**
 * §7 "Ports and schedule: GET /company/{companyId}/ports (+/stats); POST /company/{companyId}/numbers/port": a
 * company's port requests and their counts, a new request (multipart: its fields, a `bill` and an `loa` file),
 * one request, uploading the document the porting desk asked for, cancelling before the FOC date, and a
 * document by its short-lived signed URL. The rules are shared/domain/ports.ts.
 */
import { z } from 'zod';
import { valuesOf } from '../domain/codes';
import {
  checkPortNumber,
  isBusinessDay,
  PORT_ACCOUNT_NUMBER_PATTERN,
  PORT_DOCUMENT_KINDS,
  PORT_FIELD_MESSAGES,
  PORT_MAX_NUMBERS,
  PORT_NUMBER_MESSAGES,
  PORT_NUMBER_TYPES,
  PORT_PIN_PATTERN,
  PORT_REQUEST_STATUSES,
  PORT_SERVICES,
  parseIsoDate,
} from '../domain/ports';
import { endpoint, enumOf, IdParamSchema } from './contract';

const id = IdParamSchema;

/** A multipart field is text: a number sent as "2" is read as 2; JSON arrays arrive as their text. */
const fromJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const PortNumberInputSchema = z.object({
  number: z.string().trim().min(1, PORT_NUMBER_MESSAGES.unreadable).max(40, PORT_NUMBER_MESSAGES.unreadable),
  type: z.coerce
    .number()
    .pipe(z.literal(valuesOf(PORT_NUMBER_TYPES), 'Choose the type: 1 local, 2 toll free, 3 Canadian.')),
});

/**
 * The fields of `POST /company/{companyId}/numbers/port` (multipart: `numbers` is JSON text of `[{ number, type }]`;
 * a JSON body may send the list itself). Each number is read with §5's rules and checked against its type; that
 * a number is not on the platform already, and that the date is not past, is the server's to say.
 */
export const PortFieldsSchema = z.object({
  numbers: z.preprocess(
    fromJsonText,
    z
      .array(PortNumberInputSchema, PORT_NUMBER_MESSAGES.none)
      .min(1, PORT_NUMBER_MESSAGES.none)
      .max(PORT_MAX_NUMBERS, PORT_NUMBER_MESSAGES.tooMany)
      .transform((list, check) => {
        const seen = new Set<string>();
        return list.map((entry, index) => {
          const result = checkPortNumber(entry.number, entry.type);
          if ('field' in result) {
            check.addIssue({ code: 'custom', message: result.message, path: [index, result.field] });
            return entry;
          }
          if (seen.has(result.e164))
            check.addIssue({
              code: 'custom',
              message: PORT_NUMBER_MESSAGES.duplicate,
              path: [index, 'number'],
            });
          seen.add(result.e164);
          return { number: result.e164, type: entry.type };
        });
      }),
  ),
  service: z.coerce.number().pipe(z.literal(valuesOf(PORT_SERVICES), PORT_FIELD_MESSAGES.service)),
  losing_carrier: z
    .string(PORT_FIELD_MESSAGES.losingCarrier)
    .trim()
    .min(1, PORT_FIELD_MESSAGES.losingCarrier)
    .max(100, PORT_FIELD_MESSAGES.losingCarrier),
  account_number: z
    .string(PORT_FIELD_MESSAGES.accountNumber)
    .trim()
    .regex(PORT_ACCOUNT_NUMBER_PATTERN, PORT_FIELD_MESSAGES.accountNumber),
  pin: z.string(PORT_FIELD_MESSAGES.pin).trim().regex(PORT_PIN_PATTERN, PORT_FIELD_MESSAGES.pin),
  authorized_name: z
    .string(PORT_FIELD_MESSAGES.authorizedName)
    .trim()
    .min(1, PORT_FIELD_MESSAGES.authorizedName)
    .max(200, PORT_FIELD_MESSAGES.authorizedName),
  service_address: z
    .string(PORT_FIELD_MESSAGES.serviceAddress)
    .trim()
    .min(1, PORT_FIELD_MESSAGES.serviceAddress)
    .max(500, PORT_FIELD_MESSAGES.serviceAddress),
  desired_date: z
    .string(PORT_FIELD_MESSAGES.desiredDate)
    .trim()
    .refine((value) => parseIsoDate(value) !== null, PORT_FIELD_MESSAGES.desiredDate)
    .refine((value) => parseIsoDate(value) === null || isBusinessDay(value), PORT_FIELD_MESSAGES.weekend),
});
export type PortFields = z.input<typeof PortFieldsSchema>;

export const PortDocumentSchema = z.object({
  kind: enumOf(PORT_DOCUMENT_KINDS),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_at: z.string(),
  /** A short-lived signed link (no sign-in needed to open it). */
  url: z.string(),
});
export type PortDocument = z.infer<typeof PortDocumentSchema>;

export const PortEventSchema = z.object({
  status: enumOf(PORT_REQUEST_STATUSES),
  at: z.string(),
  reason: z.string().nullable(),
  field: z.string().nullable(),
});
export type PortEvent = z.infer<typeof PortEventSchema>;

export const PortRequestSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  status: enumOf(PORT_REQUEST_STATUSES),
  service: z.literal(valuesOf(PORT_SERVICES)),
  numbers: z.array(z.object({ number: z.string(), type: z.literal(valuesOf(PORT_NUMBER_TYPES)) })),
  losing_carrier: z.string(),
  account_number: z.string(),
  /** The PIN's last 2 characters behind dots (`••••42`): the PIN itself is never answered. */
  pin_hint: z.string(),
  authorized_name: z.string(),
  service_address: z.string(),
  desired_date: z.string(),
  foc_date: z.string().nullable(),
  documents: z.array(PortDocumentSchema),
  /** The desk's reason while a document is asked for, or why it was rejected; and the field it names. */
  reason: z.string().nullable(),
  reason_field: z.string().nullable(),
  history: z.array(PortEventSchema),
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PortRequest = z.infer<typeof PortRequestSchema>;

export const PortStatsSchema = z.object({
  total: z.number().int(),
  /** How many requests are in each status (every status named, 0 when none). */
  by_status: z.record(enumOf(PORT_REQUEST_STATUSES), z.number().int()),
  /** Numbers of requests that have not ended (pending, documents requested, submitted, FOC set). */
  numbers_in_flight: z.number().int(),
});
export type PortStats = z.infer<typeof PortStatsSchema>;

const companyAndPort = z.object({ companyId: id, id });

export const PORT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/company/{companyId}/ports',
    summary: 'The company’s port requests, newest first; `status` keeps one status.',
    params: z.object({ companyId: id }),
    query: z.object({ status: enumOf(PORT_REQUEST_STATUSES).optional() }),
    response: z.object({ data: z.array(PortRequestSchema) }),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/company/{companyId}/ports/stats',
    summary: 'How many port requests are in each status, and how many numbers are still on their way.',
    params: z.object({ companyId: id }),
    response: PortStatsSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/company/{companyId}/ports/{id}',
    summary: 'One port request with its documents (signed links) and status history.',
    params: companyAndPort,
    response: PortRequestSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/company/{companyId}/numbers/port',
    status: 201,
    summary:
      'Asks to port numbers in. Multipart: the fields of PortFieldsSchema (`numbers` as JSON text), an `loa` file (the signed letter of authorisation) and a `bill` file (a recent bill; without it the desk asks for it) — PDF, PNG or JPEG, 10 MB each. 422 per field (`numbers.2.number` for the third number).',
    params: z.object({ companyId: id }),
    multipart: true,
    response: PortRequestSchema,
  }),
  uploadDocuments: endpoint({
    method: 'POST',
    path: '/company/{companyId}/ports/{id}/documents',
    summary:
      'Uploads the document(s) the porting desk asked for (multipart `bill` and/or `loa`); the request goes back to pending. 409 unless documents were requested.',
    params: companyAndPort,
    multipart: true,
    response: PortRequestSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/company/{companyId}/ports/{id}/cancel',
    summary: 'Cancels a port request before its FOC date is set (409 after).',
    params: companyAndPort,
    response: PortRequestSchema,
  }),
  document: endpoint({
    method: 'GET',
    path: '/ports/{id}/documents/{index}',
    summary:
      'A document of a port request, by the short-lived signed URL the request carries (no sign-in needed; 403 when expired or not valid).',
    params: z.object({ id, index: z.coerce.number().int().min(0).max(19) }),
    query: z.object({
      company: IdParamSchema,
      expires: z.coerce.number().int(),
      sig: z.string(),
    }),
    response: z.string(),
  }),
} as const;
