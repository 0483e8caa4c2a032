/**
 * §7 Numbers, the part messaging needs: a company's tracked numbers, paged (§3 "Paged number lists carry
 * current_page, last_page, total"), searchable over the number and its label. Routing, pools and purchasing come
 * with the numbers issue.
 */
import { z } from 'zod';
import { valuesOf } from '../domain/codes';
import { NUMBER_TYPES } from '../domain/numbers';
import { endpoint } from './contract';
import { pagedSchema } from './paged';

const id = z.coerce.number().int().positive();

/** Numbers per page unless asked otherwise. */
export const NUMBERS_PER_PAGE = 50;

/** §3 Number as the list gives it. */
export const TrackedNumberSchema = z.object({
  id: z.number().int(),
  /** E.164. */
  number: z.string(),
  label: z.string(),
  tags: z.array(z.string()),
  /** §3 number-type code (1 toll-free, 2 local, 3 fax, 4 bulk). */
  type: z.literal(valuesOf(NUMBER_TYPES)),
  sms_enabled: z.boolean(),
  call_transcription_enabled: z.boolean(),
  /** The sum of the unread counts of the number's conversations. */
  unread_messages_count: z.number().int().min(0),
  /** Whether the caller has a notification block (any channel) on the number. */
  hasNotificationBlocks: z.boolean(),
});
export type TrackedNumber = z.infer<typeof TrackedNumberSchema>;

export const NumberListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(1000).default(NUMBERS_PER_PAGE),
  /** Over the number (digits; `(312) 555-01` finds +1312555010x) and the label. */
  search: z.string().trim().max(100).optional(),
});

export const NUMBER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/companies/{companyId}/numbers',
    summary: 'A page of the company’s tracked numbers, searchable over number and label, with unread counts.',
    params: z.object({ companyId: id }),
    query: NumberListQuerySchema,
    response: pagedSchema(TrackedNumberSchema),
  }),
} as const;
